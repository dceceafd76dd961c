/**
 * The scorekeeper's standings across rounds (000: "At the end of each round, East will take the
 * table score card to the scorekeeper"; "TIES: In the event of a tie, at any level, the prize will be
 * divided equally").
 *
 * - Only complete cards are accepted (000: "Score cards that are not initialed by each player are
 *   considered incomplete and will not be accepted").
 * - A player's points are the sum of their points over every game of every card. Cards of either
 *   kind: 4-seat cards (000 points) and Siamese cards (2 seats; each player's own 003 rule 17 points
 *   per game, summed: not the settlement, which only says who pays whom at that table).
 * - Ranks: players with equal points share a rank, and the next rank skips the places they fill
 *   (competition ranking 1, 2, 2, 4).
 * - Prizes: tied players share equally the sum of the prizes of the places they fill. With prizes
 *   [100, 60, 40] and two players tied for 2nd, they fill places 2 and 3 and get (60 + 40) / 2 = 50
 *   each. Places beyond the prize list are worth 0. The share is not rounded: pass prizes in cents
 *   and round as the tournament's rules say (e.g. 100 shared by 3 is 33.333…).
 */
import { TournamentError } from './errors.js';
import { anyCardMissing, anyCardTotals, type AnyScoreCard } from './cards.js';

/** One row of the standings. */
export interface Standing {
  /** 1-based rank; tied players share it (1, 2, 2, 4) */
  rank: number;
  /** player id */
  player: string;
  /** total points over every accepted card */
  points: number;
  /** the player's share of the prize money (same unit as `prizes`); 0 beyond the prize places */
  prize: number;
}

/**
 * Standings from the complete score cards.
 *
 * @param cards every card handed to the scorekeeper (all must be complete)
 * @param prizes prize money by place: prizes[0] for 1st, prizes[1] for 2nd… (numbers ≥ 0)
 * @param players optional: every registered player id, so a player with no card yet is listed with 0
 * @returns rows sorted by points (highest first); tied players in player-id order
 * @throws TournamentError when a card is incomplete (naming its round, table and what is missing),
 *   two cards are for the same round and table, a player is on two cards of one round, or a prize is
 *   not a number ≥ 0
 */
export function standings(cards: readonly AnyScoreCard[], prizes: readonly number[], players: readonly string[] = []): Standing[] {
  prizes.forEach((p, i) => {
    if (typeof p !== 'number' || !Number.isFinite(p) || p < 0) throw new TournamentError(`prize for place ${i + 1} must be a number ≥ 0, not ${String(p)}`);
  });
  const totals = new Map<string, number>();
  for (const p of players) totals.set(p, 0);
  const tables = new Set<string>();
  const seatedIn = new Map<string, string>();
  for (const card of cards) {
    const at = `round ${card.round} table ${card.table}`;
    const missing = anyCardMissing(card);
    if (missing.length > 0) throw new TournamentError(`the card of ${at} is incomplete and not accepted: ${missing.join('; ')}`);
    if (tables.has(at)) throw new TournamentError(`two cards for ${at}`);
    tables.add(at);
    anyCardTotals(card).forEach(({ player, total }) => {
      const key = `${card.round}\u0000${player}`;
      const other = seatedIn.get(key);
      if (other) throw new TournamentError(`player "${player}" is on two cards of round ${card.round}: ${other} and table ${card.table}`);
      seatedIn.set(key, `table ${card.table}`);
      totals.set(player, (totals.get(player) ?? 0) + total);
    });
  }
  return rankByPoints([...totals.entries()], prizes).map(([player, points, rank, prize]) => ({ rank, player, points, prize }));
}

/**
 * Ranks `[player, points]` pairs: highest points first, tied players in player-id order sharing
 * the rank (competition ranking 1, 2, 2, 4) and the prizes of the places they fill, equally.
 * @returns `[player, points, rank, prize]` rows in rank order
 */
export function rankByPoints(totals: readonly (readonly [string, number])[], prizes: readonly number[]): [string, number, number, number][] {
  const sorted = [...totals].sort(([pa, a], [pb, b]) => b - a || (pa < pb ? -1 : pa > pb ? 1 : 0));
  const out: [string, number, number, number][] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j]![1] === sorted[i]![1]) j++;
    const pot = prizes.slice(i, j).reduce((a, b) => a + b, 0);
    const share = pot / (j - i);
    for (let k = i; k < j; k++) out.push([sorted[k]![0], sorted[k]![1], i + 1, share]);
    i = j;
  }
  return out;
}
