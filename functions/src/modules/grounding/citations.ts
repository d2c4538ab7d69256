import {
  CITATION_QUOTE_MAX,
  parseCitationFootnote,
  type CitationFailure,
  type CitationLocator,
} from '@coursecraft/contracts';
import { footnoteMarks, type FootnoteSpan } from '@coursecraft/markdown';

/**
 * The texts a citation's quote is checked against, in order: for a page, the chunks of that page
 * and its neighbours (see `pagesAround`); for a section, that section's chunks. Answers null when
 * no source has that name, and an empty list when the source has no such page or section.
 */
export type CitationLookup = (
  sourceName: string,
  locator: CitationLocator,
) => readonly string[] | null;

export interface RemovedCitation {
  sourceName: string;
  locator: CitationLocator;
  quote: string;
  reason: CitationFailure;
}

export interface CitationCheck {
  /** The markdown without the failed citations and their markers, footnotes numbered 1..n. */
  markdown: string;
  removed: number;
  /** Citations kept (footnotes that are no citations are kept too, and not counted). */
  kept: number;
  removedCitations: RemovedCitation[];
}

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The labels of the page `label` and the pages beside it by position in `units` (a source's
 * units in order), or none when no unit has that label.
 */
export function pagesAround(units: readonly { label: string }[], label: string): string[] {
  const around = new Set<number>();
  units.forEach((unit, index) => {
    if (!sameLabel(unit.label, label)) return;
    for (const near of [index - 1, index, index + 1]) {
      if (near >= 0 && near < units.length) around.add(near);
    }
  });
  return [...around].sort((a, b) => a - b).map((index) => units[index]!.label);
}

const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g;
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
const HYPHEN_BREAK = /(\p{L})-[ \t]*\r?\n\s*(?=\p{L})/gu;

/** NFKC (ligatures, `…` as `...`), straight quotes, one dash, no soft hyphens. */
const unify = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/\u00AD\s*/g, '')
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(DASHES, '-');

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A source text as quotes are looked for in it: a word broken at a line end by a hyphen read
 * both joined ("exam-\nple" as "example") and kept ("well-\nknown" as "well-known").
 */
const sourceForms = (text: string): string[] => {
  const unified = unify(text);
  return [
    squash(unified.replace(HYPHEN_BREAK, '$1')),
    squash(unified.replace(HYPHEN_BREAK, '$1-')),
  ];
};

