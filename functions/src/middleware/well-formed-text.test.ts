import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, inspectJson, isWellFormedJson } from './well-formed-text';

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
