import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import type { ReaderMessage } from '../../firmware-protocol/messages.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { EventStore } from '../store/types.js';
import { RulingError } from '../api/runtime.js';
import { ReaderSupervisor, type Connection, type SupervisorOptions } from './supervisor.js';

const CMD_SNAP = encodeLine({ type: 'CMD', command: 'snap' });
const T0 = 1_000_000;
const STALE_MS = 5000;

/** Two readers of table t1 (a rack reader with `in` and `top`, a wall reader), and their sightings. */
class Bench {
  readonly store: EventStore;
  readonly sup: ReaderSupervisor;
  readonly seen: string[] = [];
  readonly statusCalls: string[] = [];
  clock = T0;
  /** the supervisor's timers on the virtual clock: due time → callbacks */
  readonly timers = new Map<number, { due: number; fn: () => void }>();
  private nextTimer = 1;

  constructor(store?: EventStore, opts: SupervisorOptions = {}) {
    this.store = store ?? openSqliteStore(':memory:');
    this.sup = new ReaderSupervisor(
      new Map([
        ['RK-E1', ['in', 'top']],
        ['WL-1', ['wall']],
      ]),
      this.store,
      {
        snapshot: (z, tags) => this.seen.push(`SNAP ${z} ${tags.join(',')}`),
        add: (z, tag) => this.seen.push(`ADD ${z} ${tag}`),
        remove: (z, tag) => this.seen.push(`DEL ${z} ${tag}`),
        status: (r) => this.statusCalls.push(r),
      },
      STALE_MS,
      {
        tableOf: (id) => (id === 'RK-E1' || id === 'WL-1' ? 't1' : undefined),
        now: () => this.clock,
        timers: {
          set: (fn, ms) => {
            const id = this.nextTimer++;
            this.timers.set(id, { due: this.clock + ms, fn });
            return id;
          },
          clear: (id) => this.timers.delete(id as number),
        },
        ...opts,
      },
    );
  }

  /** Moves the virtual clock on by `ms`, running every timer that falls due on the way, in time order. */
  advance(ms: number): void {
    const end = this.clock + ms;
    for (;;) {
      const next = [...this.timers.entries()].filter(([, t]) => t.due <= end).sort((a, b) => a[1].due - b[1].due)[0];
      if (!next) break;
      this.timers.delete(next[0]);
      this.clock = next[1].due;
      next[1].fn();
    }
    this.clock = end;
  }

  /**
   * A connection as a transport makes it: opened (its first `CMD snap` written and left out of
   * `sent`, unless `open` is false: then opened() is the test's to call).
   */
  conn(name: string, open = true): Connection & { sent: string[] } {
    const sent: string[] = [];
    const c = { name, sent, write: (l: string) => sent.push(l) };
    if (open) {
      this.sup.opened(c);
      sent.length = 0;
    }
    return c;
  }

  send(c: Connection, msg: ReaderMessage | string, dt = 10): void {
    this.clock += dt;
    this.sup.line(c, typeof msg === 'string' ? msg : encodeLine(msg), this.clock);
  }

  hello(c: Connection, id = 'RK-E1', zones = ['in', 'top']): void {
    this.send(c, { type: 'HELLO', reader: id, firmware: '1.2.0', protocol: 0, zones });
  }

  /** HELLO then a SNAP per zone from seq 0 (what a reader answers to CMD snap). */
  sync(c: Connection, id = 'RK-E1', zones = ['in', 'top']): void {
    this.hello(c, id, zones);
    zones.forEach((z, i) => this.send(c, { type: 'SNAP', seq: i, zone: z, tags: [] }));
  }

  /**
   * The reader's heartbeat, once a second for `seconds` s on the virtual clock (timers run on the
   * way): `HB seq=first`, `first + 1`, … each 1000 ms after the last (990 ms advanced, 10 ms in `send`).
   * @returns the next sequence number
   */
  beat(c: Connection, seconds: number, first: number): number {
    for (let i = 0; i < seconds; i++) {
      this.advance(990);
      this.send(c, { type: 'HB', seq: first + i, uptimeMs: 0 });
    }
    return first + seconds;
  }

  state(id = 'RK-E1') {
    return this.sup.statuses(this.clock).find((s) => s.id === id);
  }
}

const TAG_A = 'E004015012345678';
const TAG_B = 'E004015087654321';

