/**
 * hub/transports/connection-log.ts: an unreachable reader says so once (with the reason and the
 * backoff), not at every retry; a reader that comes back says so once.
 */
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '../readers/supervisor.js';
import { formatDelay, withConnectionLog } from './connection-log.js';
import { openTcp } from './tcp.js';
import type { Transport, TransportSink } from './transport.js';

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});

function quietSink(): TransportSink & { events: string[] } {
  const events: string[] = [];
  return {
    events,
    opened: (c) => events.push(`opened ${c.name}`),
    line: () => undefined,
    overlong: () => undefined,
    closed: (c, reason) => events.push(`closed ${c.name} ${reason}`),
    retrying: (name, attempt) => events.push(`retrying ${name} ${attempt}`),
  };
}

/** A port nobody listens on (bound, then closed). */
async function deadPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('withConnectionLog', () => {
  it('formats delays in ms below a second, in seconds above', () => {
    expect([formatDelay(250), formatDelay(1000), formatDelay(2000), formatDelay(1500), formatDelay(5000)]).toEqual(['250 ms', '1 s', '2 s', '1.5 s', '5 s']);
  });

  it('logs one line per change of state, whatever the number of retries, and passes every call on', () => {
    const lines: string[] = [];
    const inner = quietSink();
    const sink = withConnectionLog(inner, (l) => lines.push(l));
    const conn: Connection = { name: 'tcp://10.0.0.9:7700', write: () => undefined };
    sink.retrying!(conn.name, 0, 250, 'ECONNREFUSED');
    sink.retrying!(conn.name, 1, 500, 'ECONNREFUSED');
    sink.retrying!(conn.name, 2, 1000, 'EHOSTUNREACH');
    expect(lines).toEqual(['reader tcp://10.0.0.9:7700: cannot connect (ECONNREFUSED); retrying in 250 ms, backing off to 5 s']);
    sink.opened(conn);
    expect(lines[1]).toBe('reader tcp://10.0.0.9:7700: connected again after 3 failed attempts');
    sink.closed(conn, 'socket closed', true);
    sink.retrying!(conn.name, 0, 250, 'socket closed');
    sink.retrying!(conn.name, 1, 500, 'ECONNREFUSED');
    expect(lines[2]).toBe('reader tcp://10.0.0.9:7700: connection lost (socket closed); retrying in 250 ms, backing off to 5 s');
    sink.opened(conn);
    expect(lines[3]).toBe('reader tcp://10.0.0.9:7700: connected again after 1 failed attempt');
    expect(lines).toHaveLength(4);
    expect(inner.events).toEqual([
      'retrying tcp://10.0.0.9:7700 0',
      'retrying tcp://10.0.0.9:7700 1',
      'retrying tcp://10.0.0.9:7700 2',
      'opened tcp://10.0.0.9:7700',
      'closed tcp://10.0.0.9:7700 socket closed',
      'retrying tcp://10.0.0.9:7700 0',
      'retrying tcp://10.0.0.9:7700 1',
      'opened tcp://10.0.0.9:7700',
    ]);
  });

  it('a port that connects at once, or is closed on purpose, logs nothing', () => {
    const lines: string[] = [];
    const sink = withConnectionLog(quietSink(), (l) => lines.push(l));
    const conn: Connection = { name: '/dev/ttyUSB0', write: () => undefined };
    sink.opened(conn);
    sink.closed(conn, 'closed', false);
    expect(lines).toEqual([]);
  });

  it('a TCP reader nobody listens on: one "cannot connect (ECONNREFUSED)" line over several retries, then "connected again"', async () => {
    const port = await deadPort();
    const url = `tcp://127.0.0.1:${port}`;
    const lines: string[] = [];
    const inner = quietSink();
    const t: Transport = openTcp(
      url,
      withConnectionLog(inner, (l) => lines.push(l)),
      { backoff: () => 40 },
    );
    open.push(t);
    await vi.waitFor(() => expect(inner.events.filter((e) => e.startsWith('retrying')).length).toBeGreaterThanOrEqual(3), 3000);
    // three failed attempts, still the one line
    expect(lines).toEqual([`reader ${url}: cannot connect (ECONNREFUSED); retrying in 40 ms, backing off to 5 s`]);
    // the reader comes up on that port
    const srv = net.createServer(() => undefined);
    await new Promise<void>((r) => srv.listen(port, '127.0.0.1', () => r()));
    open.push({ close: () => new Promise<void>((r) => srv.close(() => r())) });
    await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(2), 3000);
    expect(lines[1]).toMatch(new RegExp(`^reader ${url.replace(/[.:/]/g, '\\$&')}: connected again after \\d+ failed attempts$`));
    expect(lines).toHaveLength(2);
    await t.close();
  });
});
