/**
 * The director's penalty and conduct log, and the event's standings that count it (000 "DISPUTES":
 * the director's ruling is final; a reading for what 000 leaves to the event: late to the table, a
 * warning, a conduct penalty).
 *
 * Two kinds of entries, kept apart:
 * - **Event penalties** ({@link Penalty}): given by the director to a player, outside any game
 *   (late to the table, a warning, conduct). They are NOT game points: the standings show them in
 *   their own column and the total (game points + penalties) decides the ranking.
 * - **Game penalties** ({@link GamePenaltyEntry}): the 000 stolen-tile −10 ("looked at a stolen
 *   tile") is part of that game's score on the card. It is listed in the log with its round, table
 *   and game, marked `inGamePoints: true`, and never counted a second time.
 *
 * Pure: no Node, no DOM.
 */
import { TournamentError } from './errors.js';
import { anyCardTotals, type AnyScoreCard } from './cards.js';
import { isSiameseCard } from './siamese-card.js';
import { rankByPoints, standings } from './standings.js';

/** The kinds of event penalty a director gives. */
export const PENALTY_KINDS = ['late', 'warning', 'conduct', 'other'] as const;
/** One kind of event penalty: late to the table, a warning, conduct, or other (the reason says what). */
export type PenaltyKind = (typeof PENALTY_KINDS)[number];

/** One event penalty as the director gave it (not a game score). */
export interface Penalty {
  /** the player's id */
  player: string;
  /** the round it was given in (1-based), or null for the event as a whole */
  round: number | null;
  kind: PenaltyKind;
  /** points, < 0 (only a warning may carry 0) */
  points: number;
  /** why, in the director's words (required) */
  reason: string;
  /** who gave it (a director's name or id) */
  director: string;
}

/** The longest reason kept (characters). */
export const PENALTY_REASON_MAX = 200;

/**
 * Checks a penalty the director gives.
 * @param x the penalty as received
 * @param players every registered player id
 * @param rounds the number of rounds of the event
 * @returns the penalty, `round` null when absent, the reason trimmed
 * @throws TournamentError naming the field: an unknown player, a round outside 1-`rounds`, a kind
 *   not in {@link PENALTY_KINDS}, points not a whole number ≤ 0 (or 0 for any kind but a warning),
 *   an empty reason or one longer than
 *   {@link PENALTY_REASON_MAX}
 */
export function checkPenalty(x: { player: unknown; round?: unknown; kind: unknown; points: unknown; reason: unknown; director?: unknown }, players: readonly string[], rounds: number): Penalty {
  if (typeof x.player !== 'string' || !players.includes(x.player)) throw new TournamentError(`penalty: player ${JSON.stringify(x.player)} is not registered`);
  const round = x.round ?? null;
  if (round !== null && (typeof round !== 'number' || !Number.isInteger(round) || round < 1 || round > rounds))
    throw new TournamentError(`penalty: round must be 1-${rounds}, not ${JSON.stringify(x.round)}`);
  if (typeof x.kind !== 'string' || !(PENALTY_KINDS as readonly string[]).includes(x.kind))
    throw new TournamentError(`penalty: kind must be one of ${PENALTY_KINDS.map((k) => `"${k}"`).join(', ')}, not ${JSON.stringify(x.kind)}`);
  if (typeof x.points !== 'number' || !Number.isInteger(x.points) || x.points > 0)
    throw new TournamentError(`penalty: points must be a whole number ≤ 0 (a penalty takes points away; a warning may be 0), not ${JSON.stringify(x.points)}`);
  if (x.points === 0 && x.kind !== 'warning') throw new TournamentError(`penalty: points 0 take nothing away: a ${x.kind} penalty must be below 0 (only a warning may be 0)`);
  const reason = typeof x.reason === 'string' ? x.reason.trim() : '';
  if (reason === '') throw new TournamentError('penalty: reason is required');
  if (reason.length > PENALTY_REASON_MAX) throw new TournamentError(`penalty: reason is ${reason.length} characters, at most ${PENALTY_REASON_MAX}`);
  return {
    player: x.player,
    round: round as number | null,
    kind: x.kind as PenaltyKind,
    points: x.points,
    reason,
    director: typeof x.director === 'string' && x.director !== '' ? x.director : 'director',
  };
}

/** A penalty already in a game's score (000: looked at a stolen tile, −10), listed in the log. */
export interface GamePenaltyEntry {
  player: string;
  round: number;
  table: number;
  /** 1-based game of the card */
  game: number;
  kind: 'stolen-tile';
  /** the card's own figure (000: −10) */
  points: number;
  /** "Looked at a stolen tile (000), game 2: in that game's points" */
  reason: string;
  /** always true: counted in the game points, never again */
  inGamePoints: true;
}

