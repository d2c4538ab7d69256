import { describe, expect, it } from 'vitest';
import { languageTag } from './language-tag';

describe('languageTag', () => {
  it('maps language names, in English or in the language itself, to their primary tags', () => {
    expect(languageTag('English')).toBe('en');
    expect(languageTag(' spanish ')).toBe('es');
    expect(languageTag('Español')).toBe('es');
    expect(languageTag('FRENCH')).toBe('fr');
    expect(languageTag('Deutsch')).toBe('de');
    expect(languageTag('Bahasa  Indonesia')).toBe('id');
    expect(languageTag('日本語')).toBe('ja');
  });

  it('keeps a tag of a known language, region in upper case', () => {
    expect(languageTag('pt-br')).toBe('pt-BR');
    expect(languageTag('es')).toBe('es');
    expect(languageTag('zh-Hant')).toBe('zh-hant');
  });

  it('falls back to en for anything else, never inventing a tag', () => {
    expect(languageTag('Klingon')).toBe('en');
    expect(languageTag('')).toBe('en');
    expect(languageTag('xx-YY')).toBe('en');
    expect(languageTag('"><script>')).toBe('en');
  });
});
