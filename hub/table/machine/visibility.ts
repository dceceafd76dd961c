/**
 * What the hub could and could not hear of a table's readers: when each zone was last heard, the
 * gaps a reader offline or rebooting leaves on its zones (closed by the zone's next snapshot), the
 * tops of racks changed by deltas no snapshot has confirmed yet, and the readers of moves no line
 * reported. From these: which readers a move or a count check could not see (`unseen`,
 * `skipReaders`), what a move to the floor could not judge (`unconfirmed`), and whether every zone
 * is heard again (`readers-heard`). The tracker is told which zones are incomplete or unseen.
 */
import type { OnBoardDebounce } from '../../../firmware-protocol/messages.js';
import type { Place } from '../../../rules/game/places.js';
import type { ReaderStatus } from '../../api/views.js';
import type { TableConfig } from '../../config/types.js';
import type { SettledMove, Tracker, Window, ZoneKey } from '../../tracking/tracker.js';
import type { TileMovedData } from './events.js';

/** What the engine needs from the reader side. */
export interface ReaderHealth {
  statuses(now: number): ReaderStatus[];
  untrusted(now: number): string[];
  /**
   * The on-board debounce reader `id` announced in its last v1 HELLO (PROTOCOL.md §5.1), or null;
   * absent: no reader debounces on board. Its zones settle a strong read at once (see TableMachine).
   */
  onBoardDebounce?(id: string): OnBoardDebounce | null;
}

/** A reader silent this long before a new HELLO has rebooted (ms): its next snapshots are reconciled. */
export const REBOOT_SILENCE_MS = 1500;

/**
 * A count check skips the players of a reader the hub could not hear within this long (ms) before
 * the turn boundary (003 rule 18C is never judged from stale evidence): the moves it missed are
 * reconciled from its next snapshot, after moves the hub saw live, so the counts around the
 * reconnect are not yet in order. More than a rack's settle window plus a reader's snapshot period.
 */
export const RECENT_GAP_MS = 3000;

/**
 * A top of a rack changed by deltas no snapshot of it has confirmed since is not judged at a discard
 * for this long (ms) after its last delta (003 rule 11 is judged on exposures the hub saw whole: an
 * exposure's ADD lost with no sequence gap shows only in the zone's next snapshot). More than a
 * reader's snapshot period (2 s); bounded, because the hub must not rely on periodic snapshots
 * (PROTOCOL.md §7 rule 2): past it the top is judged on its deltas.
 */
export const UNCONFIRMED_TOP_MS = 2500;

/** How long (ms) a closed gap is remembered for {@link RECENT_GAP_MS} and moves' `unseen`. */
const GAP_MEMORY_MS = 60_000;

/** One table's view of what its readers let the hub hear (see the module comment). */
export class ReaderVisibility {
  /** reader → its last message time (ms) at the previous status change or tick */
  private readonly lastMessage = new Map<string, number | null>();
  /** zone → when it was last heard from (ms) */
  private readonly lastHeard = new Map<ZoneKey, number>();
  /** zone → since when the hub has not seen it (its reader went offline or rebooted), until its next snapshot */
  private readonly gaps = new Map<ZoneKey, number>();
  /** gaps closed by a snapshot: reader, from, to (ms), kept {@link GAP_MEMORY_MS} */
  private readonly pastGaps: { reader: string; from: number; to: number }[] = [];
  /** readers of unreported moves logged (`TileMovedData.unreported`), with the window's end (ms), kept {@link GAP_MEMORY_MS} */
  private readonly unreported: { readers: string[]; to: number }[] = [];
  /** reader → its lost-line count (discarded + gaps) and state at the previous status change */
  private readonly lossSeen = new Map<string, { lost: number; state: ReaderStatus['state'] }>();
  /** top zone → times (ms) of its recent deltas and snapshots, oldest first (see {@link ReaderVisibility.unconfirmedTops}) */
  private readonly topTimes = new Map<ZoneKey, { delta: number[]; snap: number[] }>();
  private blindNow = false;

  constructor(
    private readonly table: TableConfig,
    private readonly places: ReadonlyMap<ZoneKey, Place>,
    private readonly tracker: Tracker,
    private readonly readers: ReaderHealth,
  ) {}

  /** A zone was not heard since the last `readers-heard` event (hub/table/machine.ts). */
  get blind(): boolean {
    return this.blindNow;
  }

  /**
   * A snapshot of `zone` at `at` (ms): the zone is heard, and a gap on it closes.
   * @returns the gap's window when the snapshot closed one (its moves are reconciled), else undefined
   */
  snapshotHeard(zone: ZoneKey, at: number): Window | undefined {
    const gap = this.gaps.get(zone);
    this.gaps.delete(zone);
    if (gap !== undefined) {
      this.pastGaps.push({ reader: zone.split('/')[0]!, from: gap, to: at });
      while (this.pastGaps.length && this.pastGaps[0]!.to < at - GAP_MEMORY_MS) this.pastGaps.shift();
    }
    this.lastHeard.set(zone, at);
    this.noteTop(zone, 'snap', at);
    return gap !== undefined ? { from: gap, to: at } : undefined;
  }

