/**
 * Reader faults as the table engine shows them (a real ReaderSupervisor feeding the Royale Siamese
 * demo table, hub/table/test-bench.ts): a sequence gap reaches the director's view as its range of
 * lost lines, never the public view.
 */
import { describe, expect, it } from 'vitest';
import type { ReaderMessage } from '../../firmware-protocol/messages.js';
import { toPublic } from '../api/public-view.js';
import { HandBench, closedAfterEach } from './test-bench.js';

const keep = closedAfterEach<HandBench>();

describe("a reader's lost lines in the engine's views", () => {
  it("three lines of RK-E1 lost on the wire: the director's view names their range (3 lines), the public view (as sent, hub/api/public-view.ts) does not", () => {
    const b = keep(new HandBench());
    b.build();
    let first: number | null = null;
    const hb = (seq: number): ReaderMessage => {
      first ??= seq;
      return { type: 'HB', seq, uptimeMs: 0 };
    };
    for (let i = 0; i < 3; i++) b.send('RK-E1', hb, true); // used, never arrive
    b.advance(100);
    b.send('RK-E1', (seq) => ({ type: 'HB', seq, uptimeMs: 0 })); // first + 3
    const from = first!;
    const director = b.engine.directorView().readers.find((r) => r.id === 'RK-E1')!;
    expect([director.gaps, director.lost, director.linesLost]).toEqual([1, [{ from, to: from + 2, lines: 3, at: b.clock }], 3]);
    const pub = toPublic(b.view()).readers.find((r) => r.id === 'RK-E1')!;
    expect(Object.keys(pub).sort()).toEqual(['discarded', 'id', 'lastMessageAt', 'state']);
  });
});
