/**
 * The tile tracker: turns noisy per-zone tag sightings into settled tile moves.
 *
 * Rules it keeps (DESIGN.md, "Reads are noisy"):
 * - a tile moves only when the move has settled: present in its new zone, and gone from its old
 *   one, for the settle window of the zone (ms; per zone, see `TrackerOptions.settleFor`);
 * - a snapshot is the truth for its zone and replaces what deltas said;
 * - a tag seen in two zones stays where it was until it is gone from there; when it is then seen
 *   in two new zones, it waits for one of them to let go, and past `ambiguousMaxMs` the zone that
 *   has seen it longest wins (the protocol carries no signal strength);
 * - a tile seen nowhere (lifted, in a player's hand) stays where it last settled: it is not lost,
 *   and it is not an error;
 * - a DEL from a zone the hub never saw the tag arrive in (its ADD was lost) proves the tile was
 *   there: the tile passed through that zone, and that stop is a move of its own (a pick then a
 *   discard of the same tile are never merged into one move);
 * - flicker (a tag gone from its zone and back, or seen for a moment in a neighbouring zone) makes
 *   no move; past `weakAfter` flickers within `weakWindowMs` the tag is listed as weak (a
 *   maintenance warning naming the tile and the zone).
 *
 * Pure and clock-free: the caller passes the time (ms since epoch) with every call and asks
 * `settle(now)` for the moves that have settled by then.
 */
import type { TileId } from '../../rules/tiles.js';

/** A zone as `reader/zone`, e.g. `"RK-E1/top"`. */
export type ZoneKey = string;

/** A time window (ms since epoch) in which the hub could not see what happened. */
export interface Window {
  from: number;
  to: number;
}

/** A tile that has come to rest in a new zone. */
export interface SettledMove {
  tile: TileId;
  tag: string;
  /** where it was settled before, or null on first sight */
  from: ZoneKey | null;
  to: ZoneKey;
  /** when it arrived in `to` (ms since epoch) */
  at: number;
  /**
   * when it left `from` (ms; its arrival for a first sighting). Moves are ordered by this: a tile
   * picked first was picked first, even when it rests in a hand longer than the next pick does.
   */
  leftAt: number;
  /** ids of the raw reader lines the move rests on (its removal from `from`, its arrival in `to`) */
  lines: number[];
  /**
   * set when the move was seen only across a reader's reconnect (offline or rebooted, then a
   * snapshot that differs): the move happened somewhere in this window, not at `leftAt`/`at`
   */
  reconciled?: Window;
}

/** A tag that flickers too often in one zone: a maintenance warning (move the tile, check the antenna). */
export interface WeakTag {
  tile: TileId;
  tag: string;
  zone: ZoneKey;
  /** flickers within the window */
  flickers: number;
  /** first and last flicker counted (ms) */
  firstAt: number;
  lastAt: number;
}

interface Sighting {
  since: number;
  line: number | null;
  /** seen first in a snapshot (the truth at that moment), not in an ADD */
  snap?: boolean;
  /** the last snapshot of the zone that still held the tag (ms) */
  confirmedAt?: number;
  reconciled?: Window;
}

interface TagState {
  tile: TileId;
  settled: ZoneKey | null;
  /** zones that see the tag now, with when they started seeing it */
  present: Map<ZoneKey, Sighting>;
  /** when the tag was last seen leaving its settled zone */
  left: Sighting | null;
  /** flicker times per zone (ms), pruned to the weak window */
  flickers: Map<ZoneKey, number[]>;
  /**
   * stays in other zones (each at least that zone's settle window) while its settled zone still
   * claimed it: if that zone's claim then ends (its DEL was lost; a snapshot drops it), they were
   * real stops, in order
   */
  visits: { zone: ZoneKey; since: number; until: number; lines: number[] }[];
}

/** A stay elsewhere older than this (ms) while the settled zone still sees the tag was a cross-read. */
const VISIT_KEEP_MS = 5000;

