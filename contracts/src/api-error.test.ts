import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './api-error';

describe('apiErrorSchema', () => {
  it('accepts an error body with its code', () => {
    const body = { error: 'Not found', code: 'NOT_FOUND' };
    expect(apiErrorSchema.parse(body)).toEqual(body);
  });

  it('accepts details beside the code', () => {
    const body = { error: 'A job is running', code: 'JOB_RUNNING', details: { job_id: 'j1' } };
    expect(apiErrorSchema.parse(body)).toEqual(body);
  });

  it('rejects a body without a message', () => {
    expect(apiErrorSchema.safeParse({ message: 'Not found', code: 'NOT_FOUND' }).success).toBe(
      false,
    );
  });

  it('rejects a body without a code or with a code outside the list', () => {
    expect(apiErrorSchema.safeParse({ error: 'Not found' }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ error: 'Not found', code: 'GONE' }).success).toBe(false);
  });

  it('rejects details spread beside the message', () => {
    expect(apiErrorSchema.safeParse({ error: 'x', code: 'CONFLICT', job_id: 'j1' }).success).toBe(
      false,
    );
  });
});
