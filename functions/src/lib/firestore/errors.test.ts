import { describe, expect, it } from 'vitest';
import { isAborted, isAlreadyExists, isNotFound } from './errors';

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

describe('isNotFound', () => {
  it('recognises the gRPC code of a write whose document was gone and the SDK’s string code', () => {
    expect(isNotFound(Object.assign(new Error('5 NOT_FOUND'), { code: 5 }))).toBe(true);
    expect(isNotFound({ code: 'not-found' })).toBe(true);
  });

  it('does not mistake other failures for it', () => {
    expect(isNotFound(Object.assign(new Error('6 ALREADY_EXISTS'), { code: 6 }))).toBe(false);
    expect(isNotFound(Object.assign(new Error('10 ABORTED'), { code: 10 }))).toBe(false);
    expect(isNotFound(new Error('not found'))).toBe(false);
    expect(isNotFound(undefined)).toBe(false);
  });
});

describe('isAborted', () => {
  it('recognises the gRPC code of a transaction that kept losing and the SDK’s string code', () => {
    expect(isAborted(Object.assign(new Error('10 ABORTED'), { code: 10 }))).toBe(true);
    expect(isAborted({ code: 'aborted' })).toBe(true);
  });

  it('does not mistake other failures for it', () => {
    expect(isAborted(Object.assign(new Error('5 NOT_FOUND'), { code: 5 }))).toBe(false);
    expect(isAborted(new Error('aborted'))).toBe(false);
  });
});
