import { describe, expect, it } from 'vitest';
import { isWellFormedJson } from './well-formed-text';

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
