/**
 * The room's compact summaries (shapes and the picking of each field from the table's director view:
 * hub/contract/room-summary.ts `roomSummaryOf`, never a tile): one per table, what its card in the
 * director's room draws, built here from the table's director view and pushed on `/director` to the connections that asked with `room:watch-tables`.
 *
 * A table's changes are coalesced: its summary is pushed at most once every
 * {@link ROOM_SUMMARY_INTERVAL_MS} (twice a second), carrying the latest state; a summary equal to
 * the one last pushed is not pushed again. Opening a table (`table:watch`, hub/api/realtime.ts)
 * still gives that table's whole director view.
 */
import type { Namespace, Socket } from 'socket.io';
import { ROOM_SUMMARY_EV, ROOM_SUMMARY_INTERVAL_MS, roomSummaryOf, type RoomTableSummary, WatchTablesRequestSchema } from '../contract/room-summary.js';
import type { Call } from '../contract/room.js';
import { answerWatch } from './room-watch.js';
import type { TableRuntime } from './runtime.js';

/** Options for {@link attachRoomSummaries}. */
export interface RoomSummariesOptions {
  tables: readonly TableRuntime[];
  /** table id → its hall or section; absent: "" */
  sections?: Readonly<Record<string, string>>;
  /** the open calls of every table (the desk's), oldest first */
  calls: () => readonly Call[];
  /** the extra time given to a table this round (a tournament's), or null */
  extraTimeOf?: (tableId: string) => { minutes: number; text: string } | null;
  /**
   * other sources a summary reads (the desk's calls, the tournament's labels and extra time): each
   * is subscribed with a listener that marks every table changed; returns the unsubscribe function
   */
  alsoOnChange?: readonly ((listener: () => void) => () => void)[];
  /** fewest ms between two pushes of one table (default {@link ROOM_SUMMARY_INTERVAL_MS}) */
  intervalMs?: number;
  /** where to report a table whose view threw */
  logError?: (msg: string, err: unknown) => void;
  /** several hubs: the other hubs' tables, listed after this hub's in `room:tables` (hub/api/event-hubs.ts) */
  remote?: () => readonly RoomTableSummary[];
}

/** The socket.io room of the connections that follow the summaries. */
export const SUMMARY_ROOM = 'room:tables';

/** What {@link attachRoomSummaries} returns. */
export interface RoomSummaries {
  /** every table's summary now, in the hub's order (a table whose view threw is left out) */
  all(): RoomTableSummary[];
  /** stops listening and clears the pending pushes */
  close(): void;
}

/**
 * Serves the room's summaries on the `/director` namespace (behind the director's login): answers
 * `room:watch-tables` with `room:tables` and joins the socket to {@link SUMMARY_ROOM}; pushes
 * `room:table` after a table's change, coalesced to at most one push per table per `intervalMs`.
 */
export function attachRoomSummaries(director: Namespace, opts: RoomSummariesOptions): RoomSummaries {
  const interval = opts.intervalMs ?? ROOM_SUMMARY_INTERVAL_MS;
  const logError = opts.logError ?? (() => {});

  const summaryOf = (t: TableRuntime): RoomTableSummary | null => {
    try {
      return roomSummaryOf(t.directorView(), {
        section: opts.sections?.[t.id] ?? '',
        calls: opts.calls().filter((c) => c.tableId === t.id),
        extraTime: opts.extraTimeOf?.(t.id) ?? null,
      });
    } catch (err) {
      logError(`room summaries: view of table '${t.id}' threw`, err);
      return null;
    }
  };

  interface Pace {
    /** when this table's summary was last pushed (ms, this process's clock) */
    sentAt: number;
    /** the JSON last pushed */
    json: string;
    timer: ReturnType<typeof setTimeout> | null;
  }
  const pace = new Map(opts.tables.map((t) => [t.id, { sentAt: Number.NEGATIVE_INFINITY, json: '', timer: null } as Pace]));
  const watched = (): boolean => (director.adapter.rooms.get(SUMMARY_ROOM)?.size ?? 0) > 0;

  const push = (t: TableRuntime): void => {
    const p = pace.get(t.id)!;
    p.timer = null;
    if (!watched()) return;
    const s = summaryOf(t);
    if (!s) return;
    const json = JSON.stringify(s);
    if (json === p.json) return;
    p.json = json;
    p.sentAt = Date.now();
    // this hub's followers only: the other hubs push their followers what they hear (hub/api/event-hubs.ts)
    director.local.to(SUMMARY_ROOM).emit(ROOM_SUMMARY_EV.table, s);
  };

  /** A table changed: push now (after the changes of this run) or once its interval has passed. */
  const changed = (t: TableRuntime): void => {
    const p = pace.get(t.id)!;
    if (p.timer !== null || !watched()) return;
    const wait = Math.max(0, p.sentAt + interval - Date.now());
    p.timer = setTimeout(() => push(t), wait);
  };

  const offs = opts.tables.map((t) => t.onChange(() => changed(t)));
  for (const on of opts.alsoOnChange ?? []) offs.push(on(() => opts.tables.forEach(changed)));

  const all = (): RoomTableSummary[] => opts.tables.map(summaryOf).filter((s): s is RoomTableSummary => s !== null);

  director.on('connection', (socket: Socket) => {
    answerWatch(socket, ROOM_SUMMARY_EV.watchTables, WatchTablesRequestSchema, () => {
      void socket.join(SUMMARY_ROOM);
      const alone = (director.adapter.rooms.get(SUMMARY_ROOM)?.size ?? 0) <= 1;
      const tables: RoomTableSummary[] = [];
      for (const t of opts.tables) {
        const s = summaryOf(t);
        if (!s) continue;
        tables.push(s);
        const json = JSON.stringify(s);
        const p = pace.get(t.id)!;
        // the only follower holds this now; others may hold an older summary: a change reaches them
        if (alone) p.json = json;
        else if (json !== p.json) changed(t);
      }
      socket.emit(ROOM_SUMMARY_EV.tables, { tables: [...tables, ...(opts.remote?.() ?? [])] });
      return null;
    });
  });

  return {
    all,
    close() {
      for (const off of offs) off();
      for (const p of pace.values()) if (p.timer) clearTimeout(p.timer);
    },
  };
}