describe('reader states', () => {
  it('offline → unsynced after HELLO → connected after a SNAP of every zone → stale after staleMs of silence', () => {
    const b = new Bench();
    expect(b.state()?.state).toBe('offline');
    const c = b.conn('/dev/ttyUSB0', false);
    b.sup.opened(c);
    expect(c.sent).toEqual([CMD_SNAP]);
    b.hello(c);
    expect(b.state()?.state).toBe('unsynced');
    b.send(c, { type: 'SNAP', seq: 0, zone: 'in', tags: [TAG_A] });
    expect(b.state()?.state).toBe('unsynced'); // `top` has had no snapshot yet
    b.send(c, { type: 'SNAP', seq: 1, zone: 'top', tags: [] });
    expect(b.state()).toEqual({
      id: 'RK-E1',
      state: 'connected',
      lastMessageAt: b.clock,
      discarded: 0,
      port: '/dev/ttyUSB0',
      physicalId: null,
      firmware: '1.2.0',
      sof: false,
      errors: {},
      gaps: 0,
      lost: [],
      linesLost: 0,
      duplicates: 0,
      reconnects: 0,
    });
    expect(b.sup.untrusted(b.clock)).toEqual(['WL-1']);
    expect(b.sup.stateOf('RK-E1', b.clock + STALE_MS)).toBe('connected');
    expect(b.sup.stateOf('RK-E1', b.clock + STALE_MS + 1)).toBe('stale');
  });

  it('a closed port that the transport retries is reconnecting; closed for good is offline; HELLO + SNAPs bring it back', () => {
    const b = new Bench();
    const c1 = b.conn('/dev/rfcomm0', false);
    b.sup.opened(c1);
    b.sync(c1);
    b.sup.closed(c1, 'Port closed: disconnected', true);
    expect(b.state()?.state).toBe('reconnecting');
    expect(b.state()?.reconnects).toBe(1);
    expect(b.sup.untrusted(b.clock)).toEqual(['RK-E1', 'WL-1']);
    const c2 = b.conn('/dev/rfcomm0', false);
    b.sup.opened(c2);
    expect(b.state()?.state).toBe('reconnecting'); // open, but no HELLO yet
    b.sync(c2);
    expect(b.state()?.state).toBe('connected');
    b.sup.closed(c2, 'closed', false);
    expect(b.state()?.state).toBe('offline');
    expect(b.state()?.reconnects).toBe(2);
  });
});

