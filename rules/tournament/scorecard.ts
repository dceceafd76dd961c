/**
 * The table score card of one round (000, "EAST IS RESPONSIBLE FOR THE TABLE SCORE CARD").
 * Pure state machine: `applyCardEvent(card, event) → card`; the card is a plain JSON-safe value and
 * is never changed in place.
 *
 * What the card holds and the rules it follows:
 * - Four games (000: "Four games constitute one round"), each scored by `scoreTournamentGame`
 *   (rules/scoring/tournament.ts); a zero is written "X" (000: "mark your score card with an X").
 * - Games are entered in order, 1 to 4. When the round's clock runs out (`time-up`), every game
 *   without a result scores 0 for all (000: "If a game is not completed within designated time, each
 *   player receives zero"; normally that is the 4th game).
 * - Verification: East verifies West's score and West verifies East's; North verifies South's and
 *   South verifies North's (000). Each is one `verify` event by the verifying player.
 * - Every player initials the card on their own view (000: "Score cards that are not initialed by
 *   each player are considered incomplete and will not be accepted"). Verifying and initialing need
 *   all four games scored.
 * - The card is complete when all four games are scored, both verification pairs are done (four
 *   verifications) and all four players have initialed. Only a complete card goes to the scorekeeper.
 * - The director's correction (with a reason; 000 "DISPUTES": the director's ruling is final)
 *   replaces a game's result (only a game that has one: a game in play is ruled on at its table) and clears every initial and verification of the card: the players
 *   check and initial again. Corrections are kept on the card, with what they replaced.
 */
import { profileOfSettings, settingsOfProfile, type TournamentScoringSettings } from '../scoring/settings.js';
import { TOURNAMENT_000, ScoringError, scoreTournamentGame, type TournamentOutcome, type TournamentProfile } from '../scoring/tournament.js';
import { cardWhere, checkGameNumber, checkNewGameResult, checkSeatHolder, needAllGames, rewriteGame } from './card-checks.js';
import { GAMES_PER_ROUND, SEAT_NAMES, TournamentError, seatName, type Seat } from './errors.js';

/** One game's result on the card. */
export interface ScoredGame {
  /** how the game ended, seats 0 … 3 = the card's East, South, West, North */
  outcome: TournamentOutcome;
  /** points per seat, from `scoreTournamentGame(outcome, card.profile)` */
  points: number[];
  /** what is written per seat: the points, or "X" for 0 (000) */
  marks: string[];
  /** who entered it: the table ('table'), the clock at time up ('clock') or a director ('director') */
  by: 'table' | 'clock' | 'director';
}

/** A director's correction of one game, as kept on the card. */
export interface Correction {
  /** 1-based game number */
  game: number;
  /** why (required: "Wrong discarder: North threw the winning tile, not South") */
  reason: string;
  /** who ruled (a director's name or id) */
  director: string;
  /** the result it replaced, or null when the game had none */
  before: ScoredGame | null;
}

/** The table score card of one round. */
export interface ScoreCard {
  /** the tournament's name, e.g. "Spring Open 2026" */
  tournament: string;
  /** 1-based round number */
  round: number;
  /** 1-based table number */
  table: number;
  /** player ids in seat order: East, South, West, North */
  seats: [string, string, string, string];
  /** the scoring numbers (default 000's) */
  profile: TournamentProfile;
  /** the scoring settings in force (rules/scoring/settings.ts), the profile's numbers with the table's choices; printed with the card */
  settings: TournamentScoringSettings;
  /** games 1-4; null until entered */
  games: (ScoredGame | null)[];
  /** per seat: has this player verified their partner's score (East↔West, South↔North)? */
  verified: [boolean, boolean, boolean, boolean];
  /** per seat: the player's initials, or null */
  initials: [string | null, string | null, string | null, string | null];
  /** every director correction, oldest first */
  corrections: Correction[];
}

/** An event that changes a score card. `player` is the id of the player acting on their own view. */
export type CardEvent =
  /** the table's result of a game (1-4), entered in order */
  | { type: 'game'; game: number; outcome: TournamentOutcome }
  /** the round's clock reached 0: every game without a result scores 0 for all */
  | { type: 'time-up' }
  /** the player at `seat` has checked the score of the player across (East↔West, South↔North) */
  | { type: 'verify'; seat: Seat; player: string; of: Seat }
  /** the player at `seat` initials the card on their own view */
  | { type: 'initial'; seat: Seat; player: string; initials: string }
  /**
   * the director replaces a game's result (the game must have one: a correction changes a result);
   * clears every initial and verification. `inPlay` says how a game without a result stands, for
   * the refusal's words (default "not played yet")
   */
  | { type: 'correct'; game: number; outcome: TournamentOutcome; reason: string; director: string; inPlay?: string }
  /**
   * a director's ruling at the table reopened game `game` for play (it had ended and gone on the
   * card; nothing had moved since): its result is taken off the card until the game ends again,
   * kept as a correction with `reason`; clears every initial and verification
   */
  | { type: 'withdraw'; game: number; reason: string; director: string };

