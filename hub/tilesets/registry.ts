/**
 * A tile set's tag registry: which RFID tag is stuck under which physical tile.
 *
 * A registry belongs to a tile set (an id such as `"club-set-3"`), never to a reader or a port: the
 * same box of tiles can be played on any table. It maps tag UID → tile (`5D#2`, rules/tiles.ts).
 *
 * The make-up of an American set (rules/tiles.ts): 4 of each suit tile (1-9 Bams, Craks, Dots),
 * 4 of each wind and dragon, 8 flowers, 8 jokers: 152 tiles. A set may carry spares: an extra tag
 * for a tile kind beyond those copies (a spare tile kept in the box, or a tile re-tagged) is
 * recorded as a spare with the next copy number (`5D#5`).
 *
 * Tag rules (firmware-protocol/PROTOCOL.md: a UID is 4-12 bytes, 8-24 hex digits):
 * - the same tag twice is refused, naming both tiles;
 * - a random UID is refused. ISO/IEC 14443-3 (6.5.4, "UID0"): a single-size (4-byte) UID whose first
 *   byte is `0x08` is a random ID (RID): the card makes up a new one each time it is powered, so it
 *   cannot identify a tile. (A 4-byte UID whose low nibble of the first byte is `F` is a fixed but
 *   non-unique ID (NUID): accepted, the duplicate check catches a clash inside one set.)
 *
 * Pure: no Node imports; persistence is in `store.ts`.
 */
import { ID_RULE, idProblem } from '../config/ids.js';
import { copiesOf, fullTileSet, isTileKind, kindOf, TILE_KINDS, TILES_IN_SET, type TileId, type TileKind } from '../../rules/tiles.js';
import type { z } from 'zod';
import type { EnrolledSchema, MissingKindSchema, WeakTagSchema } from '../contract/responses.js';

/** Tiles in a full set (rules/tiles.ts): 152. */
export const SET_SIZE = TILES_IN_SET;

/** One enrolled tag (the contract's `EnrolledSchema`, hub/contract/responses.ts). */
export type Enrolled = z.infer<typeof EnrolledSchema>;

/** One kind short in a set (the contract's `MissingKindSchema`, hub/contract/responses.ts). */
export type MissingKind = z.infer<typeof MissingKindSchema>;

/** The make-up check of a set. */
export interface Makeup {
  /** standard tiles enrolled, 0..152 (spares not counted) */
  enrolled: number;
  /** 152 */
  total: number;
  /** spare tags */
  spares: number;
  /** kinds short, in card order */
  missing: MissingKind[];
  /** true when all 152 tiles are enrolled */
  complete: boolean;
  /** one line: `"complete: 152 of 152 (2 spares)"` or `"missing 5D ×1"`, `"missing 5D ×1, N ×2"` */
  text: string;
}

/** A tag or tile the registry refuses; `field` names what was wrong (`"tag"`, `"kind"`, `"tags[3]"`). */
export class EnrollError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'EnrollError';
  }
}

/**
 * The layout order for enrolment by laying the tiles out: the 152 kinds in card order, all copies
 * of a kind together: 1B×4 … 9B×4, 1C×4 … 9C×4, 1D×4 … 9D×4, N E W S ×4 each, RD GD WD (Soap) ×4
 * each, F×8, J×8. Position i of the layout is `LAYOUT_ORDER[i]`.
 */
export const LAYOUT_ORDER: readonly TileKind[] = fullTileSet().map((t) => kindOf(t));

/** The first layout position of a kind: `layoutStart('1C') === 36`. @throws EnrollError for a bad kind */
export function layoutStart(kind: string): number {
  if (!isTileKind(kind)) throw new EnrollError(`"${kind}" is not a tile kind: use 1B-9B, 1C-9C, 1D-9D, N E W S, RD GD WD, F, J`, 'from');
  return LAYOUT_ORDER.indexOf(kind);
}

/**
 * Reads a tag UID: 8-24 hex digits (4-12 bytes), either case; returns it upper case.
 * @throws EnrollError (field `field`) for anything else, or for an ISO 14443 random UID (4 bytes, first byte 0x08)
 */
export function checkTag(raw: unknown, field = 'tag'): string {
  if (typeof raw !== 'string') throw new EnrollError(`${field} must be a tag UID (8-24 hex digits), got ${typeof raw}`, field);
  const tag = raw.trim().toUpperCase();
  if (!/^(?:[0-9A-F]{2}){4,12}$/.test(tag)) {
    throw new EnrollError(`${field} "${raw}" is not a tag UID: 4-12 bytes as 8-24 hex digits (even count), e.g. 04A1B2C3D4E5F6`, field);
  }
  if (isRandomUid(tag)) {
    throw new EnrollError(
      `${field} ${tag} is a random UID (ISO 14443-3: a 4-byte UID starting 08 is made up anew at each power-up): it cannot identify a tile; use tags with a fixed UID (e.g. 7-byte NTAG)`,
      field,
    );
  }
  return tag;
}