describe('lines', () => {
  it('a corrupted line then a good one: one discard counted by reason, one message', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    b.sync(c);
    const good = encodeLine({ type: 'ADD', seq: 2, zone: 'in', tag: TAG_A });
    const bad = good.slice(0, -1) + (good.endsWith('0') ? '1' : '0'); // one wrong CRC digit
    b.send(c, bad);
    b.send(c, good);
    expect(b.seen).toEqual(['SNAP RK-E1/in ', 'SNAP RK-E1/top ', `ADD RK-E1/in ${TAG_A}`]);
    expect(b.state()?.discarded).toBe(1);
    expect(b.state()?.errors).toEqual({ 'bad-checksum': 1 });
    b.send(c, 'ADD seq=3 zone=in'); // no *CCCC trailer
    expect(b.state()?.errors).toEqual({ 'bad-checksum': 1, truncated: 1 });
    expect(b.state()?.discarded).toBe(2);
  });

  it('bad lines before the HELLO are counted on the reader once it says who it is; a SNAP for a zone it does not have is counted too', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    b.send(c, 'HELLO rdr=RK-E1 fw=1.2.0 proto=0 zones=in,t'); // half a line left by an unplug
    b.sync(c);
    b.send(c, { type: 'SNAP', seq: 2, zone: 'floor', tags: [] });
    expect(b.state()?.errors).toEqual({ truncated: 1, 'unknown-zone': 1 });
    expect(b.state()?.discarded).toBe(2);
  });

  it('messages are deduplicated by (reader, sequence): a repeated ADD is applied once', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    b.sync(c);
    const add = { type: 'ADD', seq: 2, zone: 'in', tag: TAG_A } as const;
    b.send(c, add);
    b.send(c, add);
    b.send(c, { type: 'DEL', seq: 3, zone: 'in', tag: TAG_A });
    b.send(c, add); // an old one arriving late
    expect(b.seen.slice(2)).toEqual([`ADD RK-E1/in ${TAG_A}`, `DEL RK-E1/in ${TAG_A}`]);
    expect(b.state()?.duplicates).toBe(2);
    expect(b.state()?.gaps).toBe(0);
  });

  it('a reboot (a new HELLO, then seq from 0 again) is a new epoch: its SNAPs and ADDs are taken', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    b.sync(c);
    for (let s = 2; s < 40; s++) b.send(c, { type: 'HB', seq: s, uptimeMs: s * 1000 });
    b.sync(c); // rebooted: HELLO, SNAP seq=0, SNAP seq=1
    b.send(c, { type: 'ADD', seq: 2, zone: 'top', tag: TAG_B });
    expect(b.seen).toEqual(['SNAP RK-E1/in ', 'SNAP RK-E1/top ', 'SNAP RK-E1/in ', 'SNAP RK-E1/top ', `ADD RK-E1/top ${TAG_B}`]);
    expect(b.state()?.duplicates).toBe(0);
    expect(b.state()?.gaps).toBe(0);
    expect(c.sent).toEqual([]);
  });

  it('a restart without a HELLO (seq far below the last): a new epoch, a snapshot asked for, deltas wait for it', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    b.sync(c);
    b.send(c, { type: 'HB', seq: 5000, uptimeMs: 1 }); // gap 1 → CMD snap
    b.clock += 2000;
    b.send(c, { type: 'ADD', seq: 0, zone: 'in', tag: TAG_A }); // 5000 behind: not a repeat
    expect(b.seen).toEqual(['SNAP RK-E1/in ', 'SNAP RK-E1/top ']); // a delta before the new epoch's snapshot cannot be placed
    expect(b.state()?.state).toBe('unsynced');
    expect(b.state()?.gaps).toBe(2);
    expect(c.sent).toEqual([CMD_SNAP, CMD_SNAP]);
    b.sync(c); // the answer: HELLO, SNAP seq=0, SNAP seq=1
    expect(b.state()?.state).toBe('connected');
  });

  it('a reboot whose HELLO was lost (seq back to 0, less than the duplicate window below): not duplicates, a new epoch and a snapshot', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    b.sync(c); // SNAP seq=0 in (empty), SNAP seq=1 top (empty)
    for (let s = 2; s < 40; s++) b.send(c, { type: 'HB', seq: s, uptimeMs: s * 1000 });
    b.clock += 1500; // rebooting; its HELLO is corrupted on the wire
    b.send(c, { type: 'SNAP', seq: 0, zone: 'in', tags: [TAG_A] }); // the boot snapshot: 39 behind, but not the line seq 0 was
    b.send(c, { type: 'SNAP', seq: 1, zone: 'top', tags: [] });
    b.send(c, { type: 'HB', seq: 2, uptimeMs: 1000 });
    b.send(c, { type: 'ADD', seq: 3, zone: 'top', tag: TAG_B });
    expect(b.seen).toEqual(['SNAP RK-E1/in ', 'SNAP RK-E1/top ', `SNAP RK-E1/in ${TAG_A}`, 'SNAP RK-E1/top ', `ADD RK-E1/top ${TAG_B}`]);
    expect(b.state()).toMatchObject({ state: 'connected', duplicates: 0, gaps: 1 });
    expect(c.sent).toEqual([CMD_SNAP]); // the truth asked for once
  });

  it('a reboot whose HELLO was lost and whose boot snapshots repeat the old ones byte for byte: the first different line starts the new epoch', () => {
    const d = new Bench();
    const e = d.conn('/dev/ttyUSB1');
    d.sync(e);
    for (let s = 2; s < 40; s++) d.send(e, { type: 'HB', seq: s, uptimeMs: s * 1000 });
    d.clock += 1500;
    d.send(e, { type: 'SNAP', seq: 0, zone: 'in', tags: [] }); // the same bytes as the old seq 0: a repeat for all the hub can tell
    d.send(e, { type: 'SNAP', seq: 1, zone: 'top', tags: [] });
    expect(d.state()).toMatchObject({ state: 'connected', duplicates: 2, gaps: 0 });
    d.send(e, { type: 'HB', seq: 2, uptimeMs: 1000 }); // old seq 2 said up=2000: the reader restarted
    expect(d.state()).toMatchObject({ state: 'unsynced', duplicates: 2, gaps: 1 });
    expect(e.sent).toEqual([CMD_SNAP]);
    d.send(e, { type: 'ADD', seq: 3, zone: 'in', tag: TAG_A }); // waits for the snapshot
    expect(d.seen).toEqual(['SNAP RK-E1/in ', 'SNAP RK-E1/top ']);
    d.sync(e); // the answer to CMD snap
    expect(d.state()?.state).toBe('connected');
    expect(d.seen.slice(2)).toEqual(['SNAP RK-E1/in ', 'SNAP RK-E1/top ']);
  });

  it('a restart detected less than 1000 ms after the last CMD snap asks again once the 1000 ms have passed, until its zones have a snapshot', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    b.sync(c);
    for (let s = 2; s < 10; s++) b.send(c, { type: 'HB', seq: s, uptimeMs: s * 1000 });
    b.send(c, { type: 'HB', seq: 12, uptimeMs: 12_000 }); // 10, 11 lost → CMD snap
    b.send(c, { type: 'HB', seq: 0, uptimeMs: 5 }, 300); // rebooted, HELLO lost: 300 ms after that request
    expect(c.sent).toEqual([CMD_SNAP]);
    b.send(c, { type: 'HB', seq: 1, uptimeMs: 1005 }, 800); // 1100 ms after it
    expect(c.sent).toEqual([CMD_SNAP, CMD_SNAP]);
    b.send(c, { type: 'HB', seq: 2, uptimeMs: 2005 }, 500);
    expect(c.sent).toEqual([CMD_SNAP, CMD_SNAP]);
  });

  it('a sequence gap asks for exactly one CMD snap per reader within 1000 ms, then one more after', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    b.sync(c); // seq 0, 1
    b.send(c, { type: 'ADD', seq: 4, zone: 'in', tag: TAG_A }, 10); // 2 and 3 lost
    expect(c.sent).toEqual([CMD_SNAP]);
    b.send(c, { type: 'HB', seq: 9, uptimeMs: 1 }, 300);
    b.send(c, { type: 'HB', seq: 20, uptimeMs: 2 }, 600); // 900 ms after the first request
    expect(c.sent).toEqual([CMD_SNAP]);
    expect(b.state()?.gaps).toBe(3);
    b.send(c, { type: 'HB', seq: 30, uptimeMs: 3 }, 100); // 1000 ms after it
    expect(c.sent).toEqual([CMD_SNAP, CMD_SNAP]);
    expect(b.seen.at(-1)).toBe(`ADD RK-E1/in ${TAG_A}`); // the delta after the gap is still a hint taken
  });

  it('a sequence number wraps to 0 after 2147483647 without a gap', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    b.hello(c);
    b.send(c, { type: 'SNAP', seq: 2147483646, zone: 'in', tags: [] });
    b.send(c, { type: 'SNAP', seq: 2147483647, zone: 'top', tags: [] });
    b.send(c, { type: 'HB', seq: 0, uptimeMs: 1 });
    expect(b.state()?.gaps).toBe(0);
    expect(b.state()?.state).toBe('connected');
  });

  it('data before any HELLO asks who is there, at most once a second per connection', () => {
    const b = new Bench();
    const c = b.conn('tcp://127.0.0.1:7700');
    b.send(c, { type: 'HB', seq: 3, uptimeMs: 1 });
    b.send(c, { type: 'HB', seq: 4, uptimeMs: 2 }, 500);
    expect(c.sent).toEqual([CMD_SNAP]);
    b.send(c, { type: 'HB', seq: 5, uptimeMs: 3 }, 500);
    expect(c.sent).toEqual([CMD_SNAP, CMD_SNAP]);
    expect(b.seen).toEqual([]);
  });
});

