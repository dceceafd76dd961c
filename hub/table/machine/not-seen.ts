/**
 * Tiles not seen: a tile that vanished from a snapshot of the zone it had settled in, with no DEL
 * to say it was lifted, and that no zone has read since (hub/tracking/tracker.ts `notSeen`). The
 * hub keeps it where it last settled, and tells the director: which tile, where it was last seen,
 * since when. Never a flag by itself.
 *
 * The count check that depends on it waits: at a turn boundary, the count of the player whose rack
 * (inside or top) the tile was last seen on is not judged while the notice is open (the
 * `count-check` event names the player and the tile, `waiting`); the other players' counts are
 * judged as usual. That player's count is judged by a `count-check` of its own (`only`), once the
 * tile is seen again and has settled, or once the director closes the notice (the tile then counts
 * where it last settled), when nothing else is moving. A tile last seen in a wall or on the floor
 * makes no count wait: no player's count holds it.
 */
import { describePlace, ownerOf, type Place } from '../../../rules/game/places.js';
import type { TileId } from '../../../rules/tiles.js';
import { NoOpenNoticeError } from '../../api/runtime.js';
import type { DirectorTableView } from '../../api/views.js';
import type { TableConfig } from '../../config/types.js';
import type { TileNotSeen, Tracker, ZoneKey } from '../../tracking/tracker.js';

/** Payload of a `not-seen-closed` event: the director closed the notice of a tile not seen. */
export interface NotSeenClosedData {
  tile: TileId;
  tag: string;
  zone: ZoneKey;
  /** the notice's times (ms): last seen, and the snapshot that no longer held it */
  lastSeen: number;
  missedAt: number;
  by: string;
}

/** A player whose count check waits on tiles not seen (a `count-check` event's `waiting`). */
export interface CountWait {
  player: number;
  tiles: TileId[];
}

/**
 * The players a count check does not judge: `skip` (readers not heard), the players that wait on a
 * tile not seen (`waiting`), and, for a check of its own (`only`), every other player.
 * @param players how many players the table has
 */
export function countCheckSkips(players: number, skip: readonly number[], waiting?: readonly CountWait[], only?: readonly number[]): number[] {
  const out = new Set(skip);
  for (const w of waiting ?? []) out.add(w.player);
  if (only) for (let p = 0; p < players; p++) if (!only.includes(p)) out.add(p);
  return [...out].sort((a, b) => a - b);
}

/** One open notice as the director view shows it (`tilesNotSeen`). */
export type NotSeenView = NonNullable<DirectorTableView['tilesNotSeen']>[number];

/** The notice's key: one tile's one disappearance. */
const keyOf = (n: { tag: string; missedAt: number }): string => `${n.tag}@${n.missedAt}`;

/** A table's tiles not seen: the open notices, the ones the director closed, and the count checks that wait on them. */
export class NotSeenNotices {
  /** notices the director closed (from the log) */
  private readonly closed = new Set<string>();
  /** player → the tags their count check waits on (their check is due once none is open) */
  private readonly waits = new Map<number, Set<string>>();

  constructor(
    private readonly table: TableConfig,
    private readonly places: ReadonlyMap<ZoneKey, Place>,
    private readonly tracker: Tracker,
  ) {}

  /** The open notices: the tracker's tiles not seen that the director has not closed, oldest first. */
  open(): TileNotSeen[] {
    return this.tracker.notSeen().filter((n) => !this.closed.has(keyOf(n)));
  }

  /** A `not-seen-closed` event of the log. */
  noteClosed(d: NotSeenClosedData): void {
    this.closed.add(keyOf(d));
  }

  /** Forgets the closed notices (the whole log is folded again: its `not-seen-closed` events note them again); the live waits stay. */
  clear(): void {
    this.closed.clear();
  }

  /**
   * The director closes the open notice of `tile`: the payload of the `not-seen-closed` event to log.
   * @throws NoOpenNoticeError when no notice of that tile is open
   */
  close(tile: string, by: string): NotSeenClosedData {
    const n = this.open().find((x) => x.tile === tile);
    if (!n) throw new NoOpenNoticeError(`table '${this.table.id}' has no open notice of a tile not seen for ${JSON.stringify(tile)}`);
    return { tile: n.tile, tag: n.tag, zone: n.zone, lastSeen: n.lastSeen, missedAt: n.missedAt, by };
  }

  /** The player whose count holds a tile last seen in `zone` (its rack or its top), or null. */
  private ownerOfZone(zone: ZoneKey): number | null {
    return ownerOf(this.places.get(zone) ?? null);
  }

  /**
   * At a turn boundary's count check: the players whose count waits on an open notice, with its
   * tiles (sorted by player); each is remembered until its own check is due ({@link NotSeenNotices.due}).
   */
  wait(): CountWait[] {
    const by = new Map<number, { tiles: TileId[]; tags: string[] }>();
    for (const n of this.open()) {
      const p = this.ownerOfZone(n.zone);
      if (p === null) continue;
      const w = by.get(p) ?? { tiles: [], tags: [] };
      w.tiles.push(n.tile);
      w.tags.push(n.tag);
      by.set(p, w);
    }
    const out: CountWait[] = [];
    for (const [player, w] of [...by].sort((a, b) => a[0] - b[0])) {
      const tags = this.waits.get(player) ?? new Set<string>();
      for (const t of w.tags) tags.add(t);
      this.waits.set(player, tags);
      out.push({ player, tiles: w.tiles });
    }
    return out;
  }

  /**
   * True while a waiting count check may be due: none of the tiles it waits on is an open notice any
   * more (the engine then ticks until nothing else moves, {@link NotSeenNotices.due}). A notice still
   * open needs no tick: the read that closes it, or the director's close, schedules one.
   */
  get waiting(): boolean {
    if (this.waits.size === 0) return false;
    const open = new Set(this.open().map((n) => n.tag));
    for (const tags of this.waits.values()) if (![...tags].some((t) => open.has(t))) return true;
    return false;
  }

  /**
   * The players whose waiting count check is due now: none of the tiles it waits on is an open
   * notice and none of them is still moving (seen again: settled; or closed by the director).
   * They are forgotten as waiting: the caller logs their check (`only`).
   * @param calm true when nothing else is moving (no move held, no tile in motion before now)
   */
  due(calm: boolean): number[] {
    if (!calm || this.waits.size === 0) return [];
    const open = new Set(this.open().map((n) => n.tag));
    const out: number[] = [];
    for (const [player, tags] of this.waits) {
      if ([...tags].some((t) => open.has(t) || this.tracker.tagState(t)?.state === 'moving')) continue;
      out.push(player);
    }
    for (const p of out) this.waits.delete(p);
    return out.sort((a, b) => a - b);
  }

  /**
   * The open notices for the director view at `now` (ms), oldest first, e.g. "5B#2 last seen in
   * Ann's rack 1 (RK-E1/in), not seen for 12.4 s".
   */
  views(now: number): NotSeenView[] {
    const names = this.table.players.map((p) => p.name);
    return this.open().map((n) => {
      const where = describePlace(this.places.get(n.zone) ?? null, names);
      const v: NotSeenView = {
        tile: n.tile,
        zone: n.zone,
        where,
        player: this.ownerOfZone(n.zone),
        lastSeen: n.lastSeen,
        missedAt: n.missedAt,
        text: `${n.tile} last seen in ${where} (${n.zone}), not seen for ${((now - n.lastSeen) / 1000).toFixed(1)} s`,
      };
      if (n.reconciled) v.window = { ...n.reconciled };
      return v;
    });
  }
}
