/**
 * The director's corrections of what the readers saw: a `move-correction` event names a committed
 * move (`ref`, the sequence number of its `tile-moved` event) and what was wrong with it:
 *
 * - `place`: one end of the move was another zone (the pick came from wall 3, the tile went to
 *   rack 2). The fold reads the move with that end; a corrected `to` is also the `from` of the
 *   tile's next move when the readers had it leave the zone they saw it go to.
 * - `tile`: the tag stands for another tile (the discard was 7C, not 6C). Every move of that tag
 *   from the start of the move's game on is read as the new tile; when another tag held that tile,
 *   the two swap (a mix-up at enrolment). The tile set's enrolment is corrected for the rest of
 *   the event by a `tag-corrected` event of its own, right after: the tracker names the tag by it
 *   from then on (the next snapshots agree with the corrected view).
 *
 * The log keeps the move as the readers saw it; the corrections are read where the fold reads a
 * move (hub/table/machine.ts `applyEvent`), so every view, count, flag and score follows, and a
 * restart folds them again from the log.
 */
import { describePlace, type Place } from '../../../rules/game/places.js';
import { copiesOf, isTileId, isTileKind, type TileId, type TileKind } from '../../../rules/tiles.js';
import type { StoredEvent } from '../../store/types.js';
import type { ZoneKey } from '../../tracking/tracker.js';
import type { TileMovedData } from './events.js';
import { placeCorrectionText, tileCorrectionText } from '../../../rules/wording/corrections.js';

/**
 * A correction refused, and why: `no-move` (no committed move of that ref), `bad-input` (a zone or
 * tile that is not one, an end the move has not), `conflict` (the move already reads so, every copy
 * of the kind is enrolled, or its game may no longer be corrected). hub/api/ answers 404, 400, 409.
 */
export class CorrectionRefused extends Error {
  constructor(
    readonly reason: 'no-move' | 'bad-input' | 'conflict',
    message: string,
  ) {
    super(message);
    this.name = 'CorrectionRefused';
  }
}

/** Payload of a `move-correction` event of kind `place`: the move's `end` was `zone`, not `was`. */
export interface PlaceCorrectionData {
  kind: 'place';
  /** the corrected move: its `tile-moved` event's sequence number */
  ref: number;
  /** the moved tag (as the log has it) */
  tag: string;
  end: 'from' | 'to';
  /** the zone (`reader/zone`) the move had at that end before this correction; null: first seen */
  was: ZoneKey | null;
  /** the zone (`reader/zone`) of the table it was */
  zone: ZoneKey;
  by: string;
}

/** One tag's identity changed by a `tile` correction: it was `was`, it is `tile`. */
export interface TagIdentity {
  tag: string;
  was: TileId;
  tile: TileId;
}

/** Payload of a `move-correction` event of kind `tile`: tag `tag` is tile `tile`, not `was`. */
export interface TileCorrectionData {
  kind: 'tile';
  ref: number;
  tag: string;
  was: TileId;
  tile: TileId;
  /** the tag that held `tile` before, now `was` (the two were swapped at enrolment) */
  swap?: TagIdentity;
  /** the sequence number from which on the log's moves of these tags are read anew: where the move's game began */
  fromSeq: number;
  by: string;
}

/** Payload of a `move-correction` event. */
export type MoveCorrectionData = PlaceCorrectionData | TileCorrectionData;

/** Payload of a `tag-corrected` event: the tile set's enrolment as it stands from here on (one or two tags). */
export interface TagCorrectedData {
  tags: TagIdentity[];
  /** the `move-correction` event it follows */
  correction: number;
  by: string;
}

/** A correction as the director's view and the game record show it (`at` ms since epoch). */
export type NotedCorrection = MoveCorrectionData & { seq: number; at: number };

/** What a new correction is checked against: the table's zones, its tag map, and the log. */
export interface CorrectionContext {
  tableId: string;
  places: ReadonlyMap<ZoneKey, Place>;
  names: readonly string[];
  /** tag → tile, as the enrolment stands now (corrections included) */
  tagTiles: ReadonlyMap<string, TileId>;
  /** the log's event of that sequence number */
  event(seq: number): StoredEvent | undefined;
  /** the move as the fold reads it now (earlier corrections applied) */
  corrected(e: StoredEvent & { data: TileMovedData }): TileMovedData;
}

