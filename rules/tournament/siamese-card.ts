/**
 * The score card of one Royale Siamese table in one round of a tournament: two seats, East and
 * West (the two players of a Siamese table). Pure state machine like the 4-seat card
 * (scorecard.ts): `applySiameseCardEvent(card, event) → card`, a plain JSON-safe value never
 * changed in place.
 *
 * What the card holds and the rules it follows:
 * - Four games a round (000 "GAME PLAY": "Four games constitute one round"; the tournament
 *   keeps 000's round and clock for its Siamese tables).
 * - Each game's line is each player's OWN points for that game as the Siamese referee scored them
 *   (003 rule 17 A-F, with 12 and 19C/D: Mah Jongg values, doubles, the −20 penalties, the
 *   wall game's +10 each of 17F). They are not re-scored here: the referee scored them from the
 *   game's events. A zero is written "X" (as on the 000 card).
 * - 003 rule 17: "KEEP SCORE. At the end of the game(s), the player with the lesser score will pay
 *   the winner the difference between the two (2) scores": the card keeps both totals over the
 *   round and shows the settlement, e.g. "Bea pays Ann 95" ({@link siameseSettlement}).
 * - Games are entered in order, 1 to 4. At time up every game without a result scores 0 for both
 *   ("X X"; 000: "If a game is not completed within designated time, each player receives zero").
 * - Each player verifies the other's score (the 2-player form of 000's "East verifies West's score
 *   and West verifies East's") and each initials the card on their own view (000: cards not
 *   initialed by each player are incomplete). Both need all four games scored.
 * - Complete when the four games are scored, both have verified and both have initialed.
 * - Points are bounded: |points| ≤ MAX_GAME_POINTS (10 000) per seat and game (card-checks.ts).
 * - A director's correction (with a reason: 000 "DISPUTES") replaces a game's points (only a game
 *   that has a result: a game in play is ruled on at its table) and clears both
 *   verifications and both initials; corrections are kept with what they replaced.
 */
import { cardWhere, checkGameNumber, checkGamePoints, checkNewGameResult, checkSeatHolder, needAllGames, rewriteGame } from './card-checks.js';
import { GAMES_PER_ROUND, TournamentError } from './errors.js';

/** The two seats of a Siamese card, in order: position 0 is East, position 1 West. */
export const SIAMESE_SEAT_NAMES = ['East', 'West'] as const;

/** A position on a Siamese card: 0 East, 1 West. */
export type SiameseSeat = 0 | 1;

/** One game's result on a Siamese card. */
export interface SiameseScoredGame {
  /** each player's own points for the game, [East, West], as the Siamese referee scored them (003 rule 17) */
  points: [number, number];
  /** what is written: the points, or "X" for 0 */
  marks: [string, string];
  /** who entered it: the table, the clock at time up, or a director's correction */
  by: 'table' | 'clock' | 'director';
  /** where the points come from, e.g. "siamese table t1 game 3 (003 rule 17)", "time up", "director" */
  source: string;
}

/** A director's correction of one game of a Siamese card. */
export interface SiameseCorrection {
  /** 1-based game number */
  game: number;
  reason: string;
  director: string;
  /** the result it replaced, or null when the game had none */
  before: SiameseScoredGame | null;
}

/** The score card of one Siamese table in one round. */
export interface SiameseScoreCard {
  /** always 'siamese': tells this card from the 4-seat card (which has no `kind`) */
  kind: 'siamese';
  tournament: string;
  /** 1-based */
  round: number;
  /** 1-based tournament table number */
  table: number;
  /** player ids [East, West] */
  seats: [string, string];
  /** games 1-4; null until entered */
  games: (SiameseScoredGame | null)[];
  /** per seat: has this player verified the other's score? */
  verified: [boolean, boolean];
  /** per seat: the player's initials, or null */
  initials: [string | null, string | null];
  /** every director correction, oldest first */
  corrections: SiameseCorrection[];
}