/**
 * The stolen-tile penalties of every game on the 4-seat cards (000: "looked at a stolen tile", the
 * card profile's `lookedAtStolenTile`, −10), one entry per player and game, round, table, game order.
 * Siamese cards have none (003 has no such penalty).
 */
export function stolenTileEntries(cards: readonly AnyScoreCard[]): GamePenaltyEntry[] {
  const out: GamePenaltyEntry[] = [];
  for (const card of cards) {
    if (isSiameseCard(card)) continue;
    card.games.forEach((g, i) => {
      for (const seat of g?.outcome.lookedAtStolenTile ?? [])
        out.push({
          player: card.seats[seat] ?? '',
          round: card.round,
          table: card.table,
          game: i + 1,
          kind: 'stolen-tile',
          points: card.profile.lookedAtStolenTile,
          reason: `Looked at a stolen tile (000), game ${i + 1}: in that game's points`,
          inGamePoints: true,
        });
    });
  }
  return out.sort((a, b) => a.round - b.round || a.table - b.table || a.game - b.game);
}

/** One row of the event's standings: game points, event penalties and the total, which ranks. */
export interface EventStanding {
  /** 1-based rank by `points` (the total); tied players share it (1, 2, 2, 4) */
  rank: number;
  player: string;
  /** the points of every accepted card, with the games' own penalties (000 stolen tile) and byes */
  gamePoints: number;
  /** the sum of the event penalties (≤ 0) */
  penalties: number;
  /** the total, gamePoints + penalties: what decides the ranking */
  points: number;
  /** the player's share of the prize money; 0 for a player with no game on an accepted card */
  prize: number;
  /** the rounds the player had a bye in (no game that round; scored `byePoints`) */
  byes: number[];
  /** the player withdrew: seated in no later round, still listed */
  withdrawn: boolean;
}

/** Who is not at a table, for {@link eventStandings}. */
export interface EventAbsences {
  /** player → the rounds of their byes */
  byes?: ReadonlyMap<string, readonly number[]>;
  /** the points a bye scores (the event's setting; default 0) */
  byePoints?: number;
  /** the players who withdrew */
  withdrawn?: ReadonlySet<string>;
}

/**
 * The event's standings: each player's game points (the complete cards, as {@link standings}
 * checks them, plus `byePoints` per bye), their event penalties, and the total, which ranks (ties
 * share the rank and the prizes of the places they fill). A withdrawn player stays listed.
 * The prizes go only to the players with a game on one of `cards` (a reading for what 000 leaves
 * to the event): they fill the prize places among themselves, in the order of the total; a player
 * with no game (nobody while no card is complete; a late arrival with only byes; a substitute or a
 * withdrawn player not yet on a complete card) is ranked by the total but has prize 0.
 * e.g. Ann 75 game points and a late −5: total 70.
 * @param cards the complete cards
 * @param players every registered player id (each is listed, 0 without a card)
 * @throws TournamentError as {@link standings}; or for a penalty of a player not in `players`
 */
export function eventStandings(
  cards: readonly AnyScoreCard[],
  prizes: readonly number[],
  players: readonly string[],
  penalties: readonly Penalty[],
  absences: EventAbsences = {},
): EventStanding[] {
  const game = new Map(standings(cards, [], players).map((r) => [r.player, r.points]));
  // a player seated on a card who is not registered (a substitute) is listed too
  for (const c of cards) for (const { player } of anyCardTotals(c)) if (!game.has(player)) game.set(player, 0);
  const byes = absences.byes ?? new Map<string, readonly number[]>();
  for (const [p, rounds] of byes) game.set(p, (game.get(p) ?? 0) + rounds.length * (absences.byePoints ?? 0));
  const pen = new Map<string, number>();
  for (const p of penalties) {
    if (!game.has(p.player)) throw new TournamentError(`a penalty of "${p.player}", who is not registered`);
    pen.set(p.player, (pen.get(p.player) ?? 0) + p.points);
  }
  const totals = [...game.entries()].map(([p, g]) => [p, g + (pen.get(p) ?? 0)] as const);
  // the prizes go to the players who played: a game on an accepted card (not a bye, not a seat never taken)
  const played = new Set(cards.flatMap((c) => anyCardTotals(c).map(({ player }) => player)));
  const prizeOf = new Map(
    rankByPoints(
      totals.filter(([p]) => played.has(p)),
      prizes,
    ).map(([player, , , prize]) => [player, prize]),
  );
  return rankByPoints(totals, prizes).map(([player, points, rank]) => ({
    rank,
    player,
    gamePoints: game.get(player) ?? 0,
    penalties: pen.get(player) ?? 0,
    points,
    prize: prizeOf.get(player) ?? 0,
    byes: [...(byes.get(player) ?? [])].sort((a, b) => a - b),
    withdrawn: absences.withdrawn?.has(player) ?? false,
  }));
}
