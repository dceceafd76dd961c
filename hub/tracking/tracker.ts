/**
 * The tile tracker: turns noisy per-zone tag sightings into settled tile moves.
 *
 * Rules it keeps (reads are noisy):
 * - a tile moves only when the move has settled: present in its new zone, and gone from its old
 *   one, for a settle window (ms) that depends on the zone and on the evidence of the read that
 *   saw it arrive (protocol v1 carries a signal strength, `rssi` in dBm; PROTOCOL.md §5.2, §5.3):
 *   - a **strong** read (rssi ≥ `strongRssi`, default -65 dBm: the tag lies on that antenna)
 *     settles on the short window `strongSettleFor(zone)` (default {@link STRONG_SETTLE_MS},
 *     200 ms; gone from the old zone for the old zone's short window);
 *   - a read with **no** rssi (a v0 reader, or a v1 reader with no value) settles on the zone's
 *     normal window `settleFor(zone)` (rack and top 400 ms in the engine: longer than a cross-read
 *     between the two antennas of one rack reader lasts), exactly as before signal strength existed;
 *   - a **weak** read (rssi < `strongRssi`: the antenna next door sees it, a cross-read) settles on
 *     that normal window only once a snapshot of the zone taken at least that long after it came
 *     still holds it, else after `confirmMs` (2.5 s); a weak read is never a stay of its own while
 *     the settled zone still sees the tag;
 *   - a snapshot's rssi updates the evidence of a tag it still holds (a weak read becomes strong
 *     when the zone's next inventory reads it strongly);
 *   - a weak read in the zone a tag has just left is the antenna next door seeing it where it went,
 *     never the tile back (it comes back on a strong read, or one with no rssi);
 *   - a weak read settles nowhere while a zone of its reader is **incomplete** (`setIncomplete`: lines
 *     of that reader were lost, and no snapshot of the zone has come since): the strong read that
 *     would explain it may be among the lines lost;
 *   - a stay in a zone lasts, against its window, only until another antenna reads the tag strongly,
 *     even when the zone's own DEL comes later (a tile held over one zone on its way to the next,
 *     the two readers' lines late by different amounts: docs/strong-window.md);
 * - a snapshot is the truth for its zone and replaces what deltas said;
 * - a tag seen in two zones stays where it was until it is gone from there; when it is then seen
 *   in two new zones, the strong read wins at once if the others are weak; otherwise (no rssi, or
 *   both strong) it waits for one of them to let go, and past `ambiguousMaxMs` the zone that has
 *   seen it longest wins;
 * - a tile seen nowhere (lifted, in a player's hand) stays where it last settled: it is not lost,
 *   and it is not an error; when no DEL said it left (a snapshot of its zone no longer holds it),
 *   it is also listed as not seen (`notSeen`: which tile, where, since when) until a zone reads it;
 * - a move no line reported (its DEL and its ADD both lost: only snapshots saw the tile leave and
 *   arrive) carries the window it happened in (`unreported`): its time, and so its order among the
 *   moves the hub saw live, is not known;
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
  /**
   * set when no line reported the move, only snapshots: its DEL and its ADD were both lost (a missed
   * read takes no sequence number, so nothing told the hub). The tile left `from` after `from` of
   * this window (the last time the hub knew it there, ms) and was seen in `to` at `to` (ms): the move
   * happened somewhere in between, maybe before moves the hub logged ahead of it
   */
  unreported?: Window;
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

/** One zone's sighting of a tag: since when it sees it, and the evidence of its reads. */
interface Sighting {
  since: number;
  line: number | null;
  /** signal strength of the latest read in this zone (dBm, v1), or undefined/null when none was sent */
  rssi?: number | null;
  /** seen first in a snapshot (the truth at that moment), not in an ADD */
  snap?: boolean;
  /** the last snapshot of the zone that still held the tag (ms) */
  confirmedAt?: number;
  reconciled?: Window;
}

/** A tag seen leaving the zone it settled in: when (ms), on which line, and how the hub learnt it. */
export interface Departure {
  since: number;
  line: number | null;
  /** learnt from a snapshot without it (or a release), not a DEL: it left at some time before `since` */
  snap?: boolean;
  /** the hub saw nothing of the zone in this window (a reconnect, or an unseen reader) */
  reconciled?: Window;
  /** the last time (ms) the hub knew the tag in the zone it left */
  lastSeen?: number;
}

/**
 * A tile not seen: it vanished from a snapshot of the zone it had settled in (no DEL reported it
 * leaving) and no zone has read it since. The hub keeps it where it last settled, but cannot tell
 * whether it is still there (a tag the antenna no longer reads), in a hand, or gone: a notice for
 * the director, never a flag (see {@link Tracker.notSeen}).
 */
export interface TileNotSeen {
  tile: TileId;
  tag: string;
  /** the zone it was last seen in (where it settled) */
  zone: ZoneKey;
  /** the last time (ms) the hub knew it there: its last read or the last snapshot that held it */
  lastSeen: number;
  /** the snapshot (ms) that no longer held it */
  missedAt: number;
  /** set when that snapshot was the first after its reader's reconnect: it vanished in this window */
  reconciled?: Window;
}

/** A stay (at least that zone's settle window) in another zone while the settled zone still claimed the tag. */
export interface Visit {
  zone: ZoneKey;
  since: number;
  until: number;
  lines: number[];
}