describe('one live session per reader id', () => {
  it("two connections say the same HELLO id: the newest wins and the old connection's later lines are ignored", () => {
    const b = new Bench();
    const oldConn = b.conn('/dev/ttyUSB0');
    const newConn = b.conn('/dev/rfcomm0');
    b.sync(oldConn);
    b.sync(newConn);
    expect(b.state()?.port).toBe('/dev/rfcomm0');
    b.send(oldConn, { type: 'ADD', seq: 2, zone: 'in', tag: TAG_A });
    b.send(oldConn, { type: 'HELLO', reader: 'RK-E1', firmware: '1.2.0', protocol: 0, zones: ['in', 'top'] });
    b.send(oldConn, { type: 'SNAP', seq: 0, zone: 'in', tags: [TAG_A] });
    b.send(newConn, { type: 'ADD', seq: 2, zone: 'in', tag: TAG_B });
    expect(b.seen).toEqual(['SNAP RK-E1/in ', 'SNAP RK-E1/top ', 'SNAP RK-E1/in ', 'SNAP RK-E1/top ', `ADD RK-E1/in ${TAG_B}`]);
    expect(b.state()?.port).toBe('/dev/rfcomm0');
    expect(oldConn.sent).toEqual([]); // never asked again (it would answer HELLO and take over)
    b.sup.closed(oldConn, 'closed');
    expect(b.state()?.state).toBe('connected'); // the old one closing does not touch the live session
  });
});

describe('unknown readers and director rulings', () => {
  it('an unknown HELLO id waits (its reads go nowhere) until the director assigns it to a slot whose reader never came', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyACM3', false);
    b.sup.opened(c);
    b.sync(c, 'RK-X9');
    expect(b.seen).toEqual([]);
    expect(c.sent).toEqual([CMD_SNAP]);
    expect(b.sup.directory(b.clock)).toMatchObject({
      unknown: [{ id: 'RK-X9', port: '/dev/ttyACM3', at: T0 + 10, firmware: '1.2.0', zones: ['in', 'top'], connected: true }],
      removed: [],
    });
    expect(b.state()?.state).toBe('offline');

    b.sup.assign('RK-X9', 'RK-E1', 'Dora');
    expect(b.store.events('t1').map((e) => [e.type, e.data])).toEqual([['reader-assigned', { reader: 'RK-X9', as: 'RK-E1', by: 'Dora' }]]);
    expect(c.sent).toEqual([CMD_SNAP, CMD_SNAP]); // asked for its snapshots again
    expect(b.sup.unknownReaders()).toEqual([]);
    expect(b.state()).toMatchObject({ state: 'unsynced', port: '/dev/ttyACM3', physicalId: 'RK-X9' });
    b.sync(c, 'RK-X9');
    b.send(c, { type: 'ADD', seq: 2, zone: 'top', tag: TAG_A });
    expect(b.seen).toEqual(['SNAP RK-E1/in ', 'SNAP RK-E1/top ', `ADD RK-E1/top ${TAG_A}`]);
    expect(b.state()?.state).toBe('connected');
  });

  it('assign refuses: 404 a reader not waiting, 404 a slot not configured, 409 a slot whose reader is connected', () => {
    const b = new Bench();
    const own = b.conn('/dev/ttyUSB0');
    b.sync(own);
    const c = b.conn('/dev/ttyUSB1');
    b.hello(c, 'RK-X9');
    const err = (f: () => void) => {
      try {
        f();
      } catch (e) {
        return e instanceof RulingError ? [e.status, e.message] : e;
      }
      return null;
    };
    expect(err(() => b.sup.assign('RK-Z0', 'WL-1'))).toEqual([404, "reader 'RK-Z0' is not waiting for the director (it has not said HELLO with an unknown id since the hub started)"]);
    expect(err(() => b.sup.assign('RK-X9', 'RK-Q1'))).toEqual([404, "no configured reader 'RK-Q1' (body.as must name a reader of the table config)"]);
    expect(err(() => b.sup.assign('RK-X9', 'RK-E1'))).toEqual([409, "reader 'RK-E1' is connected (connected): only a slot whose reader is not connected can be given to another"]);
    expect(b.store.events('t1')).toEqual([]);
  });

  it('a configured reader that never comes can be removed: it no longer shows, nor holds counts back; if it comes later it waits', () => {
    const b = new Bench();
    expect(b.sup.untrusted(b.clock)).toEqual(['RK-E1', 'WL-1']);
    b.sup.remove('WL-1');
    expect(b.store.events('t1').map((e) => [e.type, e.data])).toEqual([['reader-removed', { reader: 'WL-1', by: 'director' }]]);
    expect(b.sup.statuses(b.clock).map((s) => s.id)).toEqual(['RK-E1']);
    expect(b.sup.untrusted(b.clock)).toEqual(['RK-E1']);
    expect(b.sup.directory(b.clock).removed).toEqual(['WL-1']);
    expect(() => b.sup.remove('WL-1')).toThrow("no expected reader 'WL-1' (configured and not removed already)");

    const c = b.conn('/dev/ttyUSB2');
    b.sync(c, 'WL-1', ['wall']);
    expect(b.seen).toEqual([]);
    expect(b.sup.unknownReaders().map((u) => u.id)).toEqual(['WL-1']);
    b.sup.assign('WL-1', 'WL-1'); // the director expects it again
    expect(b.sup.statuses(b.clock).map((s) => [s.id, s.state])).toEqual([
      ['RK-E1', 'offline'],
      ['WL-1', 'unsynced'],
    ]);
  });

  it('a connected reader cannot be removed (409)', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    b.sync(c);
    expect(() => b.sup.remove('RK-E1')).toThrow("reader 'RK-E1' is connected (connected): only a reader that is not connected can be removed");
  });

  it('a restart keeps the rulings: the alias and the removal are read back from the store', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyACM3');
    b.hello(c, 'RK-X9');
    b.sup.assign('RK-X9', 'RK-E1');
    b.sup.remove('WL-1');
    const again = new Bench(b.store);
    expect(again.sup.directory(again.clock)).toMatchObject({ readers: [{ id: 'RK-E1', state: 'offline' }], unknown: [], removed: ['WL-1'] });
    const c2 = again.conn('/dev/ttyACM0');
    again.sync(c2, 'RK-X9');
    expect(again.state()).toMatchObject({ id: 'RK-E1', state: 'connected', physicalId: 'RK-X9', port: '/dev/ttyACM0' });
    expect(again.seen).toEqual(['SNAP RK-E1/in ', 'SNAP RK-E1/top ']);
  });
});

