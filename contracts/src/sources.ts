import * as z from 'zod';
import { OUTLINE_NAME_MAX_LENGTH } from './course';

/**
 * Sources: the author's own documents (PDF, Word, Markdown, text) attached to a course, read
 * page by page (PDF) or section by section (other files) on a queue, and kept private.
 */

export const SOURCE_KINDS = ['pdf', 'docx', 'markdown', 'text'] as const;
export const sourceKindSchema = z.enum(SOURCE_KINDS);
export type SourceKind = z.infer<typeof sourceKindSchema>;

export const SOURCE_LIMITS = {
  perCourse: 10,
  fileBytes: 20 * 1024 * 1024,
  /** Pages of all of a course's sources together; a file other than a PDF counts `wordsPerPage` words as a page. */
  pagesInAll: 2000,
  wordsPerPage: 500,
  /** Longest text of one stored chunk; a longer page or section is split into several. */
  chunkChars: 8000,
  /** Most bytes a Word file's parts may inflate to, checked from the zip's directory before parsing. */
  docxInflatedBytes: 200 * 1024 * 1024,
  /** Longest file name kept (longer ones are cut, extension kept). */
  nameMaxLength: 200,
} as const;

/** The multipart field holding the file of `POST|PUT /api/courses/{c}/sources[/{s}]`. */
export const SOURCE_FILE_FIELD = 'file';

/** What the file picker offers: extensions and types of the four kinds. */
export const SOURCE_FILE_ACCEPT =
  '.pdf,.docx,.md,.markdown,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/markdown,text/plain';

/** The kind a file's extension names, or null when it is none of the four. */
export function sourceKindOfName(fileName: string): SourceKind | null {
  const extension = fileName.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  switch (extension) {
    case 'pdf':
      return 'pdf';
    case 'docx':
      return 'docx';
    case 'md':
    case 'markdown':
      return 'markdown';
    case 'txt':
      return 'text';
    default:
      return null;
  }
}

/**
 * Tokens Gemini spends on `chars` characters of text, estimated from characters (about four per
 * token for English prose) so the budget needs no tokenizer and no call.
 */
export const estimateTokens = (chars: number): number => Math.ceil(chars / 4);

/** Default of SOURCE_BUDGET_TOKENS: what an outline request may spend on sources. */
export const SOURCE_BUDGET_TOKENS_DEFAULT = 150_000;

const thousands = (n: number): string => n.toLocaleString('en-US');

export const SOURCE_MESSAGES = {
  sources: 'Sources',
  addSources: 'Add sources',
  replace: 'Replace',
  remove: 'Remove',
  reading: 'Reading…',
  ready: 'Ready',
  createFromDocuments: 'Create from documents',
  generateFromSources: 'Generate from sources',
  noSources:
    'Add the documents this course should be built from: PDF, Word (.docx), Markdown or text.',
  removeConfirm: (name: string) => `Remove ${name}? Lessons that cite it will show Source changed.`,
  removed: (name: string) => `${name} removed`,
  sourceChanged: 'Source changed',
  // Refusals at upload: nothing is kept.
  wrongType: 'Upload a PDF, Word (.docx), Markdown or text file.',
  tooLarge: 'Each file may be at most 20 MB.',
  tooMany: 'A course may have at most 10 sources.',
  missing: 'Choose a file to upload.',
  // Refusals once read: the source shows the message; no file and no text is kept.
  passwordProtected: 'This PDF is password-protected. Please upload a copy without a password.',
  noSelectableText: 'This PDF has no selectable text. Please upload a text-based PDF.',
  unreadable: 'This file could not be read.',
  tooManyPages: `A course's sources may have at most ${thousands(SOURCE_LIMITS.pagesInAll)} pages in all.`,
  /** Generation while a source is being read (409). */
  stillReading: 'Your sources are still being read. Please wait until they are Ready.',
} as const;

