/**
 * The room's desk: the calls for the director and the announcement to every table, kept as events
 * in the hub's log (table id `hub`, as the director's logins), so a restarted hub folds them back:
 * - `call-made` `{ tableId, player, seat }` (player and seat null: the table display called);
 *   the call's id is `c<seq>` of this event;
 * - `call-taken` `{ id, by }`;
 * - `announcement-posted` `{ text, by }`, `announcement-cleared` `{ by }` (the latest stands).
 */
import { callText } from '../../rules/wording/room.js';
import type { Announcement, Call } from '../contract/room.js';
import type { StoredEvent } from '../store/types.js';

/** The log id of the desk's events (the hub's own, shared with the director's logins). */
export const DESK_LOG_ID = 'hub';

/** What the desk needs of the event store: append, and (to fold back after a restart) events. */
export interface DeskStore {
  append(tableId: string, type: string, at: number, data: unknown): StoredEvent | unknown;
  events?(tableId: string, afterSeq?: number): StoredEvent[];
}

/** A refused desk action with its HTTP status: 404 no such open call, 409 no announcement to clear. */
export class DeskError extends Error {
  /** @param statusCode 404 or 409; @param message one line naming what was wrong, e.g. `no open call 'c9'` */
  constructor(
    readonly statusCode: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'DeskError';
  }
}

interface CallMade {
  tableId: string;
  player: number | null;
  seat: string | null;
}

/** The open calls and the announcement, folded from the log; every change is appended first. */
export class RoomDesk {
  private readonly open = new Map<string, Call>();
  private current: Announcement | null = null;
  private readonly listeners = new Set<() => void>();
  private counter = 0;

  /**
   * Folds the desk's events already in the log (none without a store).
   * @param now the clock, ms since epoch
   * @param labelOf the label a table shows where the director gave one ("12" for t1), else null:
   *   a call's text names the table by it ("table 12 calls (East)"), read when the calls are asked
   *   for, so a relabel changes the text of the calls already open
   */
  constructor(
    private readonly store: DeskStore | undefined,
    private readonly now: () => number = Date.now,
    private readonly labelOf: (tableId: string) => string | null = () => null,
  ) {
    for (const e of store?.events?.(DESK_LOG_ID) ?? []) this.apply(e.type, e.data, e.at, e.seq);
  }

  private apply(type: string, data: unknown, at: number, seq: number): void {
    const d = (data ?? {}) as Record<string, unknown>;
    if (type === 'call-made') {
      const c = d as unknown as CallMade;
      const id = `c${seq}`;
      this.open.set(id, { id, tableId: c.tableId, player: c.player, seat: c.seat, at, text: '' });
    } else if (type === 'call-taken' && typeof d.id === 'string') this.open.delete(d.id);
    else if (type === 'announcement-posted' && typeof d.text === 'string') this.current = { text: d.text, at };
    else if (type === 'announcement-cleared') this.current = null;
    this.counter = Math.max(this.counter, seq);
  }

  private record(type: string, data: unknown): { at: number; seq: number } {
    const at = this.now();
    const stored = this.store?.append(DESK_LOG_ID, type, at, data) as StoredEvent | undefined;
    const seq = typeof stored?.seq === 'number' ? stored.seq : this.counter + 1;
    this.apply(type, data, at, seq);
    for (const l of [...this.listeners]) l();
    return { at, seq };
  }

  /** A call with its words, the table named by its label where it has one. */
  private worded(c: Call): Call {
    return { ...c, text: callText(this.labelOf(c.tableId) ?? c.tableId, c.seat) };
  }

  /** The open calls, oldest first, each worded with the table's label now. */
  calls(): Call[] {
    return [...this.open.values()].sort((a, b) => a.at - b.at).map((c) => this.worded(c));
  }

  /** Tells the listeners that the tables' labels changed: the open calls' words change with them. */
  relabelled(): void {
    for (const l of [...this.listeners]) l();
  }

  /** The announcement now, or null. */
  announcement(): Announcement | null {
    return this.current;
  }

  /**
   * A call for the director from a seat (`player`, its wind `seat`) or from the table display
   * (both null). While that seat's (or the table's) call is open, calling again changes nothing
   * and returns the open call.
   */
  call(tableId: string, player: number | null, seat: string | null): Call {
    const same = [...this.open.values()].find((c) => c.tableId === tableId && c.player === player);
    if (same) return this.worded(same);
    const { seq } = this.record('call-made', { tableId, player, seat } satisfies CallMade);
    return this.worded(this.open.get(`c${seq}`)!);
  }

  /**
   * The director takes a call: it leaves the room.
   * @throws DeskError 404 when no open call has that id (taken already, or never made)
   */
  take(id: string, by: string): void {
    if (!this.open.has(id)) throw new DeskError(404, `no open call '${id.slice(0, 32)}' (taken already, or never made)`);
    this.record('call-taken', { id, by });
  }

  /** Posts the announcement to every table (replacing the one before). */
  announce(text: string, by: string): Announcement {
    this.record('announcement-posted', { text, by });
    return this.current!;
  }

  /**
   * Clears the announcement.
   * @throws DeskError 409 when there is none
   */
  clearAnnouncement(by: string): void {
    if (this.current === null) throw new DeskError(409, 'there is no announcement to clear');
    this.record('announcement-cleared', { by });
  }

  /** Called after every change; returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