describe('protocol version 1 readers', () => {
  it('a gap asks a v1 reader to replay from the first missing line, then for a snapshot (PROTOCOL.md §6.1)', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    b.send(c, { type: 'HELLO', reader: 'RK-E1', firmware: '2.0.0', protocol: 1, zones: ['in', 'top'] });
    b.send(c, { type: 'SNAP', seq: 0, zone: 'in', tags: [] });
    b.send(c, { type: 'SNAP', seq: 1, zone: 'top', tags: [] });
    c.sent.length = 0;
    b.send(c, { type: 'ADD', seq: 5, zone: 'in', tag: '04A1B2C3D4E5F6' }); // 2, 3 and 4 were lost
    expect(c.sent).toEqual([encodeLine({ type: 'CMD', command: 'replay', from: 2 }), CMD_SNAP]);
  });

  /** A v1 reader whose seq 3 (DEL in TAG_A) and 4 (ADD top TAG_A) are lost, then replays 3… (PROTOCOL.md §6.1). */
  function replayed(b: Bench): Connection & { sent: string[] } {
    const c = b.conn('/dev/ttyUSB0');
    b.send(c, { type: 'HELLO', reader: 'RK-E1', firmware: '2.0.0', protocol: 1, zones: ['in', 'top'] });
    b.send(c, { type: 'SNAP', seq: 0, zone: 'in', tags: [], rssi: [] });
    b.send(c, { type: 'SNAP', seq: 1, zone: 'top', tags: [], rssi: [] });
    b.send(c, { type: 'ADD', seq: 2, zone: 'in', tag: TAG_A, rssi: -51 });
    b.send(c, { type: 'HB', seq: 5, uptimeMs: 2520 }); // gap: expected 3
    expect(c.sent).toEqual([encodeLine({ type: 'CMD', command: 'replay', from: 3 }), CMD_SNAP]);
    b.send(c, { type: 'DEL', seq: 3, zone: 'in', tag: TAG_A });
    b.send(c, { type: 'ADD', seq: 4, zone: 'top', tag: TAG_A, rssi: -49 });
    b.send(c, { type: 'HB', seq: 5, uptimeMs: 2520 }); // had it: a repeat
    b.send(c, { type: 'DEL', seq: 3, zone: 'in', tag: TAG_A }); // replayed once more (a second request): a repeat now
    return c;
  }

  it('a replayed line in the gap is accepted once: not a repeat, not a reboot; the lines the hub had are repeats (PROTOCOL.md §6.1)', () => {
    const b = new Bench();
    const c = replayed(b);
    expect(b.state()).toMatchObject({ state: 'connected', gaps: 1, duplicates: 2 });
    expect(c.sent).toHaveLength(2); // no reboot suspected: no more snapshots asked for
    expect(b.seen.slice(2)).toEqual([`ADD RK-E1/in ${TAG_A}`]); // by default not applied: the snapshot asked for with the replay is the truth
    // line 1 is the CMD snap the hub sent when the port opened, 2-6 came in, 7-8 are the CMD replay
    // and CMD snap the hub sent, 9-10 the replay
    expect(b.store.rawLines([9, 10]).map((l) => l.line.split('*')[0])).toEqual([`DEL seq=3 zone=in tag=${TAG_A}`, `ADD seq=4 zone=top tag=${TAG_A} rssi=-49`]);
    b.send(c, { type: 'HB', seq: 6, uptimeMs: 3520 }); // and the sequence goes on from 5
    expect(b.state()).toMatchObject({ gaps: 1, duplicates: 2 });
  });

  it('with applyReplayed, the replayed deltas of the gap are handed on once, in seq order', () => {
    const b = new Bench(undefined, { applyReplayed: true });
    replayed(b);
    expect(b.seen.slice(2)).toEqual([`ADD RK-E1/in ${TAG_A}`, `DEL RK-E1/in ${TAG_A}`, `ADD RK-E1/top ${TAG_A}`]);
    expect(b.state()).toMatchObject({ state: 'connected', gaps: 1, duplicates: 2 });
  });

  it('with applyReplayed, a replayed delta older than a delta of the same tag applied since is not applied (the later line says where the tag is)', () => {
    const b = new Bench(undefined, { applyReplayed: true });
    const c = b.conn('/dev/ttyUSB0');
    b.send(c, { type: 'HELLO', reader: 'RK-E1', firmware: '2.0.0', protocol: 1, zones: ['in', 'top'] });
    b.send(c, { type: 'SNAP', seq: 0, zone: 'in', tags: [], rssi: [] });
    b.send(c, { type: 'SNAP', seq: 1, zone: 'top', tags: [], rssi: [] });
    // seq 2 (ADD in TAG_A) is lost; its DEL comes
    b.send(c, { type: 'DEL', seq: 3, zone: 'in', tag: TAG_A });
    b.send(c, { type: 'ADD', seq: 2, zone: 'in', tag: TAG_A, rssi: -50 }); // replayed: older than the DEL
    b.send(c, { type: 'ADD', seq: 4, zone: 'top', tag: TAG_B, rssi: -50 });
    expect(b.seen.slice(2)).toEqual([`DEL RK-E1/in ${TAG_A}`, `ADD RK-E1/top ${TAG_B}`]);
    expect(b.state()).toMatchObject({ state: 'connected', gaps: 1, duplicates: 0 });
  });

  it('a replay that arrives after the HELLO answering the CMD snap sent with it: no reboot; the deltas older than the new snapshots are not applied', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    const hello: ReaderMessage = { type: 'HELLO', reader: 'RK-E1', firmware: '2.0.0', protocol: 1, zones: ['in', 'top'] };
    b.send(c, hello);
    b.send(c, { type: 'SNAP', seq: 0, zone: 'in', tags: [], rssi: [] });
    b.send(c, { type: 'SNAP', seq: 1, zone: 'top', tags: [], rssi: [] });
    b.send(c, { type: 'ADD', seq: 2, zone: 'in', tag: TAG_A, rssi: -51 });
    // seq 3 (DEL in TAG_A) is lost
    b.send(c, { type: 'HB', seq: 4, uptimeMs: 2520 });
    expect(c.sent).toEqual([encodeLine({ type: 'CMD', command: 'replay', from: 3 }), CMD_SNAP]);
    // the commands crossed on the way: the snap is answered first, then the replay
    b.send(c, hello);
    b.send(c, { type: 'SNAP', seq: 5, zone: 'in', tags: [], rssi: [] });
    b.send(c, { type: 'SNAP', seq: 6, zone: 'top', tags: [], rssi: [] });
    b.send(c, { type: 'DEL', seq: 3, zone: 'in', tag: TAG_A }); // the gap's line, older than the snapshot of `in`
    b.send(c, { type: 'HB', seq: 4, uptimeMs: 2520 }); // had it
    expect(b.seen.slice(2)).toEqual([`ADD RK-E1/in ${TAG_A}`, 'SNAP RK-E1/in ', 'SNAP RK-E1/top ']);
    expect(b.state()).toMatchObject({ state: 'connected', gaps: 1, duplicates: 1 });
    expect(c.sent).toHaveLength(2); // no reboot suspected, no more snapshots asked for
  });

  it('a v0 reader is only asked for a snapshot', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    b.sync(c);
    c.sent.length = 0;
    b.send(c, { type: 'ADD', seq: 9, zone: 'in', tag: '04A1B2C3D4E5F6' });
    expect(c.sent).toEqual([CMD_SNAP]);
  });

  it('a v1 reader is held to v1 tag kinds: an ISO 15693 UID sent least significant byte first is discarded', () => {
    const b = new Bench();
    const c = b.conn('/dev/ttyUSB0');
    b.send(c, { type: 'HELLO', reader: 'RK-E1', firmware: '2.0.0', protocol: 1, zones: ['in', 'top'] });
    b.send(c, { type: 'SNAP', seq: 0, zone: 'in', tags: [] });
    b.send(c, { type: 'SNAP', seq: 1, zone: 'top', tags: [] });
    b.seen.length = 0;
    b.send(c, { type: 'ADD', seq: 2, zone: 'in', tag: '78563412500104E0' });
    expect(b.seen).toEqual([]);
    expect(b.state()!.discarded).toBe(1);
  });
});

