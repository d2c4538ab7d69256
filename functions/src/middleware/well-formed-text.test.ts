import type { Request, Response } from 'express';
import { describe, expect, it, vi } from 'vitest';
import {
  JSON_MAX_DEPTH,
  MALFORMED_TEXT,
  inspectJson,
  isWellFormedJson,
  requireWellFormedText,
} from './well-formed-text';

describe('isWellFormedJson', () => {
  it('accepts any well-formed text, emoji and all', () => {
    expect(isWellFormedJson({ name: 'Ünïcode 👩‍👩‍👧‍👦', tags: ['∑', { deep: '𝑥' }], n: 1 })).toBe(true);
    expect(isWellFormedJson(undefined)).toBe(true);
  });

  it('finds a lone surrogate in values and keys at any depth', () => {
    expect(isWellFormedJson({ name: '\ud800' })).toBe(false);
    expect(isWellFormedJson({ list: [{ deep: 'a\udc00b' }] })).toBe(false);
    expect(isWellFormedJson({ ['\ud83d']: 'key' })).toBe(false);
  });
});

describe('inspectJson', () => {
  const nested = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;

  it('accepts bodies up to the depth cap and refuses deeper ones', () => {
    expect(inspectJson({ settings: { tags: ['a'] } })).toBe('ok');
    expect(inspectJson(nested(JSON_MAX_DEPTH))).toBe('ok');
    expect(inspectJson(nested(JSON_MAX_DEPTH + 1))).toBe('too-deep');
  });

  it('walks hundreds of thousands of levels without overflowing the stack', () => {
    const deep = nested(300_000);
    expect(inspectJson(deep)).toBe('too-deep');
    expect(isWellFormedJson(deep)).toBe(true);
  });

  it('finds a lone surrogate beside well-formed siblings', () => {
    expect(inspectJson({ a: ['ok', { b: 'fine' }], c: '\udfff' })).toBe('malformed-text');
  });
});

describe('requireWellFormedText', () => {
  /** A request as Express hands it over: its content type and whatever body a parser left. */
  const request = (contentType: string, body: unknown) =>
    ({
      body,
      is: (type: string) => (contentType.startsWith(type) ? type : false),
    }) as unknown as Request;
  const response = {} as Response;

  it('walks parsed JSON and refuses a lone surrogate in it', () => {
    const next = vi.fn();
    expect(() =>
      requireWellFormedText(request('application/json', { name: '\ud800' }), response, next),
    ).toThrow(MALFORMED_TEXT);
    requireWellFormedText(request('application/json', { name: 'fine' }), response, next);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('leaves a body that is not parsed JSON unread, such as an upload the framework kept as bytes', () => {
    const entries = vi.spyOn(Object, 'entries');
    try {
      const next = vi.fn();
      const bytes = Buffer.alloc(64 * 1024, 7);
      requireWellFormedText(request('multipart/form-data; boundary=zz', bytes), response, next);
      requireWellFormedText(request('application/json', bytes), response, next);
      requireWellFormedText(request('text/plain', { ['\ud800']: 'x' }), response, next);
      expect(next).toHaveBeenCalledTimes(3);
      expect(entries).not.toHaveBeenCalled();
    } finally {
      entries.mockRestore();
    }
  });
});
