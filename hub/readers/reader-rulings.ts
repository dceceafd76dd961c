/**
 * The director's rulings on readers: a reader that said an unknown id is given a configured slot
 * (an alias, `reader-assigned`), or a configured reader that never comes is removed
 * (`reader-removed`). Both are events in the store, read back when the supervisor is built, so a
 * restart keeps them.
 */
import { RulingError } from '../api/runtime.js';
import { bind } from './binding.js';
import { sessionState } from './health.js';
import { writeSnap } from './sequence.js';
import { connInfo, HUB_LOG_ID, type SupervisorState } from './session.js';

/** Payload of a `reader-assigned` event: the physical reader `reader` now plays the configured slot `as`. */
export interface ReaderAssignedData {
  reader: string;
  as: string;
  by: string;
}

/** Payload of a `reader-removed` event: the configured reader `reader` is no longer expected. */
export interface ReaderRemovedData {
  reader: string;
  by: string;
}

/**
 * Gives the configured slot `as` to the waiting reader `id` (see ReaderSupervisor.assign).
 * @throws RulingError 404 when `id` is not waiting or `as` is not configured; 409 when the slot's
 *   own reader is connected now
 */
export function assignReader(s: SupervisorState, id: string, as: string, by: string): void {
  const r = s.readers.get(as);
  if (!r) throw new RulingError(404, `no configured reader '${as}' (body.as must name a reader of the table config)`);
  if (!s.unknown.has(id)) {
    throw new RulingError(404, `reader '${id}' is not waiting for the director (it has not said HELLO with an unknown id since the hub started)`);
  }
  if (!r.removed && r.conn) {
    throw new RulingError(409, `reader '${as}' is connected (${sessionState(s, r, s.now())}): only a slot whose reader is not connected can be given to another`);
  }
  const data: ReaderAssignedData = { reader: id, as, by };
  s.store.append(s.tableOf(as) ?? HUB_LOG_ID, 'reader-assigned', s.now(), data);
  s.log.info({ table: s.tableOf(as) ?? HUB_LOG_ID, reader: as, physical: id, by }, `director ruling by ${by}: reader ${id} plays ${as}`);
  applyAssign(s, id, as);
  const u = s.unknown.get(id);
  if (u?.conn) {
    const conn = u.conn;
    const info = connInfo(s, conn);
    bind(s, conn, info, r, u.hello, s.now());
    writeSnap(conn); // its zones' snapshots came before it had a seat: ask again
  }
  s.unknown.delete(id);
  s.sink.status(r.id);
}

/**
 * Removes the configured reader `id` (see ReaderSupervisor.remove).
 * @throws RulingError 404 when `id` is not a configured reader still expected; 409 when it is connected now
 */
export function removeReader(s: SupervisorState, id: string, by: string): void {
  const r = s.readers.get(id);
  if (!r || r.removed) throw new RulingError(404, `no expected reader '${id}' (configured and not removed already)`);
  if (r.conn) throw new RulingError(409, `reader '${id}' is connected (${sessionState(s, r, s.now())}): only a reader that is not connected can be removed`);
  const data: ReaderRemovedData = { reader: id, by };
  s.store.append(s.tableOf(id) ?? HUB_LOG_ID, 'reader-removed', s.now(), data);
  s.log.info({ table: s.tableOf(id) ?? HUB_LOG_ID, reader: id, by }, `director ruling by ${by}: reader ${id} is no longer expected`);
  applyRemove(s, id);
  s.sink.status(id);
}

function applyAssign(s: SupervisorState, id: string, as: string): void {
  const r = s.readers.get(as);
  if (!r) return;
  for (const [k, v] of s.aliases) if (v === as) s.aliases.delete(k); // one alias per slot
  if (id !== as) s.aliases.set(id, as);
  r.removed = false;
}

function applyRemove(s: SupervisorState, id: string): void {
  const r = s.readers.get(id);
  if (!r) return;
  r.removed = true;
  for (const [k, v] of s.aliases) if (v === id) s.aliases.delete(k);
}

/** Re-applies the reader rulings in the store, in log order (when the supervisor is built). */
export function restoreRulings(s: SupervisorState): void {
  const tables = new Set<string>([HUB_LOG_ID]);
  for (const id of s.readers.keys()) {
    const t = s.tableOf(id);
    if (t) tables.add(t);
  }
  const events = [...tables]
    .flatMap((t) => s.store.events(t))
    .filter((e) => e.type === 'reader-assigned' || e.type === 'reader-removed')
    .sort((a, b) => a.seq - b.seq);
  for (const e of events) {
    const d = e.data as Partial<ReaderAssignedData>;
    if (typeof d?.reader !== 'string') continue;
    if (e.type === 'reader-assigned' && typeof d.as === 'string') applyAssign(s, d.reader, d.as);
    else if (e.type === 'reader-removed') applyRemove(s, d.reader);
  }
}