describe('asking again for snapshots (a CMD snap lost, a reader unsynced)', () => {
  /** a connection that records when (ms after T0) each line was written to it */
  function timed(b: Bench, name: string): Connection & { sent: string[]; at: number[] } {
    const sent: string[] = [];
    const at: number[] = [];
    return {
      name,
      sent,
      at,
      write: (l) => {
        sent.push(l);
        at.push(b.clock - T0);
      },
    };
  }

  it('the first CMD snap is lost: asked again at 500, 1500, 3500, 7500, 15500, 23500 ms (doubling, capped at 8000), then synced and asked no more', () => {
    const entries: Record<string, unknown>[] = [];
    const log = pino({ level: 'debug', base: undefined }, { write: (l: string) => void entries.push(JSON.parse(l)) });
    const b = new Bench(undefined, { log });
    const c = timed(b, '/dev/ttyUSB0');
    b.sup.opened(c); // the reader was not listening yet: this CMD snap is lost, it says nothing
    b.advance(499);
    expect(c.at).toEqual([0]);
    b.advance(25_000 - 499);
    // waits 500, 1000, 2000, 4000, 8000, 8000: 0+500 = 500, +1000 = 1500, +2000 = 3500, +4000 = 7500, +8000 = 15500, +8000 = 23500
    expect(c.at).toEqual([0, 500, 1500, 3500, 7500, 15500, 23500]);
    expect(c.sent.every((l) => l === CMD_SNAP)).toBe(true);
    expect(b.state()?.state).toBe('offline'); // no HELLO yet: no reader on this port
    // the ask of 23500 ms is heard: HELLO (25010 ms, 1510 ms after it: its answer) then a SNAP per zone
    b.sync(c);
    expect(b.state()?.state).toBe('connected');
    expect(b.timers.size).toBe(1); // synced: the retry is stopped; the stale watch is left
    b.beat(c, 60, 2);
    expect(c.at).toHaveLength(7); // no more asks while its heartbeat comes
    // logged once when the asking again started (no reader known yet), once when synced
    const said = entries.filter((e) => String(e.msg).includes('asking again') || String(e.msg).includes('synced')).map((e) => e.msg);
    expect(said).toEqual(['no HELLO on /dev/ttyUSB0 500 ms after asking; asking again (CMD snap) every 500-8000 ms until it answers', 'reader synced on /dev/ttyUSB0 after 6 more CMD snap']);
  });

  it('a HELLO whose SNAP of `top` is lost: unsynced, asked again 500 ms after the HELLO, synced by the answer', () => {
    const b = new Bench();
    const c = timed(b, '/dev/ttyUSB0');
    b.sup.opened(c); // 0 ms
    b.hello(c); // 10 ms: the answer to the ask at 0 (under 5000 ms): not asked again at once
    b.send(c, { type: 'SNAP', seq: 0, zone: 'in', tags: [TAG_A] }); // 20 ms; the SNAP of top (seq 1) is lost
    expect(b.state()?.state).toBe('unsynced');
    b.advance(1000 - 20); // the backoff starts again at the HELLO: 10 + 500 = 510
    expect(c.at).toEqual([0, 510]);
    b.sync(c); // the answer: HELLO, SNAP in, SNAP top
    expect(b.state()?.state).toBe('connected');
    expect(b.timers.size).toBe(1); // the stale watch
    b.beat(c, 60, 2);
    expect(c.at).toEqual([0, 510]);
  });

  it('a reader that reboots (a new HELLO nobody asked for) is asked for its snapshots at once, and again while its SNAPs are missing', () => {
    const b = new Bench();
    const c = timed(b, '/dev/ttyUSB0');
    b.sup.opened(c);
    b.sync(c); // HELLO 10, SNAPs 20, 30 ms: synced
    b.beat(c, 59, 2); // HB each second up to 59030 ms: no asks
    b.advance(60_000 - 59_030);
    expect(c.at).toEqual([0]);
    b.hello(c); // 60010 ms: rebooted; its boot SNAPs lost
    expect(c.at).toEqual([0, 60_010]); // asked at once: 60010 - 0 is over 5000 ms, not an answer
    expect(b.state()?.state).toBe('unsynced');
    b.advance(500);
    expect(c.at).toEqual([0, 60_010, 60_510]);
    b.sync(c); // 60520..60540 ms: the answer to the ask of 60510
    expect(b.state()?.state).toBe('connected');
    b.beat(c, 60, 2);
    expect(c.at).toHaveLength(3);
  });

  it('closing the connection, or the supervisor, stops the asking: no timer left', () => {
    const b = new Bench();
    const c = timed(b, '/dev/ttyUSB0');
    b.sup.opened(c);
    b.hello(c); // no SNAPs
    expect(b.timers.size).toBe(2); // the retry and the stale watch
    b.sup.closed(c, 'Port closed: disconnected', true);
    expect(b.timers.size).toBe(0);
    b.advance(60_000);
    expect(c.at).toEqual([0]);
    const d = timed(b, '/dev/ttyUSB1');
    const e = timed(b, '/dev/ttyUSB2');
    b.sup.opened(d);
    b.sup.opened(e);
    expect(b.timers.size).toBe(2);
    b.sup.close();
    expect(b.timers.size).toBe(0);
    b.advance(60_000);
    expect([d.sent.length, e.sent.length]).toEqual([1, 1]);
  });

  it('a superseding connection (the same reader id on another port) is asked; the old one no more', () => {
    const b = new Bench();
    const c1 = timed(b, '/dev/ttyUSB0');
    const c2 = timed(b, '/dev/rfcomm0');
    b.sup.opened(c1); // 0 ms
    b.hello(c1); // 10 ms, no SNAPs: unsynced
    b.sup.opened(c2); // 10 ms
    b.hello(c2); // 20 ms: the newest session wins; its SNAPs lost
    b.advance(600);
    expect(c1.at).toEqual([0]); // superseded: never asked again
    expect(c2.at).toEqual([10, 520]); // 20 + 500
    b.sync(c2);
    expect(b.timers.size).toBe(1); // c2's stale watch; c1 has none left
  });

  it('an unknown reader id is not asked again: it waits for the director', () => {
    const b = new Bench();
    const c = timed(b, '/dev/ttyACM3');
    b.sup.opened(c);
    b.hello(c, 'RK-X9');
    expect(b.timers.size).toBe(0);
    b.advance(60_000);
    expect(c.at).toEqual([0]);
  });
});

