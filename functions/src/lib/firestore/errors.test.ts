import { describe, expect, it } from 'vitest';
import { isAlreadyExists } from './errors';

describe('isAlreadyExists', () => {
  it('recognises the gRPC code of a failed create() and the SDK’s string code', () => {
    expect(isAlreadyExists(Object.assign(new Error('6 ALREADY_EXISTS'), { code: 6 }))).toBe(true);
    expect(isAlreadyExists({ code: 'already-exists' })).toBe(true);
  });

  it('does not mistake other failures for it', () => {
    expect(isAlreadyExists(Object.assign(new Error('5 NOT_FOUND'), { code: 5 }))).toBe(false);
    expect(isAlreadyExists(new Error('already exists'))).toBe(false);
    expect(isAlreadyExists(null)).toBe(false);
  });
});
