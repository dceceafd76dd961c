/**
 * The order moves go to the log (./ordering.ts `orderForLog`), both tables: moves of the same ms
 * (a late hub reads several ports' lines in one batch, all stamped alike) go in the order their
 * first line was heard, and a move waits for a tile still unsettled that left at the same ms.
 */
import { describe, expect, it } from 'vitest';
import type { SettledMove } from '../../tracking/tracker.js';
import { orderForLog } from './ordering.js';

/** A settled move of `tile` that left at `leftAt` (ms), arrived at `at`, resting on raw lines `lines`. */
const move = (tile: string, leftAt: number, at: number, lines: number[]): SettledMove => ({ tile: tile as SettledMove['tile'], tag: tile, from: 'A/in', to: 'B/in', at, leftAt, lines });

describe('orderForLog: moves of one ms', () => {
  it("one batch at 1 056 000 ms: a pick whose rack ADD (line 707) came before the discard's rack DEL (line 708): the pick first, whatever the settle order", () => {
    // every line of the batch stamped alike: both left and arrived at the same ms
    const discard = move('1B#2', 1_056_000, 1_056_000, [708, 709]);
    const pick = move('8C#1', 1_056_000, 1_056_000, [710, 707]);
    // settled in the order discard, pick; no tile unsettled (mark Infinity); no count check
    const order = orderForLog([], [discard, pick], [], Number.POSITIVE_INFINITY, 1_056_400, 250);
    expect(order.items.map((i) => i.move!.tile)).toEqual(['8C#1', '1B#2']);
    expect(order.held).toEqual([]);
  });

  it('a discard that left at the ms of a tile still unsettled (the watermark, 1 056 000) waits for it; one a ms earlier goes', () => {
    const discard = move('1B#2', 1_056_000, 1_056_050, [708, 709]);
    const earlier = move('6C#1', 1_055_999, 1_056_040, [700, 701]);
    const order = orderForLog([], [discard, earlier], [], 1_056_000, 1_056_300, 250);
    expect(order.items.map((i) => i.move!.tile)).toEqual(['6C#1']);
    expect(order.held.map((m) => m.tile)).toEqual(['1B#2']);
  });
});