describe('a stale reader is asked for its snapshots (silent longer than staleMs, still connected)', () => {
  function timed(b: Bench, name: string): Connection & { sent: string[]; at: number[] } {
    const sent: string[] = [];
    const at: number[] = [];
    const write = (l: string) => {
      sent.push(l);
      at.push(b.clock - T0);
    };
    return { name, sent, at, write };
  }

  it('asked once the first ms it is stale (8031 ms), then at 8531, 9531, 11531, 15531, 23531, 31531 ms; its answer stops the asks', () => {
    const entries: Record<string, unknown>[] = [];
    const log = pino({ level: 'debug', base: undefined }, { write: (l: string) => void entries.push(JSON.parse(l)) });
    const b = new Bench(undefined, { log });
    const c = timed(b, '/dev/ttyUSB0');
    b.sup.opened(c); // 0 ms
    b.sync(c); // HELLO 10 (the answer), SNAPs 20, 30 ms: connected
    const next = b.beat(c, 3, 2); // HB at 1030, 2030, 3030 ms; then nothing reaches the hub
    expect(c.at).toEqual([0]);
    b.advance(8030 - 3030);
    expect(b.state()?.state).toBe('connected'); // 8030 - 3030 = 5000 ms silent: not more than staleMs
    expect(c.at).toEqual([0]);
    b.advance(1);
    expect(b.state()?.state).toBe('stale'); // 5001 ms silent
    expect(c.at).toEqual([0, 8031]);
    expect(b.statusCalls.at(-1)).toBe('RK-E1'); // the sink heard its state change
    b.advance(31_531 - 8031);
    // 8031 + 500 = 8531, + 1000 = 9531, + 2000 = 11531, + 4000 = 15531, + 8000 = 23531, + 8000 = 31531
    expect(c.at).toEqual([0, 8031, 8531, 9531, 11531, 15531, 23531, 31531]);
    expect(c.sent.every((l) => l === CMD_SNAP)).toBe(true);
    // the ask of 31531 ms is heard: HELLO (31541 ms, the answer: not asked at once again), SNAPs
    b.hello(c);
    b.send(c, { type: 'SNAP', seq: next, zone: 'in', tags: [] });
    b.send(c, { type: 'SNAP', seq: next + 1, zone: 'top', tags: [] });
    expect(b.state()?.state).toBe('connected');
    b.beat(c, 30, next + 2);
    expect(c.at).toHaveLength(8); // heard each second again: no more asks
    const said = entries.filter((e) => String(e.msg).includes('stale') || String(e.msg).includes('synced')).map((e) => e.msg);
    expect(said).toEqual(['reader stale on /dev/ttyUSB0: no line for 5001 ms (stale after 5000 ms); asking for a snapshot (CMD snap)', 'reader synced on /dev/ttyUSB0 after 6 more CMD snap']);
  });

  it('a line that comes late but within staleMs moves the watch on: asked only 5001 ms after the last line', () => {
    const b = new Bench();
    const c = timed(b, '/dev/ttyUSB0');
    b.sup.opened(c);
    b.sync(c); // last line at 30 ms
    b.advance(4000);
    b.send(c, { type: 'HB', seq: 2, uptimeMs: 4000 }); // 4040 ms
    b.advance(9040 - 4040); // 5000 ms after it: not stale yet
    expect(c.at).toEqual([0]);
    b.advance(1);
    expect(c.at).toEqual([0, 9041]); // 4040 + 5001
  });

  it('a stale reader that closes is asked no more: no timer left', () => {
    const b = new Bench();
    const c = timed(b, '/dev/ttyUSB0');
    b.sup.opened(c);
    b.sync(c);
    b.advance(5001 + 30);
    expect(c.at).toEqual([0, 5031]); // 30 + 5001
    b.sup.closed(c, 'Port closed: disconnected', true);
    expect(b.timers.size).toBe(0);
    b.advance(60_000);
    expect(c.at).toEqual([0, 5031]);
  });
});

describe('start of frame (sof=1 in HELLO, PROTOCOL.md §2)', () => {
  it("a HELLO with sof=1 shows in the reader's status as sof: true; its next HELLO without sof turns it back to false; null before any HELLO", () => {
    const b = new Bench();
    expect(b.state()?.sof).toBe(null);
    const c = b.conn('/dev/ttyUSB0');
    b.send(c, { type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 1, zones: ['in', 'top'], sof: true });
    expect(b.state()?.sof).toBe(true);
    b.send(c, { type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 1, zones: ['in', 'top'] }); // no sof field
    expect(b.state()?.sof).toBe(false);
  });
});