/** A correction as the director sends it (the API's body, hub/contract/http.ts `MoveCorrectionBody`). */
export type CorrectionRequest = { kind: 'place'; end: 'from' | 'to'; zone: string } | { kind: 'tile'; tile: string };

/** The corrections of one table's log, as they stand (see the module comment). */
export class MoveCorrections {
  /** every correction, in the order made */
  readonly list: NotedCorrection[] = [];
  /** move seq → its corrected ends (the latest correction of an end stands) */
  private readonly ends = new Map<number, { from?: ZoneKey; to?: ZoneKey }>();
  /** tag → its identities from a sequence number on, in the order made (the latest that applies stands) */
  private readonly identities = new Map<string, { fromSeq: number; tile: TileId }[]>();

  /** Forgets them all (before the log is folded again). */
  clear(): void {
    this.list.length = 0;
    this.ends.clear();
    this.identities.clear();
  }

  /** True when no correction stands. */
  get empty(): boolean {
    return this.list.length === 0;
  }

  /** A `move-correction` event of the log. */
  note(e: StoredEvent): void {
    const d = e.data as MoveCorrectionData;
    this.list.push({ ...d, seq: e.seq, at: e.at });
    if (d.kind === 'place') {
      const ends = this.ends.get(d.ref) ?? {};
      ends[d.end] = d.zone;
      this.ends.set(d.ref, ends);
      return;
    }
    const set = (tag: string, tile: TileId) => {
      const list = this.identities.get(tag) ?? [];
      list.push({ fromSeq: d.fromSeq, tile });
      this.identities.set(tag, list);
    };
    set(d.tag, d.tile);
    if (d.swap) set(d.swap.tag, d.swap.tile);
  }

  /** The corrected `to` of move `seq`, if a correction changed it. */
  correctedTo(seq: number): ZoneKey | undefined {
    return this.ends.get(seq)?.to;
  }

  /** True when a `place` correction changed the `to` of some move of `tag` (its next move's `from` may follow). */
  private movedTo(tag: string): boolean {
    return this.list.some((c) => c.kind === 'place' && c.end === 'to' && c.tag === tag);
  }

  /**
   * A `tile-moved` event's data as the fold reads it: the tile its tag stands for at that point
   * of the log, the ends corrected. `previousMove` gives the tag's move before it (the log's order).
   */
  read(e: StoredEvent & { data: TileMovedData }, previousMove: (tag: string, beforeSeq: number) => (StoredEvent & { data: TileMovedData }) | undefined): TileMovedData {
    if (this.list.length === 0) return e.data;
    const d = e.data;
    let out = d;
    const ids = this.identities.get(d.tag);
    if (ids) {
      let tile: TileId | undefined;
      for (const id of ids) if (id.fromSeq <= e.seq) tile = id.tile;
      if (tile && tile !== d.tile) out = { ...out, tile };
    }
    const ends = this.ends.get(e.seq);
    if (ends?.from !== undefined) out = { ...out, from: ends.from };
    else if (d.from !== null && this.movedTo(d.tag)) {
      // the tile left the zone the readers saw it go to: it left the zone the director said
      const prev = previousMove(d.tag, e.seq);
      const to = prev ? this.correctedTo(prev.seq) : undefined;
      if (prev && to !== undefined && prev.data.to === d.from) out = { ...out, from: to };
    }
    if (ends?.to !== undefined) out = { ...out, to: ends.to };
    return out;
  }

