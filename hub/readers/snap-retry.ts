/**
 * Asking again for snapshots: after a connection opens and after every HELLO the hub asks with
 * `CMD snap`, and asks again with a capped backoff while the connection has said no HELLO or its
 * reader is `unsynced` (a zone has had no SNAP since its HELLO): {@link SNAP_RETRY_FIRST_MS},
 * doubling up to {@link SNAP_RETRY_MAX_MS}. It stops when the reader is synced, when the connection
 * closes or is superseded, when it turns out an unknown reader (that one waits for the director),
 * and when the supervisor closes: no timer outlives them. A `CMD snap` lost on the way (a port
 * opened before the reader listened, a busy machine) so no longer leaves a reader unsynced.
 *
 * A reader that goes stale (synced, connected, but silent longer than `staleMs`: not even its `HB`
 * each second reaches the hub) is asked too: `CMD snap` once when it goes stale (the first ms past
 * `staleMs` after its last line), then the same backoff while it stays stale and connected
 * ({@link watchStale}). Its next line stops the asks, and the watch starts again.
 */
import { writeSnap } from './sequence.js';
import { type Connection, type ConnInfo, isStale, isSynced, logOf, type ReaderSession, type SupervisorState } from './session.js';

/** The first wait after a `CMD snap` before it is asked again (ms). */
export const SNAP_RETRY_FIRST_MS = 500;
/** The longest wait between two `CMD snap` asked again (ms): 500, 1000, 2000, 4000, 8000, 8000, … */
export const SNAP_RETRY_MAX_MS = 8000;
/**
 * A HELLO less than this after the hub's last `CMD snap` on its connection (ms) is taken as the
 * answer to it (its SNAPs follow), so the hub does not ask at once again; a later one (a reboot,
 * a reader that spoke first) is asked for its snapshots at once.
 */
export const SNAP_ANSWER_MS = 5000;

