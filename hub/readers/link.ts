/**
 * The link behind an open connection: a browser relay page says when its Web Bluetooth link to the
 * reader dropped and it tries again, or a Web Serial read failed (`relay:link`, hub/api/relay.ts).
 * Meanwhile the reader is `reconnecting` (not connected, not offline: its connection to the hub is
 * open), its reads are not trusted (zones wait for their snapshots) and it is asked for nothing.
 * When the link is back (the page says so, or a line comes through it) the hub asks for its
 * snapshots (`CMD snap`, then the backoff of hub/readers/snap-retry.ts until every zone has one).
 */
import { askSnap, startSnapRetry, stopTimers, watchStale } from './snap-retry.js';
import { type Connection, type ConnInfo, logOf, type ReaderSession, type SupervisorState } from './session.js';

/** The reader a connection speaks for now (bound, not superseded), if any. */
function boundReader(s: SupervisorState, conn: Connection, info: ConnInfo | undefined): ReaderSession | undefined {
  const r = info?.slot ? s.readers.get(info.slot) : undefined;
  return r && r.conn === conn && !info?.superseded ? r : undefined;
}

/**
 * The link behind `conn` is retrying (`retrying` true) or back. Retrying: the reader is
 * `reconnecting`, one more reconnect is counted, its zones wait for a snapshot, and its retries
 * stop (logged once). Back: `CMD snap` at once and the backoff until synced (logged once). A
 * connection not bound to a reader (no HELLO yet, superseded) is left as it is. Told to the sink
 * (`status`) when the reader's state changes. Never throws.
 * @param reason what the page said (in the hub log), or null
 */
export function linkChanged(s: SupervisorState, conn: Connection, retrying: boolean, reason: string | null): void {
  const info = s.conns.get(conn);
  const r = boundReader(s, conn, info);
  if (!info || !r || r.linkRetrying === retrying) return;
  if (retrying) {
    r.linkRetrying = true;
    r.reconnects += 1;
    r.synced.clear();
    stopTimers(s, info);
    logOf(s, r).warn({ port: conn.name, reason }, `reader link lost behind ${conn.name}${reason ? ` (${reason})` : ''}; the page is retrying`);
  } else {
    linkBack(s, conn, info, r, 'the page has it again');
  }
  s.sink.status(r.id);
}

/** A line through a connection whose link was retrying: the link is back (the page's `back` may come after it, or never). */
export function lineThroughLink(s: SupervisorState, conn: Connection, info: ConnInfo): void {
  const r = boundReader(s, conn, info);
  if (!r?.linkRetrying) return;
  linkBack(s, conn, info, r, 'a line came through it');
  s.sink.status(r.id);
}

function linkBack(s: SupervisorState, conn: Connection, info: ConnInfo, r: ReaderSession, why: string): void {
  r.linkRetrying = false;
  const at = s.now();
  logOf(s, r).info({ port: conn.name }, `reader link back on ${conn.name} (${why}); asking for its snapshots (CMD snap)`);
  askSnap(info, conn, at);
  startSnapRetry(s, conn, info);
  watchStale(s, conn, info);
}
