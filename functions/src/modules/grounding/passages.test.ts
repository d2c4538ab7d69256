import { citationFootnote, parseCitationFootnote } from '@coursecraft/contracts';
import { describe, expect, it } from 'vitest';
import type { GroundingSource } from './grounding-types';
import { choosePassages, citationRulesLines, rankingWords, sourcesPromptLines } from './passages';

/** About 100 tokens of text on `subject`. */
const page = (subject: string) =>
  `${subject}. ${'This page describes the matter in some detail for the reader. '.repeat(6)}`;

const handbook: GroundingSource = {
  id: 'h',
  name: 'Safety Handbook.pdf',
  kind: 'pdf',
  generation: 1,
  units: ['1', '2', '3', '4'].map((label) => ({ label, tokens: 100, words: 60 })),
  chunks: [
    { label: '1', index: 0, text: page('Welcome to the workshop and its opening hours') },
    { label: '2', index: 1, text: page('Isolate the circuit before opening the electrical panel') },
    { label: '3', index: 2, text: page('Ladders must stand on firm ground') },
    { label: '4', index: 3, text: page('Fire extinguishers hang beside every exit') },
  ],
};
const notes: GroundingSource = {
  id: 'n',
  name: 'Notes.md',
  kind: 'markdown',
  generation: 2,
  units: [{ label: 'Wiring', tokens: 100, words: 60 }],
  chunks: [
    { label: 'Wiring', index: 0, text: page('Circuit wiring uses a residual current device') },
  ],
};
const tokensOf = (text: string) => Math.ceil(text.length / 4);
const coverage = [...handbook.chunks, ...notes.chunks].reduce(
  (sum, chunk) => sum + tokensOf(chunk.text),
  0,
);
const where = (passages: ReturnType<typeof choosePassages>) =>
  passages.map((passage) => `${passage.sourceName} ${passage.locator.label}`);

describe('choosePassages', () => {
  it('picks the page that matches the query over the others', () => {
    const one = tokensOf(handbook.chunks[1]!.text);
    const chosen = choosePassages([handbook], 'questions', ['Opening the electrical panel'], one);
    expect(where(chosen)).toEqual(['Safety Handbook.pdf 2']);
    expect(chosen[0]).toMatchObject({ locator: { kind: 'page', label: '2' }, tokens: one });
  });

  it('never goes over the budget', () => {
    const budget = tokensOf(handbook.chunks[0]!.text) * 2 + 10;
    const chosen = choosePassages([handbook, notes], 'lessons', ['circuit'], budget);
    expect(chosen.reduce((sum, passage) => sum + passage.tokens, 0)).toBeLessThanOrEqual(budget);
    expect(where(chosen)).toEqual(['Safety Handbook.pdf 2', 'Notes.md Wiring']);
  });

  it('fills the budget in source order when nothing matches', () => {
    const budget = tokensOf(handbook.chunks[0]!.text) * 3;
    const chosen = choosePassages([handbook, notes], 'lessons', ['astronomy telescopes'], budget);
    expect(where(chosen)).toEqual([
      'Safety Handbook.pdf 1',
      'Safety Handbook.pdf 2',
      'Safety Handbook.pdf 3',
    ]);
  });

  it('answers the best matches in source order, filled with the rest', () => {
    const budget = tokensOf(handbook.chunks[0]!.text) * 3;
    const chosen = choosePassages([handbook, notes], 'lessons', ['fire exits', 'wiring'], budget);
    expect(where(chosen)).toEqual([
      'Safety Handbook.pdf 1',
      'Safety Handbook.pdf 4',
      'Notes.md Wiring',
    ]);
    expect(chosen[2]!.locator).toEqual({ kind: 'section', label: 'Wiring' });
  });

  it('weighs a word found on few pages over one found on most', () => {
    const filler = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet';
    const source: GroundingSource = {
      ...notes,
      units: ['A', 'B', 'C'].map((label) => ({ label, tokens: 30, words: 15 })),
      chunks: [
        { label: 'A', index: 0, text: `${filler} workshop workshop workshop workshop workshop` },
        { label: 'B', index: 1, text: `${filler} goggles kilo lima mike november` },
        { label: 'C', index: 2, text: `${filler} workshop kilo lima mike november` },
      ],
    };
    const one = tokensOf(source.chunks[0]!.text);
    const chosen = choosePassages([source], 'questions', ['workshop goggles'], one);
    expect(where(chosen)).toEqual(['Notes.md B']);
  });

  it('gives the course and its subjects every covered passage', () => {
    for (const level of ['course', 'subjects'] as const) {
      expect(choosePassages([handbook, notes], level, ['ladders'], coverage)).toHaveLength(5);
    }
  });
});

describe('rankingWords', () => {
  it('keeps letters and digits of any script, lowercased, without short and stop words', () => {
    expect(rankingWords('The Größe of an RCD is 30 mA, über 2000 Ω — with ÉCOLE')).toEqual([
      'größe',
      'rcd',
      'über',
      '2000',
      'école',
    ]);
  });
});

describe('sourcesPromptLines', () => {
  it('marks each passage with its source and page or section, between the markers', () => {
    const passages = choosePassages([handbook, notes], 'course', [], coverage);
    const lines = sourcesPromptLines([passages[0]!, passages[4]!]);
    expect(lines[0]).toMatch(/not from general knowledge/);
    expect(lines.slice(1)).toEqual([
      'BEGIN SOURCES',
      '[Safety Handbook.pdf, page 1]',
      handbook.chunks[0]!.text.trim(),
      '',
      '[Notes.md, section “Wiring”]',
      notes.chunks[0]!.text.trim(),
      'END SOURCES',
    ]);
  });
});

describe('citationRulesLines', () => {
  it('shows footnote lines that the check reads back', () => {
    const lines = citationRulesLines();
    const examples = lines.flatMap((line) => {
      const at = line.indexOf('[^');
      return at >= 0 && line.slice(at).startsWith('[^') && line.includes(']: ')
        ? [parseCitationFootnote(line.slice(at))]
        : [];
    });
    expect(examples).toHaveLength(2);
    for (const example of examples) expect(example && citationFootnote(example)).toBeTruthy();
    expect(lines.join('\n')).toMatch(/at most 300 characters/);
  });
});
