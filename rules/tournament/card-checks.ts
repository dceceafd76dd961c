/**
 * The checks both kinds of table score card share (the 4-seat card of 000, scorecard.ts, and
 * the 2-seat Royale Siamese card, siamese-card.ts): where a card is, a game's number, who sits at
 * a seat, a new game's result in order, every game scored before verifying or initialing. Each
 * throws a {@link TournamentError} naming the round and table.
 */
import { GAMES_PER_ROUND, TournamentError } from './errors.js';

/** What the shared checks read of a card, of either kind. */
export interface CardShape {
  round: number;
  table: number;
  /** player ids in seat order */
  seats: readonly string[];
  /** games 1-4; null until entered */
  games: readonly (object | null)[];
  initials: readonly (string | null)[];
  verified: readonly boolean[];
}

/** "round 2 table 3": how errors name a card. */
export const cardWhere = (card: CardShape): string => `round ${card.round} table ${card.table}`;

/**
 * @returns the game number (1-4)
 * @throws TournamentError when `game` is not a whole number 1-4
 */
export function checkGameNumber(card: CardShape, game: unknown): number {
  if (typeof game !== 'number' || !Number.isInteger(game) || game < 1 || game > GAMES_PER_ROUND)
    throw new TournamentError(`${cardWhere(card)}: game must be 1-${GAMES_PER_ROUND}, not ${String(game)}`);
  return game;
}

/**
 * A table's result for game `game` may go on the card: it has none yet, every earlier game has
 * one, and nobody has started verifying or initialing (000: the card is checked once it is full).
 * @throws TournamentError otherwise (a director's correction is the way to change a result)
 */
export function checkNewGameResult(card: CardShape, game: number): void {
  if (card.games[game - 1]) throw new TournamentError(`${cardWhere(card)}: game ${game} already has a result; only a director's correction can change it`);
  const gap = card.games.slice(0, game - 1).findIndex((x) => x === null);
  if (gap >= 0) throw new TournamentError(`${cardWhere(card)}: game ${game} entered before game ${gap + 1}`);
  if (card.initials.some((x) => x !== null) || card.verified.some(Boolean))
    throw new TournamentError(`${cardWhere(card)}: the card is being verified and initialed; only a director's correction can change it`);
}

/**
 * A director's correction changes a RESULT: game `game` must have one already (000 "DISPUTES": the
 * director rules on what was scored; a game still in play is ruled on at its table, by its flags).
 * @param inPlay how the game stands, for the message (default "not played yet"), e.g.
 *   "it is in play at t1"
 * @throws TournamentError, e.g. "round 1 table 1 game 1 has no result yet (it is in play at t1): a
 *   correction changes a result; rule on the table's flags or wait for the game to end"
 */
export function checkCorrectable(card: CardShape, game: number, inPlay = 'not played yet'): void {
  if (!card.games[game - 1])
    throw new TournamentError(`${cardWhere(card)} game ${game} has no result yet (${inPlay}): a correction changes a result; rule on the table's flags or wait for the game to end`);
}

/**
 * The most points one seat can score or lose in one game, either card (points): far above any
 * hand of 000 or 003 (the dearest card lines are worth well under 100, doubled at most a few
 * times, 003 rule 17), so a number past it is a typing slip, e.g. 1e12 for 12.
 */
export const MAX_GAME_POINTS = 10_000;

/**
 * Points written on a card for one game: one whole number per seat, each |points| ≤
 * {@link MAX_GAME_POINTS} (a multiple of 5 is not required: 003's −20 and +10 are written as they are).
 * @param seatNames the card's seat names in order (East, South, West, North; or East, West)
 * @returns the points, copied
 * @throws TournamentError naming the round, table, game and seat, e.g. "round 1 table 1 game 2:
 *   East's points 1000000000000 are more than a game can score (at most 10000 either way)"
 */
export function checkGamePoints(card: CardShape, game: number, points: unknown, seatNames: readonly string[]): number[] {
  const n = seatNames.length;
  if (!Array.isArray(points) || points.length !== n || !points.every((p) => typeof p === 'number' && Number.isInteger(p)))
    throw new TournamentError(`${cardWhere(card)} game ${game}: points must be ${n} whole numbers (${seatNames.join(', ')}), not ${JSON.stringify(points)}`);
  (points as number[]).forEach((p, s) => {
    if (Math.abs(p) > MAX_GAME_POINTS)
      throw new TournamentError(`${cardWhere(card)} game ${game}: ${seatNames[s]}'s points ${p} are more than a game can score (at most ${MAX_GAME_POINTS} either way)`);
  });
  return [...(points as number[])];
}

/**
 * The player acting on their own view sits at `seat` (an index already checked).
 * @param seatNames the card's seat names, e.g. East, South, West, North
 * @throws TournamentError naming where the player does sit, or that they are not at this table
 */
export function checkSeatHolder(card: CardShape, seat: number, player: unknown, what: string, seatNames: readonly string[]): void {
  if (card.seats[seat] === player) return;
  const at = card.seats.indexOf(player as string);
  throw new TournamentError(
    at >= 0
      ? `${cardWhere(card)}: ${what}: player "${String(player)}" sits ${seatNames[at]}, not ${seatNames[seat]}`
      : `${cardWhere(card)}: ${what}: player "${String(player)}" does not sit at this table (${seatNames[seat]} is "${card.seats[seat]}")`,
  );
}

/** @throws TournamentError when a game has no result yet (`what`: "verify", "initial") */
export function needAllGames(card: CardShape, what: string): void {
  const missing = card.games.flatMap((g, i) => (g ? [] : [i + 1]));
  if (missing.length > 0) throw new TournamentError(`${cardWhere(card)}: ${what} before every game is scored (game${missing.length > 1 ? 's' : ''} ${missing.join(', ')} missing)`);
}

/** What a director's rewrite of one game reads and writes on a card of either kind. */
interface RewritableCard<G extends object> extends CardShape {
  games: readonly (G | null)[];
  corrections: readonly { game: number; reason: string; director: string; before: G | null }[];
}

/**
 * A card with game `game` rewritten by the director (000: the players check and initial a card
 * again after any change): the game's result becomes `next` (null: withdrawn until it is played
 * out again), every check and every initial is cleared, and the correction is kept with the result
 * it replaced. `what` names the change in errors ("a correction", "withdrawing").
 * @throws TournamentError naming the card when the game number is not 1-4, the game cannot be
 *   changed (no result yet: `inPlay` says why), or the reason or the director's name is empty
 */
export function rewriteGame<G extends object, C extends RewritableCard<G>>(
  card: C,
  event: { game: unknown; reason: unknown; director: unknown; inPlay?: string },
  what: string,
  next: (game: number) => G | null,
): C {
  const g = checkGameNumber(card, event.game);
  checkCorrectable(card, g, event.inPlay);
  if (typeof event.reason !== 'string' || event.reason.trim() === '') throw new TournamentError(`${cardWhere(card)}: ${what} of game ${g} needs a reason`);
  if (typeof event.director !== 'string' || event.director.trim() === '') throw new TournamentError(`${cardWhere(card)}: ${what} of game ${g} needs the director's name`);
  const games = [...card.games];
  const before = games[g - 1] ?? null;
  games[g - 1] = next(g);
  return {
    ...card,
    games,
    verified: card.verified.map(() => false),
    initials: card.initials.map(() => null),
    corrections: [...card.corrections, { game: g, reason: event.reason.trim(), director: event.director.trim(), before }],
  };
}
