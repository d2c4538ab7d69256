import { SOURCE_LIMITS } from '@coursecraft/contracts';
import type { ExtractedUnit } from './types';

/** A unit's text cut into chunks of at most SOURCE_LIMITS.chunkChars, each keeping its unit's label. */
export interface SourceChunk {
  /** Its place among all of the source's chunks, from 0. */
  index: number;
  label: string;
  text: string;
}

/**
 * Where to cut `text` so the first piece has at most `max` characters: after the last paragraph
 * break, else line break, else space in the second half of the window; else at `max` (never
 * between the two halves of a surrogate pair).
 */
function cutAt(text: string, max: number): number {
  const window = text.slice(0, max + 1);
  for (const separator of ['\n\n', '\n', ' ']) {
    const at = window.lastIndexOf(separator);
    if (at >= max / 2) return at;
  }
  const code = text.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}

/** The pieces of one text, each at most `max` characters, whitespace at the cuts dropped. */
export function splitText(text: string, max: number = SOURCE_LIMITS.chunkChars): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const cut = cutAt(rest, max);
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** The chunks of a source's units, in order, numbered from 0 across the whole source. */
export function chunkUnits(units: ExtractedUnit[]): SourceChunk[] {
  return units
    .flatMap((unit) => splitText(unit.text).map((text) => ({ label: unit.label, text })))
    .map((chunk, index) => ({ index, ...chunk }));
}