/** Options of a tracker. */
export interface TrackerOptions {
  /** how long a tile must stay put before it has moved (ms), for zones `settleFor` does not name */
  settleMs: number;
  /** the settle window of one zone (ms), e.g. by its area (rack, top, wall, floor) */
  settleFor?: (zone: ZoneKey) => number;
  /** the tag registry of the tile set on the table: tag UID → tile */
  registry: ReadonlyMap<string, TileId>;
  /** a tile seen in two new zones this long (ms) settles in the one that has seen it longest (default 1500) */
  ambiguousMaxMs?: number;
  /** a tag unsettled this long (ms) no longer holds back other moves (see `watermark`; default 3000) */
  holdMaxMs?: number;
  /**
   * a tag seen in a new zone since before it left its old one (a cross-read next door, or a tile
   * slid across) settles there only once a snapshot of that zone taken after it left still holds
   * it, or once it has been gone from the old zone this long (ms, default 2500: more than a
   * reader's snapshot period)
   */
  confirmMs?: number;
  /** flickers of one tag in one zone within `weakWindowMs` that make it weak (default 3) */
  weakAfter?: number;
  /** the window for counting flickers (ms, default 60 000) */
  weakWindowMs?: number;
}

/** Tags read that are not in the registry, with where they were last seen. */
export interface UnknownTag {
  tag: string;
  zone: ZoneKey;
  at: number;
}

/** Default settle window for the ambiguity between two new zones (ms). */
export const AMBIGUOUS_MAX_MS = 1500;

export class Tracker {
  private readonly tags = new Map<string, TagState>();
  private readonly zones = new Map<ZoneKey, Set<string>>();
  private readonly dirty = new Set<string>();
  private readonly unknown = new Map<string, UnknownTag>();
  /** moves proven by a DEL from a zone whose ADD was lost: released at the next settle */
  private readonly ready: SettledMove[] = [];
  private readonly ambiguousMaxMs: number;
  private readonly holdMaxMs: number;
  private readonly weakAfter: number;
  private readonly weakWindowMs: number;
  private readonly confirmMs: number;

  constructor(private readonly opts: TrackerOptions) {
    this.ambiguousMaxMs = opts.ambiguousMaxMs ?? AMBIGUOUS_MAX_MS;
    this.holdMaxMs = opts.holdMaxMs ?? 4500;
    this.weakAfter = opts.weakAfter ?? 3;
    this.confirmMs = opts.confirmMs ?? 2500;
    this.weakWindowMs = opts.weakWindowMs ?? 60_000;
  }

  /**
   * A full snapshot of one zone: the truth. Tags absent from it have left the zone at `at`.
   * `reconciled`: the snapshot is the first after a reader's reconnect or reboot, and the hub saw
   * nothing of the zone in that window; moves that rest on it are marked with it.
   */
  snapshot(zone: ZoneKey, tags: readonly string[], at: number, line: number | null, reconciled?: Window): void {
    const now = new Set(tags);
    const before = this.zones.get(zone) ?? new Set<string>();
    for (const tag of now) {
      const seen = before.has(tag) ? this.tags.get(tag)?.present.get(zone) : undefined;
      if (seen) seen.confirmedAt = at;
    }
    for (const tag of before) if (!now.has(tag)) this.drop(zone, tag, at, line, reconciled, true);
    for (const tag of now) if (!before.has(tag)) this.put(zone, tag, at, line, reconciled, true);
  }

  /** A tag came into a zone (a delta: a hint, the next snapshot is the truth). */
  add(zone: ZoneKey, tag: string, at: number, line: number | null): void {
    this.put(zone, tag, at, line);
  }

  /** A tag left a zone (a delta). A DEL for a tag the zone was not known to hold proves it passed through. */
  remove(zone: ZoneKey, tag: string, at: number, line: number | null): void {
    const set = this.zones.get(zone);
    if (set?.has(tag)) {
      this.drop(zone, tag, at, line);
      return;
    }
    const s = this.tags.get(tag);
    // its ADD was lost: if it had left where it settled, it rested here on the way
    // (only when no zone sees it now: a DEL next door whose ADD was lost is a cross-read going away)
    if (!s || s.settled === null || s.settled === zone || s.present.size > 0 || !s.left) return;
    const leftAt = s.left.since;
    const lines = [s.left.line, line].filter((l): l is number => typeof l === 'number');
    this.ready.push({ tile: s.tile, tag, from: s.settled, to: zone, at: Math.max(leftAt, at - 1), leftAt, lines });
    s.settled = zone;
    s.left = { since: at, line };
    this.dirty.add(tag);
  }

