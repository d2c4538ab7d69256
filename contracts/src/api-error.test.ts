import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './api-error';

describe('apiErrorSchema', () => {
  it('accepts an error body', () => {
    expect(apiErrorSchema.parse({ error: 'Not found' })).toEqual({ error: 'Not found' });
  });

  it('rejects a body without a message', () => {
    expect(apiErrorSchema.safeParse({ message: 'Not found' }).success).toBe(false);
  });
});
