/**
 * The reader supervisor logs each reader's connect, disconnect, sequence gap (with the lines lost)
 * and restart once, with its table and reader (hub/log.ts, `readers` part): what an operator reads
 * in `<data>/hub.log` when a rack's reader misbehaves.
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import type { ReaderMessage } from '../../firmware-protocol/messages.js';
import { openSqliteStore } from '../store/sqlite.js';
import { ReaderSupervisor, type Connection } from './supervisor.js';

function bench() {
  const entries: Record<string, unknown>[] = [];
  const log = pino({ level: 'debug', base: undefined }, { write: (l: string) => void entries.push(JSON.parse(l)) }).child({ part: 'readers' });
  let clock = 1_000_000;
  const sup = new ReaderSupervisor(new Map([['RK-E1', ['in', 'top']]]), openSqliteStore(':memory:'), { snapshot: () => {}, add: () => {}, remove: () => {}, status: () => {} }, 5000, {
    tableOf: () => 't1',
    log,
    now: () => clock,
  });
  const conn: Connection = { name: '/dev/ttyUSB0', write: () => {} };
  const send = (m: ReaderMessage) => {
    clock += 10;
    sup.line(conn, encodeLine(m), clock);
  };
  const said = () => entries.map((e) => `${e.level} ${e.part} ${e.table} ${e.reader}: ${e.msg}`);
  return { sup, conn, send, said, wait: (ms: number) => (clock += ms) };
}

const HELLO: ReaderMessage = { type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 1, zones: ['in', 'top'] };

describe("a reader's life in the hub log, one entry per event, with table and reader", () => {
  it('connect, the HELLO that answers a snapshot request (not logged), a gap of 3 lines, a restart, a disconnect', () => {
    const b = bench();
    b.sup.opened(b.conn);
    b.send(HELLO);
    b.send({ type: 'SNAP', seq: 0, zone: 'in', tags: [] });
    b.send({ type: 'SNAP', seq: 1, zone: 'top', tags: [] });
    // seq 2, 3 and 4 are lost on the wire: lines 2-4 (5 - 2 = 3 lines)
    b.send({ type: 'ADD', seq: 5, zone: 'in', tag: '04000000000001' });
    // the hub asked for a snapshot: the HELLO that answers it is no restart
    b.send(HELLO);
    b.send({ type: 'SNAP', seq: 6, zone: 'in', tags: [] });
    b.send({ type: 'SNAP', seq: 7, zone: 'top', tags: [] });
    // a minute later, a HELLO nobody asked for on the same cable: the reader restarted
    b.wait(60_000);
    b.send(HELLO);
    b.send({ type: 'SNAP', seq: 0, zone: 'in', tags: [] });
    b.send({ type: 'SNAP', seq: 1, zone: 'top', tags: [] });
    b.send({ type: 'HB', seq: 2, uptimeMs: 61_000 });
    // a restart whose HELLO was lost: the sequence goes back from 2 to 0
    b.send({ type: 'HB', seq: 0, uptimeMs: 500 });
    b.sup.closed(b.conn, 'Port closed: disconnected');
    expect(b.said()).toEqual([
      '30 readers t1 RK-E1: reader connected on /dev/ttyUSB0 (firmware 1.0.0, protocol 1)',
      '40 readers t1 RK-E1: sequence gap: lines 2-4 lost; asked for a snapshot and a replay',
      '40 readers t1 RK-E1: reader restarted on /dev/ttyUSB0 (firmware 1.0.0, protocol 1)',
      '40 readers t1 RK-E1: reader restarted: its sequence went back from 2 to 0 with no HELLO; asked for snapshots',
      '40 readers t1 RK-E1: reader disconnected from /dev/ttyUSB0 (Port closed: disconnected); waiting for it to come back',
    ]);
  });

  it('an unknown reader is logged once, with the port it came on', () => {
    const b = bench();
    b.sup.opened(b.conn);
    b.send({ ...HELLO, reader: 'RK-X9' } as ReaderMessage);
    b.send({ ...HELLO, reader: 'RK-X9' } as ReaderMessage);
    expect(b.said()).toEqual(['40 readers undefined RK-X9: unknown reader RK-X9 on /dev/ttyUSB0: not in the table config; it waits for the director to assign it']);
  });
});