export const SOURCE_STATUSES = ['reading', 'ready', 'failed'] as const;
export const sourceStatusSchema = z.enum(SOURCE_STATUSES);
export type SourceStatus = z.infer<typeof sourceStatusSchema>;

/** One source as `GET /api/courses/{c}/sources` lists it. */
export const sourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: sourceKindSchema,
  /** The original file's size. */
  bytes: z.number().int().min(0),
  status: sourceStatusSchema,
  /** Why reading failed (one of SOURCE_MESSAGES' refusals once read); null otherwise. */
  error: z.string().nullable(),
  /** A PDF's pages, scanned ones included; null for other files and while reading. */
  pages: z.number().int().min(0).nullable(),
  /** Words of the text read; null while reading or failed. */
  words: z.number().int().min(0).nullable(),
  /** Page labels of a PDF's pages without selectable text (scanned), left out. */
  scanned_pages: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Source = z.infer<typeof sourceSchema>;

/** What Gemini reads of a course's ready sources within the budget, in words for the panel. */
export const sourceCoverageSchema = z.object({
  /** Every page (or word) of the ready sources fits the budget. */
  complete: z.boolean(),
  /** "Gemini reads all 184 pages of your sources"; null when no source is ready. */
  line: z.string().nullable(),
  /** "Left out: Handbook.pdf pages 121–184", one line per run left out. */
  left_out: z.array(z.string()),
  budget_tokens: z.number().int().min(0),
  /** Estimated tokens of what is read. */
  tokens: z.number().int().min(0),
});
export type SourceCoverage = z.infer<typeof sourceCoverageSchema>;

/** `GET /api/courses/{c}/sources`, also the body of a 202 from an upload (with `source`). */
export const sourcesResponseSchema = z.object({
  sources: z.array(sourceSchema),
  coverage: sourceCoverageSchema,
});
export type SourcesResponse = z.infer<typeof sourcesResponseSchema>;

/** `POST /api/courses/{c}/sources` and `PUT …/{s}` (202): the source, now Reading…. */
export const sourceUploadResponseSchema = z.object({ source: sourceSchema });

