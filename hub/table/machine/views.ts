/**
 * The pieces of the views every live table builds the same way, whatever game it plays: reader
 * trust, a flag's evidence for the director, the weak tags, and a seat's private view.
 */
import type { Card } from '../../../rules/card/types.js';
import { describePlace, type Place } from '../../../rules/game/places.js';
import type { TileId } from '../../../rules/tiles.js';
import { buildSeatView } from '../../api/seat-view.js';
import type { DirectorTableView, FlagEvidence, PublicTableView, ReaderStatus, SeatView } from '../../api/views.js';
import type { TableConfig } from '../../config/types.js';
import type { EventStore, StoredEvent } from '../../store/types.js';
import type { Tracker, ZoneKey } from '../../tracking/tracker.js';
import type { TileMovedData } from './events.js';

/** Reader states whose tiles are not counted on the views (the reader cannot say what it holds now). */
const UNTRUSTED_STATES: ReadonlySet<ReaderStatus['state']> = new Set(['offline', 'unsynced', 'reconnecting']);

/** Readers whose tiles the views do not count now (offline, unsynced or reconnecting). */
export function untrustedReaders(statuses: readonly ReaderStatus[]): Set<string> {
  return new Set(statuses.filter((r) => UNTRUSTED_STATES.has(r.state)).map((r) => r.id));
}

/** The reader under `player`'s rack `rack` (its inside or its top), if the config has one. */
export function readerOfRack(table: TableConfig, player: number, rack: number): string | undefined {
  return table.readers.find((r) => Object.values(r.zones).some((z) => (z.area === 'rack' || z.area === 'top') && z.player === player && z.rack === rack))?.id;
}

/** What a flag's evidence is built from: the table, its zones' places, its log and its raw lines. */
export interface EvidenceSource {
  table: TableConfig;
  places: ReadonlyMap<ZoneKey, Place>;
  events: readonly StoredEvent[];
  store: EventStore;
  /** a move as the fold reads it (the director's corrections applied, ./corrections.ts); default as logged */
  read?: (e: StoredEvent & { data: TileMovedData }) => TileMovedData;
}

/**
 * A flag's evidence for the director: the moves of the turn that led to it (the event `lastSeq`
 * and the 5 moves before it), described by place, and their raw reader lines.
 * @param counts the tile counts to show, per player and rack
 */
export function evidenceOf(src: EvidenceSource, flagId: string, lastSeq: number, counts: number[][]): FlagEvidence {
  const moves = src.events.filter((e) => e.type === 'tile-moved' && e.seq <= lastSeq).slice(-6) as (StoredEvent & { data: TileMovedData })[];
  return {
    flagId,
    tiles: moveRows(src, moves),
    counts,
    lines: src.store.rawLines(moves.flatMap((m) => m.data.lines)).map((l) => ({ reader: l.reader ?? '?', at: l.at, line: l.line })),
  };
}

/** Moves described by place for the director (`ref` the move's event; `asRead` beside a corrected one). */
function moveRows(src: Omit<EvidenceSource, 'store'>, moves: readonly (StoredEvent & { data: TileMovedData })[]): FlagEvidence['tiles'] {
  const names = src.table.players.map((p) => p.name);
  const describe = (z: ZoneKey | null) => (z === null ? 'first seen' : `${describePlace(src.places.get(z) ?? null, names)} (${z})`);
  return moves.map((m) => {
    const d = src.read?.(m) ?? m.data;
    // a corrected move: what the readers saw stays beside it
    const was = d === m.data ? {} : { asRead: { tile: m.data.tile, from: describe(m.data.from), to: describe(m.data.to) } };
    return { tile: d.tile, tag: d.tag, from: describe(d.from), to: describe(d.to), at: m.at, ref: String(m.seq), ...was };
  });
}

/** How many of the latest moves the director's view lists (`moves`), each with its "Correct" form. */
export const MOVE_LIST_LENGTH = 40;

/**
 * The latest moves of the log from index `from` on (the current game's), at most
 * {@link MOVE_LIST_LENGTH}, oldest first, described as a flag's evidence describes them.
 */
export function moveList(src: Omit<EvidenceSource, 'store'>, from: number): FlagEvidence['tiles'] {
  const moves = src.events.slice(from).filter((e) => e.type === 'tile-moved') as (StoredEvent & { data: TileMovedData })[];
  return moveRows(src, moves.slice(-MOVE_LIST_LENGTH));
}

/**
 * The weak tags at `now` (ms) for the director view: a tag that flickered 3 times in a zone within a
 * minute, the tile and where (described by place, with the table's player names).
 */
export function weakTagViews(table: TableConfig, places: ReadonlyMap<ZoneKey, Place>, tracker: Tracker, now: number): NonNullable<DirectorTableView['weakTags']> {
  const names = table.players.map((p) => p.name);
  return tracker.weakTags(now).map((w) => ({
    tile: w.tile,
    zone: w.zone,
    where: describePlace(places.get(w.zone) ?? null, names),
    flickers: w.flickers,
    lastAt: w.lastAt,
  }));
}

/**
 * One seat's private view (hub/api/seat-view.ts): the public view plus this player's own tiles
 * inside their racks, and practice help (how far each card line is, rules/howfar.ts) when the
 * table config has `practiceHelp: true`.
 * @param concealedOf the player's own tiles inside each rack (asked only for a player of the table)
 * @throws RangeError when `player` is not a player of this table
 */
export function seatViewOf(table: TableConfig, cards: Card[], pub: PublicTableView, player: number, concealedOf: (player: number) => TileId[][]): SeatView {
  if (!pub.players[player]) throw new RangeError(`table '${table.id}' has no player ${player} (players 0-${pub.players.length - 1})`);
  return buildSeatView(pub, player, concealedOf(player), table.practiceHelp ? cards : null);
}
