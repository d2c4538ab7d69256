import { ExtractionError, wordsOf, type ExtractedUnit, type Extraction } from './types';

/** What pdf.js gives for one piece of a page's text (the fields used here). */
interface TextPiece {
  str: string;
  hasEOL: boolean;
  transform: number[];
}

/**
 * A page's text from pdf.js's pieces: a line break where a piece ends its line (hasEOL) or the
 * next one starts on another line (its y differs); pieces of one line joined as they are, so
 * the words' own spaces and hyphens stay.
 */
export function joinTextPieces(pieces: TextPiece[]): string {
  let text = '';
  let lastY: number | null = null;
  let lineEnded = false;
  for (const piece of pieces) {
    const y = piece.transform[5] ?? null;
    const newLine = lineEnded || (lastY !== null && y !== null && Math.abs(y - lastY) > 0.5);
    if (piece.str) {
      if (newLine && text) text += '\n';
      text += piece.str;
      lastY = y;
      lineEnded = false;
    }
    if (piece.hasEOL) lineEnded = true;
  }
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

/**
 * Reads a PDF page by page with pdf.js (through unpdf's serverless build). Each page with text
 * is a unit labelled with the page label a reader sees (the file's /PageLabels, else its number);
 * a page without any is scanned and listed apart. No page with text: `no_text`; a user password:
 * `password` (an owner password alone does not stop reading); anything else: `unreadable`.
 */
export async function readPdf(bytes: Uint8Array): Promise<Extraction> {
  const { getDocumentProxy, getResolvedPDFJS } = await import('unpdf');
  const pdfjs = await getResolvedPDFJS();
  let document;
  try {
    // A copy: pdf.js may take over the buffer it is given.
    document = await getDocumentProxy(bytes.slice(), { verbosity: 0 });
  } catch (error) {
    throw new ExtractionError(error instanceof pdfjs.PasswordException ? 'password' : 'unreadable');
  }
  try {
    const labels = await document.getPageLabels().catch(() => null);
    const units: ExtractedUnit[] = [];
    const scannedPages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const label = labels?.[number - 1]?.trim() || String(number);
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = joinTextPieces(content.items.flatMap((item) => ('str' in item ? [item] : [])));
      page.cleanup();
      if (text) units.push({ label, text });
      else scannedPages.push(label);
    }
    if (document.numPages === 0) throw new ExtractionError('unreadable');
    if (units.length === 0) throw new ExtractionError('no_text');
    return { pages: document.numPages, units, scannedPages, words: wordsOf(units) };
  } catch (error) {
    throw error instanceof ExtractionError ? error : new ExtractionError('unreadable');
  } finally {
    await document.loadingTask.destroy();
  }
}