  private put(zone: ZoneKey, tag: string, at: number, line: number | null, reconciled?: Window, snap = false): void {
    const state = this.stateOf(tag, zone, at);
    if (!state) return;
    const set = this.zoneSet(zone);
    if (set.has(tag)) return;
    set.add(tag);
    if (state.settled === zone && state.left) {
      this.flicker(state, zone, at); // gone from its zone and back without a move
      state.left = null;
    }
    const sighting: Sighting = { since: at, line };
    if (reconciled) sighting.reconciled = reconciled;
    if (snap) sighting.snap = true;
    state.present.set(zone, sighting);
    this.dirty.add(tag);
  }

  private drop(zone: ZoneKey, tag: string, at: number, line: number | null, reconciled?: Window, snap = false): void {
    const set = this.zones.get(zone);
    if (!set || !set.has(tag)) return;
    set.delete(tag);
    const state = this.tags.get(tag);
    if (!state) return;
    const seen = state.present.get(zone);
    if (seen && this.restedHere(state, zone, seen, at)) {
      // it rested here, gone from where it had settled, before a cross-read next door let it
      // settle: that stop was a move of its own (a pick, then a discard of the same tile)
      state.present.delete(zone);
      const leftAt = Math.min(state.left!.since, seen.since);
      const lines = [state.left!.line, seen.line].filter((l): l is number => typeof l === 'number');
      const move: SettledMove = { tile: state.tile, tag, from: state.settled, to: zone, at: seen.since, leftAt, lines };
      const reconciledWin = merge(state.left!.reconciled, seen.reconciled);
      if (reconciledWin) move.reconciled = reconciledWin;
      this.ready.push(move);
      state.settled = zone;
      state.left = reconciled ? { since: at, line, reconciled } : { since: at, line };
      this.dirty.add(tag);
      return;
    }
    state.present.delete(zone);
    if (state.settled === zone) {
      state.left = reconciled ? { since: at, line, reconciled } : { since: at, line };
      if (snap) state.left.snap = true; // it left at some time before `at`: a lost DEL
      this.replayVisits(state, tag, at);
    } else if (state.settled !== null && state.present.has(state.settled)) {
      // a cross-read went away, or a real stay whose departure from the settled zone was lost
      state.visits = state.visits.filter((v) => v.until > at - VISIT_KEEP_MS);
      if (seen && at - seen.since >= this.settleOf(zone)) {
        state.visits.push({ zone, since: seen.since, until: at, lines: [seen.line, line].filter((l): l is number => typeof l === 'number') });
      } else this.flicker(state, zone, at);
    }
    else if (seen && state.present.size > 0) this.flicker(state, zone, at); // one of two new zones let go
    this.dirty.add(tag);
  }

  /** How long (ms) a tag must be gone from its settled zone before it settles where `seen` says. */
  private goneNeeded(s: TagState, seen: Sighting): number {
    if (!s.settled) return 0;
    const base = this.settleOf(s.settled);
    if (!s.left || s.left.snap || seen.since >= s.left.since) return base;
    if (seen.confirmedAt !== undefined && seen.confirmedAt >= s.left.since) return base;
    return Math.max(base, this.confirmMs); // seen there since before it left: maybe a cross-read
  }

  /** The settled zone let go at `at`: stays recorded meanwhile become moves, in order. */
  private replayVisits(s: TagState, tag: string, at: number): void {
    const visits = s.visits.filter((v) => v.until > at - VISIT_KEEP_MS && v.until <= at);
    s.visits = [];
    for (const v of visits) {
      if (v.zone === s.settled) continue;
      this.ready.push({ tile: s.tile, tag, from: s.settled, to: v.zone, at: v.since, leftAt: v.since, lines: [s.left?.line, ...v.lines].filter((l): l is number => typeof l === 'number') });
      s.settled = v.zone;
      s.left = { since: v.until, line: v.lines.at(-1) ?? null };
    }
  }

