import { describe, expect, it } from 'vitest';
import {
  sourceCoverage,
  sourceKindOfName,
  sourceSizeLabel,
  unitsWithinBudget,
  type CoverageInput,
} from './sources';

const pages = (name: string, count: number, tokens = 100, from = 1): CoverageInput => ({
  name,
  kind: 'pdf',
  pages: count,
  scannedPages: [],
  units: Array.from({ length: count }, (_, i) => ({
    label: String(from + i),
    tokens,
    words: tokens,
  })),
});

describe('source sizes and kinds', () => {
  it('says pages for a PDF and words otherwise, singular and with thousands', () => {
    expect(sourceSizeLabel({ kind: 'pdf', pages: 1, words: 3 })).toBe('1 page');
    expect(sourceSizeLabel({ kind: 'pdf', pages: 184, words: 3 })).toBe('184 pages');
    expect(sourceSizeLabel({ kind: 'docx', pages: null, words: 1 })).toBe('1 word');
    expect(sourceSizeLabel({ kind: 'text', pages: null, words: 2300 })).toBe('2,300 words');
    expect(sourceSizeLabel({ kind: 'text', pages: null, words: null })).toBeNull();
  });

  it('knows the four kinds by extension', () => {
    expect(sourceKindOfName('Handbook.PDF')).toBe('pdf');
    expect(sourceKindOfName('a.docx')).toBe('docx');
    expect(sourceKindOfName('notes.md')).toBe('markdown');
    expect(sourceKindOfName('notes.txt')).toBe('text');
    expect(sourceKindOfName('old.doc')).toBeNull();
    expect(sourceKindOfName('noextension')).toBeNull();
  });
});

describe('sourceCoverage', () => {
  it('reads everything that fits', () => {
    const coverage = sourceCoverage([pages('Handbook.pdf', 184)], 150_000);
    expect(coverage.line).toBe('Gemini reads all 184 pages of your sources');
    expect(coverage.left_out).toEqual([]);
    expect(coverage.complete).toBe(true);
    expect(coverage.tokens).toBe(18_400);
  });

  it('names the pages left out beyond the budget', () => {
    const coverage = sourceCoverage([pages('Handbook.pdf', 184, 1000)], 120_500);
    expect(coverage.line).toBe('Gemini reads 120 of 184 pages of your sources');
    expect(coverage.left_out).toEqual(['Left out: Handbook.pdf pages 121–184']);
    expect(coverage.complete).toBe(false);
  });

  it('shares the budget so a short source is read whole beside a long one', () => {
    const short = pages('Short.pdf', 5, 1000);
    const long = pages('Long.pdf', 100, 1000);
    expect(unitsWithinBudget([long, short], 50_000)).toEqual([45, 5]);
  });

  it('lists scanned pages as left out and counts words for other files', () => {
    const scanned = { ...pages('Scan.pdf', 2), pages: 5, scannedPages: ['3', '4', '5'] };
    const notes: CoverageInput = {
      name: 'Notes.docx',
      kind: 'docx',
      pages: null,
      scannedPages: [],
      units: [
        { label: 'Safety', tokens: 100, words: 1200 },
        { label: 'Tools', tokens: 100, words: 800 },
        { label: 'Appendix', tokens: 100, words: 300 },
      ],
    };
    const coverage = sourceCoverage([scanned, notes], 400);
    expect(coverage.line).toBe(
      'Gemini reads 2 of 5 pages and 2,000 of 2,300 words of your sources',
    );
    expect(coverage.left_out).toEqual([
      'Left out: Scan.pdf pages 3–5 (no selectable text)',
      'Left out: Notes.docx section “Appendix”',
    ]);
  });

  it('has no line without ready sources', () => {
    expect(sourceCoverage([], 1000).line).toBeNull();
  });
});
