/**
 * The serial transport on `@serialport/binding-mock` (no pseudo-terminal: mock-serial.test-helpers.ts):
 * unplug and replug, a corrupted line, a sequence gap, and two ports saying the same HELLO id,
 * through the reader supervisor. The same transport over real pseudo-terminals (socat) is in
 * test/e2e/pty-links.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeLine, frameLine } from '../../firmware-protocol/codec.js';
import { ReaderSupervisor, SNAP_REQUEST_INTERVAL_MS } from '../readers/supervisor.js';
import { openSqliteStore } from '../store/sqlite.js';
import { VirtualReader } from '../simulator/reader.js';
import { MockSerialDevice, openMockPort } from './mock-serial.test-helpers.js';
import { openSerial } from './serial.js';
import type { Transport, TransportSink } from './transport.js';

const CMD_SNAP = encodeLine({ type: 'CMD', command: 'snap' });
const TAG_A = 'E004015012345678';
const TAG_B = 'E004015087654321';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A hub's reader side: supervisor over an in-memory store, sightings and sink events recorded. */
function hubSide(now: () => number = Date.now) {
  const store = openSqliteStore(':memory:');
  cleanups.push(() => store.close());
  const seen: string[] = [];
  const events: string[] = [];
  const sup = new ReaderSupervisor(
    new Map([['RK-E1', ['in', 'top']]]),
    store,
    {
      snapshot: (z, tags) => seen.push(`SNAP ${z} ${tags.join(',')}`),
      add: (z, tag) => seen.push(`ADD ${z} ${tag}`),
      remove: (z, tag) => seen.push(`DEL ${z} ${tag}`),
      status: () => {},
    },
    5000,
    { now }, // the clock of the lines too: a reader is stale by the time of its last line
  );
  const sink: TransportSink = {
    opened: (c) => {
      events.push('opened');
      sup.opened(c);
    },
    line: (c, text, at) => sup.line(c, text, at),
    overlong: (c, o, at) => sup.overlong(c, o, at),
    closed: (c, reason, retrying) => {
      events.push(`closed retrying=${String(retrying)}`);
      sup.closed(c, reason, retrying);
    },
    retrying: (_name, attempt, delayMs) => events.push(`retry ${attempt} in ${delayMs} ms`),
  };
  const state = () => sup.statuses(now())[0]!;
  return { store, sup, sink, seen, events, state };
}

let devices = 0;

/** A virtual reader on a mock serial device: answers `CMD snap` with HELLO + a SNAP per zone; keeps the lines the hub wrote to it. */
function readerOn(id = 'RK-E1') {
  const device = new MockSerialDevice(`/dev/mock/${id}-${++devices}`);
  const got: string[] = [];
  const reader = new VirtualReader({ id, zones: ['in', 'top'], send: (l) => device.write(l), heartbeatMs: 0 });
  cleanups.push(() => reader.disconnect());
  let buf = '';
  device.onData = (chunk) => {
    buf += chunk;
    const lines = buf.split('\n');
    buf = lines.pop()!;
    got.push(...lines);
    reader.receive(chunk);
  };
  return { device, reader, got };
}

/** openSerial on the mock binding; `ports` are the ports it made, one per attempt. */
function open(path: string, sink: TransportSink, opts: { now?: () => number } = {}, backoff = (n: number) => Math.min(400, 50 * 2 ** n)) {
  const ports: ReturnType<typeof openMockPort>[] = [];
  const t: Transport = openSerial(path, sink, {
    backoff,
    ...opts,
    openPort: (p, baud) => {
      const port = openMockPort(p, baud);
      ports.push(port);
      return port;
    },
  });
  cleanups.push(() => t.close());
  return { t, ports };
}

