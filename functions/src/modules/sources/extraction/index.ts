import type { SourceKind } from '@coursecraft/contracts';
import { readDocx } from './read-docx';
import { readPdf } from './read-pdf';
import { decodeText, markdownSections, textSections } from './sections';
import { wordsOf, type Extraction } from './types';

/**
 * Reading a source's file into text: PDFs page by page (unpdf, with the file's page labels),
 * Word through mammoth and turndown to Markdown, Markdown and text as they are. The parsers are
 * imported on first use, so requests that read no source never load them.
 */

export { chunkUnits, type SourceChunk } from './chunk-units';
export { detectSourceKind } from './detect-kind';
export {
  ExtractionError,
  START_SECTION_LABEL,
  countWords,
  type ExtractedUnit,
  type Extraction,
  type ExtractionFailure,
} from './types';

/** Reads a file of a known kind; throws ExtractionError when it cannot. */
export async function extractSource(bytes: Uint8Array, kind: SourceKind): Promise<Extraction> {
  switch (kind) {
    case 'pdf':
      return readPdf(bytes);
    case 'docx':
      return readDocx(bytes);
    case 'markdown':
    case 'text': {
      const text = decodeText(bytes);
      const units = kind === 'markdown' ? markdownSections(text) : textSections(text);
      return { pages: null, units, scannedPages: [], words: wordsOf(units) };
    }
  }
}