  /** An ADD or DEL of `zone` at `at` (ms). */
  deltaHeard(zone: ZoneKey, at: number): void {
    this.lastHeard.set(zone, at);
    this.noteTop(zone, 'delta', at);
  }

  /**
   * A reader's status changed, at `now` (ms). A reader now offline or reconnecting (unplugged), or
   * unsynced after a silence of {@link REBOOT_SILENCE_MS} (a new HELLO: a reboot), has a gap since
   * it was last heard: its zones' next snapshots are reconciled. The tracker is told which zones
   * are incomplete (a line lost) and which it cannot hear now.
   * @returns true when the tracker's unseen zones changed (its moves may settle otherwise now)
   */
  statusChanged(now: number): boolean {
    const statuses = this.readers.statuses(now);
    // a line of a reader lost (a corrupted or cut line, a sequence gap) or a new HELLO: its zones'
    // pictures are incomplete until their next snapshots (hub/tracking/tracker.ts `setIncomplete`)
    let incomplete: Map<ZoneKey, number> | null = null;
    for (const r of statuses) {
      const lost = (r.discarded ?? 0) + (r.gaps ?? 0);
      const seen = this.lossSeen.get(r.id);
      this.lossSeen.set(r.id, { lost, state: r.state });
      if (!seen || (lost <= seen.lost && !(r.state === 'unsynced' && seen.state !== 'unsynced'))) continue;
      const cfg = this.table.readers.find((x) => x.id === r.id);
      for (const z of Object.keys(cfg?.zones ?? {})) (incomplete ??= new Map()).set(`${r.id}/${z}`, now);
    }
    if (incomplete) this.tracker.setIncomplete(incomplete);
    for (const r of statuses) {
      const before = this.lastMessage.get(r.id);
      this.lastMessage.set(r.id, r.lastMessageAt);
      // offline, or a new HELLO after a silence (a reboot): a gap; a HELLO that answers the hub's
      // own `CMD snap` (the reader was talking a moment ago) is no gap
      const silent = r.state === 'unsynced' && before !== undefined && before !== null && now - before >= REBOOT_SILENCE_MS;
      if (r.state !== 'offline' && r.state !== 'reconnecting' && !silent) continue;
      const cfg = this.table.readers.find((x) => x.id === r.id);
      if (!cfg) continue;
      for (const z of Object.keys(cfg.zones)) {
        const key = `${r.id}/${z}`;
        const last = this.lastHeard.get(key);
        if (last !== undefined && !this.gaps.has(key)) this.gaps.set(key, last);
      }
    }
    // zones the hub cannot hear now (a gap, or a stale reader): a tile one of them held that a
    // zone the hub hears reads now has left it (hub/tracking/tracker.ts `unseen`). Only changes go
    // to the tracker: this runs for every table on every stale refresh (hub/hub.ts), and in the
    // common case (every reader heard, none unseen before) it allocates nothing.
    const blind = this.tracker.unseenZones();
    let unseen: Map<ZoneKey, number | null> | null = null;
    for (const r of statuses) {
      const stale = r.state === 'stale';
      if (!stale && blind.size === 0 && this.gaps.size === 0) continue;
      const cfg = this.table.readers.find((x) => x.id === r.id);
      for (const z of Object.keys(cfg?.zones ?? {})) {
        const key = `${r.id}/${z}`;
        const since = this.gaps.get(key) ?? (stale ? (this.lastHeard.get(key) ?? null) : null);
        if (since === null ? blind.has(key) : !blind.has(key)) (unseen ??= new Map()).set(key, since);
      }
    }
    if (!unseen) return false;
    this.tracker.setUnseen(unseen, now);
    return true;
  }

  /** At a tick (`now`, ms): keeps the last message time of every reader heard now (connected or stale). */
  noteHeard(now: number): void {
    for (const r of this.readers.statuses(now)) if (r.state === 'connected' || r.state === 'stale') this.lastMessage.set(r.id, r.lastMessageAt);
  }

  /**
   * Readers the hub could not hear at `from` or since (ms): an open gap, a gap closed at or
   * after `from`, or, `now`, not trusted (`also: 'untrusted'`, for count checks) or stale
   * (`also: 'stale'`, for moves: a reader not yet heard at all has no gap and names no move).
   * `until`: only gaps that began by then (a move's time).
   */
  unseenReaders(from: number, now: number, until = Infinity, also: 'untrusted' | 'stale' = 'untrusted'): string[] {
    const out = new Set(
      also === 'untrusted'
        ? this.readers.untrusted(now)
        : this.readers
            .statuses(now)
            .filter((r) => r.state === 'stale')
            .map((r) => r.id),
    );
    for (const [zone, since] of this.gaps) if (since <= until) out.add(zone.split('/')[0]!);
    for (const g of this.pastGaps) if (g.to >= from && g.from <= until) out.add(g.reader);
    return [...out].sort();
  }