describe('serial transport on the mock binding', () => {
  it('unplug and replug: close seen, reconnecting, reopened with backoff, HELLO + snapshot, connected again', async () => {
    const { device, reader } = readerOn();
    reader.load('in', [TAG_A]);
    const hub = hubSide();
    open(device.path, hub.sink);
    await vi.waitFor(() => expect(hub.state().state).toBe('connected'), 3000);
    expect(hub.seen).toEqual([`SNAP RK-E1/in ${TAG_A}`, 'SNAP RK-E1/top ']);
    expect(hub.state().port).toBe(device.path);

    device.unplug();
    await vi.waitFor(() => expect(hub.state().state).toBe('reconnecting'), 3000);
    expect(hub.events.slice(0, 2)).toEqual(['opened', 'closed retrying=true']);
    await vi.waitFor(() => expect(hub.events.filter((e) => e.startsWith('retry')).length).toBeGreaterThanOrEqual(3), 3000);
    // capped exponential backoff while the port is gone: 50, 100, 200 ms …
    expect(hub.events.filter((e) => e.startsWith('retry')).slice(0, 3)).toEqual(['retry 0 in 50 ms', 'retry 1 in 100 ms', 'retry 2 in 200 ms']);
    expect(hub.state().state).toBe('reconnecting');

    reader.add('top', TAG_B); // the reader keeps counting tiles while unplugged
    device.replug();
    await vi.waitFor(() => expect(hub.state().state).toBe('connected'), 5000);
    expect(hub.events.filter((e) => e === 'opened')).toHaveLength(2);
    expect(hub.seen.slice(2)).toEqual([`SNAP RK-E1/in ${TAG_A}`, `SNAP RK-E1/top ${TAG_B}`]);
    expect(hub.state()).toMatchObject({ state: 'connected', reconnects: 1, discarded: 0, port: device.path });
  });

  it('a corrupted line then a good one: one discard counted by reason, one message', async () => {
    const { device } = readerOn();
    const hub = hubSide();
    open(device.path, hub.sink);
    await vi.waitFor(() => expect(hub.state().state).toBe('connected'), 3000);
    const good = encodeLine({ type: 'ADD', seq: 2, zone: 'in', tag: TAG_A });
    const bad = frameLine(`ADD seq=2 zone=in tag=${TAG_B}`).replace(/\*[0-9A-F]{4}$/, good.slice(-5)); // another line's CRC
    device.write(bad + '\n' + good + '\n');
    await vi.waitFor(() => expect(hub.seen).toHaveLength(3), 3000);
    expect(hub.seen[2]).toBe(`ADD RK-E1/in ${TAG_A}`);
    expect(hub.state()).toMatchObject({ discarded: 1, errors: { 'bad-checksum': 1 } });
  });

  it(`a sequence gap: exactly one CMD snap within ${SNAP_REQUEST_INTERVAL_MS} ms, however many gaps`, async () => {
    const { device, got } = readerOn();
    // the hub's clock stands still: the three gaps below come within one interval of the first snap
    const now = () => 1_000_000;
    const hub = hubSide(now);
    const { ports } = open(device.path, hub.sink, { now });
    await vi.waitFor(() => expect(hub.state().state).toBe('connected'), 3000);
    expect(got).toEqual([CMD_SNAP]);
    // the reader's seq is at 1 (two SNAPs): 5, 9 and 14 each skip some
    device.write([5, 9, 14].map((s) => encodeLine({ type: 'HB', seq: s, uptimeMs: s }) + '\n').join(''));
    await vi.waitFor(() => expect(hub.state().gaps).toBe(3), 3000);
    // the hub decides to write while it reads a line; once every write it made has reached the
    // device (nothing left in the port's write queue), no further CMD snap is on its way
    await vi.waitFor(() => expect(ports[0]!.writableLength).toBe(0), 3000);
    // the connection's snap at open, then one for the three gaps (5 ≠ 2, 9 ≠ 6, 14 ≠ 10)
    expect(got).toEqual([CMD_SNAP, CMD_SNAP]);
  });

  it("two ports say the same HELLO id: the newest session wins, the old port's lines are ignored", async () => {
    const first = readerOn();
    const second = readerOn();
    const hub = hubSide();
    const raw = vi.spyOn(hub.store, 'appendRawLine');
    open(first.device.path, hub.sink);
    await vi.waitFor(() => expect(hub.state().state).toBe('connected'), 3000);
    open(second.device.path, hub.sink);
    await vi.waitFor(() => expect([hub.state().port, hub.state().state]).toEqual([second.device.path, 'connected']), 3000);
    first.reader.add('in', TAG_A); // ADD from the superseded port: ignored
    second.reader.add('in', TAG_B);
    await vi.waitFor(() => expect(hub.seen).toContain(`ADD RK-E1/in ${TAG_B}`), 3000);
    // the superseded port's ADD has been read, and kept in the raw log as ignored
    await vi.waitFor(() => expect(raw.mock.calls.map(([r]) => [r.port, r.status])).toContainEqual([first.device.path, 'ignored: superseded by a newer session']), 3000);
    expect(hub.seen.filter((l) => l.startsWith('ADD'))).toEqual([`ADD RK-E1/in ${TAG_B}`]);
    expect(hub.state().port).toBe(second.device.path);
  });
});