/**
 * The state one tag is in: what the tracker keeps of it, besides the zones that see it now (see
 * `TagRecord`). Every decision the tracker makes on a tag (`settle`, `nextDue`, `watermark`) is a
 * switch over these states, and every change of state is one of the transition functions below.
 *
 * Events: a read is an ADD, or a snapshot that holds the tag; a let-go is a DEL, or a snapshot
 * without it; the release is its settled zone becoming unseen while a zone the hub hears reads it;
 * a stop is a stay in another zone proven to have been a move of its own (it rested there and let
 * go, a DEL from a zone whose ADD was lost, or a stay recorded while its zone still claimed it).
 *
 * | from       | event                                           | to         | function   |
 * |------------|-------------------------------------------------|------------|------------|
 * | (none)     | first read                                      | `arriving` | `arrive`   |
 * | (none)     | `restore` (the log, after a restart)            | `placed`   | `place`    |
 * | `unplaced` | read                                            | `arriving` | `arrive`   |
 * | `arriving` | read, or a let-go while another zone reads it   | `arriving` | `arrive`/`vanish` |
 * | `arriving` | every zone that saw it lets go                  | `unplaced` | `vanish`   |
 * | `arriving` | rested its window in one zone (a move from nowhere) | `resting` | `settleIn` |
 * | `resting`  | read or let-go elsewhere (a cross-read; a stay is recorded as a visit) | `resting` | `arrive`/`keepVisits` |
 * | `resting`  | its zone lets go, no zone reads it              | `lifted`   | `lift`     |
 * | `resting`  | its zone lets go while another reads it, or the release | `moving` | `lift` |
 * | `resting`/`lifted`/`moving` | a visit or stop replayed       | any of them, from the stop | `stop` |
 * | `lifted`   | read in its zone (a flicker: no move)           | `resting`  | `arrive`   |
 * | `lifted`   | read in another zone                            | `moving`   | `arrive`   |
 * | `lifted`   | a DEL from a zone whose ADD was lost            | `lifted`, from that zone | `stop` |
 * | `moving`   | settled in the new zone (a move)                | `resting`  | `settleIn` |
 * | `moving`   | read in its old zone again                      | `resting`  | `arrive`   |
 * | `moving`   | read elsewhere, or one of its new zones lets go | `moving`   | `arrive`/`vanish` |
 * | `moving`   | the new zones let go before it rested there     | `lifted` (`placed` when never seen leaving) | `vanish` |
 * | `moving`   | a new zone lets go after it rested there        | `lifted`/`moving`, from that zone | `stop` |
 * | `placed`   | its zone reads it                               | `resting`  | `arrive`   |
 * | `placed`   | another zone reads it first                     | `moving` (never seen leaving) | `arrive` |
 * | any        | `restore`                                       | by where the log puts it | `place` |
 */
export type TagState =
  /** seen somewhere once, but every zone that saw it let go before it settled: the hub has no place for it */
  | { state: 'unplaced' }
  /** never settled, and a zone sees it now: its first move (from nowhere) settles once it has rested */
  | { state: 'arriving' }
  /** settled in `zone`, which still sees it; `visits`: stays elsewhere meanwhile, replayed as moves if `zone`'s claim ends */
  | { state: 'resting'; zone: ZoneKey; visits: Visit[] }
  /** gone from `from` (where it settled, `left` says when) and seen nowhere: in a hand; it stays at `from` meanwhile */
  | { state: 'lifted'; from: ZoneKey; left: Departure }
  /** put in `zone` by the log (`restore`, after a restart), and not read anywhere since */
  | { state: 'placed'; zone: ZoneKey }
  /** settled in `from`, which does not see it now, while another zone does: a move waiting for its windows; `left`: its departure from `from`, null when it was never seen leaving */
  | { state: 'moving'; from: ZoneKey; left: Departure | null };

/**
 * What {@link Tracker.tagState} shows of a tag: its state, with the zones that see it now.
 * `arriving.seenIn`, `moving.to`: the zones that read it; `resting.crossReads`: the zones other
 * than its own that read it too; `since`: when it was seen leaving (ms), null when it never was.
 */
export type TagView =
  | { state: 'unplaced' }
  | { state: 'arriving'; seenIn: ZoneKey[] }
  | { state: 'resting'; zone: ZoneKey; crossReads: ZoneKey[] }
  | { state: 'lifted'; from: ZoneKey; since: number }
  | { state: 'placed'; zone: ZoneKey }
  | { state: 'moving'; from: ZoneKey; to: ZoneKey[]; since: number | null };

/** What the tracker keeps of one tag. */
interface TagRecord {
  tile: TileId;
  state: TagState;
  /**
   * zones that see the tag now, with when they started seeing it and the evidence of their reads.
   * Beside the state, not in it: zones read and let go of a tag whatever state it is in (a
   * cross-read while it rests, two new zones while it moves), and a snapshot refreshes their
   * evidence in any state; the state says which of them counts.
   */
  present: Map<ZoneKey, Sighting>;
  /** flicker times per zone (ms), pruned to the weak window: a maintenance count across moves, whatever the state */
  flickers: Map<ZoneKey, number[]>;
}

/** The zone a tag has settled in (its place on the table), or null when it never settled. */
function settledZone(st: TagState): ZoneKey | null {
  switch (st.state) {
    case 'unplaced':
    case 'arriving':
      return null;
    case 'resting':
    case 'placed':
      return st.zone;
    case 'lifted':
    case 'moving':
      return st.from;
    default:
      return unknownState(st);
  }
}

