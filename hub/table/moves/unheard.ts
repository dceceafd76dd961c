/**
 * The order in which the moves of a stretch with an unheard zone happened, for the standard
 * 4-player table. While a reader cannot be heard (unplugged, rebooting, silent) the hub logs what
 * the other readers saw at once and what the unheard reader saw only when its first snapshot comes
 * back, so the log's order is not the table's: a pick into an unheard rack is logged after the
 * discard that followed it, a discard onto an unheard floor after the picks that followed it. The
 * turn order (000: no picking ahead, no play out of turn) is judged on the table's order, so the
 * 4-player table holds those moves back (./held.ts) and hands them on in the order this module
 * gives, once every zone is heard again (the `readers-heard` event).
 *
 * When a move happened (ms), from what the readers saw:
 * - its tile arrived in a zone that was heard: when it came to rest there (the event's `at`);
 * - else its tile left a zone that was heard: when that zone saw it go (`left`, a window of one
 *   instant: a pick from a wall into an unheard rack, a discard from a rack onto an unheard floor);
 * - else (both zones unheard: a tile laid from a rack onto the top of the same rack while that rack
 *   reader was out) only its window is known. Such a move is put right after the latest move of
 *   known time into the same player's top in that window of a tile of its kind (the call whose
 *   exposure it completes: an exposure is the called tile with tiles of its kind, NMJL), else of any
 *   kind (a joker: first to a call of that top still short of a pung; a Mah Jongg laid out after
 *   its last tile), else into the same player's rack (the
 *   pick before a self-picked Mah Jongg), else at its window's start; it is not `known`, and what
 *   the referee makes of it is the director's to check.
 */
import type { Place } from '../../../rules/game/places.js';
import { kindOf, type TileId } from '../../../rules/tiles.js';

/** One move of the stretch, as the engine read it from the log. */
export interface UnheardMove<T> {
  /** the engine's own handle (the stored event) */
  item: T;
  /** the tile moved */
  tile: TileId;
  /** when the tile came to rest (the event's `at`, ms) */
  at: number;
  /** where it went (null: not a place of this table) */
  to: Place | null;
  /** reader of the zone it went to */
  toReader: string;
  /** readers not heard at the move (`tile-moved.unseen`) */
  unseen: readonly string[];
  /** the move was seen only across a reconnect (`tile-moved.reconciled`, ms window) */
  reconciled?: { from: number; to: number };
  /** when the tile left where it was (`tile-moved.left`, ms window) */
  left?: { from: number; to: number };
}

/** A move with the time it is judged at. */
export interface OrderedMove<T> {
  item: T;
  /** ms: when the move happened (known), or where it was put in its window (placed) */
  time: number;
  /** false: its time is not known, only `window` (see the module comment) */
  known: boolean;
  window: { from: number; to: number };
}

/**
 * The moves of one stretch in the order they happened at the table (see the module comment);
 * moves of equal time keep the log's order. Pure; never throws.
 */
export function orderUnheardMoves<T>(moves: readonly UnheardMove<T>[]): OrderedMove<T>[] {
  const timed = moves.map((m, i) => {
    const arrivalHeard = !m.unseen.includes(m.toReader);
    if (arrivalHeard) return { m, i, time: m.at, known: true, window: { from: m.at, to: m.at } };
    // the machine gives `left` as one instant only when the zone left was heard then
    const goneSeen = m.left !== undefined && m.left.from === m.left.to;
    if (goneSeen) return { m, i, time: m.left!.from, known: true, window: { ...m.left! } };
    const window = m.left ?? m.reconciled ?? { from: m.at, to: m.at };
    return { m, i, time: Number.NaN, known: false, window: { ...window } };
  });
  const owner = (p: Place | null, area: 'top' | 'rack') => (p && p.area === area ? p.player : null);
  // a joker laid on a top whose time is not known goes first to a call of that top still short of
  // a pung (NMJL: a called tile is exposed with 2 or more tiles; jokers stand in a group of 3+)
  const jokerAnchor = new Map<number, number>();
  const filled = new Map<number, number>();
  for (const t of timed) {
    if (t.known || kindOf(t.m.tile) !== 'J' || !t.m.to || t.m.to.area !== 'top') continue;
    const player = t.m.to.player;
    const calls = timed.filter((x) => x.known && owner(x.m.to, 'top') === player && x.time >= t.window.from && x.time <= t.window.to && kindOf(x.m.tile) !== 'J').sort((a, b) => a.time - b.time);
    for (const c of calls) {
      const kind = kindOf(c.m.tile);
      const group =
        1 + timed.filter((x) => !x.known && owner(x.m.to, 'top') === player && kindOf(x.m.tile) === kind && x.window.from <= c.time && x.window.to >= c.time).length + (filled.get(c.i) ?? 0);
      if (group < 3) {
        jokerAnchor.set(t.i, c.time);
        filled.set(c.i, (filled.get(c.i) ?? 0) + 1);
        break;
      }
    }
  }
  for (const t of timed) {
    if (t.known) continue;
    const player = t.m.to && (t.m.to.area === 'top' || t.m.to.area === 'rack') ? t.m.to.player : null;
    const inWindow = (x: (typeof timed)[number]) => x.known && x.time >= t.window.from && x.time <= t.window.to;
    const kind = kindOf(t.m.tile);
    const latest = (area: 'top' | 'rack', sameKind: boolean) =>
      timed
        .filter((x) => inWindow(x) && player !== null && owner(x.m.to, area) === player && (!sameKind || kindOf(x.m.tile) === kind))
        .reduce<number | null>((a, x) => (a === null || x.time > a ? x.time : a), null);
    const anchor = (kind !== 'J' ? latest('top', true) : (jokerAnchor.get(t.i) ?? null)) ?? latest('top', false) ?? latest('rack', false);
    // a hair after its anchor (before any later move of known time), in log order among its kind
    t.time = anchor !== null ? anchor + 0.001 * (1 + t.i / (moves.length + 1)) : t.window.from;
  }
  return timed.sort((a, b) => a.time - b.time || a.i - b.i).map((t) => ({ item: t.m.item, time: t.time, known: t.known, window: t.window }));
}