/** Whether the quote's parts (split at an ellipsis) appear in `text` in that order. */
function quoteFound(quote: string, texts: readonly string[]): boolean {
  const parts = squash(unify(quote))
    .split(/\.{3,}/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  if (parts.length === 0) return false;
  return sourceForms(texts.join('\n')).some((text) => {
    let from = 0;
    for (const part of parts) {
      const at = text.indexOf(part, from);
      if (at < 0) return false;
      from = at + part.length;
    }
    return true;
  });
}

function failure(
  sourceName: string,
  locator: CitationLocator,
  quote: string,
  lookup: CitationLookup,
): CitationFailure | null {
  if ([...quote].length > CITATION_QUOTE_MAX) return 'quote-too-long';
  const texts = lookup(sourceName, locator);
  if (texts === null) return 'unknown-source';
  if (texts.length === 0) return locator.kind === 'page' ? 'unknown-page' : 'unknown-section';
  return quoteFound(quote, texts) ? null : 'quote-not-found';
}

interface Edit extends FootnoteSpan {
  text: string;
}

/** `markdown[start, end)` with the edits inside it applied. */
function applyEdits(markdown: string, start: number, end: number, edits: readonly Edit[]): string {
  let out = '';
  let at = start;
  for (const edit of edits) {
    if (edit.start < start || edit.end > end) continue;
    out += markdown.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + markdown.slice(at, end);
}

/** A marker's removal, with the spaces before it unless they begin the line. */
function removal(markdown: string, span: FootnoteSpan): Edit {
  let start = span.start;
  while (start > 0 && (markdown[start - 1] === ' ' || markdown[start - 1] === '\t')) start -= 1;
  if (start === 0 || markdown[start - 1] === '\n') start = span.start;
  return { start, end: span.end, text: '' };
}

/**
 * Where the definitions are cut from the body: each with its line end, and with the blank lines
 * after it when a blank line (or another definition cut) comes before it, so that the paragraphs
 * around it stay one blank line apart and never join.
 */
function definitionCuts(markdown: string, definitions: readonly FootnoteSpan[]): Edit[] {
  const cuts: Edit[] = [];
  for (const { start, end } of [...definitions].sort((a, b) => a.start - b.start)) {
    const lineStart = markdown.lastIndexOf('\n', start - 1) + 1;
    const before = markdown.slice(0, lineStart);
    const afterBlank =
      lineStart === 0 || /\n[ \t]*\n$/.test(before) || cuts.at(-1)?.end === lineStart;
    let cut = markdown[end] === '\n' ? end + 1 : end;
    if (afterBlank) cut += /^(?:[ \t]*\n)*/.exec(markdown.slice(cut))?.[0].length ?? 0;
    cuts.push({ start: lineStart, end: cut, text: '' });
  }
  return cuts;
}

/**
 * Checks every cited quote of a lesson against its sources: a citation whose source, page or
 * section is unknown, whose quote is too long or is not there is removed with its markers. The
 * footnotes left are numbered 1..n in the order of their first marker and their definitions
 * written at the end in that order. Definitions no marker refers to, repeated definitions and
 * `[^id]` text that is no footnote are dropped.
 */
export function checkCitations(markdown: string, lookup: CitationLookup): CitationCheck {
  const marks = footnoteMarks(markdown);
  if (marks.references.length + marks.definitions.length + marks.strays.length === 0) {
    return { markdown, removed: 0, kept: 0, removedCitations: [] };
  }

  const definitions = new Map<string, (typeof marks.definitions)[number]>();
  for (const definition of marks.definitions) {
    if (!definitions.has(definition.id)) definitions.set(definition.id, definition);
  }
  const references = [...marks.references].sort((a, b) => a.start - b.start);

  const removedCitations: RemovedCitation[] = [];
  const failed = new Set<string>();
  let kept = 0;
  const numbers = new Map<string, number>();
  for (const { id } of references) {
    if (numbers.has(id) || failed.has(id)) continue;
    const definition = definitions.get(id);
    if (!definition) continue;
    const citation = parseCitationFootnote(
      markdown.slice(definition.start, definition.end).replace(/\s*\n\s*/g, ' '),
    );
    if (citation) {
      const { sourceName, locator, quote } = citation;
      const reason = failure(sourceName, locator, quote, lookup);
      if (reason) {
        failed.add(id);
        removedCitations.push({ sourceName, locator, quote, reason });
        continue;
      }
      kept += 1;
    }
    numbers.set(id, numbers.size + 1);
  }

  const edits: Edit[] = [
    ...references.map((reference) => {
      const number = numbers.get(reference.id);
      return number === undefined
        ? removal(markdown, reference)
        : { ...reference, text: `[^${number}]` };
    }),
    ...marks.strays.map((stray) => removal(markdown, stray)),
  ].sort((a, b) => a.start - b.start);

  const notes = [...numbers].map(([id, number]) => {
    const definition = definitions.get(id)!;
    const text = applyEdits(markdown, definition.content, definition.end, edits);
    return `[^${number}]:${text}`;
  });

  const cuts = definitionCuts(markdown, marks.definitions);
  const inDefinition = (edit: Edit) =>
    cuts.some((cut) => edit.start >= cut.start && edit.end <= cut.end);
  const bodyEdits = [...cuts, ...edits.filter((edit) => !inDefinition(edit))].sort(
    (a, b) => a.start - b.start,
  );
  const body = applyEdits(markdown, 0, markdown.length, bodyEdits).trimEnd();
  const end = markdown.endsWith('\n') ? '\n' : '';
  return {
    markdown: notes.length > 0 ? `${body}\n\n${notes.join('\n')}${end}` : `${body}${end}`,
    removed: removedCitations.length,
    kept,
    removedCitations,
  };
}