/** An event that changes a Siamese card; `seat` is 0 (East) or 1 (West). */
export type SiameseCardEvent =
  /** the table's result of a game (1-4): each player's own points [East, West], entered in order */
  | { type: 'game'; game: number; points: readonly number[]; source: string }
  /** the round's clock reached 0: every game without a result scores 0 for both */
  | { type: 'time-up' }
  /** the player at `seat` has checked the other player's score */
  | { type: 'verify'; seat: SiameseSeat; player: string }
  /** the player at `seat` initials the card */
  | { type: 'initial'; seat: SiameseSeat; player: string; initials: string }
  /**
   * the director replaces a game's points (the game must have a result: a correction changes a
   * result); clears both verifications and initials. `inPlay`: how a game without a result stands,
   * for the refusal's words (default "not played yet")
   */
  | { type: 'correct'; game: number; points: readonly number[]; reason: string; director: string; inPlay?: string }
  /**
   * a director's ruling at the table reopened game `game` for play (it had ended and gone on the
   * card; nothing had moved since): its result is taken off the card until the game ends again,
   * kept as a correction with `reason`; clears every initial and verification
   */
  | { type: 'withdraw'; game: number; reason: string; director: string };

/** "X" for 0, else the number as written ("-20", "145"). */
export function siameseMark(points: number): string {
  return points === 0 ? 'X' : String(points);
}

/**
 * A new, empty Siamese score card.
 * @param init tournament name, 1-based round and table, the two player ids [East, West]
 * @throws TournamentError when a number is not a whole number ≥ 1, the seats are not two player
 *   ids, or one player is given both seats
 */
export function newSiameseCard(init: { tournament: string; round: number; table: number; seats: readonly string[] }): SiameseScoreCard {
  const { tournament, round, table, seats } = init;
  if (typeof tournament !== 'string') throw new TournamentError('the score card needs the tournament name');
  if (!Number.isInteger(round) || round < 1) throw new TournamentError(`round must be a whole number ≥ 1, not ${String(round)}`);
  if (!Number.isInteger(table) || table < 1) throw new TournamentError(`table must be a whole number ≥ 1, not ${String(table)}`);
  if (!Array.isArray(seats) || seats.length !== 2)
    throw new TournamentError(`round ${round} table ${table}: a Siamese table seats 2 players (East, West), not ${Array.isArray(seats) ? seats.length : 'none'}`);
  seats.forEach((p, s) => {
    if (typeof p !== 'string' || p.trim() === '') throw new TournamentError(`round ${round} table ${table}: ${SIAMESE_SEAT_NAMES[s]} has no player`);
  });
  if (seats[0] === seats[1]) throw new TournamentError(`round ${round} table ${table}: player "${seats[0]}" sits both East and West`);
  return {
    kind: 'siamese',
    tournament,
    round,
    table,
    seats: [seats[0]!, seats[1]!],
    games: new Array<SiameseScoredGame | null>(GAMES_PER_ROUND).fill(null),
    verified: [false, false],
    initials: [null, null],
    corrections: [],
  };
}

/** True for a Siamese card (`kind: 'siamese'`), false for a 4-seat card. */
export function isSiameseCard(card: unknown): card is SiameseScoreCard {
  return typeof card === 'object' && card !== null && (card as { kind?: unknown }).kind === 'siamese';
}

function checkPoints(card: SiameseScoreCard, game: number, points: unknown): [number, number] {
  const [east, west] = checkGamePoints(card, game, points, SIAMESE_SEAT_NAMES);
  return [east!, west!];
}

function scored(points: [number, number], by: SiameseScoredGame['by'], source: string): SiameseScoredGame {
  return { points, marks: [siameseMark(points[0]), siameseMark(points[1])], by, source };
}

function checkSeat(card: SiameseScoreCard, seat: unknown, player: unknown, what: string): SiameseSeat {
  if (seat !== 0 && seat !== 1) throw new TournamentError(`${cardWhere(card)}: ${what}: seat must be 0 (East) or 1 (West) on a Siamese card, not ${String(seat)}`);
  checkSeatHolder(card, seat, player, what, SIAMESE_SEAT_NAMES);
  return seat;
}

