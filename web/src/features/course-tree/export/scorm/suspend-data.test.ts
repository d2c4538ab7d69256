import { describe, expect, it } from 'vitest';
import { decodeVisited, encodeVisited } from './suspend-data';

/** SCORM 1.2's limit on `cmi.suspend_data`, in characters. */
const SCORM_12_SUSPEND_DATA_LIMIT = 4096;

describe('visited topics in suspend_data', () => {
  it('stays within SCORM 1.2 limits for 1,000 topics, all visited', () => {
    const visited = new Array<boolean>(1000).fill(true);
    const data = encodeVisited(visited);
    expect(data.length).toBeLessThanOrEqual(SCORM_12_SUSPEND_DATA_LIMIT);
    expect(data.length).toBe(200);
    expect(decodeVisited(data, 1000)).toEqual(visited);
  });

  it('round-trips any pattern of visited topics', () => {
    const visited = Array.from({ length: 1000 }, (_, index) => index % 3 === 0 || index % 7 === 2);
    expect(decodeVisited(encodeVisited(visited), 1000)).toEqual(visited);
    const sparse = new Array<boolean>(1000).fill(false);
    sparse[999] = true;
    sparse[0] = true;
    expect(decodeVisited(encodeVisited(sparse), 1000)).toEqual(sparse);
  });

  it('never exceeds 4,096 characters, however large the course', () => {
    const data = encodeVisited(new Array<boolean>(50_000).fill(true));
    expect(data.length).toBe(SCORM_12_SUSPEND_DATA_LIMIT);
    expect(decodeVisited(data, 50_000).filter(Boolean)).toHaveLength(20_480);
  });

  it('writes nothing when no topic was visited and reads nothing from empty or foreign data', () => {
    expect(encodeVisited(new Array<boolean>(40).fill(false))).toBe('');
    expect(decodeVisited('', 3)).toEqual([false, false, false]);
    expect(decodeVisited('{"x":1}', 3)).toEqual([false, false, false]);
  });

  it('keeps working when shipped as source text, as the player does', () => {
    const encode = new Function(`return ${encodeVisited.toString()}`)() as typeof encodeVisited;
    const decode = new Function(`return ${decodeVisited.toString()}`)() as typeof decodeVisited;
    const visited = [true, false, true, true, false, false, true];
    expect(decode(encode(visited), visited.length)).toEqual(visited);
  });
});
