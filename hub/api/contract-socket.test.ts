/**
 * Every socket.io event the hub listens to checks its payload with the contract
 * (hub/contract/socket.ts, relay.ts): on each namespace (`/`, `/director`, `/seat`, `/relay`) the
 * events the hub's own socket has listeners for are each sent a malformed payload, and the
 * refusal (the namespace's `problem` event) names the field. A new event the hub listens to
 * fails here until it has a case.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import { attachRelay } from './relay.js';
import { createHubServer, type HubServer } from './server.js';
import { DIRECTOR_NAMESPACE, EV } from './socket-events.js';
import { SEAT_NAMESPACE } from './seat-events.js';
import { BROADCAST_EV, BROADCAST_NAMESPACE } from '../contract/broadcast.js';
import { ROOM_EV } from '../contract/room.js';
import { ROOM_SUMMARY_EV } from '../contract/room-summary.js';
import { PENALTY_LOG_EV } from '../contract/penalty-log.js';
import { RELAY_EV, RELAY_NAMESPACE } from '../transports/relay.js';
import type { TransportSink } from '../transports/transport.js';

const TOKEN = 'contract-socket-token';
const sink: TransportSink = { opened: () => {}, line: () => {}, overlong: () => {}, closed: () => {} };

let hub: HubServer;
let url: string;
const clients: Socket[] = [];

beforeAll(async () => {
  hub = await createHubServer({ tables: [new FakeTableRuntime(sampleDirectorView('t1'))], directorToken: TOKEN });
  attachRelay(hub.io, { sink, isDirectorToken: (t) => t === TOKEN });
  url = await hub.listen(0);
});
afterAll(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await hub.close();
});

/** Connects to a namespace; resolves with the client and the hub's socket for it. */
async function open(nsp: string, token?: string): Promise<{ client: Socket; events: string[] }> {
  const client = connect(url + nsp, { transports: ['websocket'], reconnection: false, forceNew: true, ...(token ? { auth: { token } } : {}) });
  clients.push(client);
  await new Promise<void>((res, rej) => {
    client.once('connect', () => res());
    client.once('connect_error', rej);
  });
  const server = hub.io.of(nsp).sockets.get(client.id!)!;
  // what the hub listens to on this socket, socket.io's own events left out
  const events = server
    .eventNames()
    .map(String)
    .filter((e) => e !== 'disconnect' && e !== 'disconnecting' && e !== 'error');
  return { client, events };
}

/** Emits `event` with `payload` and resolves with the next `problem` the hub sends back. */
async function refusal(client: Socket, problem: string, event: string, payload: unknown): Promise<string> {
  const got: string[] = [];
  const on = (p: { error: string }) => got.push(p.error);
  client.on(problem, on);
  client.emit(event, payload);
  await vi.waitFor(() => expect(got.length).toBe(1));
  client.off(problem, on);
  return got[0]!;
}

describe('every socket event the hub listens to checks its payload (the refusal names the field)', () => {
  const table = {
    [EV.watch]: 'tableId is required',
    [EV.resync]: 'tableId is required',
    [EV.unwatch]: 'tableId is required',
  };

  it('public namespace /', async () => {
    const { client, events } = await open('/');
    expect(events.sort()).toEqual(Object.keys(table).sort());
    for (const e of events) expect(await refusal(client, EV.problem, e, { bogus: 1 })).toBe(table[e as keyof typeof table]);
    expect(await refusal(client, EV.problem, EV.watch, { tableId: 7 })).toBe('tableId must be string');
  });

  it('director namespace /director', async () => {
    const { client, events } = await open(DIRECTOR_NAMESPACE, TOKEN);
    const director = {
      ...table,
      [ROOM_EV.watchDesk]: 'bogus is not allowed (unknown field; the payload is {})',
      [ROOM_SUMMARY_EV.watchTables]: 'bogus is not allowed (unknown field; the payload is {})',
      [PENALTY_LOG_EV.watch]: 'bogus is not allowed (unknown field; the payload is {})',
    };
    expect(events.sort()).toEqual(Object.keys(director).sort());
    for (const e of events) expect(await refusal(client, EV.problem, e, { bogus: 1 })).toBe(director[e as keyof typeof director]);
  });

  it('seat namespace /seat', async () => {
    const codes = await (await fetch(`${url}/api/director/tables/t1/seats`, { headers: { authorization: `Bearer ${TOKEN}` } })).json();
    const { client, events } = await open(SEAT_NAMESPACE, codes[0].token);
    const seat = {
      [EV.watch]: 'bogus is not allowed (unknown field; the payload is { tableId? })',
      [EV.resync]: 'bogus is not allowed (unknown field; the payload is { tableId? })',
    };
    expect(events.sort()).toEqual(Object.keys(seat).sort());
    for (const e of events) expect(await refusal(client, EV.problem, e, { bogus: 1 })).toBe(seat[e as keyof typeof seat]);
    expect(await refusal(client, EV.problem, EV.watch, { tableId: 7 })).toBe('tableId must be string');
  });

  it('broadcast namespace /broadcast', async () => {
    const { client, events } = await open(BROADCAST_NAMESPACE);
    const broadcast = {
      [BROADCAST_EV.watchTable]: 'tableId is required',
      [BROADCAST_EV.watchRoom]: 'bogus is not allowed (unknown field; the payload is {})',
    };
    expect(events.sort()).toEqual(Object.keys(broadcast).sort());
    for (const e of events) expect(await refusal(client, BROADCAST_EV.problem, e, { bogus: 1 })).toBe(broadcast[e as keyof typeof broadcast]);
    expect(await refusal(client, BROADCAST_EV.problem, BROADCAST_EV.watchTable, { tableId: 7 })).toBe('tableId must be string');
    expect(await refusal(client, BROADCAST_EV.problem, BROADCAST_EV.watchTable, { tableId: 't9' })).toBe("unknown table 't9'");
  });

  it('relay namespace /relay', async () => {
    const { client, events } = await open(RELAY_NAMESPACE, TOKEN);
    const relay = {
      [RELAY_EV.open]: 'relay:open bogus is not allowed (unknown field; the payload is { readerHint? })',
      [RELAY_EV.line]: 'relay:line line is required',
      [RELAY_EV.overlong]: 'relay:overlong head is required',
      [RELAY_EV.close]: 'relay:close bogus is not allowed (unknown field; the payload is { reason? })',
      [RELAY_EV.link]: 'relay:link state is required',
    };
    expect(events.sort()).toEqual(Object.keys(relay).sort());
    expect(await refusal(client, RELAY_EV.problem, RELAY_EV.open, { bogus: 1 })).toBe(relay[RELAY_EV.open]);
    // lines are taken only once a reader is open
    expect(await client.emitWithAck(RELAY_EV.open, { readerHint: 'USB 10c4:ea60' })).toMatchObject({ ok: true });
    for (const e of events.filter((x) => x !== RELAY_EV.open)) expect(await refusal(client, RELAY_EV.problem, e, { bogus: 1 })).toBe(relay[e as keyof typeof relay]);
  });
});