/** A read in `zone`: `unplaced` → `arriving`; `lifted`/`placed`/`moving` → `resting` in their zone, else `moving`. */
function arrive(st: TagState, zone: ZoneKey): TagState {
  switch (st.state) {
    case 'unplaced':
      return { state: 'arriving' };
    case 'arriving':
    case 'resting':
      return st; // one more zone reads it: a cross-read while it rests
    case 'lifted':
      return zone === st.from ? { state: 'resting', zone, visits: [] } : { state: 'moving', from: st.from, left: st.left };
    case 'placed':
      return zone === st.zone ? { state: 'resting', zone, visits: [] } : { state: 'moving', from: st.zone, left: null };
    case 'moving':
      return zone === st.from ? { state: 'resting', zone, visits: [] } : st;
    default:
      return unknownState(st);
  }
}

/** A resting tag's stays elsewhere, updated (a cross-read let go): it stays `resting`. */
function keepVisits(st: Extract<TagState, { state: 'resting' }>, visits: Visit[]): TagState {
  return { state: 'resting', zone: st.zone, visits };
}

/** Its zone let go (`left`), or was released: `resting` → `moving` when another zone reads it, else `lifted`. */
function lift(st: Extract<TagState, { state: 'resting' }>, left: Departure, seenElsewhere: boolean): TagState {
  return seenElsewhere ? { state: 'moving', from: st.zone, left } : { state: 'lifted', from: st.zone, left };
}

/** A zone other than its settled one let go: `arriving` → `unplaced`, `moving` → `lifted` (or `placed`) once no zone reads it. */
function vanish(st: TagState, seenElsewhere: boolean): TagState {
  switch (st.state) {
    case 'arriving':
      return seenElsewhere ? st : { state: 'unplaced' };
    case 'moving':
      if (seenElsewhere) return st;
      return st.left ? { state: 'lifted', from: st.from, left: st.left } : { state: 'placed', zone: st.from };
    case 'resting':
    case 'unplaced':
    case 'lifted':
    case 'placed':
      return st; // no other zone reads it (or a cross-read: see keepVisits)
    default:
      return unknownState(st);
  }
}

/**
 * A stop in `zone` proven a move of its own (the move itself is released by the caller): the tag is
 * now settled there, gone since `left`; `resting` if `zone` reads it now, `moving` if another does, else `lifted`.
 */
function stop(zone: ZoneKey, left: Departure, present: ReadonlyMap<ZoneKey, Sighting>): TagState {
  if (present.has(zone)) return { state: 'resting', zone, visits: [] };
  return present.size > 0 ? { state: 'moving', from: zone, left } : { state: 'lifted', from: zone, left };
}

/** `arriving`/`moving` → `resting`: it has settled in `zone` (a move). */
function settleIn(zone: ZoneKey): TagState {
  return { state: 'resting', zone, visits: [] };
}

/** `restore`: the log puts it in `zone`; `placed` unless a zone reads it already (then as if it had settled there). */
function place(st: TagState, zone: ZoneKey, present: ReadonlyMap<ZoneKey, Sighting>): TagState {
  const left = st.state === 'lifted' || st.state === 'moving' ? st.left : null;
  if (present.has(zone)) return { state: 'resting', zone, visits: st.state === 'resting' ? st.visits : [] };
  if (present.size > 0) return { state: 'moving', from: zone, left };
  return left ? { state: 'lifted', from: zone, left } : { state: 'placed', zone };
}

/** What {@link Tracker.tagState} shows of a record. */
function viewOf(s: TagRecord): TagView {
  const st = s.state;
  const zones = [...s.present.keys()];
  switch (st.state) {
    case 'unplaced':
      return { state: 'unplaced' };
    case 'arriving':
      return { state: 'arriving', seenIn: zones };
    case 'resting':
      return { state: 'resting', zone: st.zone, crossReads: zones.filter((z) => z !== st.zone) };
    case 'lifted':
      return { state: 'lifted', from: st.from, since: st.left.since };
    case 'placed':
      return { state: 'placed', zone: st.zone };
    case 'moving':
      return { state: 'moving', from: st.from, to: zones, since: st.left?.since ?? null };
    default:
      return unknownState(st);
  }
}

/** Reached only when a switch over {@link TagState} misses a state (a compile error first). */
function unknownState(state: never): never {
  throw new Error(`tracker: unknown tag state ${JSON.stringify(state)}`);
}
/** A stay elsewhere older than this (ms) while the settled zone still sees the tag was a cross-read. */
const VISIT_KEEP_MS = 5000;

