/**
 * The client side of the event bench (bench/event.ts forks it): one process holding many socket.io
 * clients, each on its own websocket as a phone or a projector would be, so that the hub's process
 * pays only for the hub.
 *
 * Messages from the bench (Node IPC, {@link ToClients}): `start` with the clients to open; `report`;
 * `close`. Messages to it ({@link FromClients}): `connected` once every client has its first view,
 * `seen` every {@link SEEN_BATCH_MS} with the views the seat clients saw since, `report`.
 *
 * - A **seat client** is a player's phone: the seat namespace with the seat token the director's
 *   `GET /api/director/tables/:id/seats` gave (hub/api/seat.ts), snapshot then seq-numbered deltas.
 *   Every view it holds is reported as its fingerprint (bench/latency.ts printOfView) with the
 *   moment it arrived (ms since epoch, `performance.timeOrigin + performance.now()`: the same
 *   clock in every process of the machine).
 * - A **spectator** is a broadcast client (hub/api/broadcast.ts): one table's broadcast, or the
 *   room's summary. Every table payload is checked: a concealed tile in its delayed hands that came
 *   before the broadcast delay had passed since the hub started counts as **early** (no tile can
 *   have lain that long in a rack), and so does any tile id (`5B#3`) in its live view.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { BROADCAST_EV, BROADCAST_NAMESPACE } from '../hub/contract/broadcast.js';
import type { BroadcastTablePayload } from '../hub/api/broadcast.js';
import { SEAT_NAMESPACE, type SeatDeltaPayload, type SeatSnapshotPayload } from '../hub/api/seat-events.js';
import { EV } from '../hub/api/socket-events.js';
import type { SeatView } from '../hub/api/views.js';
import { printOfView } from './latency.js';

/** How often the seat clients' views go to the bench (ms): each carries its own arrival time. */
export const SEEN_BATCH_MS = 50;

/** One client to open. */
export type ClientSpec =
  | { kind: 'seat'; tableId: string; player: number; token: string; walls: number }
  /** `tableId` null: the room's summary */
  | { kind: 'spectator'; tableId: string | null };

/** What the bench sends. */
export type ToClients = { type: 'start'; url: string; clients: ClientSpec[]; hubStartedAt: number; delayMs: number } | { type: 'report' } | { type: 'close' };

/** One seat client's account. */
export interface SeatReport {
  tableId: string;
  player: number;
  /** snapshots received, and how many of them were this seat's own view (its table and player) */
  snapshots: number;
  ownSnapshots: number;
  deltas: number;
  /** the most concealed tiles its own racks showed at once */
  maxConcealed: number;
  /** delta seq gaps (each asked for a snapshot again) */
  seqGaps: number;
  /** refused or dropped by the hub, with the reason */
  problem: string | null;
}

/** The spectators' account. */
export interface SpectatorReport {
  clients: number;
  tablePayloads: number;
  roomPayloads: number;
  /** concealed tiles shown in delayed hands in all payloads */
  handTiles: number;
  /** of those, tiles shown before the delay had passed since the hub started, plus tile ids in a live view */
  earlyTiles: number;
}

/** What the clients send back. */
export type FromClients =
  | { type: 'connected'; failed: string[] }
  /** [tableId, player, fingerprint, ms since epoch] */
  | { type: 'seen'; items: [string, number, string, number][] }
  /** `loopP99Ms`: this process's event-loop lag p99 since it started (ms beyond the 10 ms sampling): when high, the clients fell behind and the hub's figures include it */
  | { type: 'report'; seats: SeatReport[]; spectators: SpectatorReport; loopP99Ms: number };

const nowEpoch = () => performance.timeOrigin + performance.now();
/** a tile id (`5B#3`, `RD#1`, `F#8`) anywhere in a JSON text: a concealed tile of the live view */
const TILE_ID = /"[1-9]?[A-Z]{1,2}#\d+"/g;

const send = (m: FromClients) => process.send?.(m);
const sockets: Socket[] = [];
const seats: SeatReport[] = [];
const spectators: SpectatorReport = { clients: 0, tablePayloads: 0, roomPayloads: 0, handTiles: 0, earlyTiles: 0 };
let batch: [string, number, string, number][] = [];

