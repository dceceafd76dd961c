/**
 * The tile tracker: turns noisy per-zone tag sightings into settled tile moves.
 *
 * Rules it keeps (DESIGN.md, "Reads are noisy"):
 * - a tile moves only when the move has settled: present in its new zone, and gone from its old
 *   one, for `settleMs` (ms);
 * - a snapshot is the truth for its zone and replaces what deltas said;
 * - a tag seen in two zones stays where it was until it is gone from there;
 * - a tile seen nowhere (lifted, in a player's hand) stays where it last settled: it is not lost.
 *
 * Pure and clock-free: the caller passes the time (ms since epoch) with every call and asks
 * `settle(now)` for the moves that have settled by then.
 */
import type { TileId } from '../../rules/tiles.js';

/** A zone as `reader/zone`, e.g. `"RK-E1/top"`. */
export type ZoneKey = string;

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
}

interface Sighting {
  since: number;
  line: number | null;
}

interface TagState {
  tile: TileId;
  settled: ZoneKey | null;
  /** zones that see the tag now, with when they started seeing it */
  present: Map<ZoneKey, Sighting>;
  /** when the tag was last seen leaving its settled zone */
  left: Sighting | null;
}

/** Options of a tracker. */
export interface TrackerOptions {
  /** how long a tile must stay put before it has moved (ms) */
  settleMs: number;
  /** the tag registry of the tile set on the table: tag UID → tile */
  registry: ReadonlyMap<string, TileId>;
}

/** Tags read that are not in the registry, with where they were last seen. */
export interface UnknownTag {
  tag: string;
  zone: ZoneKey;
  at: number;
}

export class Tracker {
  private readonly tags = new Map<string, TagState>();
  private readonly zones = new Map<ZoneKey, Set<string>>();
  private readonly dirty = new Set<string>();
  private readonly unknown = new Map<string, UnknownTag>();

  constructor(private readonly opts: TrackerOptions) {}

  /** A full snapshot of one zone: the truth. Tags absent from it have left the zone at `at`. */
  snapshot(zone: ZoneKey, tags: readonly string[], at: number, line: number | null): void {
    const now = new Set(tags);
    const before = this.zones.get(zone) ?? new Set<string>();
    for (const tag of before) if (!now.has(tag)) this.remove(zone, tag, at, line);
    for (const tag of now) if (!before.has(tag)) this.add(zone, tag, at, line);
  }

  /** A tag came into a zone (a delta: a hint, the next snapshot is the truth). */
  add(zone: ZoneKey, tag: string, at: number, line: number | null): void {
    const state = this.stateOf(tag, zone, at);
    if (!state) return;
    const set = this.zoneSet(zone);
    if (set.has(tag)) return;
    set.add(tag);
    state.present.set(zone, { since: at, line });
    this.dirty.add(tag);
  }

  /** A tag left a zone (a delta). */
  remove(zone: ZoneKey, tag: string, at: number, line: number | null): void {
    const set = this.zones.get(zone);
    if (!set || !set.has(tag)) return;
    set.delete(tag);
    const state = this.tags.get(tag);
    if (!state) return;
    state.present.delete(zone);
    if (state.settled === zone) state.left = { since: at, line };
    this.dirty.add(tag);
  }

  /** Moves that have settled by `now` (ms), in the order the tiles left their old zones. */
  settle(now: number): SettledMove[] {
    const moves: SettledMove[] = [];
    for (const tag of [...this.dirty]) {
      const s = this.tags.get(tag)!;
      if (s.settled !== null && s.present.has(s.settled)) {
        // still (or again) where it was: a flicker or a cross-read elsewhere changes nothing
        if (s.present.size === 1) this.dirty.delete(tag);
        s.left = null;
        continue;
      }
      if (s.present.size !== 1) {
        if (s.present.size === 0) this.dirty.delete(tag); // in a hand: it stays where it settled
        continue; // seen in two new zones at once: wait until one of them lets go
      }
      const [zone, seen] = [...s.present][0]!;
      const restedFor = now - seen.since;
      const goneFor = s.left ? now - s.left.since : Infinity;
      if (restedFor < this.opts.settleMs || goneFor < this.opts.settleMs) continue;
      const lines = [s.left?.line, seen.line].filter((l): l is number => typeof l === 'number');
      const leftAt = Math.min(s.left?.since ?? seen.since, seen.since);
      moves.push({ tile: s.tile, tag, from: s.settled, to: zone, at: seen.since, leftAt, lines });
      s.settled = zone;
      s.left = null;
      this.dirty.delete(tag);
    }
    return moves.sort((a, b) => a.leftAt - b.leftAt || a.at - b.at);
  }

  /** The earliest time (ms) at which `settle` may have something new, or null when nothing is pending. */
  nextDue(): number | null {
    let due: number | null = null;
    for (const tag of this.dirty) {
      const s = this.tags.get(tag)!;
      // only a tag seen in exactly one new zone can settle by time alone
      if (s.present.size !== 1 || (s.settled !== null && s.present.has(s.settled))) continue;
      const seen = [...s.present.values()][0]!;
      const t = Math.max(seen.since, s.left?.since ?? 0) + this.opts.settleMs;
      due = due === null ? t : Math.min(due, t);
    }
    return due;
  }

  /**
   * Puts a tile where the log says it settled (after a hub restart), without a move.
   * The next snapshot of each zone then reconciles it with what the readers see.
   */
  restore(tag: string, zone: ZoneKey): void {
    const tile = this.opts.registry.get(tag);
    if (!tile) return;
    const state = this.tags.get(tag) ?? { tile, settled: null, present: new Map(), left: null };
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
    state = { tile, settled: null, present: new Map(), left: null };
    this.tags.set(tag, state);
    return state;
  }
}
