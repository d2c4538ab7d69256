import { SOURCE_LIMITS } from '@coursecraft/contracts';
import type TurndownService from 'turndown';
import { markdownSections } from './sections';
import { ExtractionError, wordsOf, type Extraction } from './types';
import { checkInflatedSizes, readZipDirectory } from './zip-directory';

/** The parts of the DOM turndown hands to rules that these rules read. */
interface DomNode {
  nodeName: string;
  parentNode: DomNode | null;
  nextSibling: DomNode | null;
  childNodes: ArrayLike<DomNode>;
}

const asNode = (node: unknown): DomNode => node as DomNode;
const children = (node: DomNode): DomNode[] => Array.from(node.childNodes);

/** The table's rows, through its sections (tbody, thead). */
const rowsOf = (table: DomNode): DomNode[] =>
  children(table).flatMap((child) =>
    child.nodeName === 'TR' ? [child] : children(child).filter((row) => row.nodeName === 'TR'),
  );

/** Whether turndown-plugin-gfm sees a heading row (thead, or a first row of th cells). */
function hasHeadingRow(table: DomNode): boolean {
  const first = rowsOf(table)[0];
  if (!first) return false;
  if (first.parentNode?.nodeName === 'THEAD') return true;
  const cells = children(first).filter((cell) => cell.nodeName === 'TD' || cell.nodeName === 'TH');
  return cells.length > 0 && cells.every((cell) => cell.nodeName === 'TH');
}

/**
 * Turndown with ATX headings and GitHub-flavoured tables. Word tables rarely mark a header row,
 * and the plugin keeps such tables as HTML: their first row is taken as the header instead. A
 * cell's paragraphs (mammoth wraps every cell's text in one) are joined on one line so the row
 * stays a row. Images are dropped: their data is not text.
 */
async function markdownConverter(): Promise<TurndownService> {
  const [{ default: Turndown }, { tables }] = await Promise.all([
    import('turndown'),
    import('turndown-plugin-gfm'),
  ]);
  const service = new Turndown({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
  });
  service.use(tables);
  service.addRule('cellParagraph', {
    filter: (node) =>
      node.nodeName === 'P' && ['TD', 'TH'].includes(asNode(node).parentNode?.nodeName ?? ''),
    replacement: (content, node) =>
      asNode(node).nextSibling ? `${content.trim()} ` : content.trim(),
  });
  service.addRule('tableWithoutHeadingRow', {
    filter: (node) => node.nodeName === 'TABLE' && !hasHeadingRow(asNode(node)),
    replacement: (content, node) => {
      const lines = content.split('\n').filter((line) => line.trim() !== '');
      const first = rowsOf(asNode(node))[0];
      const columns = first ? children(first).length : 0;
      const separator = `|${' --- |'.repeat(columns)}`;
      return `\n\n${[lines[0] ?? '', separator, ...lines.slice(1)].join('\n')}\n\n`;
    },
  });
  service.remove('img');
  return service;
}

/**
 * Reads a Word file: its zip directory first, refusing (`unreadable`) a malformed zip or one whose
 * parts inflate beyond SOURCE_LIMITS.docxInflatedBytes before any parser sees it; then mammoth
 * to HTML and turndown to Markdown, cut into sections at its headings.
 */
export async function readDocx(bytes: Uint8Array): Promise<Extraction> {
  try {
    const entries = readZipDirectory(bytes);
    const declared = entries.reduce((sum, entry) => sum + entry.inflatedBytes, 0);
    if (declared > SOURCE_LIMITS.docxInflatedBytes) throw new ExtractionError('unreadable');
    checkInflatedSizes(bytes, entries);
    const { default: mammoth } = await import('mammoth');
    const { value: html } = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    const markdown = (await markdownConverter()).turndown(html);
    const units = markdownSections(markdown);
    return { pages: null, units, scannedPages: [], words: wordsOf(units) };
  } catch (error) {
    throw error instanceof ExtractionError ? error : new ExtractionError('unreadable');
  }
}
