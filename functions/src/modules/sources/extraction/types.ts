/** One part of a read file: a PDF page (by its label) or a section (by its heading). */
export interface ExtractedUnit {
  /** A PDF page's label ("12", "iv"), or the heading of a section ("Start" before the first one). */
  label: string;
  /** The part's text, Markdown for Word and Markdown files. */
  text: string;
}

export interface Extraction {
  /** A PDF's pages, scanned ones included; null for other files. */
  pages: number | null;
  /** The parts with text, in order. */
  units: ExtractedUnit[];
  /** Labels of a PDF's pages without selectable text. */
  scannedPages: string[];
  /** Words of all units. */
  words: number;
}

/** Why a file could not be read; each maps to one of SOURCE_MESSAGES' refusals. */
export type ExtractionFailure = 'password' | 'no_text' | 'unreadable';

export class ExtractionError extends Error {
  constructor(readonly reason: ExtractionFailure) {
    super(`Source could not be read: ${reason}`);
    this.name = 'ExtractionError';
  }
}

/** The label of text before a file's first heading. */
export const START_SECTION_LABEL = 'Start';

/**
 * Words of a text: its whitespace-separated tokens with a letter or digit, so Markdown's marks
 * (`#`, `|`, `---`) are not counted as words.
 */
export const countWords = (text: string): number =>
  text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;

export const wordsOf = (units: ExtractedUnit[]): number =>
  units.reduce((sum, unit) => sum + countWords(unit.text), 0);
