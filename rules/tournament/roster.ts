/**
 * Changes to who plays after the start (a reading; 000 leaves it to the director): a player who
 * withdraws, the late arrival or substitute who takes their seat, a substitute for one round.
 * The seating stays the movement of rules/tournament/seating.ts: whoever takes a seat takes that
 * seat's place in the movement (the same table and seat the player it replaces would have had), so
 * the plan stays deterministic and every table stays full. Pure: no Node, no DOM.
 */
import { TournamentError } from './errors.js';
import type { AnyScoreCard } from './cards.js';

/**
 * The cards with `player`'s seat given to `by`, on cards that have no result yet.
 * @param cards the cards of one round
 * @returns new cards (the others as they are); the card `by` now sits at, or null when `player` sits at none
 * @throws TournamentError when `player`'s card already has a result (a seat changes before the card's first game), or `by` already sits in that round
 */
export function giveSeat(cards: readonly AnyScoreCard[], player: string, by: string): { cards: AnyScoreCard[]; table: number | null } {
  const at = cards.find((c) => (c.seats as readonly string[]).includes(player));
  if (!at) return { cards: [...cards], table: null };
  const where = `round ${at.round} table ${at.table}`;
  if (cards.some((c) => (c.seats as readonly string[]).includes(by))) throw new TournamentError(`${where}: "${by}" already has a seat in round ${at.round}`);
  if (at.games.some((g) => g !== null)) throw new TournamentError(`${where} already has a result: a seat changes before the card's first game`);
  const seats = at.seats.map((s) => (s === player ? by : s)) as typeof at.seats;
  return { cards: cards.map((c) => (c === at ? ({ ...c, seats } as AnyScoreCard) : c)), table: at.table };
}