/** Options of a tracker. */
export interface TrackerOptions {
  /** how long a tile must stay put before it has moved (ms), for zones `settleFor` does not name */
  settleMs: number;
  /**
   * the settle window of one zone (ms), e.g. by its area (rack, top, wall, floor): used for moves
   * backed by a weak read or a read with no signal strength (v0 readers)
   */
  settleFor?: (zone: ZoneKey) => number;
  /**
   * the settle window of one zone (ms) for a move backed by a strong read (v1 rssi ≥ `strongRssi`);
   * default: the smaller of `strongSettleMs` ({@link STRONG_SETTLE_MS}) and `settleFor(zone)`
   */
  strongSettleFor?: (zone: ZoneKey) => number;
  /**
   * the strong settle window (ms) when `strongSettleFor` is not given: a zone's strong window is the
   * smaller of this and `settleFor(zone)` (default {@link STRONG_SETTLE_MS})
   */
  strongSettleMs?: number;
  /** signal strength (dBm) at or above which a read is strong (default {@link STRONG_RSSI_DBM}, -65) */
  strongRssi?: number;
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

/**
 * Default signal strength (dBm) from which a read is strong: the tag lies on that antenna. HF
 * readers under a tile read a tag on their own antenna at about -40 to -58 dBm and a tag on the
 * neighbouring antenna (a cross-read) at about -68 to -85 dBm (the simulator's model, noise.ts).
 */
export const STRONG_RSSI_DBM = -65;

/**
 * Default settle window (ms) of a move backed by a strong read: long enough for a tile being put
 * down to stop sliding, far shorter than the cross-read-proof windows a read with no signal strength
 * needs: the shortest of 0-200 ms with no false flag at the realistic level against tiles slid or
 * held over a zone on their way elsewhere (`npm run measure:noise -- --strong-window
 * 0,50,100,150,200`; docs/strong-window.md, README "Noise").
 */
export const STRONG_SETTLE_MS = 200;

/** What a read tells about where the tag is: strong (on this antenna), weak (next door), or none (no rssi). */
export type ReadEvidence = 'strong' | 'weak' | 'none';

export class Tracker {
  private readonly tags = new Map<string, TagRecord>();
  private readonly zones = new Map<ZoneKey, Set<string>>();
  private readonly dirty = new Set<string>();
  private readonly unknown = new Map<string, UnknownTag>();
  /** moves proven by a DEL from a zone whose ADD was lost: released at the next settle */
  private readonly ready: SettledMove[] = [];
  /** zones whose reader cannot be heard now (offline, rebooting, stale), with since when (ms): see {@link Tracker.unseen} */
  private readonly blind = new Map<ZoneKey, number>();
  /** zones whose picture is incomplete (lines of their reader lost, no snapshot since), with since when (ms): see {@link Tracker.setIncomplete} */
  private readonly incomplete = new Map<ZoneKey, number>();
  private readonly ambiguousMaxMs: number;
  private readonly holdMaxMs: number;
  private readonly weakAfter: number;
  private readonly weakWindowMs: number;
  private readonly confirmMs: number;
  private readonly strongRssi: number;

  constructor(private readonly opts: TrackerOptions) {
    this.ambiguousMaxMs = opts.ambiguousMaxMs ?? AMBIGUOUS_MAX_MS;
    this.holdMaxMs = opts.holdMaxMs ?? 4500;
    this.weakAfter = opts.weakAfter ?? 3;
    this.confirmMs = opts.confirmMs ?? 2500;
    this.weakWindowMs = opts.weakWindowMs ?? 60_000;
    this.strongRssi = opts.strongRssi ?? STRONG_RSSI_DBM;
  }

  /**
   * A full snapshot of one zone: the truth. Tags absent from it have left the zone at `at`.
   * `reconciled`: the snapshot is the first after a reader's reconnect or reboot, and the hub saw
   * nothing of the zone in that window; moves that rest on it are marked with it.
   * `rssi` (v1, optional): the signal strength of each tag in dBm, parallel to `tags` (null where
   * the reader has no value); it updates the evidence of the tags the zone still holds. A list of
   * another length than `tags` is ignored (the codec already rejects such lines).
   */
  snapshot(zone: ZoneKey, tags: readonly string[], at: number, line: number | null, reconciled?: Window, rssi?: readonly (number | null)[]): void {
    this.blind.delete(zone); // the zone is heard again: its snapshot is the truth
    this.incomplete.delete(zone); // and whole again
    const now = new Set(tags);
    const before = this.zones.get(zone) ?? new Set<string>();
    const strength = new Map<string, number>();
    if (rssi && rssi.length === tags.length) tags.forEach((t, i) => typeof rssi[i] === 'number' && strength.set(t, rssi[i]!));
    for (const tag of now) {
      const seen = before.has(tag) ? this.tags.get(tag)?.present.get(zone) : undefined;
      if (seen) {
        seen.confirmedAt = at;
        if (strength.has(tag)) {
          seen.rssi = strength.get(tag)!;
          this.dirty.add(tag); // stronger evidence may settle it sooner
        }
      }
    }
    for (const tag of before) if (!now.has(tag)) this.drop(zone, tag, at, line, reconciled, true);
    for (const tag of now) if (!before.has(tag)) this.put(zone, tag, at, line, reconciled, true, strength.get(tag));
  }

  /**
   * A tag came into a zone (a delta: a hint, the next snapshot is the truth). `rssi` (v1,
   * optional): the signal strength of the read in dBm (-128..0); absent or null for a v0 reader.
   */
  add(zone: ZoneKey, tag: string, at: number, line: number | null, rssi?: number | null): void {
    this.put(zone, tag, at, line, undefined, false, rssi);
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
    // (only when no zone sees it now, `lifted`: a DEL next door whose ADD was lost is a cross-read going away)
    const st = s?.state;
    if (!s || st?.state !== 'lifted' || st.from === zone) return;
    const leftAt = st.left.since;
    const lines = [st.left.line, line].filter((l): l is number => typeof l === 'number');
    this.ready.push({ tile: s.tile, tag, from: st.from, to: zone, at: Math.max(leftAt, at - 1), leftAt, lines });
    s.state = stop(zone, { since: at, line }, s.present);
    this.dirty.add(tag);
  }