/** Opens one seat client; resolves on its first snapshot (or with the reason it was refused). */
function openSeat(url: string, spec: Extract<ClientSpec, { kind: 'seat' }>): Promise<string | null> {
  const r: SeatReport = { tableId: spec.tableId, player: spec.player, snapshots: 0, ownSnapshots: 0, deltas: 0, maxConcealed: 0, seqGaps: 0, problem: null };
  seats.push(r);
  return new Promise((resolve) => {
    const s = io(url + SEAT_NAMESPACE, { auth: { token: spec.token }, transports: ['websocket'], forceNew: true, reconnection: false });
    sockets.push(s);
    let view: SeatView | null = null;
    let seq = -1;
    const held = () => {
      const v = view!;
      r.maxConcealed = Math.max(
        r.maxConcealed,
        v.racks.reduce((n, k) => n + k.concealed.length, 0),
      );
      batch.push([spec.tableId, spec.player, printOfView(v, spec.walls), nowEpoch()]);
    };
    s.on('connect', () => s.emit(EV.watch, { tableId: spec.tableId }));
    s.on('connect_error', (e: Error) => {
      r.problem = e.message;
      resolve(`seat ${spec.tableId}/${spec.player}: ${e.message}`);
    });
    s.on(EV.problem, (p: { error?: string }) => {
      r.problem = p.error ?? 'problem';
    });
    s.on(EV.snapshot, (p: SeatSnapshotPayload) => {
      r.snapshots++;
      if (p.view.tableId === spec.tableId && p.view.player === spec.player) r.ownSnapshots++;
      view = p.view;
      seq = p.seq;
      held();
      resolve(null);
    });
    s.on(EV.delta, (p: SeatDeltaPayload) => {
      r.deltas++;
      if (!view || p.seq !== seq + 1) {
        r.seqGaps++;
        s.emit(EV.resync, { tableId: spec.tableId });
        return;
      }
      view = { ...view, ...p.changes } as SeatView;
      seq = p.seq;
      held();
    });
  });
}

/** Opens one spectator; resolves on its first payload. */
function openSpectator(url: string, spec: Extract<ClientSpec, { kind: 'spectator' }>, hubStartedAt: number, delayMs: number): Promise<string | null> {
  spectators.clients++;
  return new Promise((resolve) => {
    const s = io(url + BROADCAST_NAMESPACE, { transports: ['websocket'], forceNew: true, reconnection: false });
    sockets.push(s);
    s.on('connect', () => (spec.tableId === null ? s.emit(BROADCAST_EV.watchRoom, {}) : s.emit(BROADCAST_EV.watchTable, { tableId: spec.tableId })));
    s.on('connect_error', (e: Error) => resolve(`spectator ${spec.tableId ?? 'room'}: ${e.message}`));
    s.on(BROADCAST_EV.room, () => {
      spectators.roomPayloads++;
      resolve(null);
    });
    s.on(BROADCAST_EV.table, (p: BroadcastTablePayload) => {
      spectators.tablePayloads++;
      const tiles = (p.delayedHands?.hands ?? []).reduce((n, h) => n + h.racks.reduce((m, r) => m + r.length, 0), 0);
      spectators.handTiles += tiles;
      // every tile of the table came to rest after the hub started: none has lain delayMs in a rack before then
      if (nowEpoch() - hubStartedAt < delayMs) spectators.earlyTiles += tiles;
      spectators.earlyTiles += JSON.stringify(p.view).match(TILE_ID)?.length ?? 0;
      resolve(null);
    });
  });
}

process.on('message', (m: ToClients) => {
  if (m.type === 'start') {
    const opened = m.clients.map((c) => (c.kind === 'seat' ? openSeat(m.url, c) : openSpectator(m.url, c, m.hubStartedAt, m.delayMs)));
    void Promise.all(opened).then((problems) => send({ type: 'connected', failed: problems.filter((p): p is string => p !== null) }));
  } else if (m.type === 'report') {
    send({ type: 'report', seats, spectators, loopP99Ms: Math.max(0, loop.percentile(99) / 1e6 - 10) });
  } else {
    for (const s of sockets) s.close();
    clearInterval(flusher);
    process.disconnect?.();
  }
});

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

const flusher = setInterval(() => {
  if (batch.length === 0) return;
  send({ type: 'seen', items: batch });
  batch = [];
}, SEEN_BATCH_MS);