  /**
   * The payload of a new correction of move `ref`, checked (the arguments and errors of
   * TableMachine.correct, hub/table/machine.ts).
   * @param fromSeq where the move's game began (a `tile` correction reads the tag anew from there)
   * @throws CorrectionRefused `no-move` no committed move `ref` on the table; `bad-input` a zone not
   *   of the table, a `from` of a move first seen (no end to correct), a tile that is not a tile;
   *   `conflict` the move already has that end or tile, or every copy of the kind is enrolled (name the copy to swap)
   */
  check(ctx: CorrectionContext, ref: number, req: CorrectionRequest, by: string, fromSeq: number): MoveCorrectionData {
    const e = ctx.event(ref);
    if (!e || e.type !== 'tile-moved') throw new CorrectionRefused('no-move', `table '${ctx.tableId}' has no committed move ${ref} (a move's ref is the sequence number of its tile-moved event)`);
    const moved = e as StoredEvent & { data: TileMovedData };
    const now = ctx.corrected(moved);
    const where = (z: ZoneKey | null) => (z === null ? 'first seen' : `${describePlace(ctx.places.get(z) ?? null, ctx.names)} (${z})`);
    if (req.kind === 'place') {
      if (!ctx.places.has(req.zone)) {
        throw new CorrectionRefused('bad-input', `zone: '${req.zone}' is not a zone of table '${ctx.tableId}' (one of ${[...ctx.places.keys()].join(', ')})`);
      }
      const was = now[req.end];
      if (req.end === 'from' && was === null) throw new CorrectionRefused('bad-input', `end: move ${ref} has no 'from' to correct (the tile was first seen there)`);
      if (was === req.zone) throw new CorrectionRefused('conflict', `move ${ref} already has ${req.end} ${where(req.zone)}`);
      return { kind: 'place', ref, tag: moved.data.tag, end: req.end, was, zone: req.zone, by };
    }
    const tile = this.tileOf(ctx, req.tile, now.tile, moved.data.tag);
    if (tile === now.tile) throw new CorrectionRefused('conflict', `move ${ref}'s tag ${moved.data.tag} is already ${tile}`);
    const holder = [...ctx.tagTiles].find(([tag, t]) => t === tile && tag !== moved.data.tag)?.[0];
    return {
      kind: 'tile',
      ref,
      tag: moved.data.tag,
      was: now.tile,
      tile,
      ...(holder !== undefined ? { swap: { tag: holder, was: tile, tile: now.tile } } : {}),
      fromSeq,
      by,
    };
  }

  /**
   * The tile a correction names: a tile id (`7C#3`) as it is; a kind (`7C`) its lowest copy no
   * other tag is enrolled as.
   * @throws CorrectionRefused `bad-input` not a tile; `conflict` every copy of the kind is enrolled
   */
  private tileOf(ctx: CorrectionContext, raw: string, current: TileId, tag: string): TileId {
    if (isTileId(raw)) return raw;
    if (!isTileKind(raw)) throw new CorrectionRefused('bad-input', `tile: '${raw}' is not a tile: a kind such as 7C or a copy such as 7C#3`);
    const kind: TileKind = raw;
    if (current.startsWith(`${kind}#`)) return current;
    const held = new Set<TileId>();
    for (const [t, id] of ctx.tagTiles) if (t !== tag) held.add(id);
    for (let n = 1; n <= copiesOf(kind); n++) {
      const id = `${kind}#${n}` as TileId;
      if (!held.has(id)) return id;
    }
    throw new CorrectionRefused(
      'conflict',
      `tile: every copy of ${kind} is enrolled (${kind}#1-${kind}#${copiesOf(kind)}): name the copy whose tag was mixed up with this one (e.g. ${kind}#1); that tag then becomes ${current}`,
    );
  }
}

/** A correction as the director's view lists it (hub/contract/views.ts `MoveCorrectionViewSchema`). */
export interface CorrectionView {
  /** the correction's event sequence number */
  id: string;
  /** the corrected move's */
  ref: string;
  kind: 'place' | 'tile';
  text: string;
  by: string;
  at: number;
}

/** The corrections as the director's view lists them, in the order made, in words (rules/wording/corrections.ts). */
export function correctionViews(list: readonly NotedCorrection[], places: ReadonlyMap<ZoneKey, Place>, names: readonly string[]): CorrectionView[] {
  const where = (z: ZoneKey | null) => (z === null ? 'first seen' : `${describePlace(places.get(z) ?? null, names)} (${z})`);
  return list.map((c) => ({
    id: String(c.seq),
    ref: String(c.ref),
    kind: c.kind,
    text: c.kind === 'place' ? placeCorrectionText(c.ref, c.end, where(c.zone), where(c.was), c.by) : tileCorrectionText(c.ref, c.tag, c.tile, c.was, c.by, c.swap),
    by: c.by,
    at: c.at,
  }));
}
