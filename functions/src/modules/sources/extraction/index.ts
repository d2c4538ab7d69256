import type { SourceKind } from '@coursecraft/contracts';

/**
 * Reading a source's file into text: PDFs page by page (unpdf, with the file's page labels),
 * Word through mammoth and turndown to Markdown, Markdown and text as they are.
 *
 * PLACEHOLDER (issue 32 contract): text and Markdown only; PDF and Word land with the extractors.
 */

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
 * The kind of an uploaded file from its name and first bytes: a PDF must start with `%PDF-`,
 * a Word file must be a zip, Markdown and text must be UTF-8 without NUL bytes. Null: refused.
 */
export function detectSourceKind(_fileName: string, _bytes: Uint8Array): SourceKind | null {
  throw new Error('detectSourceKind: placeholder');
}

/** Reads a file of a known kind; throws ExtractionError when it cannot. */
export async function extractSource(bytes: Uint8Array, kind: SourceKind): Promise<Extraction> {
  if (kind === 'pdf' || kind === 'docx') throw new ExtractionError('unreadable');
  const text = new TextDecoder().decode(bytes);
  const words = text.split(/\s+/).filter(Boolean).length;
  return { pages: null, units: [{ label: START_SECTION_LABEL, text }], scannedPages: [], words };
}

/** A unit's text cut into chunks of at most SOURCE_LIMITS.chunkChars, each keeping its unit's label. */
export interface SourceChunk {
  index: number;
  label: string;
  text: string;
}

export function chunkUnits(units: ExtractedUnit[]): SourceChunk[] {
  return units.map((unit, index) => ({ index, label: unit.label, text: unit.text }));
}
