import { CITATION_QUOTE_MAX, citationFootnote, type CitationLocator } from '@coursecraft/contracts';
import { describe, expect, it } from 'vitest';
import { checkCitations, pagesAround, type CitationLookup } from './citations';

const LONG = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');

const sources: Record<string, { label: string; text: string }[]> = {
  'Safety Handbook.pdf': [
    { label: '11', text: 'Wear gloves.' },
    {
      label: '12',
      text: 'Always isolate the circuit before opening the panel. The ﬁrst step is to ﬁnd the breaker.',
    },
    {
      label: '13',
      text: 'The “main switch” is red – never touch it when it’s wet. A thorough exam-\nination of the cables comes next.',
    },
    { label: '14', text: 'Earth  every metal\n  enclosure.' },
  ],
  'Notes.docx': [
    { label: 'Wiring', text: 'Use a 30 mA RCD on every socket circuit.' },
    { label: 'Long', text: LONG },
  ],
};

/** What the later module will do: a page and its neighbours, or the section. */
const lookup: CitationLookup = (sourceName, locator) => {
  const units = sources[sourceName];
  if (!units) return null;
  const labels = locator.kind === 'page' ? pagesAround(units, locator.label) : [locator.label];
  return units.filter((unit) => labels.includes(unit.label)).map((unit) => unit.text);
};

const page = (label: string): CitationLocator => ({ kind: 'page', label });
const cite = (
  id: string | number,
  quote: string,
  locator = page('12'),
  sourceName = 'Safety Handbook.pdf',
) => citationFootnote({ id: String(id), sourceName, locator, quote });

/** Whether one citation of `quote` survives the check. */
const passes = (quote: string, locator = page('12'), sourceName = 'Safety Handbook.pdf') =>
  checkCitations(`A claim.[^1]\n\n${cite(1, quote, locator, sourceName)}`, lookup).kept === 1;

describe('pagesAround', () => {
  it('is the page and its neighbours by position, or nothing for an unknown page', () => {
    const units = [{ label: 'i' }, { label: 'ii' }, { label: '1' }, { label: '2' }];
    expect(pagesAround(units, 'ii')).toEqual(['i', 'ii', '1']);
    expect(pagesAround(units, 'i')).toEqual(['i', 'ii']);
    expect(pagesAround(units, '2')).toEqual(['1', '2']);
    expect(pagesAround(units, 'II')).toEqual(['i', 'ii', '1']);
    expect(pagesAround(units, '9')).toEqual([]);
  });
});

describe('checkCitations: finding the quote', () => {
  it('passes a quote written without the ligatures of the source', () => {
    expect(passes('The first step is to find the breaker.')).toBe(true);
  });

  it('passes straight quotation marks and apostrophes for curly ones, and a hyphen for an en dash', () => {
    expect(passes(`The "main switch" is red - never touch it when it's wet.`, page('13'))).toBe(
      true,
    );
    expect(passes('The “main switch” is red — never touch it', page('13'))).toBe(true);
  });

  it('passes a word the source broke across lines with a hyphen', () => {
    expect(passes('A thorough examination of the cables comes next.', page('13'))).toBe(true);
  });

  it('passes whatever the case and the spacing', () => {
    expect(passes('ALWAYS   isolate the\ncircuit')).toBe(true);
  });

  it('passes a quote with an ellipsis when its parts appear in that order, and only then', () => {
    expect(passes('Always isolate the circuit … find the breaker.')).toBe(true);
    expect(passes('Always isolate the circuit ... find the breaker.')).toBe(true);
    expect(passes('find the breaker … Always isolate the circuit')).toBe(false);
    expect(passes('…')).toBe(false);
  });

  it('passes a quote from the page beside the one cited, and fails one two pages away', () => {
    expect(passes('Earth every metal enclosure.', page('14'))).toBe(true);
    expect(passes('Earth every metal enclosure.', page('13'))).toBe(true);
    expect(passes('Earth every metal enclosure.', page('12'))).toBe(false);
  });

  it('passes a quote running over to the next page', () => {
    expect(passes('find the breaker. The “main switch” is red', page('12'))).toBe(true);
  });

  it('checks a section citation against that section only', () => {
    const wiring = { kind: 'section', label: 'Wiring' } as const;
    expect(passes('Use a 30 mA RCD', wiring, 'Notes.docx')).toBe(true);
    expect(passes('word1 word2', wiring, 'Notes.docx')).toBe(false);
  });

  it(`fails a quote longer than ${CITATION_QUOTE_MAX} characters even when it is there`, () => {
    const long = { kind: 'section', label: 'Long' } as const;
    const quote = LONG.slice(0, CITATION_QUOTE_MAX);
    expect(passes(quote, long, 'Notes.docx')).toBe(true);
    expect(passes(LONG.slice(0, CITATION_QUOTE_MAX + 1), long, 'Notes.docx')).toBe(false);
    const result = checkCitations(
      `Claim.[^1]\n\n${cite(1, LONG.slice(0, CITATION_QUOTE_MAX + 1), long, 'Notes.docx')}`,
      lookup,
    );
    expect(result.removedCitations[0]?.reason).toBe('quote-too-long');
  });

  it('says why each citation failed', () => {
    const markdown = [
      'One.[^1] Two.[^2] Three.[^3] Four.[^4]',
      '',
      cite(1, 'Earth every metal enclosure.'),
      cite(2, 'Wear gloves.', page('99')),
      cite(3, 'Wear gloves.', page('11'), 'Other.pdf'),
      cite(4, 'x', { kind: 'section', label: 'Nowhere' }, 'Notes.docx'),
    ].join('\n');
    expect(checkCitations(markdown, lookup).removedCitations).toEqual([
      {
        sourceName: 'Safety Handbook.pdf',
        locator: page('12'),
        quote: 'Earth every metal enclosure.',
        reason: 'quote-not-found',
      },
      {
        sourceName: 'Safety Handbook.pdf',
        locator: page('99'),
        quote: 'Wear gloves.',
        reason: 'unknown-page',
      },
      {
        sourceName: 'Other.pdf',
        locator: page('11'),
        quote: 'Wear gloves.',
        reason: 'unknown-source',
      },
      {
        sourceName: 'Notes.docx',
        locator: { kind: 'section', label: 'Nowhere' },
        quote: 'x',
        reason: 'unknown-section',
      },
    ]);
  });
});

