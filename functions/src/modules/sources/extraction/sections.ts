import { START_SECTION_LABEL, type ExtractedUnit } from './types';

const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Markdown cut into sections at its ATX headings (`#` to `######`), each labelled with its
 * heading's text and starting with the heading line; text before the first heading is labelled
 * START_SECTION_LABEL. Lines inside fenced code blocks are never headings. Blank sections are
 * dropped.
 */
export function markdownSections(markdown: string): ExtractedUnit[] {
  const units: ExtractedUnit[] = [];
  let label = START_SECTION_LABEL;
  let lines: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    const text = lines.join('\n').trim();
    if (text) units.push({ label, text });
  };
  for (const line of markdown.split('\n')) {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fenceMark) {
      if (fence === null) fence = fenceMark;
      else if (fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
    } else if (fence === null) {
      const heading = ATX_HEADING.exec(line);
      if (heading) {
        flush();
        label = heading[1]?.trim() || label;
        lines = [];
      }
    }
    lines.push(line);
  }
  flush();
  return units;
}

/** A text file's content as it is: one unit labelled START_SECTION_LABEL (none when blank). */
export function textSections(text: string): ExtractedUnit[] {
  const trimmed = text.trim();
  return trimmed ? [{ label: START_SECTION_LABEL, text: trimmed }] : [];
}

/** Bytes known to be UTF-8 as text, without a byte order mark and with "\n" line ends. */
export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes).replace(/\r\n?/g, '\n');
}