  /**
   * True when a tag leaving `zone` had rested there: gone from where it settled, seen in `zone`
   * for at least the zone's settle window (or seen there by a snapshot, which is the truth: its
   * ADD may have come while the zone was not in sync), and seen there before any other zone that sees it now.
   */
  private restedHere(s: TagState, zone: ZoneKey, seen: Sighting, at: number): boolean {
    if (s.settled === null || s.settled === zone || s.present.has(s.settled) || !s.left) return false;
    // seen here since before it left its zone, and no snapshot here confirmed it since: a cross-read
    if (!s.left.snap && seen.since < s.left.since && !(seen.confirmedAt !== undefined && seen.confirmedAt >= s.left.since)) return false;
    // it left its old zone no later than it came here (a tile is in one place at a time)
    const leftAt = Math.min(s.left.since, seen.since);
    if (!seen.snap && (at - seen.since < this.settleOf(zone) || at - leftAt < this.settleOf(s.settled))) return false;
    for (const [z, p] of s.present) if (z !== zone && p.since < seen.since) return false;
    return true;
  }

  private flicker(s: TagState, zone: ZoneKey, at: number): void {
    const list = (s.flickers.get(zone) ?? []).filter((t) => t > at - this.weakWindowMs);
    list.push(at);
    s.flickers.set(zone, list);
  }

  private settleOf(zone: ZoneKey): number {
    return this.opts.settleFor ? this.opts.settleFor(zone) : this.opts.settleMs;
  }

  /** Moves that have settled by `now` (ms), in the order the tiles left their old zones. */
  settle(now: number): SettledMove[] {
    const moves: SettledMove[] = this.ready.splice(0);
    for (const tag of [...this.dirty]) {
      const s = this.tags.get(tag)!;
      if (s.settled !== null && s.present.has(s.settled)) {
        // still (or again) where it was: a flicker or a cross-read elsewhere changes nothing
        if (s.present.size === 1) this.dirty.delete(tag);
        s.left = null;
        continue;
      }
      if (s.present.size === 0) {
        // in a hand: it stays where it settled (still pending: it holds back later moves, see watermark)
        if (!s.left) this.dirty.delete(tag);
        continue;
      }
      let [zone, seen] = [...s.present][0]!;
      if (s.present.size > 1) {
        // seen in two new zones at once: wait until one lets go; past the limit the longest wins
        const byAge = [...s.present].sort((a, b) => a[1].since - b[1].since);
        const [oldZone, oldest] = byAge[0]!;
        const second = byAge[1]![1];
        if (now - second.since < this.ambiguousMaxMs || oldest.since === second.since) continue;
        [zone, seen] = [oldZone, oldest];
      }
      const restedFor = now - seen.since;
      const goneFor = s.left ? now - s.left.since : Infinity;
      if (restedFor < this.settleOf(zone) || goneFor < this.goneNeeded(s, seen)) continue;
      const lines = [s.left?.line, seen.line].filter((l): l is number => typeof l === 'number');
      const leftAt = Math.min(s.left?.since ?? seen.since, seen.since);
      const reconciled = merge(s.left?.reconciled, seen.reconciled);
      const move: SettledMove = { tile: s.tile, tag, from: s.settled, to: zone, at: seen.since, leftAt, lines };
      if (reconciled) move.reconciled = reconciled;
      moves.push(move);
      s.settled = zone;
      s.left = null;
      if (s.present.size === 1) this.dirty.delete(tag);
    }
    return moves.sort((a, b) => a.leftAt - b.leftAt || a.at - b.at);
  }

  /** The earliest time (ms) at which `settle` may have something new, or null when nothing is pending. */
  nextDue(): number | null {
    if (this.ready.length) return 0;
    let due: number | null = null;
    for (const tag of this.dirty) {
      const s = this.tags.get(tag)!;
      if (s.present.size === 0 || (s.settled !== null && s.present.has(s.settled))) continue;
      const ages = [...s.present.values()].map((p) => p.since).sort((a, b) => a - b);
      let t: number;
      if (ages.length === 1) {
        const z = [...s.present.keys()][0]!;
        t = Math.max(ages[0]! + this.settleOf(z), (s.left?.since ?? 0) + this.goneNeeded(s, s.present.get(z)!));
      } else t = ages[1]! + this.ambiguousMaxMs;
      due = due === null ? t : Math.min(due, t);
    }
    return due;
  }

