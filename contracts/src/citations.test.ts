import { describe, expect, it } from 'vitest';
import { citationFootnote, citationsRemovedMessage, parseCitationFootnote } from './citations';

describe('citation footnotes', () => {
  it('writes a page and a section citation as lessons do, and reads them back', () => {
    const page = {
      id: '1',
      sourceName: 'Safety Handbook.pdf',
      locator: { kind: 'page', label: '12' },
      quote: 'Always isolate the circuit before opening the panel.',
    } as const;
    const section = {
      id: 'wiring',
      sourceName: 'Notes, week 2.docx',
      locator: { kind: 'section', label: 'Wiring: the basics' },
      quote: 'Use a "30 mA" RCD.',
    } as const;
    expect(citationFootnote(page)).toBe(
      '[^1]: Safety Handbook.pdf, page 12: "Always isolate the circuit before opening the panel."',
    );
    expect(citationFootnote(section)).toBe(
      '[^wiring]: Notes, week 2.docx, section “Wiring: the basics”: "Use a "30 mA" RCD."',
    );
    expect(parseCitationFootnote(citationFootnote(page))).toEqual(page);
    expect(parseCitationFootnote(citationFootnote(section))).toEqual(section);
  });

  it('reads curly quotation marks, a capital Page, a label that is no number and a wrapped line', () => {
    expect(parseCitationFootnote('[^2]: Guide.pdf, Page xii: “Read this first.”')).toEqual({
      id: '2',
      sourceName: 'Guide.pdf',
      locator: { kind: 'page', label: 'xii' },
      quote: 'Read this first.',
    });
    expect(parseCitationFootnote('[^3]: Guide.pdf, page 4: "one\n    two"')?.quote).toBe('one two');
  });

  it('is null for a line that is no footnote or a footnote that is no citation', () => {
    expect(parseCitationFootnote('Guide.pdf, page 4: "x"')).toBeNull();
    expect(parseCitationFootnote('[^1]: See the appendix for more.')).toBeNull();
    expect(parseCitationFootnote('[^1]: Guide.pdf, page 4')).toBeNull();
  });
});

describe('citationsRemovedMessage', () => {
  it('says one citation in the singular and more in the plural', () => {
    expect(citationsRemovedMessage(1)).toBe(
      '1 citation could not be checked against your sources and was removed.',
    );
    expect(citationsRemovedMessage(3)).toBe(
      '3 citations could not be checked against your sources and were removed.',
    );
  });
});
