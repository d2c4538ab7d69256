import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  POSITION_SPACING,
  longestIncreasingRun,
  planMove,
  planReorder,
  positionsBetween,
  type Placement,
  type PlacedItem,
} from './order-positions';

const NOW = 1_750_000_000_000;

const listOf = (...positions: number[]): PlacedItem[] =>
  positions.map((position, i) => ({ id: `item${i}`, position }));

/** The list's items sorted by their positions once `placement` is written. */
function orderAfter(list: PlacedItem[], placement: Placement): string[] {
  return list
    .map((item) => ({ id: item.id, position: placement.positions.get(item.id) ?? item.position }))
    .sort((a, b) => a.position - b.position)
    .map((item) => item.id);
}

/** Positions along the placement's order once it is written. */
function positionsAlong(list: PlacedItem[], placement: Placement): number[] {
  const stored = new Map(list.map((item) => [item.id, item.position]));
  return placement.order.map((id) => placement.positions.get(id) ?? stored.get(id) ?? NaN);
}

/** The smallest double above `x`. */
function nextDouble(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigInt64(0);
  view.setBigInt64(0, x > 0 ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}

const strictlyIncreasing = (positions: number[]) =>
  positions.every((position, i) => i === 0 || (positions[i - 1] ?? Infinity) < position);

describe('positionsBetween', () => {
  it('takes the midpoint between two neighbours', () => {
    expect(positionsBetween(1000, 2000, 1, NOW)).toEqual([1500]);
    expect(positionsBetween(1000, 1001, 1, NOW)).toEqual([1000.5]);
  });

  it('spreads several items evenly between two neighbours', () => {
    expect(positionsBetween(1000, 2000, 3, NOW)).toEqual([1250, 1500, 1750]);
  });

  it('goes one spacing below the first item', () => {
    expect(positionsBetween(undefined, 5000, 1, NOW)).toEqual([5000 - POSITION_SPACING]);
    expect(positionsBetween(undefined, 5000, 2, NOW)).toEqual([3000, 4000]);
  });

  it('after the last item reaches now, so later creations still come after it', () => {
    expect(positionsBetween(NOW - 60_000, undefined, 1, NOW)).toEqual([NOW]);
    expect(positionsBetween(NOW - 60_000, undefined, 2, NOW)).toEqual([NOW - 1, NOW]);
  });

  it('after a last item later than now goes just past it', () => {
    expect(positionsBetween(NOW + 10, undefined, 1, NOW)).toEqual([NOW + 11]);
  });

  it('starts an empty list at now', () => {
    expect(positionsBetween(undefined, undefined, 1, NOW)).toEqual([NOW]);
  });

  it('answers null once doubles run out between the neighbours', () => {
    const next = 1 + Number.EPSILON;
    expect(positionsBetween(1, next, 1, NOW)).toBeNull();
    expect(positionsBetween(NOW, NOW, 1, NOW)).toBeNull();
    expect(positionsBetween(NOW, NOW + 0.001, 100, NOW)).toBeNull();
    expect(positionsBetween(2 ** 60, undefined, 1, NOW)).toBeNull();
  });
});

describe('longestIncreasingRun', () => {
  it('finds one longest strictly increasing subsequence', () => {
    expect(longestIncreasingRun([])).toEqual([]);
    expect(longestIncreasingRun([0, 1, 2])).toEqual([0, 1, 2]);
    expect(longestIncreasingRun([2, 1, 0])).toHaveLength(1);
    expect(longestIncreasingRun([1, 0, 2, 3, 4, 5])).toHaveLength(5);
    expect(longestIncreasingRun([3, 0, 1, 2, 5, 4])).toEqual([1, 2, 3, 5]);
  });
});

describe('planReorder', () => {
  const list = listOf(1000, 2000, 3000, 4000, 5000, 6000);
  const ids = list.map((item) => item.id);

  it('writes one position when one item is dragged elsewhere', () => {
    const dragged = ['item0', 'item1', 'item4', 'item2', 'item3', 'item5'];
    const placement = planReorder(list, dragged, NOW);
    expect(placement?.positions).toEqual(new Map([['item4', 2500]]));
    expect(orderAfter(list, placement as Placement)).toEqual(dragged);
  });

  it('writes one position when the first item goes last, or the last first', () => {
    const last = planReorder(list, [...ids.slice(1), 'item0'], NOW);
    expect(last?.positions).toEqual(new Map([['item0', NOW]]));
    const first = planReorder(list, ['item5', ...ids.slice(0, 5)], NOW);
    expect(first?.positions).toEqual(new Map([['item5', 1000 - POSITION_SPACING]]));
  });

  it('writes nothing for the current order and n - 1 positions for the reverse', () => {
    expect(planReorder(list, ids, NOW)?.positions.size).toBe(0);
    const reversed = [...ids].reverse();
    const placement = planReorder(list, reversed, NOW);
    expect(placement?.positions.size).toBe(5);
    expect(orderAfter(list, placement as Placement)).toEqual(reversed);
  });

  it('refuses ids that are not exactly the current items', () => {
    expect(planReorder(list, ids.slice(1), NOW)).toBeNull();
    expect(planReorder(list, [...ids, 'item6'], NOW)).toBeNull();
    expect(planReorder(list, [...ids.slice(1), 'stranger'], NOW)).toBeNull();
    expect(planReorder(list, [...ids.slice(1), 'item1'], NOW)).toBeNull();
    expect(planReorder([], [], NOW)).toEqual({ order: [], positions: new Map() });
  });

  it('respaces the whole list when the gap it needs has no double left', () => {
    const tight = listOf(1, 1 + Number.EPSILON, 2);
    const placement = planReorder(tight, ['item0', 'item2', 'item1'], NOW);
    expect(placement?.positions).toEqual(
      new Map([
        ['item0', NOW - 2 * POSITION_SPACING],
        ['item2', NOW - POSITION_SPACING],
        ['item1', NOW],
      ]),
    );
  });

  it('puts any list into any order, one write per item outside the longest kept run', () => {
    // Strictly increasing stored positions, some of them adjacent doubles.
    const lists = fc
      .tuple(
        fc.double({ min: -1e12, max: 1e13, noNaN: true }),
        fc.array(fc.oneof(fc.constant(0), fc.double({ min: 1e-3, max: 1e6, noNaN: true })), {
          minLength: 0,
          maxLength: 30,
        }),
      )
      .map(([start, gaps]) => {
        const positions = [start];
        for (const gap of gaps) {
          const last = positions.at(-1) ?? start;
          positions.push(Math.max(last + gap, nextDouble(last)));
        }
        return listOf(...positions);
      })
      .chain((list) =>
        fc.tuple(
          fc.constant(list),
          fc.shuffledSubarray(
            list.map((item) => item.id),
            { minLength: list.length },
          ),
        ),
      );
    let respaces = 0;
    fc.assert(
      fc.property(lists, ([list, ids]) => {
        expect(strictlyIncreasing(list.map((item) => item.position))).toBe(true);
        const placement = planReorder(list, ids, NOW);
        expect(placement).not.toBeNull();
        const along = positionsAlong(list, placement as Placement);
        expect(strictlyIncreasing(along), along.join(' ')).toBe(true);
        const ranks = ids.map((id) => list.findIndex((item) => item.id === id));
        const moved = ids.length - longestIncreasingRun(ranks).length;
        const written = placement?.positions.size ?? -1;
        if (written !== moved) {
          respaces += 1;
          expect(written).toBe(ids.length);
        }
      }),
      { numRuns: 500 },
    );
    expect(respaces).toBeGreaterThan(0);
  });
});

describe('planMove', () => {
  const target = listOf(1000, 2000, 3000);

  it('inserts an item from another list first, between two items, or last', () => {
    expect(planMove(target, 'moved', 0, NOW)).toEqual({
      order: ['moved', 'item0', 'item1', 'item2'],
      positions: new Map([['moved', 0]]),
    });
    expect(planMove(target, 'moved', 2, NOW).positions).toEqual(new Map([['moved', 2500]]));
    expect(planMove(target, 'moved', 3, NOW).positions).toEqual(new Map([['moved', NOW]]));
  });

  it('puts an index past the end last', () => {
    expect(planMove(target, 'moved', 99, NOW).order.at(-1)).toBe('moved');
  });

  it('starts an empty list at now', () => {
    expect(planMove([], 'moved', 0, NOW)).toEqual({
      order: ['moved'],
      positions: new Map([['moved', NOW]]),
    });
  });

  it('moves an item within its own list, and writes nothing when it is there already', () => {
    expect(planMove(target, 'item0', 2, NOW)).toEqual({
      order: ['item1', 'item2', 'item0'],
      positions: new Map([['item0', NOW]]),
    });
    expect(planMove(target, 'item2', 0, NOW).positions).toEqual(new Map([['item2', 0]]));
    expect(planMove(target, 'item1', 1, NOW).positions.size).toBe(0);
    expect(planMove(target, 'item2', 7, NOW).positions.size).toBe(0);
  });

  it('halves one gap until doubles run out, one write each, then respaces the whole list', () => {
    // Generated lists are created at now + index: neighbours 1 ms apart.
    let list = listOf(NOW, NOW + 1, NOW + 2);
    let halvings = 0;
    for (let drag = 0; drag < 100; drag += 1) {
      // Drag the last item between the first two, again and again.
      const last = list.at(-1)?.id ?? '';
      const placement = planMove(list, last, 1, NOW + 3);
      expect(strictlyIncreasing(positionsAlong(list, placement))).toBe(true);
      list = placement.order.map((id) => ({
        id,
        position:
          placement.positions.get(id) ?? list.find((item) => item.id === id)?.position ?? NaN,
      }));
      if (placement.positions.size > 1) {
        expect(placement.positions.size).toBe(3);
        expect(list.map((item) => item.position)).toEqual([
          NOW + 3 - 2 * POSITION_SPACING,
          NOW + 3 - POSITION_SPACING,
          NOW + 3,
        ]);
        break;
      }
      halvings += 1;
    }
    // Around 1.75e12 doubles lie 2^-12 apart: a gap of 1 ms halves 12 times, then runs out.
    expect(halvings).toBe(12);
  });
});
