import { describe, expect, it } from 'vitest';
import { healthResponseSchema } from './health';

describe('healthResponseSchema', () => {
  it('accepts a healthy answer', () => {
    expect(healthResponseSchema.parse({ status: 'ok', firestore: 'ok', version: '1.0.0' })).toEqual(
      { status: 'ok', firestore: 'ok', version: '1.0.0' },
    );
  });

  it('rejects an unknown status', () => {
    expect(() =>
      healthResponseSchema.parse({ status: 'fine', firestore: 'ok', version: '1' }),
    ).toThrow();
  });
});