  /**
   * The earliest time (ms) a move not yet settled may turn out to have started: a tile in a hand
   * since then, or seen in a new zone while still read in its old one. Moves and count checks
   * after it should wait, so that the log keeps the order things happened in. Tags unsettled for
   * longer than `holdMaxMs` (a tile held in a hand a long while) hold nothing back. Null: nothing pending.
   */
  watermark(now: number): number | null {
    let mark: number | null = null;
    for (const tag of this.dirty) {
      const s = this.tags.get(tag)!;
      let t: number | null = null;
      if (s.left && (s.settled === null || !s.present.has(s.settled))) {
        // its move will start at the earlier of its departure and its arrival elsewhere
        t = s.left.since;
        for (const p of s.present.values()) t = Math.min(t, p.since);
      }
      else if (s.settled !== null && s.present.has(s.settled) && s.present.size > 1) {
        for (const [z, p] of s.present) if (z !== s.settled) t = t === null ? p.since : Math.min(t, p.since);
      } else if (s.settled === null) {
        for (const p of s.present.values()) t = t === null ? p.since : Math.min(t, p.since);
      }
      if (t === null || now - t > this.holdMaxMs) continue;
      mark = mark === null ? t : Math.min(mark, t);
    }
    return mark;
  }

  /**
   * Puts a tile where the log says it settled (after a hub restart), without a move.
   * The next snapshot of each zone then reconciles it with what the readers see.
   */
  restore(tag: string, zone: ZoneKey): void {
    const tile = this.opts.registry.get(tag);
    if (!tile) return;
    const state = this.tags.get(tag) ?? { tile, settled: null, present: new Map(), left: null, flickers: new Map(), visits: [] };
    state.settled = zone;
    this.tags.set(tag, state);
  }

  /** Where each tile has settled (tile → zone). */
  positions(): Map<TileId, ZoneKey> {
    const out = new Map<TileId, ZoneKey>();
    for (const s of this.tags.values()) if (s.settled) out.set(s.tile, s.settled);
    return out;
  }

  /** Tags read that the registry does not know. */
  unknownTags(): UnknownTag[] {
    return [...this.unknown.values()];
  }

  /**
   * Tags that flickered at least `weakAfter` times in one zone within `weakWindowMs` before `now`
   * (ms): maintenance warnings, never game events. Sorted by tile.
   */
  weakTags(now: number): WeakTag[] {
    const out: WeakTag[] = [];
    for (const [tag, s] of this.tags) {
      for (const [zone, times] of s.flickers) {
        const recent = times.filter((t) => t > now - this.weakWindowMs);
        if (recent.length >= this.weakAfter) out.push({ tile: s.tile, tag, zone, flickers: recent.length, firstAt: recent[0]!, lastAt: recent.at(-1)! });
      }
    }
    return out.sort((a, b) => (a.tile < b.tile ? -1 : a.tile > b.tile ? 1 : a.zone < b.zone ? -1 : 1));
  }

  /** The tags a zone sees right now (raw, unsettled). */
  seenIn(zone: ZoneKey): ReadonlySet<string> {
    return this.zones.get(zone) ?? new Set();
  }

  private zoneSet(zone: ZoneKey): Set<string> {
    let set = this.zones.get(zone);
    if (!set) this.zones.set(zone, (set = new Set()));
    return set;
  }

  private stateOf(tag: string, zone: ZoneKey, at: number): TagState | null {
    let state = this.tags.get(tag);
    if (state) return state;
    const tile = this.opts.registry.get(tag);
    if (!tile) {
      this.unknown.set(tag, { tag, zone, at });
      return null;
    }
    state = { tile, settled: null, present: new Map(), left: null, flickers: new Map(), visits: [] };
    this.tags.set(tag, state);
    return state;
  }
}

function merge(a: Window | undefined, b: Window | undefined): Window | undefined {
  if (!a) return b;
  if (!b) return a;
  return { from: Math.min(a.from, b.from), to: Math.max(a.to, b.to) };
}