describe('checkCitations: removing and renumbering', () => {
  it('removes a failed citation with its markers and numbers the rest 1..n', () => {
    const markdown = [
      'First claim.[^1] Second claim [^2], again.[^2] Third claim.[^3]',
      '',
      cite(1, 'Always isolate the circuit'),
      cite(2, 'Earth every metal enclosure.'),
      cite(3, 'Wear gloves.', page('11')),
    ].join('\n');
    const result = checkCitations(markdown, lookup);
    expect(result.markdown).toBe(
      [
        'First claim.[^1] Second claim, again. Third claim.[^2]',
        '',
        cite(1, 'Always isolate the circuit'),
        cite(2, 'Wear gloves.', page('11')),
      ].join('\n'),
    );
    expect(result).toMatchObject({ removed: 1, kept: 2 });
  });

  it('numbers footnotes by their first marker, keeps those that are no citations, and puts the notes last', () => {
    const markdown = [
      'Intro.[^note] Claim.[^src]',
      '',
      '[^src]: Safety Handbook.pdf, page 11: "Wear gloves."',
      '[^note]: A remark of the author,',
      '    on two lines.',
      '',
      'More text.[^gone] Back to the intro.[^note]',
      '',
      '[^gone]: Safety Handbook.pdf, page 11: "Wear a helmet."',
    ].join('\n');
    const result = checkCitations(markdown, lookup);
    expect(result.markdown).toBe(
      [
        'Intro.[^1] Claim.[^2]',
        '',
        'More text. Back to the intro.[^1]',
        '',
        '[^1]: A remark of the author,',
        '    on two lines.',
        '[^2]: Safety Handbook.pdf, page 11: "Wear gloves."',
      ].join('\n'),
    );
    expect(result).toMatchObject({ removed: 1, kept: 1 });
  });

  it('drops definitions nothing refers to and marker-like text that is no footnote', () => {
    const markdown = `Claim.[^1] Orphan.[^7]\n\n${cite(1, 'Wear gloves.', page('11'))}\n${cite(2, 'Wear gloves.', page('11'))}`;
    expect(checkCitations(markdown, lookup).markdown).toBe(
      `Claim.[^1] Orphan.\n\n${cite(1, 'Wear gloves.', page('11'))}`,
    );
  });

  it('leaves footnote-like text in code spans, code blocks and math alone', () => {
    const markdown = [
      'Write `[^2]` for a note.[^2] See $a[^2]$.',
      '',
      '```md',
      'Claim.[^2]',
      '',
      '[^2]: Safety Handbook.pdf, page 12: "Not in the source."',
      '```',
      '',
      cite(2, 'Not in the source.'),
    ].join('\n');
    const result = checkCitations(markdown, lookup);
    expect(result.markdown).toBe(
      [
        'Write `[^2]` for a note. See $a[^2]$.',
        '',
        '```md',
        'Claim.[^2]',
        '',
        '[^2]: Safety Handbook.pdf, page 12: "Not in the source."',
        '```',
      ].join('\n'),
    );
    expect(result.removed).toBe(1);
  });

  it('leaves a lesson without footnotes as it is, and a checked lesson unchanged when checked again', () => {
    const plain = 'No notes here.\n\n```\n[^1]: x\n```\n';
    expect(checkCitations(plain, lookup)).toEqual({
      markdown: plain,
      removed: 0,
      kept: 0,
      removedCitations: [],
    });
    const once = checkCitations(
      `B.[^b] A.[^a] C.[^c]\n\n[^a]: Note.\n${cite('b', 'Wear gloves.', page('11'))}\n${cite('c', 'nope')}\n`,
      lookup,
    );
    expect(once.markdown).toBe(
      `B.[^1] A.[^2] C.\n\n${cite(1, 'Wear gloves.', page('11'))}\n[^2]: Note.\n`,
    );
    expect(checkCitations(once.markdown, lookup)).toEqual({
      markdown: once.markdown,
      removed: 0,
      kept: 1,
      removedCitations: [],
    });
  });
});