/** Timers the supervisor uses (default: Node's setTimeout, unref'd, and clearTimeout). Tests pass a virtual clock's. */
export interface SupervisorTimers {
  /** runs `fn` once after `ms` milliseconds; returns a handle for `clear` */
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Node's timers, unref'd so a pending retry never keeps a process alive. */
export const NODE_TIMERS: SupervisorTimers = {
  set: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** The reader a connection speaks for now, if it is bound and not superseded. */
function readerOf(s: SupervisorState, conn: Connection, info: ConnInfo): ReaderSession | undefined {
  const r = info.slot ? s.readers.get(info.slot) : undefined;
  return r && r.conn === conn && !info.superseded ? r : undefined;
}

/** True while the connection still owes the hub a HELLO, or its reader a SNAP of some zone, or its reader is stale. */
function waiting(s: SupervisorState, conn: Connection, info: ConnInfo): boolean {
  if (s.conns.get(conn) !== info || info.superseded || info.unknownId !== null) return false;
  if (info.slot === null) return true; // no HELLO yet
  const r = readerOf(s, conn, info);
  return r !== undefined && !r.linkRetrying && (!isSynced(r) || isStale(s, r, s.now()));
}

/**
 * `CMD snap` on the connection now, noted (`at`, ms) on the connection (not on its reader: the
 * reader's own `lastRequestAt` paces the requests after a gap, hub/readers/sequence.ts).
 */
export function askSnap(info: ConnInfo, conn: Connection, at: number): void {
  info.askedAt = at;
  writeSnap(conn);
}

/** When the hub last asked this connection or its reader for snapshots (ms), or null. */
export function lastAsked(info: ConnInfo, r: ReaderSession | undefined): number | null {
  const a = info.askedAt;
  const b = r?.lastRequestAt ?? null;
  return a === null ? b : b === null ? a : Math.max(a, b);
}

/** Stops the connection's retry timer (if any). */
export function stopSnapRetry(s: SupervisorState, info: ConnInfo): void {
  if (info.retry) s.timers.clear(info.retry.timer);
  info.retry = null;
}

/**
 * Starts the backoff afresh (after an ask): the next ask in {@link SNAP_RETRY_FIRST_MS} if still
 * waiting then. The count of asks again goes on until the reader is synced (logged once each way).
 */
export function startSnapRetry(s: SupervisorState, conn: Connection, info: ConnInfo): void {
  const asks = info.retry?.asks ?? 0;
  stopSnapRetry(s, info);
  schedule(s, conn, info, SNAP_RETRY_FIRST_MS, asks);
}

function schedule(s: SupervisorState, conn: Connection, info: ConnInfo, delayMs: number, asks: number): void {
  const timer = s.timers.set(() => fire(s, conn, info, delayMs), delayMs);
  info.retry = { timer, delayMs, asks };
}

function fire(s: SupervisorState, conn: Connection, info: ConnInfo, delayMs: number): void {
  const asks = info.retry?.asks ?? 0;
  info.retry = null;
  if (!waiting(s, conn, info)) return;
  if (asks === 0) {
    // logged once per change: when the hub starts asking again, and when the reader is synced after it
    const r = readerOf(s, conn, info);
    const what = !r ? 'no HELLO' : isSynced(r) ? 'no line' : `no snapshot of ${r.zones.filter((z) => !r.synced.has(z)).join(', ')} since its HELLO`;
    (r ? logOf(s, r) : s.log).warn(
      { port: conn.name },
      `${what} on ${conn.name} ${delayMs} ms after asking; asking again (CMD snap) every ${SNAP_RETRY_FIRST_MS}-${SNAP_RETRY_MAX_MS} ms until it answers`,
    );
  }
  askSnap(info, conn, s.now());
  schedule(s, conn, info, Math.min(delayMs * 2, SNAP_RETRY_MAX_MS), asks + 1);
}

/** After a line: when the reader is synced now (and so not stale), the retry stops (logged if the hub had to ask again). */
export function checkSynced(s: SupervisorState, conn: Connection, info: ConnInfo): void {
  if (!info.retry) return;
  const r = readerOf(s, conn, info);
  if (!r || !isSynced(r) || isStale(s, r, s.now())) return;
  if (info.retry.asks > 0) logOf(s, r).info({ port: conn.name, asks: info.retry.asks }, `reader synced on ${conn.name} after ${info.retry.asks} more CMD snap`);
  stopSnapRetry(s, info);
}

/**
 * After a HELLO bound to a slot: `CMD snap` at once unless the HELLO answers one asked on this
 * connection less than {@link SNAP_ANSWER_MS} ago, then the backoff afresh until every zone has had a SNAP.
 */
export function helloSnap(s: SupervisorState, conn: Connection, info: ConnInfo, at: number): void {
  const asked = lastAsked(info, readerOf(s, conn, info));
  if (asked === null || at - asked >= SNAP_ANSWER_MS) askSnap(info, conn, at);
  startSnapRetry(s, conn, info);
}

/**
 * Watches a bound connection's reader for going stale (called after each of its lines; does nothing
 * while a watch is pending). The watch wakes the first ms the reader would be stale (`staleMs` + 1
 * after its last line) and, when a line came meanwhile, sleeps again until then from that line;
 * when none did and the reader is synced, the hub asks `CMD snap` at once and then with the backoff
 * ({@link startSnapRetry}) while it stays stale and connected. An unsynced reader is asked by the
 * retry already. The watch ends there: the reader's next line starts it again.
 */
export function watchStale(s: SupervisorState, conn: Connection, info: ConnInfo): void {
  if (info.staleWatch !== null) return;
  const r = readerOf(s, conn, info);
  if (!r || r.lastMessageAt === null) return;
  const wait = Math.max(1, r.lastMessageAt + s.staleMs + 1 - s.now());
  info.staleWatch = s.timers.set(() => staleCheck(s, conn, info), wait);
}

function staleCheck(s: SupervisorState, conn: Connection, info: ConnInfo): void {
  info.staleWatch = null;
  const r = readerOf(s, conn, info);
  if (!r || s.conns.get(conn) !== info || r.lastMessageAt === null) return;
  const now = s.now();
  if (!isStale(s, r, now)) {
    watchStale(s, conn, info); // heard from since: watch from its last line
    return;
  }
  if (!isSynced(r) || r.linkRetrying) return; // the retry asks an unsynced reader; a link retrying cannot answer
  logOf(s, r).warn(
    { port: conn.name, silentMs: now - r.lastMessageAt },
    `reader stale on ${conn.name}: no line for ${now - r.lastMessageAt} ms (stale after ${s.staleMs} ms); asking for a snapshot (CMD snap)`,
  );
  s.sink.status(r.id);
  askSnap(info, conn, now);
  startSnapRetry(s, conn, info);
}

/** Stops the connection's stale watch (if any). */
export function stopStaleWatch(s: SupervisorState, info: ConnInfo): void {
  if (info.staleWatch !== null) s.timers.clear(info.staleWatch);
  info.staleWatch = null;
}

/** Stops every timer of the connection: its snapshot retry and its stale watch (closed, superseded, unknown, the hub closing). */
export function stopTimers(s: SupervisorState, info: ConnInfo): void {
  stopSnapRetry(s, info);
  stopStaleWatch(s, info);
}
