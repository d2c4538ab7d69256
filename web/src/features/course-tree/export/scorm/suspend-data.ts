/** SCORM 1.2 caps `cmi.suspend_data` at this many characters. */
export const SUSPEND_DATA_MAX_LENGTH = 4096;

/**
 * The visited topics as `cmi.suspend_data`: a bitset, five topics per base-32 digit, trailing
 * unvisited topics dropped. 1,000 topics take at most 200 characters; the 4,096-character cap
 * holds 20,480 topics, and topics past that are not remembered.
 * Self-contained (no outside names): the player ships this function's source text.
 */
export function encodeVisited(visited: readonly boolean[]): string {
  const count = Math.min(visited.length, 4096 * 5);
  let digits = '';
  for (let start = 0; start < count; start += 5) {
    let value = 0;
    for (let bit = 0; bit < 5 && start + bit < count; bit++) {
      if (visited[start + bit]) value |= 1 << bit;
    }
    digits += value.toString(32);
  }
  return digits.replace(/0+$/, '');
}

/** The visited flags of `count` topics read from `encodeVisited`'s text; junk reads as unvisited. */
export function decodeVisited(data: string, count: number): boolean[] {
  const visited: boolean[] = new Array<boolean>(count).fill(false);
  for (let digit = 0; digit < data.length; digit++) {
    const value = parseInt(data.charAt(digit), 32);
    if (Number.isNaN(value)) continue;
    for (let bit = 0; bit < 5; bit++) {
      const topic = digit * 5 + bit;
      if (topic < count && (value & (1 << bit)) !== 0) visited[topic] = true;
    }
  }
  return visited;
}
