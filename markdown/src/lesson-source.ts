import { cleanContent } from '@coursecraft/contracts';
import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkMath);

/** The lesson's markdown tree, read as the renderer reads it (cleaned, GFM, math). */
export function parseLesson(markdown: string): Root {
  return parser.parse(cleanContent(markdown));
}

function* walk(node: Nodes): Generator<Nodes> {
  yield node;
  if ('children' in node) for (const child of node.children) yield* walk(child);
}

/** Where a footnote mark sits in the markdown, as offsets `[start, end)`. */
export interface FootnoteSpan {
  start: number;
  end: number;
}

/** The footnotes of a lesson, found as the renderer finds them (never in code or math). */
export interface FootnoteMarks {
  /** `[^id]` markers with a definition, in order; `id` is the label normalised (case folded). */
  references: (FootnoteSpan & { id: string })[];
  /** `[^id]: …` definitions with their continuation lines, in order; `content` is where the text after `]:` starts. */
  definitions: (FootnoteSpan & { id: string; content: number })[];
  /** `[^id]`-looking text outside code and math that is no footnote (it has no definition). */
  strays: FootnoteSpan[];
}

const STRAY = /(?<!\\)\[\^[^\]\s]+\]/g;

/** The footnote markers and definitions of `markdown` (not cleaned, so the offsets are its own). */
export function footnoteMarks(markdown: string): FootnoteMarks {
  const marks: FootnoteMarks = { references: [], definitions: [], strays: [] };
  for (const node of walk(parser.parse(markdown))) {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    if (node.type === 'footnoteReference') {
      marks.references.push({ id: node.identifier, start, end });
    } else if (node.type === 'footnoteDefinition') {
      const content = start + markdown.slice(start, end).indexOf(']:') + 2;
      marks.definitions.push({ id: node.identifier, start, end, content });
    } else if (node.type === 'text') {
      for (const stray of markdown.slice(start, end).matchAll(STRAY)) {
        marks.strays.push({
          start: start + stray.index,
          end: start + stray.index + stray[0].length,
        });
      }
    }
  }
  return marks;
}

const isMermaid = (lang: string | null | undefined) => lang?.trim().toLowerCase() === 'mermaid';

/** Whether the lesson holds math (so a page needs KaTeX's stylesheet and fonts). */
export function hasMath(markdown: string): boolean {
  for (const node of walk(parseLesson(markdown))) {
    if (node.type === 'math' || node.type === 'inlineMath') return true;
    // rehype-katex typesets a ```math block too.
    if (node.type === 'code' && node.lang?.trim().toLowerCase() === 'math') return true;
  }
  return false;
}

/** The sources of the lesson's Mermaid diagrams, trimmed, in order of first appearance, no repeats. */
export function diagramSources(markdown: string): string[] {
  const sources = new Set<string>();
  for (const node of walk(parseLesson(markdown))) {
    if (node.type === 'code' && isMermaid(node.lang)) sources.add(node.value.trim());
  }
  return [...sources];
}

/** The words a reader sees in a paragraph; formulas keep their source, images their alt text. */
function plainText(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'inlineMath':
      return node.value;
    case 'break':
      return ' ';
    case 'image':
      return node.alt ?? '';
    case 'footnoteReference':
    case 'html':
      return '';
    default:
      return 'children' in node ? node.children.map(plainText).join('') : '';
  }
}

const isOnlyMath = (node: Nodes) =>
  'children' in node &&
  node.children.every(
    (child) => child.type === 'inlineMath' || (child.type === 'text' && !child.value.trim()),
  );

export const DEFAULT_SUMMARY_LENGTH = 160;

/**
 * The lesson's first paragraph of words (a paragraph holding only a formula does not count) as
 * plain text, cut at a word boundary with "…" when longer than `maxLength`.
 */
export function lessonSummary(markdown: string, maxLength = DEFAULT_SUMMARY_LENGTH): string {
  for (const node of parseLesson(markdown).children) {
    if (node.type !== 'paragraph' || isOnlyMath(node)) continue;
    const text = plainText(node).replace(/\s+/g, ' ').trim();
    if (text) return truncateAtWord(text, maxLength);
  }
  return '';
}

/**
 * The whole markdown's words as plain text on one line (formulas and code keep their source,
 * images their alt text), cut at a word boundary with "…" when longer than `maxLength`.
 */
export function markdownPlainText(markdown: string, maxLength: number): string {
  const text = parseLesson(markdown).children.map(blockText).join(' ');
  return truncateAtWord(text.replace(/\s+/g, ' ').trim(), maxLength);
}

/** A block's words, its own blocks (list items, rows, cells) apart by a space. */
function blockText(node: Nodes): string {
  switch (node.type) {
    case 'code':
    case 'math':
      return node.value;
    case 'list':
    case 'listItem':
    case 'blockquote':
    case 'table':
    case 'tableRow':
      return node.children.map(blockText).join(' ');
    default:
      return plainText(node);
  }
}

function truncateAtWord(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const room = text.slice(0, Math.max(0, maxLength - 1));
  const endsAtWord = text[room.length] === ' ';
  const lastSpace = room.lastIndexOf(' ');
  const cut = endsAtWord || lastSpace <= 0 ? room : room.slice(0, lastSpace);
  return `${cut.replace(/[\s.,;:!?–—-]+$/, '')}…`;
}