/**
 * Applies one event to a Siamese card (rules at the top of this file).
 * @returns the new card (the old one is unchanged)
 * @throws TournamentError naming the round, table, seat or game, when:
 *   - the event is not an object with a known `type`;
 *   - `game`: the number is not 1-4, it already has a result, an earlier game has none, the card is
 *     being verified or initialed, or the points are not 2 whole numbers each at most
 *     MAX_GAME_POINTS (card-checks.ts, 10 000) either way ("round 1 table 1 game 2: East's points 1000000000000 are
 *     more than a game can score (at most 10000 either way)");
 *   - `time-up`: every game already has a result;
 *   - `verify` / `initial`: the seat is not 0/1 or the player does not sit there, already done,
 *     empty initials, or a game is missing;
 *   - `correct`: the game has no result yet ("round 1 table 1 game 3 has no result yet (not played
 *     yet): a correction changes a result; …"), no reason or director, a bad game number, or bad
 *     points (as for `game`).
 */
export function applySiameseCardEvent(card: SiameseScoreCard, event: SiameseCardEvent): SiameseScoreCard {
  if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string')
    throw new TournamentError(`${cardWhere(card)}: a card event must be an object with a type, not ${JSON.stringify(event)}`);
  switch (event.type) {
    case 'game': {
      const g = checkGameNumber(card, event.game);
      checkNewGameResult(card, g);
      const games = [...card.games];
      games[g - 1] = scored(checkPoints(card, g, event.points), 'table', String(event.source ?? 'table'));
      return { ...card, games };
    }
    case 'time-up': {
      if (card.games.every((x) => x !== null)) throw new TournamentError(`${cardWhere(card)}: time up, but every game already has a result`);
      return { ...card, games: card.games.map((x) => x ?? scored([0, 0], 'clock', 'time up')) };
    }
    case 'verify': {
      const s = checkSeat(card, event.seat, event.player, 'verify');
      const other = SIAMESE_SEAT_NAMES[1 - s]!;
      needAllGames(card, `${SIAMESE_SEAT_NAMES[s]} cannot verify`);
      if (card.verified[s]) throw new TournamentError(`${cardWhere(card)}: ${SIAMESE_SEAT_NAMES[s]} has already verified ${other}'s score`);
      const verified: [boolean, boolean] = [...card.verified];
      verified[s] = true;
      return { ...card, verified };
    }
    case 'initial': {
      const s = checkSeat(card, event.seat, event.player, 'initial');
      if (typeof event.initials !== 'string' || event.initials.trim() === '') throw new TournamentError(`${cardWhere(card)}: ${SIAMESE_SEAT_NAMES[s]}'s initials are empty`);
      needAllGames(card, `${SIAMESE_SEAT_NAMES[s]} cannot initial`);
      if (card.initials[s] !== null) throw new TournamentError(`${cardWhere(card)}: ${SIAMESE_SEAT_NAMES[s]} ("${card.seats[s]}") has already initialed this card`);
      const initials: [string | null, string | null] = [...card.initials];
      initials[s] = event.initials.trim();
      return { ...card, initials };
    }
    case 'correct':
      return rewriteGame(card, event, 'a correction', (g) => scored(checkPoints(card, g, event.points), 'director', 'director'));
    case 'withdraw':
      return rewriteGame(card, event, 'a withdrawal', () => null);
    default:
      throw new TournamentError(`${cardWhere(card)}: unknown card event type "${String((event as { type: unknown }).type)}"`);
  }
}

/** Applies events in order ({@link applySiameseCardEvent}); throws on the first bad one. */
export function applySiameseCardEvents(card: SiameseScoreCard, events: readonly SiameseCardEvent[]): SiameseScoreCard {
  return events.reduce(applySiameseCardEvent, card);
}