  private put(zone: ZoneKey, tag: string, at: number, line: number | null, reconciled?: Window, snap = false, rssi?: number | null): void {
    const state = this.stateOf(tag, zone, at);
    if (!state) return;
    const set = this.zoneSet(zone);
    if (set.has(tag)) return;
    const st = state.state;
    // seen leaving this zone, where it settled, and now read in it again
    const back = (st.state === 'lifted' || st.state === 'moving') && st.from === zone && st.left !== null;
    // a weak read in the zone it has just left: the antenna next door sees it where it went (a
    // cross-read from there), not the tile back; it stays gone (README "Noise", seed 84 at x5)
    if (back && typeof rssi === 'number' && rssi < this.strongRssi) return;
    set.add(tag);
    if (back) this.flicker(state, zone, at); // gone from its zone and back without a move
    const sighting: Sighting = { since: at, line };
    if (reconciled) sighting.reconciled = reconciled;
    if (snap) sighting.snap = true;
    if (typeof rssi === 'number') sighting.rssi = rssi;
    state.present.set(zone, sighting);
    state.state = arrive(st, zone);
    // read by a zone the hub hears while the zone it rests in cannot be heard: that zone will
    // never report it gone, and this read is the only evidence there is (see `unseen`)
    const now = state.state;
    if (now.state === 'resting' && now.zone !== zone && !this.blind.has(zone) && this.blind.has(now.zone)) this.release(state, tag, at);
    this.dirty.add(tag);
  }

  /**
   * The reader of `zone` cannot be heard since `since` (ms: offline, unplugged, rebooting, or
   * stale), or, with `since` null, is heard again. While a zone is unseen, a tile it last held
   * that a zone the hub does hear reads now has left it: it moves on that read alone (settling
   * on the new zone's window as usual), and the move is marked `reconciled` with the window
   * from `since` to the read, since the departure itself was never seen. Without this, a tile
   * picked from an unplugged wall (or discarded from an unplugged rack) would stay there for the
   * hub until the reader came back, and its player's count would be wrong meanwhile (a false 003
   * rule 18C flag). The zone's next snapshot ends its unseen state (and is reconciled as usual).
   * @param now the time of the call (ms): tiles already read elsewhere leave the zone now
   */
  unseen(zone: ZoneKey, since: number | null, now: number): void {
    this.setUnseen(new Map([[zone, since]]), now);
  }

  /**
   * {@link Tracker.unseen} for several zones at once (every zone whose reader's state changed):
   * all are marked before any tile is released, so a tile read by two unseen zones stays put.
   * @param zones zone → since when it is unseen (ms), or null: heard again
   */
  setUnseen(zones: ReadonlyMap<ZoneKey, number | null>, now: number): void {
    const fresh: ZoneKey[] = [];
    for (const [zone, since] of zones) {
      if (since === null) this.blind.delete(zone);
      else if (!this.blind.has(zone)) {
        this.blind.set(zone, since);
        fresh.push(zone);
      }
    }
    for (const zone of fresh) {
      for (const tag of [...(this.zones.get(zone) ?? [])]) {
        const s = this.tags.get(tag);
        if (s && s.state.state === 'resting' && s.state.zone === zone && [...s.present.keys()].some((z) => !this.blind.has(z))) this.release(s, tag, now);
      }
    }
  }

  /**
   * Zones whose picture the hub knows to be incomplete: a line of their reader was lost (a sequence
   * gap, a corrupted or cut line) or the reader said HELLO again, and no snapshot of the zone has come
   * since (a zone's snapshot ends it by itself). While a zone of a reader is incomplete, a weak read
   * in any zone of that reader settles nowhere: the strong read that would explain it (the tile on
   * the antenna next door) may be among the lines lost. Strong reads and reads with no rssi are not
   * held back.
   * @param zones zone → since when it is incomplete (ms), or null: whole again
   */
  setIncomplete(zones: ReadonlyMap<ZoneKey, number | null>): void {
    for (const [zone, since] of zones) {
      if (since === null) this.incomplete.delete(zone);
      else if (!this.incomplete.has(zone)) this.incomplete.set(zone, since);
    }
  }

  /** Zones incomplete now (see {@link Tracker.setIncomplete}), with since when (ms). */
  incompleteZones(): ReadonlyMap<ZoneKey, number> {
    return this.incomplete;
  }

  /** True when a zone of `zone`'s reader (the part of the key before `/`) is incomplete. */
  private readerIncomplete(zone: ZoneKey): boolean {
    if (this.incomplete.size === 0) return false;
    const reader = zone.split('/')[0];
    for (const z of this.incomplete.keys()) if (z.split('/')[0] === reader) return true;
    return false;
  }

  /** Zones unseen now (see {@link Tracker.unseen}), with since when (ms). */
  unseenZones(): ReadonlyMap<ZoneKey, number> {
    return this.blind;
  }

  /**
   * The resting tag left its zone, which cannot be heard, for the zone the hub hears that reads it:
   * as if a snapshot of its zone had dropped the tag at `at` (ms); it is `moving`.
   */
  private release(s: TagRecord, tag: string, at: number): void {
    const st = s.state;
    if (st.state !== 'resting') return; // only a resting tag is claimed by a zone
    const zone = st.zone;
    this.zones.get(zone)?.delete(tag);
    s.present.delete(zone);
    s.state = lift(st, { since: at, line: null, snap: true, reconciled: { from: Math.min(this.blind.get(zone) ?? at, at), to: at } }, s.present.size > 0);
    this.dirty.add(tag);
  }

