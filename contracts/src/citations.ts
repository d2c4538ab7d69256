/**
 * Citations: a lesson generated from sources names, in a GitHub-flavoured footnote, the source and
 * the page (PDF) or section (other files) each claim came from, quoting the passage:
 *
 *   [^1]: Safety Handbook.pdf, page 12: "Always isolate the circuit before opening the panel."
 *   [^2]: Notes.docx, section “Wiring”: "Use a 30 mA RCD."
 */

/** Longest quote of a citation, in characters; a longer one fails the check. */
export const CITATION_QUOTE_MAX = 300;

/** Where in a source a citation points: a PDF's page label, or another file's section heading. */
export interface CitationLocator {
  kind: 'page' | 'section';
  label: string;
}

/** One citation footnote's definition, read. */
export interface CitationFootnote {
  /** The footnote's label as written (`1`, `note`). */
  id: string;
  sourceName: string;
  locator: CitationLocator;
  quote: string;
}

/** Why a citation was removed. */
export const CITATION_FAILURES = [
  'unknown-source',
  'unknown-page',
  'unknown-section',
  'quote-too-long',
  'quote-not-found',
] as const;
export type CitationFailure = (typeof CITATION_FAILURES)[number];

/** What the author is told when the check removed `n` citations (n ≥ 1). */
export const citationsRemovedMessage = (n: number): string =>
  n === 1
    ? '1 citation could not be checked against your sources and was removed.'
    : `${n} citations could not be checked against your sources and were removed.`;

/** The footnote definition line of a citation, as lessons write it. */
export function citationFootnote({ id, sourceName, locator, quote }: CitationFootnote): string {
  const where = locator.kind === 'page' ? `page ${locator.label}` : `section “${locator.label}”`;
  return `[^${id}]: ${sourceName}, ${where}: "${quote}"`;
}

const FOOTNOTE = /^\s*\[\^([^\]\s]+)\]:\s*(.*)$/s;
// The quote runs to the last quotation mark, so it may hold quotation marks of its own.
const PAGE = /^(.+?),\s+page\s+(.+?)\s*:\s*["“](.+)["”]\.?$/is;
const SECTION = /^(.+?),\s+section\s+["“](.+?)["”]\s*:\s*["“](.+)["”]\.?$/is;

/**
 * The citation a footnote definition holds (its continuation lines may be joined to it), or null
 * when the line is no footnote definition or the footnote is no citation. Accepts straight or
 * curly quotation marks and "Page" or "page".
 */
export function parseCitationFootnote(line: string): CitationFootnote | null {
  const footnote = FOOTNOTE.exec(line.trim());
  if (!footnote) return null;
  const [, id = '', rest = ''] = footnote;
  const body = rest.replace(/\s+/g, ' ').trim();
  const section = SECTION.exec(body);
  if (section) {
    const [, sourceName = '', label = '', quote = ''] = section;
    return { id, sourceName: sourceName.trim(), locator: { kind: 'section', label }, quote };
  }
  const page = PAGE.exec(body);
  if (page) {
    const [, sourceName = '', label = '', quote = ''] = page;
    return { id, sourceName: sourceName.trim(), locator: { kind: 'page', label }, quote };
  }
  return null;
}
