/**
 * Five times the realistic noise (README "Noise", seed 28): the hub must know, when it happens, that lines of a
 * reader were lost, so the tracker holds a weak read of that reader until the snapshots come back
 * (hub/tracking/tracker.ts `setIncomplete`, fed by hub/table/machine.ts from the reader's counts).
 * A corrupted line already told the sink (`status`, its `discarded` count); a line lost on the wire
 * with no trace showed only as a sequence gap, which did not.
 */
import { describe, expect, it } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import type { ReaderMessage } from '../../firmware-protocol/messages.js';
import { openSqliteStore } from '../store/sqlite.js';
import { ReaderSupervisor, type Connection } from './supervisor.js';

function bench() {
  const calls: { reader: string; gaps: number | undefined; seen: number }[] = [];
  const seen: string[] = [];
  let clock = 1_000_000;
  let sup: ReaderSupervisor | null = null;
  sup = new ReaderSupervisor(
    new Map([['RK-E1', ['in', 'top']]]),
    openSqliteStore(':memory:'),
    {
      snapshot: (z, tags) => seen.push(`SNAP ${z} ${tags.join(',')}`),
      add: (z, tag) => seen.push(`ADD ${z} ${tag}`),
      remove: (z, tag) => seen.push(`DEL ${z} ${tag}`),
      status: (r) => calls.push({ reader: r, gaps: sup!.statuses(clock).find((s) => s.id === r)!.gaps, seen: seen.length }),
    },
    5000,
  );
  const sent: string[] = [];
  const conn: Connection = { name: '/dev/ttyUSB0', write: (l) => sent.push(l) };
  const send = (m: ReaderMessage) => {
    clock += 10;
    sup!.line(conn, encodeLine(m), clock);
  };
  return { sup, calls, seen, sent, send };
}

describe("a sequence gap tells the sink at once (the reader's zones are incomplete until their snapshots)", () => {
  it('seq 3 lost on the wire: at seq 4 the sink hears `status` with gaps 1, before the ADD of seq 4 is handed on', () => {
    const b = bench();
    b.send({ type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 1, zones: ['in', 'top'] });
    b.send({ type: 'SNAP', seq: 0, zone: 'in', tags: [] });
    b.send({ type: 'SNAP', seq: 1, zone: 'top', tags: [] });
    b.send({ type: 'ADD', seq: 2, zone: 'in', tag: '04000000000001', rssi: -45 });
    const before = b.calls.length;
    // seq 3 (an ADD on the top) never arrives
    b.send({ type: 'ADD', seq: 4, zone: 'in', tag: '04000000000002', rssi: -71 });
    expect(b.calls.slice(before)).toEqual([{ reader: 'RK-E1', gaps: 1, seen: 3 }]);
    expect(b.seen).toEqual(['SNAP RK-E1/in ', 'SNAP RK-E1/top ', 'ADD RK-E1/in 04000000000001', 'ADD RK-E1/in 04000000000002']);
    expect(b.sent.slice(-2)).toEqual([encodeLine({ type: 'CMD', command: 'replay', from: 3 }), encodeLine({ type: 'CMD', command: 'snap' })]);
  });
});

describe("a sequence gap is reported as its range in the reader's status", () => {
  it('after seq 1 comes seq 40: lines 2-39 lost (38 lines); a second gap adds its range, the count sums both', () => {
    const b = bench();
    b.send({ type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 0, zones: ['in', 'top'] });
    b.send({ type: 'SNAP', seq: 0, zone: 'in', tags: [] });
    b.send({ type: 'SNAP', seq: 1, zone: 'top', tags: [] }); // 1_000_030
    b.send({ type: 'HB', seq: 40, uptimeMs: 40_000 }); // 1_000_040: 2..39 never came
    const status = () => b.sup.statuses(1_000_100).find((s) => s.id === 'RK-E1')!;
    expect([status().gaps, status().lost, status().linesLost]).toEqual([1, [{ from: 2, to: 39, lines: 38, at: 1_000_040 }], 38]); // 39 - 2 + 1 = 38
    b.send({ type: 'HB', seq: 41, uptimeMs: 41_000 });
    b.send({ type: 'HB', seq: 43, uptimeMs: 43_000 }); // 1_000_060: 42 lost
    expect(status().lost).toEqual([
      { from: 2, to: 39, lines: 38, at: 1_000_040 },
      { from: 42, to: 42, lines: 1, at: 1_000_060 },
    ]);
    expect([status().gaps, status().linesLost]).toEqual([2, 39]); // 38 + 1
  });

  it('a range across the wrap (2147483646, then 1): lines 2147483647-0 lost, 2 lines; only the last 8 ranges are kept, every line counted', () => {
    const b = bench();
    b.send({ type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 0, zones: ['in', 'top'] });
    b.send({ type: 'SNAP', seq: 2147483645, zone: 'in', tags: [] });
    b.send({ type: 'SNAP', seq: 2147483646, zone: 'top', tags: [] });
    b.send({ type: 'HB', seq: 1, uptimeMs: 0 }); // 2147483647 and 0 lost
    const status = () => b.sup.statuses(2_000_000).find((s) => s.id === 'RK-E1')!;
    expect(status().lost).toEqual([{ from: 2147483647, to: 0, lines: 2, at: 1_000_040 }]);
    // nine gaps of one line each: seq 3, 5, 7, … 19 (2, 4, … 18 lost)
    for (let seq = 3; seq <= 19; seq += 2) b.send({ type: 'HB', seq, uptimeMs: 0 });
    expect(status().lost!.map((g) => g.from)).toEqual([4, 6, 8, 10, 12, 14, 16, 18]); // the last 8 of 2147483647, 2, 4, … 18
    expect([status().gaps, status().linesLost]).toEqual([10, 11]); // 1 + 9 gaps; 2 + 9 lines
  });
});