  private drop(zone: ZoneKey, tag: string, at: number, line: number | null, reconciled?: Window, snap = false): void {
    const set = this.zones.get(zone);
    if (!set || !set.has(tag)) return;
    set.delete(tag);
    const state = this.tags.get(tag);
    if (!state) return;
    const seen = state.present.get(zone);
    const st = state.state;
    if (seen && st.state === 'moving' && st.left && this.restedHere(state, st.left, zone, seen, at)) {
      // it rested here, gone from where it had settled, before a cross-read next door let it
      // settle: that stop was a move of its own (a pick, then a discard of the same tile)
      state.present.delete(zone);
      const leftAt = Math.min(st.left.since, seen.since);
      const lines = [st.left.line, seen.line].filter((l): l is number => typeof l === 'number');
      const move: SettledMove = { tile: state.tile, tag, from: st.from, to: zone, at: seen.since, leftAt, lines };
      const reconciledWin = merge(st.left.reconciled, seen.reconciled);
      if (reconciledWin) move.reconciled = reconciledWin;
      else if (st.left.snap && seen.snap) move.unreported = { from: st.left.lastSeen ?? leftAt, to: seen.since };
      this.ready.push(move);
      state.state = stop(zone, reconciled ? { since: at, line, reconciled } : { since: at, line }, state.present);
      this.dirty.add(tag);
      return;
    }
    state.present.delete(zone);
    if (st.state === 'resting' && st.zone === zone) {
      const left: Departure = reconciled ? { since: at, line, reconciled } : { since: at, line };
      if (snap) left.snap = true; // it left at some time before `at`: a lost DEL
      if (seen) left.lastSeen = Math.max(seen.since, seen.confirmedAt ?? seen.since);
      state.state = lift(st, left, state.present.size > 0);
      this.replayVisits(state, tag, st.visits, at);
    } else if (st.state === 'resting') {
      // a cross-read went away, or a real stay whose departure from the settled zone was lost
      const visits = st.visits.filter((v) => v.until > at - VISIT_KEEP_MS);
      // (a weak read is the antenna next door seeing it: never a stay of its own)
      if (seen && this.evidence(seen) !== 'weak' && at - seen.since >= this.restWindow(zone, seen)) {
        visits.push({ zone, since: seen.since, until: at, lines: [seen.line, line].filter((l): l is number => typeof l === 'number') });
      } else this.flicker(state, zone, at);
      state.state = keepVisits(st, visits);
    } else {
      if (seen && state.present.size > 0) this.flicker(state, zone, at); // one of two new zones let go
      state.state = vanish(st, state.present.size > 0);
    }
    this.dirty.add(tag);
  }

  /** How long (ms) a tag must be gone from `from`, where it settled (gone since `left`), before it settles where `seen` says. */
  private goneNeeded(from: ZoneKey | null, left: Departure | null, seen: Sighting): number {
    if (!from) return 0;
    const base = this.goneWindow(from, seen);
    if (!left || left.snap || seen.since >= left.since) return base;
    if (seen.confirmedAt !== undefined && seen.confirmedAt >= left.since) return base;
    return Math.max(base, this.confirmMs); // seen there since before it left: maybe a cross-read
  }

  /**
   * Its settled zone let go at `at` (the tag is now `lifted` or `moving`): `visits`, the stays
   * recorded meanwhile, become moves, in order, each a `stop`.
   */
  private replayVisits(s: TagRecord, tag: string, visits: readonly Visit[], at: number): void {
    const st = s.state;
    if (st.state !== 'lifted' && st.state !== 'moving') return;
    let from = st.from;
    let left = st.left;
    let stopped = false;
    for (const v of visits.filter((v) => v.until > at - VISIT_KEEP_MS && v.until <= at)) {
      if (v.zone === from) continue;
      // a zone that still sees the tag has seen it since before this stay began: the stay was a
      // cross-read of it there, not a stop (the rule of restedHere; README "Noise", v0 seed 102 at x5)
      if ([...s.present].some(([z, p]) => z !== v.zone && p.since < v.since)) continue;
      this.ready.push({ tile: s.tile, tag, from, to: v.zone, at: v.since, leftAt: v.since, lines: [left?.line, ...v.lines].filter((l): l is number => typeof l === 'number') });
      from = v.zone;
      left = { since: v.until, line: v.lines.at(-1) ?? null };
      stopped = true;
    }
    if (stopped && left) s.state = stop(from, left, s.present);
  }

  /**
   * True when a `moving` tag (gone since `left` from where it settled) leaving `zone` had rested
   * there: seen in `zone` for at least the zone's settle window (or seen there by a snapshot, which
   * is the truth: its ADD may have come while the zone was not in sync), and seen there before any
   * other zone that sees it now.
   */
  private restedHere(s: TagRecord, left: Departure, zone: ZoneKey, seen: Sighting, at: number): boolean {
    const from = settledZone(s.state)!;
    // seen here since before it left its zone, and no snapshot here confirmed it since: a cross-read
    if (!left.snap && seen.since < left.since && !(seen.confirmedAt !== undefined && seen.confirmedAt >= left.since)) return false;
    // it left its old zone no later than it came here (a tile is in one place at a time)
    const leftAt = Math.min(left.since, seen.since);
    // and it was gone from here once another antenna read it strongly (it lies there), even if this
    // zone's DEL came later: a tile held over this zone on its way there, its readers' lines late
    // by different amounts (docs/strong-window.md, seed 149)
    let until = at;
    for (const [z, p] of s.present) if (z !== zone && p.since >= seen.since && this.evidence(p) === 'strong') until = Math.min(until, p.since);
    if (!seen.snap && (until - seen.since < this.restWindow(zone, seen) || until - leftAt < this.goneWindow(from, seen))) return false;
    for (const [z, p] of s.present) if (z !== zone && p.since < seen.since) return false;
    // a weak read while another zone reads the tag strongly (or with no rssi): the antenna next door
    // saw it where it lies, it never rested here (README "Noise", seed 28 at x5)
    if (this.evidence(seen) === 'weak') for (const [z, p] of s.present) if (z !== zone && this.evidence(p) !== 'weak') return false;
    return true;
  }