/** The seat whose score `seat` verifies: East↔West, South↔North (000). */
export function verificationPartner(seat: Seat): Seat {
  return ((seat + 2) % 4) as Seat;
}

/**
 * A new, empty score card for one table in one round.
 * @param init tournament name, 1-based round and table, the four player ids (East, South, West,
 *   North) and optionally the scoring settings (their profile is {@link profileOfSettings}) or the
 *   scoring profile (default 000's)
 * @throws TournamentError when a number is not a whole number ≥ 1, a seat has no player, or one
 *   player is given two seats
 */
export function newScoreCard(init: { tournament: string; round: number; table: number; seats: readonly string[]; profile?: TournamentProfile; settings?: TournamentScoringSettings }): ScoreCard {
  const { tournament, round, table, seats } = init;
  if (typeof tournament !== 'string') throw new TournamentError('the score card needs the tournament name');
  if (!Number.isInteger(round) || round < 1) throw new TournamentError(`round must be a whole number ≥ 1, not ${String(round)}`);
  if (!Number.isInteger(table) || table < 1) throw new TournamentError(`table must be a whole number ≥ 1, not ${String(table)}`);
  if (!Array.isArray(seats) || seats.length !== 4)
    throw new TournamentError(`round ${round} table ${table}: a table seats 4 players (East, South, West, North), not ${Array.isArray(seats) ? seats.length : 'none'}`);
  seats.forEach((p, s) => {
    if (typeof p !== 'string' || p.trim() === '') throw new TournamentError(`round ${round} table ${table}: ${seatName(s)} has no player`);
    if (seats.indexOf(p) !== s) throw new TournamentError(`round ${round} table ${table}: player "${p}" sits both ${seatName(seats.indexOf(p))} and ${seatName(s)}`);
  });
  return {
    tournament,
    round,
    table,
    seats: [...seats] as ScoreCard['seats'],
    profile: init.settings ? profileOfSettings(init.settings) : { ...(init.profile ?? TOURNAMENT_000) },
    settings: structuredClone(init.settings ?? settingsOfProfile(init.profile ?? TOURNAMENT_000)),
    games: new Array<ScoredGame | null>(GAMES_PER_ROUND).fill(null),
    verified: [false, false, false, false],
    initials: [null, null, null, null],
    corrections: [],
  };
}

function score(card: ScoreCard, game: number, outcome: TournamentOutcome, by: ScoredGame['by']): ScoredGame {
  try {
    const s = scoreTournamentGame(outcome, card.profile);
    return { outcome, points: s.points, marks: s.marks, by };
  } catch (e) {
    if (e instanceof ScoringError) throw new TournamentError(`${cardWhere(card)} game ${game}: ${e.message}`);
    throw e;
  }
}

function checkSeat(card: ScoreCard, seat: unknown, player: unknown, what: string): Seat {
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat > 3)
    throw new TournamentError(`${cardWhere(card)}: ${what}: seat must be 0-3 (East, South, West, North), not ${String(seat)}`);
  const s = seat as Seat;
  checkSeatHolder(card, s, player, what, SEAT_NAMES);
  return s;
}

/**
 * Applies one event to a score card (the rules are listed at the top of this file).
 *
 * @returns the new card (the old one is unchanged)
 * @throws TournamentError naming the round, table, seat or game, when:
 *   - the event is not an object with a known `type`;
 *   - `game`: the game number is not 1-4, it already has a result (use a director correction), an
 *     earlier game has none, the card is being verified or initialed, or the outcome is impossible
 *     (the scoring error's text is kept);
 *   - `time-up`: every game already has a result;
 *   - `verify`: the seat is not 0-3 or the player does not sit there (wrong seat), `of` is not the
 *     seat across (East↔West, South↔North), this verification is already done, or a game is missing;
 *   - `initial`: wrong seat (as for verify), empty initials, the player has already initialed
 *     (double initial), or a game is missing;
 *   - `correct`: the game has no result yet (a correction changes a result: "round 1 table 1 game 1
 *     has no result yet (not played yet): …"), no reason or no director given, a bad game number,
 *     or an impossible outcome.
 */
