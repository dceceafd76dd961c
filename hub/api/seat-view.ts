/**
 * Building one seat's private view (SeatView) from the public table view and that seat's own
 * concealed tiles, and the practice help (how far each card line is, rules/howfar.ts).
 *
 * Privacy: the only private input is `concealed`, the seat's OWN tiles inside its
 * racks. Practice help is measured from what this seat may know: its own tiles, and tiles face up
 * on the table (discards, every exposure). No other seat's concealed tile goes in or comes out.
 * Pure: no Node, no I/O.
 */
import { howFar } from '../../rules/howfar.js';
import { exposureGroups } from '../../rules/card-groups.js';
import { copiesOf, kindOf, TILE_KINDS, type TileId, type TileKind } from '../../rules/tiles.js';
import type { Card } from '../../rules/card/types.js';
import type { PracticeLine, PublicTableView, SeatView } from './views.js';

/** Lines of practice help per rack. */
export const PRACTICE_LINES_PER_RACK = 5;

const ORDER = new Map(TILE_KINDS.map((k, i) => [k, i] as const));

/** Sorts tile ids in card order (bams 1-9, craks, dots, winds, dragons, flower, joker), then by copy number. */
export function sortTileIds(ids: readonly TileId[]): TileId[] {
  const copy = (id: TileId) => Number(id.slice(id.indexOf('#') + 1));
  return [...ids].sort((a, b) => (ORDER.get(kindOf(a)) ?? 99) - (ORDER.get(kindOf(b)) ?? 99) || copy(a) - copy(b));
}

/** Splits the tiles on top of one rack into exposure groups (rules/card-groups.ts; howFar wants each exposure as one whole group). */
export { exposureGroups };

/**
 * Tiles of every kind whose copies are ALL face up (discards plus every exposure on the table):
 * no more of it can be picked or called. Jokers and flowers count like any kind (8 jokers,
 * 8 flowers). Returns each such kind repeated as often as it is face up, in card order.
 * `deadKinds(['3D','3D'], [['3D','3D']])` → `['3D','3D','3D','3D']` (4 copies of 3 Dots face up).
 */
export function deadKinds(discards: readonly TileKind[], exposures: readonly (readonly TileKind[])[]): TileKind[] {
  const seen = new Map<TileKind, number>();
  for (const k of [...discards, ...exposures.flat()]) seen.set(k, (seen.get(k) ?? 0) + 1);
  const out: TileKind[] = [];
  for (const k of TILE_KINDS) {
    const n = seen.get(k) ?? 0;
    if (n > 0 && n >= copiesOf(k)) for (let i = 0; i < n; i++) out.push(k);
  }
  return out;
}

/**
 * Practice help for one player: for each of their racks that is not dead and has no Mah Jongg,
 * the {@link PRACTICE_LINES_PER_RACK} nearest card lines measured by rules/howfar.ts `howFar`
 * with tiles = all the player's concealed tiles (both racks: a Siamese player builds two hands
 * from one pool, 003 rule 5; a 4-player seat has one rack, its 13 or 14 tiles), exposures = that
 * rack's top, dead = the kinds all of whose copies
 * are face up (discards, exposures), less this rack's own exposures (howFar counts those itself).
 * @param concealed the player's own tiles inside each rack (index = rack)
 * @returns lines sorted as howFar sorts them (fewest missing, then highest value), rack by rack; never throws
 */
export function practiceHelp(cards: readonly Card[], pub: PublicTableView, player: number, concealed: readonly (readonly TileId[])[]): PracticeLine[] {
  const me = pub.players[player];
  if (!me) return [];
  const tiles = concealed.flat().map(kindOf);
  const allExposed = pub.players.flatMap((p) => p.racks.map((r) => r.exposed));
  const deadAll = deadKinds(pub.discards, allExposed);
  const out: PracticeLine[] = [];
  for (const r of me.racks) {
    if (r.dead || r.mahJongg) continue;
    // this rack's own exposures are counted by howFar as exposures, not as dead tiles
    const dead = [...deadAll];
    for (const k of r.exposed) {
      const i = dead.indexOf(k);
      if (i >= 0) dead.splice(i, 1);
    }
    const exposures = exposureGroups(r.exposed);
    for (const h of howFar(cards, { tiles, exposures, dead }, { limit: PRACTICE_LINES_PER_RACK })) {
      out.push({
        rack: r.rack,
        cardId: h.cardId,
        lineId: h.line.id,
        lineText: h.line.text.replace(/\s+/g, ' ').trim(),
        value: h.line.value,
        concealed: h.line.concealed,
        need: h.need,
        missing: h.missing,
      });
    }
  }
  return out;
}

/**
 * One seat's view: the public facts of `pub` plus this player's own concealed tiles, and the
 * practice help when `cards` is given (null: the table does not allow it, and `practice` is null).
 * @param concealed the player's own tiles inside each rack (index = rack); missing racks count as empty
 * @throws RangeError when `player` is not a player of `pub`
 */
export function buildSeatView(pub: PublicTableView, player: number, concealed: readonly (readonly TileId[])[], cards: readonly Card[] | null): SeatView {
  const me = pub.players[player];
  if (!me) throw new RangeError(`table '${pub.tableId}' has no player ${player} (players 0-${pub.players.length - 1})`);
  const view: SeatView = {
    tableId: pub.tableId,
    variant: pub.variant,
    gameNo: pub.gameNo,
    phase: pub.phase,
    endReason: pub.endReason,
    turn: pub.turn,
    player,
    name: me.name,
    seat: me.seat,
    count: me.count,
    racks: me.racks.map((r) => ({
      rack: r.rack,
      concealed: sortTileIds(concealed[r.rack] ?? []).map((id) => ({ id, kind: kindOf(id) })),
      exposed: r.exposed,
      ...(r.groups ? { groups: r.groups } : {}),
      count: r.count,
      dead: r.dead,
      deadReason: r.deadReason,
      mahJongg: r.mahJongg,
    })),
    players: pub.players,
    walls: pub.walls,
    discards: pub.discards,
    flags: pub.flags,
    score: pub.score,
    practice: cards ? practiceHelp(cards, pub, player, concealed) : null,
    updatedAt: pub.updatedAt,
  };
  if (pub.clock !== undefined) view.clock = pub.clock;
  if (pub.round !== undefined) view.round = pub.round;
  if (pub.scoring !== undefined) view.scoring = pub.scoring;
  if (pub.tileFaces !== undefined) view.tileFaces = pub.tileFaces;
  return view;
}

/**
 * What a seat sees before the game its token is for has begun (the walls are not built yet): who
 * they are and the table's public facts that do not belong to the last game; no tiles at all.
 */
export function pendingSeatView(pub: PublicTableView, player: number, gameNo: number): SeatView {
  const v = buildSeatView(pub, player, [], null);
  return {
    ...v,
    gameNo,
    phase: 'waiting',
    endReason: null,
    turn: null,
    count: null,
    racks: v.racks.map((r) => ({ ...r, concealed: [], exposed: [], count: null, dead: false, deadReason: null, mahJongg: null })),
    players: v.players.map((p) => ({ ...p, count: null, racks: p.racks.map((r) => ({ ...r, count: null, concealedCount: null, exposed: [], dead: false, deadReason: null, mahJongg: null })) })),
    discards: [],
    flags: [],
    score: null,
  };
}