  private flicker(s: TagRecord, zone: ZoneKey, at: number): void {
    const list = (s.flickers.get(zone) ?? []).filter((t) => t > at - this.weakWindowMs);
    list.push(at);
    s.flickers.set(zone, list);
  }

  private settleOf(zone: ZoneKey): number {
    return this.opts.settleFor ? this.opts.settleFor(zone) : this.opts.settleMs;
  }

  private strongSettleOf(zone: ZoneKey): number {
    return this.opts.strongSettleFor ? this.opts.strongSettleFor(zone) : Math.min(this.opts.strongSettleMs ?? STRONG_SETTLE_MS, this.settleOf(zone));
  }

  /** What a sighting's latest read says: strong (on this antenna), weak (next door) or none (no rssi). */
  private evidence(seen: Sighting): ReadEvidence {
    if (typeof seen.rssi !== 'number') return 'none';
    return seen.rssi >= this.strongRssi ? 'strong' : 'weak';
  }

  /**
   * How long (ms) a tag must rest in `zone`, as `seen` saw it, before it has moved there: strong,
   * the short window; no rssi, the zone's window; weak, the zone's window once a snapshot taken that
   * long after it came still holds it, else `confirmMs` (a cross-read whose DEL was lost goes away
   * at the zone's next snapshot).
   */
  private restWindow(zone: ZoneKey, seen: Sighting): number {
    const ev = this.evidence(seen);
    if (ev === 'strong') return this.strongSettleOf(zone);
    if (ev === 'weak' && this.readerIncomplete(zone)) return Infinity; // lines of its reader lost: wait for the snapshots
    const base = this.settleOf(zone);
    if (ev === 'none' || (seen.confirmedAt !== undefined && seen.confirmedAt >= seen.since + base)) return base;
    return Math.max(base, this.confirmMs);
  }

  /** How long (ms) a tag must be gone from `from` before it settles where `seen` saw it. */
  private goneWindow(from: ZoneKey, seen: Sighting): number {
    return this.evidence(seen) === 'strong' ? this.strongSettleOf(from) : this.settleOf(from);
  }

  /**
   * Where a tag that has left its settled zone (or was never settled) would settle, and from when
   * (ms): its one new zone; of two or more, the one strong read when every other is weak, else
   * (past `ambiguousMaxMs` after the second sighting) the one seen longest. Null: it cannot settle
   * until something changes (two zones seen at the same instant, with no strength to tell them apart).
   */
  private candidate(s: TagRecord, from: ZoneKey | null, left: Departure | null): { zone: ZoneKey; seen: Sighting; readyAt: number } | null {
    const all = [...s.present];
    let zone: ZoneKey;
    let seen: Sighting;
    let notBefore = -Infinity;
    if (all.length === 1) [zone, seen] = all[0]!;
    else {
      const strong = all.filter(([, p]) => this.evidence(p) === 'strong');
      const weak = all.filter(([, p]) => this.evidence(p) === 'weak');
      if (strong.length === 1 && weak.length === all.length - 1) [zone, seen] = strong[0]!;
      else {
        // seen in two new zones at once: wait until one lets go; past the limit the longest wins
        const byAge = all.sort((a, b) => a[1].since - b[1].since);
        const second = byAge[1]![1];
        if (byAge[0]![1].since === second.since) return null;
        [zone, seen] = byAge[0]!;
        notBefore = second.since + this.ambiguousMaxMs;
      }
    }
    const byRest = seen.since + this.restWindow(zone, seen);
    if (byRest === Infinity) return null; // a weak read while its reader's picture is incomplete
    const byGone = left ? left.since + this.goneNeeded(from, left, seen) : -Infinity;
    return { zone, seen, readyAt: Math.max(notBefore, byRest, byGone) };
  }