  /** Keeps the time of a delta or a snapshot of a top zone (the last 10 s, at least the latest of each). */
  private noteTop(zone: ZoneKey, kind: 'delta' | 'snap', at: number): void {
    if (this.places.get(zone)?.area !== 'top') return;
    let times = this.topTimes.get(zone);
    if (!times) this.topTimes.set(zone, (times = { delta: [], snap: [] }));
    const list = times[kind];
    list.push(at);
    while (list.length > 1 && list[0]! < at - 10_000) list.shift();
  }

  /**
   * Rack readers whose top the hub had not seen whole at `t` (ms, when a discard began): its latest
   * delta came less than {@link UNCONFIRMED_TOP_MS} before `t` (or after it), and no snapshot of the
   * top came between that delta and `t`. A tile whose ADD there was lost (a missed read takes no
   * sequence number) shows only in the top's next snapshot, and a move a snapshot reveals after `t`
   * is logged after the discard.
   */
  unconfirmedTops(t: number): string[] {
    const out = new Set<string>();
    for (const [zone, times] of this.topTimes) {
      const delta = times.delta.at(-1);
      if (delta === undefined || delta < t - UNCONFIRMED_TOP_MS) continue;
      if (delta <= t && times.snap.some((s) => s >= delta && s <= t)) continue;
      out.add(zone.split('/')[0]!);
    }
    return [...out].sort();
  }

  /**
   * The `tile-moved` payload of a settled move logged at `now` (ms), with what the hub could not
   * see of it: `unseen`, `reconciled`, `left`, `unreported` (its readers remembered for the count
   * checks) and, on a move to the floor, `unconfirmed`.
   */
  movedData(m: SettledMove, now: number): TileMovedData {
    const data: TileMovedData = { tile: m.tile, tag: m.tag, from: m.from, to: m.to, lines: m.lines };
    const unseen = this.unseenReaders(m.at, now, m.at, 'stale');
    if (unseen.length) data.unseen = unseen;
    if (m.reconciled) data.reconciled = m.reconciled;
    // (also in the stretch before `readers-heard`: a tile picked into a rack while it was out
    // and discarded just after its replug, before its snapshot, names no reader)
    if (unseen.length || m.reconciled || this.blindNow) {
      const fromReader = m.from?.split('/')[0];
      const seenGo = fromReader !== undefined && !this.unseenReaders(m.leftAt, now, m.leftAt, 'stale').includes(fromReader);
      data.left = seenGo ? { from: m.leftAt, to: m.leftAt } : (m.reconciled ?? { from: m.leftAt, to: m.at });
    }
    if (m.unreported) {
      data.unreported = m.unreported;
      this.unreported.push({ readers: [...new Set([m.from, m.to].filter((z): z is ZoneKey => z !== null).map((z) => z.split('/')[0]!))], to: m.unreported.to });
      while (this.unreported.length && this.unreported[0]!.to < now - GAP_MEMORY_MS) this.unreported.shift();
    }
    if (this.places.get(m.to)?.area === 'floor') {
      const unconfirmed = this.unconfirmedTops(m.leftAt);
      if (unconfirmed.length) data.unconfirmed = unconfirmed;
    }
    return data;
  }

  /**
   * The readers a count check of the turn boundary at `at` (ms) skips, sorted: a count is judged
   * only from zones seen all through the turn (`countCheckMs` + {@link RECENT_GAP_MS} before it).
   */
  countSkip(at: number, now: number): string[] {
    // readers not heard since RECENT_GAP_MS before the turn boundary are skipped too (their moves
    // may be reconciled after the boundary, out of order)
    // and so are the readers of a move no line reported (only snapshots saw it) whose window
    // ends then or later: its order among the moves seen live is not known
    const from = at - this.table.timing.countCheckMs - RECENT_GAP_MS;
    const skip = new Set(this.unseenReaders(from, now));
    for (const u of this.unreported) if (u.to >= from) for (const r of u.readers) skip.add(r);
    return [...skip].sort();
  }

  /**
   * At the end of a tick (`now`, ms): true when every zone is heard again, nothing is held, and the
   * last gap closed {@link RECENT_GAP_MS} ago or more: the `readers-heard` event is due now (the
   * judgments that waited for it are made). A zone not heard makes the table blind until then.
   * @param heldMoves settled moves still held behind a tile in a hand
   */
  heardAgain(now: number, heldMoves: number): boolean {
    const staleNow = this.readers.statuses(now).some((r) => r.state === 'stale');
    if (this.gaps.size > 0 || staleNow) this.blindNow = true;
    else if (this.blindNow && heldMoves === 0 && this.readers.untrusted(now).length === 0) {
      const lastClose = Math.max(0, ...this.pastGaps.map((g) => g.to));
      if (now - lastClose >= RECENT_GAP_MS) {
        this.blindNow = false;
        return true;
      }
    }
    return false;
  }
}