/** True for an ISO 14443-3 random UID: 4 bytes (8 hex digits) whose first byte is 0x08. */
export function isRandomUid(tag: string): boolean {
  return tag.length === 8 && tag.slice(0, 2) === '08';
}

/** Writes a missing list: `"5D ×1, N ×2"` (card order as given). */
export function formatMissing(missing: readonly MissingKind[]): string {
  return missing.map((m) => `${m.kind} ×${m.count}`).join(', ');
}

/** Read-rate bookkeeping of one tag in one zone. */
interface ReadSpan {
  /** the current stay: first and last read (ms) */
  first: number;
  last: number;
  /** distinct read times in the current stay */
  reads: number;
  /** reads and expected reads of the earlier stays, closed */
  closedReads: number;
  closedExpected: number;
}

/**
 * A tag unread in this many scans of a zone in a row had left it (a tile picked up and later put
 * back): the scans in between are not expected reads, and its next read starts a new stay.
 */
export const GONE_AFTER_SCANS = 3;

/** One tag read in fewer than the threshold of its zone's scans (the contract's `WeakTagSchema`, hub/contract/responses.ts). */
export type WeakTag = z.infer<typeof WeakTagSchema>;

/** Options of {@link TileSetRegistry.weakTags}. */
export interface WeakTagOptions {
  /** a tag read in fewer than this share of its zone's scans is weak (0..1); default 0.9 */
  minRate?: number;
  /** judge a tag only after this many expected reads; default 5 */
  minScans?: number;
}

const MAX_SCANS = 2000;

/**
 * The registry of one tile set. Mutable: enrol, remove, check the make-up, watch read rates.
 * Not thread-safe (one hub, one event loop).
 */
export class TileSetRegistry {
  private readonly byTag = new Map<string, Enrolled>();
  private readonly byTile = new Map<TileId, string>();
  private readonly scans = new Map<string, number[]>();
  private readonly spans = new Map<string, Map<string, ReadSpan>>();

  /**
   * @param id the set's id, following hub/config/ids.ts ID_RULE
   * @param entries tags already enrolled (e.g. loaded from disk), checked like new ones
   * @throws EnrollError (field `setId`) for a bad id; (field `entries[i]`) for a bad, duplicate or random tag or a tile used twice
   */
  constructor(
    readonly id: string,
    entries: readonly Enrolled[] = [],
  ) {
    checkSetId(id);
    entries.forEach((e, i) => this.put(e, `entries[${i}]`));
  }

  /** Enrolled tags in card order of their tiles (spares after the kind's copies). */
  entries(): Enrolled[] {
    return [...this.byTag.values()].sort((a, b) => tileOrder(a.tile) - tileOrder(b.tile));
  }

  /** Number of tags enrolled, spares included. */
  get size(): number {
    return this.byTag.size;
  }

  /** The enrolled entry of a tag (either case), or undefined. */
  get(tag: string): Enrolled | undefined {
    return this.byTag.get(tag.toUpperCase());
  }

  /**
   * Enrols one tag for a tile kind; the copy number is assigned: the lowest free of 1..4 (1..8 for
   * flowers and jokers), else the tag is a spare with the next number past them (`5D#5`).
   * @returns the entry made, e.g. `{ tag: '04…', tile: '5D#2', spare: false }`
   * @throws EnrollError for a bad or random tag (field `tag`), a bad kind (field `kind`), or a tag
   *   already enrolled: `tag 04… is already enrolled as 5D#2; it cannot also be 7B`
   */
  enrol(rawTag: unknown, rawKind: unknown): Enrolled {
    const tag = checkTag(rawTag, 'tag');
    if (typeof rawKind !== 'string' || !isTileKind(rawKind.trim().toUpperCase())) {
      throw new EnrollError(`kind "${String(rawKind)}" is not a tile kind: use 1B-9B, 1C-9C, 1D-9D, N E W S, RD GD WD, F, J`, 'kind');
    }
    const kind = rawKind.trim().toUpperCase() as TileKind;
    const had = this.byTag.get(tag);
    if (had) throw new EnrollError(`tag ${tag} is already enrolled as ${had.tile}; it cannot also be ${kind} (the same tag twice)`, 'tag');
    let copy = 1;
    while (this.byTile.has(`${kind}#${copy}`)) copy++;
    const entry: Enrolled = { tag, tile: `${kind}#${copy}`, spare: copy > copiesOf(kind) };
    this.put(entry, 'tag');
    return entry;
  }

