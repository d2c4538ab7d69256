import { SOURCE_LIMITS } from '@coursecraft/contracts';
import { describe, expect, it } from 'vitest';
import { chunkUnits, splitText } from './chunk-units';

const max = SOURCE_LIMITS.chunkChars;

describe('chunkUnits', () => {
  it('keeps short units whole, numbering chunks from 0 across the source', () => {
    expect(
      chunkUnits([
        { label: '1', text: 'Page one.' },
        { label: '2', text: 'Page two.' },
      ]),
    ).toEqual([
      { index: 0, label: '1', text: 'Page one.' },
      { index: 1, label: '2', text: 'Page two.' },
    ]);
  });

  it('splits a long unit at paragraph breaks, each piece keeping its label', () => {
    const paragraph = (n: number) => `Paragraph ${n}. ${'word '.repeat(600).trim()}`;
    const text = Array.from({ length: 6 }, (_, n) => paragraph(n)).join('\n\n');
    const chunks = chunkUnits([
      { label: 'Intro', text: 'Short.' },
      { label: 'Safety', text },
    ]);
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, index) => index));
    expect(chunks[0]).toEqual({ index: 0, label: 'Intro', text: 'Short.' });
    const pieces = chunks.slice(1);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(piece.label).toBe('Safety');
      expect(piece.text.length).toBeLessThanOrEqual(max);
      expect(piece.text).toMatch(/^Paragraph \d\. /);
    }
    expect(pieces.map((piece) => piece.text).join('\n\n')).toBe(text);
  });

  it('falls back to line breaks, then spaces, then a hard cut that keeps surrogate pairs whole', () => {
    const lines = Array.from({ length: 400 }, (_, n) => `line ${n} of a long list`).join('\n');
    const byLine = splitText(lines);
    expect(byLine.length).toBeGreaterThan(1);
    expect(byLine.every((piece) => piece.length <= max && !piece.startsWith('\n'))).toBe(true);
    expect(byLine.join('\n')).toBe(lines);

    const words = 'word '.repeat(3000).trim();
    const byWord = splitText(words);
    expect(byWord.every((piece) => piece.length <= max)).toBe(true);
    expect(byWord.join(' ')).toBe(words);

    // After one letter, every pair starts at an odd offset, so a cut at `max` would split one.
    const emoji = `a${'😀'.repeat(max)}`;
    const hard = splitText(emoji);
    expect(hard.every((piece) => piece.length <= max && !/^[\uDC00-\uDFFF]/.test(piece))).toBe(
      true,
    );
    expect(hard.join('')).toBe(emoji);
  });
});