  /** Moves that have settled by `now` (ms), in the order the tiles left their old zones. */
  settle(now: number): SettledMove[] {
    const moves: SettledMove[] = this.ready.splice(0);
    for (const tag of [...this.dirty]) {
      const s = this.tags.get(tag)!;
      const st = s.state;
      let from: ZoneKey | null;
      let left: Departure | null;
      switch (st.state) {
        case 'resting':
          // still (or again) where it was: a flicker or a cross-read elsewhere changes nothing
          if (s.present.size === 1) this.dirty.delete(tag);
          continue;
        case 'lifted':
          continue; // in a hand: it stays where it settled (still pending: it holds back later moves, see watermark)
        case 'placed':
          this.dirty.delete(tag); // where the log put it: nothing pending
          continue;
        case 'unplaced':
          this.dirty.delete(tag); // seen nowhere now, and never settled: nothing pending
          continue;
        case 'arriving':
          from = null;
          left = null;
          break;
        case 'moving':
          from = st.from;
          left = st.left;
          break;
        default:
          unknownState(st);
      }
      const c = this.candidate(s, from, left);
      if (!c || now < c.readyAt) continue;
      const { zone, seen } = c;
      const lines = [left?.line, seen.line].filter((l): l is number => typeof l === 'number');
      const leftAt = Math.min(left?.since ?? seen.since, seen.since);
      const reconciled = merge(left?.reconciled, seen.reconciled);
      const move: SettledMove = { tile: s.tile, tag, from, to: zone, at: seen.since, leftAt, lines };
      if (reconciled) move.reconciled = reconciled;
      else if (from !== null && left?.snap && seen.snap) move.unreported = { from: left.lastSeen ?? leftAt, to: seen.since };
      moves.push(move);
      s.state = settleIn(zone);
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
      const st = s.state;
      let c: ReturnType<Tracker['candidate']>;
      switch (st.state) {
        case 'resting':
        case 'lifted':
        case 'placed':
        case 'unplaced':
          continue; // nothing to settle until a zone reads it elsewhere
        case 'arriving':
          c = this.candidate(s, null, null);
          break;
        case 'moving':
          c = this.candidate(s, st.from, st.left);
          break;
        default:
          unknownState(st);
      }
      if (!c) continue;
      due = due === null ? c.readyAt : Math.min(due, c.readyAt);
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
      const st = s.state;
      let t: number | null = null;
      switch (st.state) {
        case 'resting':
          // read elsewhere too: a move may have started when the other zone first saw it
          for (const [z, p] of s.present) if (z !== st.zone) t = t === null ? p.since : Math.min(t, p.since);
          break;
        case 'lifted':
          t = st.left.since; // its move will start when it left
          break;
        case 'moving':
          // its move will start at the earlier of its departure and its arrival elsewhere (never
          // seen leaving, as after `restore`: no start known, it holds nothing back)
          if (st.left !== null) {
            t = st.left.since;
            for (const p of s.present.values()) t = Math.min(t, p.since);
          }
          break;
        case 'arriving':
        case 'unplaced':
          // its first move starts when a zone first saw it
          for (const p of s.present.values()) t = t === null ? p.since : Math.min(t, p.since);
          break;
        case 'placed':
          break; // where the log put it, and not read since: nothing has started
        default:
          unknownState(st);
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
    const state: TagRecord = this.tags.get(tag) ?? { tile, state: { state: 'unplaced' }, present: new Map(), flickers: new Map() };
    state.state = place(state.state, zone, state.present);
    this.tags.set(tag, state);
  }

  /**
   * The tiles not seen now ({@link TileNotSeen}): each `lifted` because a snapshot of its zone no
   * longer held it (not a DEL: a DEL is a tile lifted into a hand, as play goes), and read by no
   * zone since. A tile stays listed until a zone reads it again (it is then `resting` or
   * `moving`), or the log puts it somewhere (`restore`). Sorted by the time it was last seen, then tile.
   */
  notSeen(): TileNotSeen[] {
    const out: TileNotSeen[] = [];
    for (const [tag, s] of this.tags) {
      const st = s.state;
      if (st.state !== 'lifted' || !st.left.snap || s.present.size > 0) continue;
      const n: TileNotSeen = { tile: s.tile, tag, zone: st.from, lastSeen: st.left.lastSeen ?? st.left.since, missedAt: st.left.since };
      if (st.left.reconciled) n.reconciled = { ...st.left.reconciled };
      out.push(n);
    }
    return out.sort((a, b) => a.lastSeen - b.lastSeen || (a.tile < b.tile ? -1 : a.tile > b.tile ? 1 : 0));
  }

  /** The state a tag is in now (see {@link TagState}), or null for a tag the tracker has never placed or read. */
  tagState(tag: string): TagView | null {
    const s = this.tags.get(tag);
    return s ? viewOf(s) : null;
  }

  /** Where each tile has settled (tile → zone). */
  positions(): Map<TileId, ZoneKey> {
    const out = new Map<TileId, ZoneKey>();
    for (const s of this.tags.values()) {
      const zone = settledZone(s.state);
      if (zone) out.set(s.tile, zone);
    }
    return out;
  }

  /**
   * The tag is `tile` from now on (the director corrected what the tile set said it is,
   * hub/table/machine/corrections.ts): its record and the moves settled but not yet taken carry
   * the new tile. The registry given to the tracker must say so too (the machine's tag map).
   */
  retile(tag: string, tile: TileId): void {
    const s = this.tags.get(tag);
    if (s) s.tile = tile;
    for (const m of this.ready) if (m.tag === tag) m.tile = tile;
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

  private stateOf(tag: string, zone: ZoneKey, at: number): TagRecord | null {
    let state = this.tags.get(tag);
    if (state) return state;
    const tile = this.opts.registry.get(tag);
    if (!tile) {
      this.unknown.set(tag, { tag, zone, at });
      return null;
    }
    state = { tile, state: { state: 'unplaced' }, present: new Map(), flickers: new Map() };
    this.tags.set(tag, state);
    return state;
  }
}

function merge(a: Window | undefined, b: Window | undefined): Window | undefined {
  if (!a) return b;
  if (!b) return a;
  return { from: Math.min(a.from, b.from), to: Math.max(a.to, b.to) };
}