  /**
   * Enrols tags laid out in {@link LAYOUT_ORDER}, from position `start` (0 = the first 1 Bam):
   * `tags[i]` is the tile at layout position `start + i`. All or nothing: every tag is checked first.
   * @returns the entries made, in layout order
   * @throws EnrollError naming the first bad tag (`tags[i]`), a tag twice in the layout or already
   *   enrolled, or a layout that runs past the 152nd position (field `tags`)
   */
  enrolLayout(rawTags: readonly unknown[], start = 0): Enrolled[] {
    if (!Number.isInteger(start) || start < 0 || start >= SET_SIZE) throw new EnrollError(`start ${start} is not a layout position 0..151`, 'from');
    if (start + rawTags.length > SET_SIZE) {
      throw new EnrollError(`${rawTags.length} tags from layout position ${start} (${LAYOUT_ORDER[start]}) run past the 152nd tile`, 'tags');
    }
    const tags = rawTags.map((t, i) => checkTag(t, `tags[${i}]`));
    const seen = new Map<string, number>();
    tags.forEach((tag, i) => {
      const j = seen.get(tag);
      if (j !== undefined) {
        throw new EnrollError(`tags[${i}] ${tag} is the same tag as tags[${j}]: it cannot be both ${LAYOUT_ORDER[start + j]} and ${LAYOUT_ORDER[start + i]}`, `tags[${i}]`);
      }
      seen.set(tag, i);
      const had = this.byTag.get(tag);
      if (had) throw new EnrollError(`tags[${i}] ${tag} is already enrolled as ${had.tile}; it cannot also be ${LAYOUT_ORDER[start + i]}`, `tags[${i}]`);
    });
    return tags.map((tag, i) => this.enrol(tag, LAYOUT_ORDER[start + i]));
  }

  /**
   * Takes a tag out of the set (an enrolment mistake). Other copy numbers do not move.
   * @returns the entry removed, or undefined when the tag was not enrolled
   */
  remove(rawTag: string): Enrolled | undefined {
    const tag = rawTag.trim().toUpperCase();
    const e = this.byTag.get(tag);
    if (!e) return undefined;
    this.byTag.delete(tag);
    this.byTile.delete(e.tile);
    return e;
  }

  /** The make-up check: enrolled of 152, spares, and what is missing by kind (card order). */
  makeup(): Makeup {
    const have = new Map<TileKind, number>();
    let spares = 0;
    for (const e of this.byTag.values()) {
      if (e.spare) spares++;
      else have.set(kindOf(e.tile), (have.get(kindOf(e.tile)) ?? 0) + 1);
    }
    const missing: MissingKind[] = [];
    let enrolled = 0;
    for (const kind of TILE_KINDS) {
      const n = have.get(kind) ?? 0;
      enrolled += n;
      if (n < copiesOf(kind)) missing.push({ kind, count: copiesOf(kind) - n });
    }
    const complete = missing.length === 0;
    const spareText = spares === 1 ? '1 spare' : `${spares} spares`;
    const text = complete ? `complete: ${enrolled} of ${SET_SIZE} (${spareText})` : `missing ${formatMissing(missing)}`;
    return { enrolled, total: SET_SIZE, spares, missing, complete, text };
  }

  /** The registry as the tracker takes it: tag UID → tile, spares included (a spare on the table is its kind). */
  tagMap(): Map<string, TileId> {
    return new Map(this.entries().map((e) => [e.tag, e.tile]));
  }

  // ------------------------------------------------------------------ read rates (optional feed)

  /**
   * A scan of a zone (a SNAP from its reader): every tag resting there should be read in it.
   * @param zone `reader/zone`; @param at ms since epoch
   */
  noteScan(zone: string, at: number): void {
    let list = this.scans.get(zone);
    if (!list) this.scans.set(zone, (list = []));
    if (list.length > 0 && list[list.length - 1]! >= at) {
      if (list.includes(at)) return;
      list.push(at);
      list.sort((a, b) => a - b);
    } else list.push(at);
    if (list.length > MAX_SCANS) list.splice(0, list.length - MAX_SCANS);
  }

  /**
   * A read of a tag in a zone (from a SNAP or an ADD). Tags not in the set are ignored; two reads at
   * the same time count once. A read after {@link GONE_AFTER_SCANS} or more scans of the zone without
   * it starts a new stay (the tile had left and come back: those scans are not expected reads).
   * The hub feeds this from its readers (read-stats.ts); call noteScan first for a SNAP's time.
   */
  noteRead(rawTag: string, zone: string, at: number): void {
    const tag = rawTag.toUpperCase();
    if (!this.byTag.has(tag)) return;
    let zones = this.spans.get(tag);
    if (!zones) this.spans.set(tag, (zones = new Map()));
    const s = zones.get(zone);
    if (!s) {
      zones.set(zone, { first: at, last: at, reads: 1, closedReads: 0, closedExpected: 0 });
      return;
    }
    if (at === s.last || at === s.first) return;
    const scans = this.scans.get(zone) ?? [];
    if (at > s.last && countStrictlyBetween(scans, s.last, at) >= GONE_AFTER_SCANS) {
      // unread in GONE_AFTER_SCANS scans in a row: the tile had left the zone; a new stay begins
      s.closedReads += s.reads;
      s.closedExpected += Math.max(s.reads, countBetween(scans, s.first, s.last));
      s.first = at;
      s.last = at;
      s.reads = 1;
      return;
    }
    s.reads++;
    s.first = Math.min(s.first, at);
    s.last = Math.max(s.last, at);
  }