/** A seat's total points over the round (games without a result count 0). 003 rule 17: "KEEP SCORE". */
export function siameseCardTotal(card: SiameseScoreCard, seat: SiameseSeat): number {
  return card.games.reduce((sum, g) => sum + (g ? g.points[seat] : 0), 0);
}

/**
 * What keeps the card from being complete, in words: missing games, then verifications, then
 * initials; e.g. ["game 4 has no result", "West has not verified East's score", "East has not
 * initialed"]. Empty when complete.
 */
export function siameseCardMissing(card: SiameseScoreCard): string[] {
  const out: string[] = [];
  card.games.forEach((g, i) => {
    if (!g) out.push(`game ${i + 1} has no result`);
  });
  card.verified.forEach((v, s) => {
    if (!v) out.push(`${SIAMESE_SEAT_NAMES[s]} has not verified ${SIAMESE_SEAT_NAMES[1 - s]}'s score`);
  });
  card.initials.forEach((v, s) => {
    if (v === null) out.push(`${SIAMESE_SEAT_NAMES[s]} has not initialed`);
  });
  return out;
}

/** True when all four games are scored, both have verified and both have initialed. */
export function isSiameseCardComplete(card: SiameseScoreCard): boolean {
  return siameseCardMissing(card).length === 0;
}

/** The round's settlement on a Siamese card (003 rule 17). */
export interface SiameseSettlement {
  /** the totals [East, West] */
  totals: [number, number];
  /** the seat with the lesser total, or null when the totals are equal */
  payer: SiameseSeat | null;
  /** the seat with the greater total, or null when equal */
  payee: SiameseSeat | null;
  /** the difference (points, ≥ 0) */
  amount: number;
  /** in words, with the names given (else the player ids): "Bea pays Ann 95", or "Even: nobody pays" */
  text: string;
}

/**
 * 003 rule 17: "the player with the lesser score will pay the winner the difference between the two
 * (2) scores". E.g. totals Ann 170, Bea 75 → { payer: 1, payee: 0, amount: 95, text: "Bea pays Ann 95" }.
 * @param names player id → the name to write (optional)
 */
export function siameseSettlement(card: SiameseScoreCard, names: Readonly<Record<string, string>> = {}): SiameseSettlement {
  const totals: [number, number] = [siameseCardTotal(card, 0), siameseCardTotal(card, 1)];
  const name = (s: SiameseSeat) => names[card.seats[s]] ?? card.seats[s];
  if (totals[0] === totals[1]) return { totals, payer: null, payee: null, amount: 0, text: 'Even: nobody pays' };
  const payee: SiameseSeat = totals[0] > totals[1] ? 0 : 1;
  const payer: SiameseSeat = payee === 0 ? 1 : 0;
  const amount = totals[payee] - totals[payer];
  return { totals, payer, payee, amount, text: `${name(payer)} pays ${name(payee)} ${amount}` };
}

/**
 * One player's own view of a Siamese card: seat, marks ("X" for 0, "" not yet), total, the
 * settlement, whether they have initialed, and whether they must still verify the other's score.
 * @throws TournamentError when the player does not sit at this table
 */
export function siamesePlayerCardView(
  card: SiameseScoreCard,
  player: string,
  names: Readonly<Record<string, string>> = {},
): { seat: SiameseSeat; seatName: string; marks: string[]; total: number; settlement: string; initialed: boolean; mustVerify: string | null; complete: boolean } {
  const s = card.seats.indexOf(player);
  if (s < 0) throw new TournamentError(`${cardWhere(card)}: player "${player}" does not sit at this table`);
  const seat = s as SiameseSeat;
  return {
    seat,
    seatName: SIAMESE_SEAT_NAMES[seat],
    marks: card.games.map((g) => (g ? g.marks[seat] : '')),
    total: siameseCardTotal(card, seat),
    settlement: siameseSettlement(card, names).text,
    initialed: card.initials[seat] !== null,
    mustVerify: card.verified[seat] ? null : SIAMESE_SEAT_NAMES[1 - seat]!,
    complete: isSiameseCardComplete(card),
  };
}
