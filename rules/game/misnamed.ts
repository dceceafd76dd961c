/**
 * A mis-named discard claimed for an exposure (003 rule 19A, 19B), for the one engine
 * (./apply.ts). No reader hears a tile named, so the director enters it; the referee then says
 * what the racks it sees show, and follows the correction:
 *
 * - 19A "If the mis-named discarded tile is claimed for an EXPOSURE, and the discarder has the
 *   correct tile in their hand, then the correct tile MUST be discarded in place of the incorrect
 *   tile." The discarder holds a tile of the kind named inside a rack: it is expected (`expected`).
 *   The called tile goes back off the claimer's top (to the discarder, by any way: straight to a
 *   rack of theirs, or over the floor) and the named tile is discarded: the correction is `accepted`. While
 *   it is under way neither player's tile count is judged (the tiles are changing hands) and the
 *   claimer's exposures are not judged at the discard that corrects it.
 * - 19B "the discarder does not have the correct tile in their hand, the game proceeds, following
 *   the correct naming of the tile. No penalty to the discarder." No tile of that kind in the
 *   discarder's racks the hub sees: `no-tile`, nothing to follow.
 * - A rack of the discarder whose reader the hub could not trust at the entry, and no such tile in
 *   the others: `unknown` (the director looks); followed like `expected`.
 * - Play going on instead (a pick from a wall, or the claimer's own discard) while a correction is
 *   expected: `not-made`.
 * (19C and 19D, a mis-named discard claimed for Mah Jongg, are scored: rules/scoring/siamese.ts.)
 */
import { kindOf, type TileId, type TileKind } from '../tiles.js';
import type { Place } from './places.js';

/** One mis-named discard claimed for an exposure, as the referee follows it (003 rule 19A/B). */
export interface MisnamedExposure {
  /** the player who called the discard for an exposure */
  claimer: number;
  /** the claimer's rack whose top the called tile went to (index, 0 = rack 1) */
  rack: number;
  /** the called tile, as the readers saw it (the incorrect tile) */
  tile: TileId;
  /** the kind the discarder named (the correct tile) */
  named: TileKind;
  /** the player who discarded it */
  discarder: number;
  /**
   * `expected`: the discarder holds `holds` and must discard a tile of kind `named` in place of
   * `tile` (19A); `unknown`: the hub could not see every rack of the discarder (19A if one holds it);
   * `no-tile`: the discarder holds none, play goes on, no penalty (19B); `accepted`: the correct tile was
   * discarded and the called tile went back; `not-made`: play went on without the correction
   */
  status: 'expected' | 'unknown' | 'no-tile' | 'accepted' | 'not-made';
  /** a tile of kind `named` inside the discarder's racks when the entry was made, or null */
  holds: TileId | null;
  /** the discarder's racks (index) the hub could not see when the entry was made */
  unseenRacks: number[];
  /** the tile the discarder discarded in place of `tile`, once discarded */
  replacement: TileId | null;
  /** `tile` has left the claimer's top */
  returned: boolean;
  /** when the director entered it (ms since epoch) and the entry's evidence reference */
  at: number;
  ref: string;
}

/** A correction the referee is following: expected (or unknown) and not yet accepted or given up. */
export function isOpen(m: MisnamedExposure): boolean {
  return m.status === 'expected' || m.status === 'unknown';
}

/**
 * The referee's finding when the director enters a mis-named discard claimed for an exposure.
 * @param where where every tile is now (the referee's state)
 * @param unseenRacks the discarder's racks (index) the hub could not see at the entry
 */
export function misnamedExposure(
  entry: { claimer: number; rack: number; tile: TileId; named: TileKind; discarder: number; at: number; ref: string },
  where: ReadonlyMap<TileId, Place>,
  unseenRacks: readonly number[],
): MisnamedExposure {
  let holds: TileId | null = null;
  for (const [t, p] of where) {
    if (p.area === 'rack' && p.player === entry.discarder && !unseenRacks.includes(p.rack) && kindOf(t) === entry.named) {
      holds = t;
      break;
    }
  }
  const status = holds ? 'expected' : unseenRacks.length ? 'unknown' : 'no-tile';
  return { ...entry, status, holds, unseenRacks: [...unseenRacks], replacement: null, returned: false };
}

/**
 * The correction in words, for the director, e.g. "Bea holds 5D (5D#2): Bea takes back the 4D Ann
 * called and must discard a 5D in its place (003 rule 19A)".
 * @param names player names, index 0 = East
 */
export function misnamedText(m: MisnamedExposure, names: readonly string[]): string {
  const who = names[m.discarder] ?? `player ${m.discarder + 1}`;
  const claimer = names[m.claimer] ?? `player ${m.claimer + 1}`;
  const called = kindOf(m.tile);
  const racks = m.unseenRacks.map((r) => `rack ${r + 1}`).join(' and ');
  switch (m.status) {
    case 'expected':
      return `${who} holds ${m.named} (${m.holds}): ${who} takes back the ${called} ${claimer} called and must discard a ${m.named} in its place (003 rule 19A)`;
    case 'unknown':
      return `the hub cannot see ${who}'s ${racks}: if ${who} holds a ${m.named}, ${who} takes back the ${called} and must discard it in its place (003 rule 19A); if not, play goes on, no penalty (19B)`;
    case 'no-tile':
      return `${who} holds no ${m.named}: play goes on, the tile named as it is (a ${called}); no penalty (003 rule 19B)`;
    case 'accepted':
      return `${who} discarded ${m.replacement} in place of the mis-named ${called}: accepted (003 rule 19A)`;
    case 'not-made':
      return `play went on before ${who} discarded a ${m.named} in place of the ${called} (003 rule 19A${m.holds ? '' : ', or 19B if none was held'})`;
  }
}

/** What a move means for an open correction (see {@link followMove}). */
export type MisnamedMove =
  /** the called tile going back from the claimer's top (to the floor, or the discarder picking it up there): no discard, no call */
  | 'return'
  /** the discarder's discard of a tile of the kind named: the correction's discard */
  | 'replacement'
  /** play going on (a pick from a wall, or the claimer's own discard): the correction was not made */
  | 'play-on'
  | null;

/**
 * How one move bears on the open correction `m` (the engine applies it: ./apply.ts).
 * @param move the move: its kind as the referee sees it, who, the tile, and where it was
 */
export function classifyMove(m: MisnamedExposure, move: { type: 'discard' | 'call' | 'pick' | 'other'; player: number | null; tile: TileId; from: Place | null }): MisnamedMove {
  const fromClaimerTop = move.from?.area === 'top' && move.from.player === m.claimer;
  if (move.tile === m.tile && (fromClaimerTop || (move.type === 'call' && move.player === m.discarder))) return 'return';
  if (move.type === 'discard' && move.player === m.discarder && kindOf(move.tile) === m.named && m.replacement === null) return 'replacement';
  if (move.type === 'pick' || (move.type === 'discard' && move.player === m.claimer)) return 'play-on';
  return null;
}

/**
 * After a move: `tile` off the claimer's top is back; with the correct tile discarded too, the
 * correction is accepted.
 * @param where where every tile is after the move
 */
export function afterMove(m: MisnamedExposure, where: ReadonlyMap<TileId, Place>): void {
  const p = where.get(m.tile);
  if (!(p && p.area === 'top' && p.player === m.claimer)) m.returned = true;
  if (m.returned && m.replacement !== null) m.status = 'accepted';
}