  /**
   * Tags read in fewer of their zone's scans than a good tag is: for each tag and zone, expected =
   * scans of the zone from the tag's first read there to its last (inclusive), summed over its stays
   * there (see noteRead), rate = reads / expected.
   * A zone never scanned (no `noteScan`) cannot be judged and is skipped.
   * @returns weak tags, worst rate first (then by tile in card order)
   */
  weakTags(opts: WeakTagOptions = {}): WeakTag[] {
    const minRate = opts.minRate ?? 0.9;
    const minScans = opts.minScans ?? 5;
    const out: WeakTag[] = [];
    for (const [tag, zones] of this.spans) {
      const e = this.byTag.get(tag);
      if (!e) continue;
      for (const [zone, s] of zones) {
        const scans = this.scans.get(zone);
        if (!scans || scans.length === 0) continue;
        const expected = s.closedExpected + countBetween(scans, s.first, s.last);
        if (expected < minScans) continue;
        const reads = s.closedReads + s.reads;
        const rate = Math.min(1, Math.round((reads / expected) * 1000) / 1000);
        if (rate < minRate) out.push({ tag, tile: e.tile, zone, reads, expected, rate });
      }
    }
    return out.sort((a, b) => a.rate - b.rate || tileOrder(a.tile) - tileOrder(b.tile));
  }

  private put(e: Enrolled, field: string): void {
    const tag = checkTag(e.tag, field);
    const hash = e.tile.lastIndexOf('#');
    const kind = e.tile.slice(0, hash);
    const copy = Number(e.tile.slice(hash + 1));
    if (hash <= 0 || !isTileKind(kind) || !Number.isInteger(copy) || copy < 1) throw new EnrollError(`${field}: "${e.tile}" is not a tile such as 5D#2`, field);
    if (e.spare !== copy > copiesOf(kind)) throw new EnrollError(`${field}: ${e.tile} is ${e.spare ? 'not ' : ''}a spare (copies 1-${copiesOf(kind)} are the set, past them spares)`, field);
    const had = this.byTag.get(tag);
    if (had) throw new EnrollError(`${field}: tag ${tag} is already enrolled as ${had.tile}; it cannot also be ${e.tile} (the same tag twice)`, field);
    const other = this.byTile.get(e.tile);
    if (other) throw new EnrollError(`${field}: tile ${e.tile} already has tag ${other}; it cannot also have ${tag}`, field);
    const entry = { tag, tile: e.tile, spare: e.spare };
    this.byTag.set(tag, entry);
    this.byTile.set(e.tile, tag);
  }
}

/** @throws EnrollError (field `setId`) unless the id follows hub/config/ids.ts ID_RULE (it names `<setId>.json`) */
export function checkSetId(id: unknown): string {
  const problem = idProblem(id);
  if (problem) throw new EnrollError(`tile set id ${problem} (${ID_RULE}; e.g. "club-set-3")`, 'setId');
  return id as string;
}

function tileOrder(tile: TileId): number {
  const hash = tile.lastIndexOf('#');
  return TILE_KINDS.indexOf(tile.slice(0, hash) as TileKind) * 100 + Number(tile.slice(hash + 1));
}

/** How many sorted times lie in [lo, hi] (exact at any magnitude: ms since epoch too). */
function countBetween(sorted: readonly number[], lo: number, hi: number): number {
  return Math.max(0, upperBound(sorted, hi) - lowerBound(sorted, lo));
}

/** How many sorted times lie in (lo, hi). */
function countStrictlyBetween(sorted: readonly number[], lo: number, hi: number): number {
  return Math.max(0, lowerBound(sorted, hi) - upperBound(sorted, lo));
}

/** The first index whose time is >= x. */
function lowerBound(sorted: readonly number[], x: number): number {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const m = (a + b) >> 1;
    if (sorted[m]! < x) a = m + 1;
    else b = m;
  }
  return a;
}

/** The first index whose time is > x. */
function upperBound(sorted: readonly number[], x: number): number {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const m = (a + b) >> 1;
    if (sorted[m]! <= x) a = m + 1;
    else b = m;
  }
  return a;
}
