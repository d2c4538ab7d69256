import type { PlacedItem, Placement } from '../outline';

/**
 * The order of a list of the course tree is its items' numeric `position` (creation time in ms
 * when created), read as a fractional index: an item that moves gets a position between its new
 * neighbours', and only when none can be represented is the whole list given new positions.
 */

/** Room left before the first item, and the step between items of a respaced list (ms). */
export const POSITION_SPACING = 1000;

export type { PlacedItem, Placement };

/**
 * `count` increasing positions strictly between the neighbours `lower` and `upper` (undefined
 * at the ends of the list), or null when doubles cannot represent them. After the last item they
 * reach at least `now`, so items created later (at their creation time) still come after them;
 * in an empty list the last one is `now`.
 */
export function positionsBetween(
  lower: number | undefined,
  upper: number | undefined,
  count: number,
  now: number,
): number[] | null {
  const positions = Array.from({ length: count }, (_, j) => {
    if (lower === undefined && upper === undefined) {
      return now - (count - 1 - j) * POSITION_SPACING;
    }
    if (lower === undefined) return (upper ?? 0) - (count - j) * POSITION_SPACING;
    if (upper === undefined) return Math.max(lower, now - count) + j + 1;
    return lower + ((upper - lower) * (j + 1)) / (count + 1);
  });
  const bounded = [lower ?? -Infinity, ...positions, upper ?? Infinity];
  const increasing = bounded.every((position, i) => i === 0 || (bounded[i - 1] ?? 0) < position);
  return increasing && positions.every(Number.isFinite) ? positions : null;
}

/** Positions `now - (n - 1) * spacing` … `now` for a whole list, in its order. */
function respaced(order: string[], now: number): Map<string, number> {
  const positions = positionsBetween(undefined, undefined, order.length, now);
  if (!positions) throw new Error(`Cannot respace a list at the time ${now}.`);
  return new Map(order.map((id, i) => [id, positions[i] ?? now]));
}

/**
 * New positions for the items of `order` that are not in `kept` (those keep theirs), each run of
 * them spread between the kept items around it; the whole list respaced when a run does not fit.
 */
function place(
  order: string[],
  current: Map<string, number>,
  kept: Set<string>,
  now: number,
): Map<string, number> {
  const positions = new Map<string, number>();
  let run: string[] = [];
  let lower: number | undefined;
  for (const id of [...order, null]) {
    const upper = id === null ? undefined : current.get(id);
    if (id !== null && !kept.has(id)) {
      run.push(id);
      continue;
    }
    if (run.length > 0) {
      const spread = positionsBetween(lower, upper, run.length, now);
      if (!spread) return respaced(order, now);
      run.forEach((moved, i) => positions.set(moved, spread[i] ?? now));
      run = [];
    }
    lower = upper;
  }
  return positions;
}

/** The indexes of one longest strictly increasing subsequence of `values`, in order. */
export function longestIncreasingRun(values: number[]): number[] {
  // tails[k] is the index ending the increasing run of length k + 1 whose last value is smallest.
  const tails: number[] = [];
  const tailValues: number[] = [];
  const previous: number[] = [];
  values.forEach((value, i) => {
    let low = 0;
    let high = tailValues.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((tailValues[middle] ?? Infinity) < value) low = middle + 1;
      else high = middle;
    }
    previous.push(low > 0 ? (tails[low - 1] ?? -1) : -1);
    tails[low] = i;
    tailValues[low] = value;
  });
  const run: number[] = [];
  for (let i = tails.at(-1) ?? -1; i >= 0; i = previous[i] ?? -1) run.unshift(i);
  return run;
}

export const hasDuplicates = (ids: string[]): boolean => new Set(ids).size !== ids.length;

/**
 * The positions that put `current` (in its stored order) into the order `ids`, or null when
 * `ids` is not exactly the current items. The longest run of items already in the right order
 * keeps its positions, so dragging one item writes one position.
 */
export function planReorder(current: PlacedItem[], ids: string[], now: number): Placement | null {
  const rank = new Map(current.map((item, i) => [item.id, i]));
  if (ids.length !== current.length || hasDuplicates(ids) || ids.some((id) => !rank.has(id))) {
    return null;
  }
  const ranks = ids.map((id) => rank.get(id) ?? -1);
  const kept = new Set(longestIncreasingRun(ranks).map((i) => ids[i] ?? ''));
  const positions = new Map(current.map((item) => [item.id, item.position]));
  return { order: [...ids], positions: place(ids, positions, kept, now) };
}

/**
 * The positions that put item `id` at `index` of `list` (0 first, past the end last): `list`
 * may hold it already (a move within its list, which writes nothing when it is there already) or
 * not (a move from another list).
 */
export function planMove(list: PlacedItem[], id: string, index: number, now: number): Placement {
  const others = list.filter((item) => item.id !== id).map((item) => item.id);
  const at = Math.max(0, Math.min(index, others.length));
  if (list[at]?.id === id) return { order: list.map((item) => item.id), positions: new Map() };
  const order = [...others.slice(0, at), id, ...others.slice(at)];
  const positions = new Map(list.map((item) => [item.id, item.position]));
  return { order, positions: place(order, positions, new Set(others), now) };
}