export function applyCardEvent(card: ScoreCard, event: CardEvent): ScoreCard {
  if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string')
    throw new TournamentError(`${cardWhere(card)}: a card event must be an object with a type, not ${JSON.stringify(event)}`);
  switch (event.type) {
    case 'game': {
      const g = checkGameNumber(card, event.game);
      checkNewGameResult(card, g);
      const games = [...card.games];
      games[g - 1] = score(card, g, event.outcome, 'table');
      return { ...card, games };
    }
    case 'time-up': {
      if (card.games.every((x) => x !== null)) throw new TournamentError(`${cardWhere(card)}: time up, but every game already has a result`);
      const games = card.games.map((x, i) => x ?? score(card, i + 1, { winner: null, unfinished: true }, 'clock'));
      return { ...card, games };
    }
    case 'verify': {
      const s = checkSeat(card, event.seat, event.player, 'verify');
      const partner = verificationPartner(s);
      if (event.of !== partner) throw new TournamentError(`${cardWhere(card)}: ${SEAT_NAMES[s]} verifies ${SEAT_NAMES[partner]}'s score (000), not ${seatName(event.of)}'s`);
      needAllGames(card, `${SEAT_NAMES[s]} cannot verify`);
      if (card.verified[s]) throw new TournamentError(`${cardWhere(card)}: ${SEAT_NAMES[s]} has already verified ${SEAT_NAMES[partner]}'s score`);
      const verified = [...card.verified] as ScoreCard['verified'];
      verified[s] = true;
      return { ...card, verified };
    }
    case 'initial': {
      const s = checkSeat(card, event.seat, event.player, 'initial');
      if (typeof event.initials !== 'string' || event.initials.trim() === '') throw new TournamentError(`${cardWhere(card)}: ${SEAT_NAMES[s]}'s initials are empty`);
      needAllGames(card, `${SEAT_NAMES[s]} cannot initial`);
      if (card.initials[s] !== null) throw new TournamentError(`${cardWhere(card)}: ${SEAT_NAMES[s]} ("${card.seats[s]}") has already initialed this card`);
      const initials = [...card.initials] as ScoreCard['initials'];
      initials[s] = event.initials.trim();
      return { ...card, initials };
    }
    case 'correct':
      return rewriteGame(card, event, 'a correction', (g) => score(card, g, event.outcome, 'director'));
    case 'withdraw':
      return rewriteGame(card, event, 'a withdrawal', () => null);
    default:
      throw new TournamentError(`${cardWhere(card)}: unknown card event type "${String((event as { type: unknown }).type)}"`);
  }
}

/** Applies events in order ({@link applyCardEvent}); throws on the first bad one. */
export function applyCardEvents(card: ScoreCard, events: readonly CardEvent[]): ScoreCard {
  return events.reduce(applyCardEvent, card);
}

/**
 * What keeps the card from being complete, in words, in this order: missing games, missing
 * verifications, missing initials; e.g. ["game 4 has no result", "West has not verified East's
 * score", "North has not initialed"]. Empty when complete.
 */
export function cardMissing(card: ScoreCard): string[] {
  const out: string[] = [];
  card.games.forEach((g, i) => {
    if (!g) out.push(`game ${i + 1} has no result`);
  });
  card.verified.forEach((v, s) => {
    if (!v) out.push(`${SEAT_NAMES[s]} has not verified ${SEAT_NAMES[verificationPartner(s as Seat)]}'s score`);
  });
  card.initials.forEach((v, s) => {
    if (v === null) out.push(`${SEAT_NAMES[s]} has not initialed`);
  });
  return out;
}

/** True when every game is scored, both verification pairs are done and all four have initialed (000). */
export function isCardComplete(card: ScoreCard): boolean {
  return cardMissing(card).length === 0;
}

/** A seat's total points on this card (games without a result count 0). */
export function cardTotal(card: ScoreCard, seat: Seat): number {
  return card.games.reduce((sum, g) => sum + (g ? g.points[seat]! : 0), 0);
}

/**
 * One player's own view of the card: their seat, marks per game ("X" for 0, "" for not yet
 * entered), total, whether they have initialed, and what they must still do.
 * @throws TournamentError when the player does not sit at this table
 */
export function playerCardView(
  card: ScoreCard,
  player: string,
): {
  seat: Seat;
  seatName: string;
  marks: string[];
  total: number;
  initialed: boolean;
  mustVerify: string | null;
  complete: boolean;
} {
  const s = card.seats.indexOf(player);
  if (s < 0) throw new TournamentError(`${cardWhere(card)}: player "${player}" does not sit at this table`);
  const seat = s as Seat;
  return {
    seat,
    seatName: SEAT_NAMES[seat],
    marks: card.games.map((g) => (g ? g.marks[seat]! : '')),
    total: cardTotal(card, seat),
    initialed: card.initials[seat] !== null,
    mustVerify: card.verified[seat] ? null : SEAT_NAMES[verificationPartner(seat)],
    complete: isCardComplete(card),
  };
}
