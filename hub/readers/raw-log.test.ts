/**
 * The raw log keeps what the wire said both ways: every line a reader sent and every command the
 * hub wrote to it (status `sent`), with reader, port and time (firmware-protocol/CAPTURE.md).
 */
import { describe, expect, it } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import { openSqliteStore } from '../store/sqlite.js';
import { SENT_STATUS } from './raw-log.js';
import { ReaderSupervisor, type Connection } from './supervisor.js';

describe('the raw log holds the commands sent beside the lines received', () => {
  it('CMD snap at open, the HELLO, a gap answered by CMD replay + CMD snap: in order, with reader and time', () => {
    const store = openSqliteStore(':memory:');
    let clock = 1_000_000;
    const sup = new ReaderSupervisor(new Map([['RK-E1', ['in']]]), store, { snapshot: () => {}, add: () => {}, remove: () => {}, status: () => {} }, 5000, { now: () => clock });
    const wrote: string[] = [];
    const conn: Connection = { name: '/dev/ttyUSB0', write: (l) => void wrote.push(l) };
    sup.opened(conn);
    clock += 10;
    sup.line(conn, encodeLine({ type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 1, zones: ['in'] }), clock);
    clock += 10;
    sup.line(conn, encodeLine({ type: 'SNAP', seq: 0, zone: 'in', tags: [] }), clock);
    clock += 10;
    // seq 1 lost: a gap, so CMD replay from 1 then CMD snap
    sup.line(conn, encodeLine({ type: 'HB', seq: 2, uptimeMs: 100 }), clock);
    const snap = encodeLine({ type: 'CMD', command: 'snap' });
    const replay = encodeLine({ type: 'CMD', command: 'replay', from: 1 });
    expect(wrote).toEqual([snap, replay, snap]);
    const rows = store.rawLines([1, 2, 3, 4, 5, 6]).map((l) => [l.id, l.reader, l.at, l.status, l.line]);
    expect(rows).toEqual([
      [1, null, 1_000_000, SENT_STATUS, snap], // before the HELLO: no reader yet
      [2, null, 1_000_010, 'ok', encodeLine({ type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 1, zones: ['in'] })], // a HELLO is stored before it binds its connection
      [3, 'RK-E1', 1_000_020, 'ok', encodeLine({ type: 'SNAP', seq: 0, zone: 'in', tags: [] })],
      [4, 'RK-E1', 1_000_030, 'ok', encodeLine({ type: 'HB', seq: 2, uptimeMs: 100 })],
      [5, 'RK-E1', 1_000_030, SENT_STATUS, replay],
      [6, 'RK-E1', 1_000_030, SENT_STATUS, snap],
    ]);
  });
});