/** A source's size as the panel shows it: pages for a PDF, words otherwise. */
export function sourceSizeLabel(source: Pick<Source, 'kind' | 'pages' | 'words'>): string | null {
  const count = source.kind === 'pdf' ? source.pages : source.words;
  if (count === null) return null;
  const unit = source.kind === 'pdf' ? 'page' : 'word';
  return `${thousands(count)} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * One part of a read source as the coverage counts it: a PDF's page (by its label) or another
 * file's section (by its heading), with its estimated tokens and words.
 */
export interface SourceUnit {
  label: string;
  tokens: number;
  words: number;
}

/** A ready source as the coverage sees it. */
export interface CoverageInput {
  name: string;
  kind: SourceKind;
  /** Its pages or sections with text, in order. */
  units: SourceUnit[];
  /** A PDF's pages, scanned ones included (null for other files). */
  pages: number | null;
  scannedPages: string[];
}

/** How many of each source's units (from the start) fit the budget. */
export function unitsWithinBudget(sources: CoverageInput[], budgetTokens: number): number[] {
  const totals = sources.map((source) => source.units.reduce((sum, unit) => sum + unit.tokens, 0));
  const taken = sources.map(() => 0);
  // Smallest first, each given an equal share of what is left: a short handout is read whole
  // and a long handbook gets the rest, so no document is dropped for another's length.
  const order = sources.map((_, index) => index).sort((a, b) => totals[a]! - totals[b]!);
  let left = budgetTokens;
  order.forEach((index, position) => {
    const share = Math.floor(left / (order.length - position));
    let spent = 0;
    let count = 0;
    for (const unit of sources[index]!.units) {
      if (spent + unit.tokens > share) break;
      spent += unit.tokens;
      count += 1;
    }
    taken[index] = count;
    left -= spent;
  });
  return taken;
}

const range = (first: string, last: string, one: string, many: string): string =>
  first === last ? `${one} ${first}` : `${many} ${first}–${last}`;

/** Runs of consecutive page labels: ["3", "7", "8", "9"] → "3, 7–9" (labels that are not numbers stand alone). */
function pageRuns(labels: string[]): string {
  const runs: [string, string][] = [];
  for (const label of labels) {
    const last = runs.at(-1);
    if (last && /^\d+$/.test(label) && Number(label) === Number(last[1]) + 1) last[1] = label;
    else runs.push([label, label]);
  }
  return runs.map(([first, last]) => (first === last ? first : `${first}–${last}`)).join(', ');
}

/**
 * What Gemini reads of the ready sources within `budgetTokens`, as the panel says it. Counts
 * pages when every source is a PDF, words when none is, and both when mixed.
 */
export function sourceCoverage(sources: CoverageInput[], budgetTokens: number): SourceCoverage {
  const taken = unitsWithinBudget(sources, budgetTokens);
  const pdfs = sources.filter((source) => source.kind === 'pdf');
  const others = sources.filter((source) => source.kind !== 'pdf');
  let pagesRead = 0;
  let pagesTotal = 0;
  let wordsRead = 0;
  let wordsTotal = 0;
  let tokens = 0;
  const leftOut: string[] = [];
  sources.forEach((source, index) => {
    const read = source.units.slice(0, taken[index]);
    const dropped = source.units.slice(taken[index]);
    tokens += read.reduce((sum, unit) => sum + unit.tokens, 0);
    if (source.kind === 'pdf') {
      pagesRead += read.length;
      pagesTotal += source.pages ?? source.units.length + source.scannedPages.length;
    } else {
      wordsRead += read.reduce((sum, unit) => sum + unit.words, 0);
      wordsTotal += source.units.reduce((sum, unit) => sum + unit.words, 0);
    }
    if (dropped.length > 0) {
      const first = dropped[0]!.label;
      const last = dropped.at(-1)!.label;
      leftOut.push(
        source.kind === 'pdf'
          ? `Left out: ${source.name} ${range(first, last, 'page', 'pages')}`
          : `Left out: ${source.name} ${range(`“${first}”`, `“${last}”`, 'section', 'sections')}`.replace(
              /sections (“[^”]*”)–(“[^”]*”)/,
              'sections $1 to $2',
            ),
      );
    }
    if (source.scannedPages.length > 0) {
      const one = source.scannedPages.length === 1;
      leftOut.push(
        `Left out: ${source.name} ${one ? 'page' : 'pages'} ${pageRuns(source.scannedPages)} (no selectable text)`,
      );
    }
  });
  const complete = leftOut.length === 0;
  const part = (read: number, total: number, unit: string) =>
    read === total
      ? `${thousands(total)} ${unit}`
      : `${thousands(read)} of ${thousands(total)} ${unit}`;
  let line: string | null = null;
  if (sources.length > 0) {
    const counted = [
      ...(pdfs.length > 0
        ? [[pagesRead, pagesTotal, pagesTotal === 1 ? 'page' : 'pages'] as const]
        : []),
      ...(others.length > 0
        ? [[wordsRead, wordsTotal, wordsTotal === 1 ? 'word' : 'words'] as const]
        : []),
    ];
    const all = counted.every(([read, total]) => read === total);
    line = `Gemini reads ${all ? 'all ' : ''}${counted.map(([read, total, unit]) => part(read, total, unit)).join(' and ')} of your sources`;
  }
  return { complete, line, left_out: leftOut, budget_tokens: budgetTokens, tokens };
}

/**
 * The name Create from documents gives a course: its first file's name without the extension,
 * cut to the name limit. Generation takes it as a name the author has not chosen yet.
 */
export function courseNameOfFile(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').trim() || fileName.trim();
  return base.slice(0, OUTLINE_NAME_MAX_LENGTH);
}
