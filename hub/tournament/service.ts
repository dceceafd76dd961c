/**
 * The tournament in the hub (000): the players, the seating of each round, one round clock per
 * round, one table score card per table per round, the standings and the exports. It wires the pure
 * model of rules/tournament/ to the live tables and to the event store.
 *
 * The event log is the truth: every change (the director's clock, a game's result, a time up, a
 * verification, an initial, a correction) is appended to the hub's store with tableId
 * {@link TOURNAMENT_LOG} ("tournament") and folded; a new service folds the whole log again, so a
 * restart keeps everything (event types: {@link TournamentEventType}).
 *
 * How a game's result reaches the score card, with no one typing a number:
 * - Standard (4-player NMJL) tables: the standard table engine calls
 *   {@link TournamentService.recordGame}(hubTableId, outcome, { hubGameNo }) when its game ends, with
 *   how it ended (`TournamentOutcome`); the card scores it by 000 ("SCORING"), so its line in
 *   games.jsonl replays exactly.
 * - A Siamese tournament (config `kind: 'siamese'`, e.g. hub/config/tournament-siamese-room.json):
 *   every table is a Royale Siamese table of 2 with a 2-seat card (rules/tournament/siamese-card.ts:
 *   East and West, the seats the table config names). The service watches each bound table's view;
 *   when it goes to phase 'ended' with a final score, each player's own points for that game (003
 *   rule 17, as the Siamese referee scored them) go on the card as they are: `tournament-points
 *   { points: [East, West] }`. The card keeps the totals and the settlement ("Bea pays Ann 95").
 * - A Siamese hub table bound to a standard (4-seat) tournament: its points are written on East and
 *   West of the 4-seat card (South and North score 0, "X"); the record has `outcome: { winner:
 *   null, fixedPoints: [...], source }` instead of a 000 outcome.
 * - A director's correction by points (`correct(…, { points })`) is written the same way
 *   (`source: "director"`); a correction by outcome is scored by 000 like a table's result.
 *
 * A director's ruling that changes how a recorded game ended (a flag dismissed or confirmed after
 * the game went on the card; the table re-scores that game as it stood when play stopped,
 * hub/table/machine.ts) re-scores it on the card: the table's views list every ended game's
 * result (`results`); when one differs from what the card took from the table and a ruling on a
 * flag of that game came after, a `tournament-rescore` replaces the game's line (as a correction:
 * both initials and verifications cleared) and the card says "Game 3 changed by the director's
 * ruling at 14:05 (Dora)" (the hub's local time). A ruling that reopens a recorded game for play
(made before any tile moved after its end) takes its line off the card (`tournament-withdraw`,
initials and verifications cleared, "Game 3 withdrawn by the director's ruling at 14:05 (Dora):
the game is in play again") until the game ends again; then a `tournament-rescore` writes it.
 *
 * When a game counts: only while the current round's clock has been started and its time is not up,
 * in order game 1 … 4 on the card of that table's round. A game already over when the clock starts,
 * or still in play when the time is up, does not count (the clock-start and time-up events remember
 * each table's game number). When the clock runs out, every game of the round without a result
 * (normally the 4th) scores 0 for all (000: "each player receives a zero for the fourth game").
 *
 * Between rounds (hub/tournament/between-rounds.ts): a game a table begins after the round's time
 * is up (or, in a later round, before its clock starts) is listed for the director — when it ends
 * between rounds, or when the next round's clock starts while it is under way — and goes on no
 * card until the director assigns it to the next round (the table's next game there) or drops it.
 *
 * The players' check-in, personal codes and bound phones are {@link TournamentService.players}
 * (hub/tournament/players.ts, their own log); {@link TournamentService.seatOf} says where a player
 * sits this round, for the player link that follows them from table to table.
 */
import type { z } from 'zod';
import type { PublicCardSchema } from '../contract/score.js';
import type { TableRuntime } from '../api/runtime.js';
import type { DirectorTableView, PublicTableView, TournamentClockView, TournamentRoundView } from '../api/views.js';
import type { EventStore } from '../store/types.js';
import type { TournamentOutcome } from '../../rules/scoring/tournament.js';
import { MAX_EXTRA_MINUTES, newRoundClock, pauseClock, readClock, resumeClock, startClock, tableRemainingMs, type ClockReading, type RoundClock } from '../../rules/tournament/clock.js';
import { GAMES_PER_ROUND, SEAT_NAMES, TournamentError, type Seat } from '../../rules/tournament/errors.js';
import { MAX_GAME_POINTS, checkCorrectable, checkGameNumber } from '../../rules/tournament/card-checks.js';
import { scoreCardsForRound, siameseCardsForRound } from '../../rules/tournament/round.js';
import { applyCardEvent, cardMissing, cardTotal, isCardComplete, verificationPartner, type ScoreCard } from '../../rules/tournament/scorecard.js';
import { SIAMESE_SEAT_NAMES, applySiameseCardEvent, isSiameseCard, siameseCardTotal, siameseSettlement, type SiameseSeat } from '../../rules/tournament/siamese-card.js';
import { anyCardMissing, isAnyCardComplete, type AnyScoreCard } from '../../rules/tournament/cards.js';
import { giveSeat } from '../../rules/tournament/roster.js';
import { checkPenalty, eventStandings, stolenTileEntries, type EventStanding, type GamePenaltyEntry, type Penalty } from '../../rules/tournament/penalties.js';
import { checkTournamentConfig, type TournamentConfig } from './config.js';
import { describeScoringSettings } from '../../rules/scoring/settings.js';

/** How a Siamese tournament scores, as its pages and exports print it (003 rule 17). */
export const SIAMESE_SCORING_TEXT = "Royale Siamese scoring (003 rule 17): each player's own points per game; the lesser total pays the difference";
import { gameRecordJsonLines, standingsCsv, standingsJson } from './export.js';
import { gameRecordPath } from '../record/path.js';
import { betweenKey, foldBetween, type BetweenRoundsGame, type TableResult } from './between-rounds.js';
import { TournamentPlayers } from './players.js';
import { extraTimeGrantText, extraTimeText } from '../../rules/wording/extra-time.js';
import { MAX_TABLE_LABEL, TABLE_LABEL_PATTERN, labelTakenText, relabelText } from '../../rules/wording/table-label.js';

/** The tableId of the tournament's events in the hub's store. */
export const TOURNAMENT_LOG = 'tournament';

/** The types of the tournament's events in the store (tableId "tournament"). */
export type TournamentEventType =
  /** `{ round, action: 'start'|'pause'|'resume', seen }` the director's clock; `seen` hub table → its game number then */
  | 'tournament-clock'
  /** `{ round }` the director moves the tournament on to this round */
  | 'tournament-next-round'
  /** `{ round, table, game, outcome, hubTable?, hubGameNo? }` a standard table's result (scored by 000) */
  | 'tournament-game'
  /** `{ round, table, game, points, source, hubTable?, hubGameNo? }` a result written as points: a Siamese card's [East, West] (003 rule 17), or [E, S, W, N] on a 4-seat card */
  | 'tournament-points'
  /** `{ round, seen }` the round's clock ran out (at = the moment it reached 0) */
  | 'tournament-time-up'
  /** `{ round, table, seat }` the player at seat (0-3 East … North; a Siamese card: 0 East, 2 West) verified the score across (East↔West, South↔North) */
  | 'tournament-verify'
  /** `{ round, table, seat, initials }` the player at seat initialed the card */
  | 'tournament-initial'
  /** `{ round, table, game, reason, director, outcome? , points? }` a director's correction */
  | 'tournament-correct'
  /** `{ round, table, game, points, hubTable, hubGameNo, by, rulingAt, note }` a ruling changed a recorded game's result: re-scored, initials cleared */
  | 'tournament-rescore'
  /** `{ round, table, game, hubTable, hubGameNo, by, rulingAt, note }` a ruling reopened a recorded game for play: its line is off the card until it ends again (then a `tournament-rescore` writes it) */
  | 'tournament-withdraw'
  /** `{ afterRound, hubTable, hubGameNo, began, result? }` a game begun between rounds (hub/tournament/between-rounds.ts), or its result */
  | 'tournament-between'
  /** `{ hubTable, hubGameNo, action: 'assign'|'drop', round?, director }` the director's ruling on a game begun between rounds */
  | 'tournament-between-ruling'
  /** `{ player, round, kind, points, reason, director }` an event penalty (rules/tournament/penalties.ts): apart from game points */
  | 'tournament-penalty'
  /** `{ id, reason, director }` the director cancels event penalty `id` (entered by mistake): it stays in the log, marked, and no longer counts */
  | 'tournament-penalty-cancel'
  /** `{ round, table, minutes, director }` the director gives one table extra minutes in the current round (they add up) */
  | 'tournament-extra-time'
  /** `{ table, label, swapWith?, director }` the director gives a tournament table a new label (display only); with `swapWith` that table takes this one's old label */
  | 'tournament-table-label'
  /** `{ round, table, seen }` a table's extra time ran out (at = the moment it reached 0): its games without a result score 0 */
  | 'tournament-table-time-up'
  /** `{ player, fromRound, replacement: { id, name }, director }` a player withdraws; a late arrival takes their seat from that round (byes before it) */
  | 'tournament-withdraw-player'
  /** `{ round, player, substitute: { id, name }, director }` a substitute takes a player's seat for one round */
  | 'tournament-substitute';

/** A refused request, with the HTTP status the routes answer with (404 unknown table/round/player, 409 refused, 400 bad input). */
export class TournamentServiceError extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'TournamentServiceError';
  }
}

/** What {@link TournamentService.recordGame} did: the card and game it wrote, or why it wrote nothing. */
export type RecordResult = { recorded: true; round: number; table: number; game: number } | { recorded: false; reason: string };

/** The clock as GET /api/tournament shows it. */
export interface TournamentClockPublic extends TournamentClockView {
  /** 1-based round the clock is for */
  round: number;
  /** 'ready' (not started), 'running', 'paused' */
  state: ClockReading['state'];
  /** the remaining time as "m:ss" */
  display: string;
}

/** One score card as the public sees it: marks and totals, who has initialed and verified (not the initials); its schema is the contract's (hub/contract/score.ts). */
export type PublicCard = z.output<typeof PublicCardSchema>;

/** GET /api/tournament. */
/** The answer to one grant of extra time (`POST /api/director/tournament/extra-time`): grants add up. */
export interface ExtraTimeGrant {
  /** the tournament table */
  table: number;
  /** the minutes this grant added */
  added: number;
  /** the table's extra minutes in all, this grant included */
  minutes: number;
  /** the minutes of each grant to the table this round, in the order given */
  grants: number[];
  /** "table 2: 5 more minutes, 15 minutes of extra time in all (10 + 5)" (rules/wording/extra-time.ts) */
  text: string;
  /** the current round's extra time, table by table */
  extraTime: TournamentPublic['extraTime'];
}

export interface TournamentPublic {
  name: string;
  /** the current round (1-based) and the number of rounds */
  round: number;
  rounds: number;
  gamesPerRound: number;
  clock: TournamentClockPublic;
  /** the scoring settings in force, one line each (rules/scoring/settings.ts `describeScoringSettings`; Siamese: 003 rule 17) */
  scoring: string[];
  /** the cards of rounds 1 … current */
  cards: PublicCard[];
  /**
   * from the complete cards only (000: incomplete cards are not accepted): game points, event
   * penalties and the total, which ranks; ties share the prize
   */
  standings: (EventStanding & { name: string })[];
  /** the extra time the director gave tables in the current round: table → whole minutes */
  extraTime: { table: number; minutes: number; grants: number[]; text: string; remainingMs: number; timeUp: boolean }[];
  prizes: number[];
  /** every tournament table with the label it shows ({@link TournamentService.tableLabels}) */
  tables: { table: number; hubTable: string | null; label: string }[];
}

/** Options of {@link TournamentService}. */
export interface TournamentServiceOptions {
  config: TournamentConfig;
  store: EventStore;
  /** the wall time in ms (default Date.now) */
  now?: () => number;
  /** how often (ms) to check the clock and refresh the tables' views while it runs (default 1000; 0 = never: call {@link TournamentService.tick}) */
  tickMs?: number;
}

interface State {
  round: number;
  clocks: RoundClock[];
  timeUp: boolean[];
  /** [round − 1][table − 1]: 4-seat cards, or 2-seat cards in a Siamese tournament */
  cards: AnyScoreCard[][];
  /** hub table → the highest hub game number recorded, or already over / in play at a clock start or time up */
  seen: Map<string, number>;
  /** "round/hubTable" → how many of that hub table's own games went on its card in that round (the table's game count) */
  played: Map<string, number>;
  /** "hubTable/hubGameNo" → where that table game is on a card, the points taken from the table (card order) and when (ms) */
  taken: Map<string, { round: number; table: number; game: number; points: number[]; at: number; withdrawn?: boolean }>;
  /** "round/table" → the lines rulings changed ({@link PublicCard.changes}) */
  changes: Map<string, string[]>;
  /** games begun between rounds, by betweenKey(hubTable, hubGameNo), in the order they were listed */
  between: Map<string, BetweenRoundsGame>;
  /** the event penalties, in the order given */
  penalties: LoggedPenalty[];
  /** "round/table" → the extra ms the director gave that table in that round */
  extraMs: Map<string, number>;
  /** "round/table" → the minutes of each grant, in the order given (they add up to `extraMs`) */
  extraGrants: Map<string, number[]>;
  /** "round/table" of each table whose extra time has run out */
  tableTimeUp: Set<string>;
  /** players added after the start (late arrivals, substitutes): id → the first round they are seated in */
  added: Map<string, number>;
  /** withdrawn player → the first round they are not seated in */
  withdrawn: Map<string, number>;
  /** the late arrivals who took a withdrawn player's seat (their earlier rounds are byes) */
  lateArrivals: Set<string>;
  /** tournament table → the label the director gave it (absent: its number) */
  labels: Map<number, string>;
}

/** The director's cancellation of an event penalty: when (ms since epoch), by whom, why. */
export interface PenaltyCancellation {
  at: number;
  director: string;
  reason: string;
}

/**
 * An event penalty as the log keeps it: `id` its place in the log (1-based), `at` when given (ms
 * since epoch); `cancelled` once the director cancelled it (it stays listed and counts no more).
 */
export type LoggedPenalty = Penalty & { id: number; at: number; cancelled?: PenaltyCancellation };

/** "14:05": a time of day on the hub's clock (ms since epoch). */
export function hhmm(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Why a game begun between rounds was not written on a card. */
const betweenReason = (hubTable: string, hubGameNo: number, afterRound: number): string =>
  `game ${hubGameNo} of hub table '${hubTable}' began between rounds (after round ${afterRound}'s time): listed for the director to assign or drop`;

/** Initials from a name: "Ann Lee" → "AL", "bea" → "B". */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts.map((p) => p[0]!.toUpperCase()).join('') || '?';
}

/** A result written as points (Siamese, or a director's correction by points): the record's `outcome`. */
function fixedOutcome(points: number[], source: string): TournamentOutcome {
  return { winner: null, fixedPoints: [...points], source } as unknown as TournamentOutcome;
}

/**
 * @throws TournamentServiceError 400 when a seat's points are past what a game can score
 *   (|points| > MAX_GAME_POINTS, rules/tournament/card-checks.ts), naming the game and the seat
 */
function checkBound(points: readonly number[], seats: readonly string[], what: string): void {
  points.forEach((p, i) => {
    if (Math.abs(p) > MAX_GAME_POINTS) throw new TournamentServiceError(400, `${what}: ${seats[i]}'s points ${p} are more than a game can score (at most ${MAX_GAME_POINTS} either way)`);
  });
}

function checkPoints(points: unknown, what: string): number[] {
  if (!Array.isArray(points) || points.length !== 4 || !points.every((p) => typeof p === 'number' && Number.isInteger(p)))
    throw new TournamentServiceError(400, `${what}: points must be 4 whole numbers (East, South, West, North), not ${JSON.stringify(points)}`);
  checkBound(points as number[], SEAT_NAMES, what);
  return [...(points as number[])];
}

/**
 * A Siamese card's points [East, West] from 2 numbers, or from 4 [East, South, West, North] with
 * South and North 0 (the director's 4-box correction form).
 * @throws TournamentServiceError 400 otherwise, or when a seat's points are past MAX_GAME_POINTS
 */
function checkSiamesePoints(points: unknown, what: string): [number, number] {
  const whole = (p: unknown) => typeof p === 'number' && Number.isInteger(p);
  let out: [number, number] | null = null;
  if (Array.isArray(points) && points.length === 2 && points.every(whole)) out = [points[0] as number, points[1] as number];
  if (Array.isArray(points) && points.length === 4 && points.every(whole) && points[1] === 0 && points[3] === 0) out = [points[0] as number, points[2] as number];
  if (out) {
    checkBound(out, SIAMESE_SEAT_NAMES, what);
    return out;
  }
  throw new TournamentServiceError(400, `${what}: a Siamese card's points are 2 whole numbers (East, West), not ${JSON.stringify(points)}`);
}

/** A card seat given as a wind (0 East … 3 North) → the position on a Siamese card (East 0, West 1). */
function siamesePosition(seat: number, what: string): SiameseSeat {
  if (seat === 0) return 0;
  if (seat === 2) return 1;
  throw new TournamentServiceError(400, `${what}: a Siamese card seats East (0) and West (2), not ${SEAT_NAMES[seat] ?? `seat ${seat}`} (${seat})`);
}

/**
 * Writes points on a card as the game's result (mode 'table') or as a director's correction
 * (mode 'director'), with every check of the card model: the model's own event is applied with a
 * placeholder outcome (same checks, same clearing of initials), then the placeholder is replaced.
 */
function withFixedPoints(card: ScoreCard, game: number, points: number[], source: string, mode: 'table' | 'director', reason = '', director = ''): ScoreCard {
  const placeholder: TournamentOutcome = { winner: null, wallGame: true };
  const next = mode === 'table' ? applyCardEvent(card, { type: 'game', game, outcome: placeholder }) : applyCardEvent(card, { type: 'correct', game, outcome: placeholder, reason, director });
  const games = [...next.games];
  games[game - 1] = { outcome: fixedOutcome(points, source), points: [...points], marks: points.map((p) => (p === 0 ? 'X' : String(p))), by: mode };
  return { ...next, games };
}

/** A card at its time up: every game without a result scores 0 for all (000); a full card as it is. */
function timeUpCard(c: AnyScoreCard): AnyScoreCard {
  if (!c.games.some((g) => g === null)) return c;
  return isSiameseCard(c) ? applySiameseCardEvent(c, { type: 'time-up' }) : applyCardEvent(c, { type: 'time-up' });
}

/**
 * The tournament service. Create it with the store (it folds the log at once), then
 * {@link TournamentService.wrap} the hub's table runtimes: that binds the configured hub tables
 * (watching Siamese ends) and adds `clock` and `round` to their views.
 */
export class TournamentService {
  readonly config: Required<TournamentConfig>;
  /** events of the log that could not be folded (should stay empty), e.g. "event seq 12 (tournament-verify): …" */
  readonly problems: string[] = [];
  private readonly store: EventStore;
  private readonly now: () => number;
  private state: State;
  private readonly names: Record<string, string>;
  private readonly tableOfHub = new Map<string, number>();
  private readonly runtimes = new Map<string, TableRuntime>();
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  /** the players' check-in, personal codes and bound devices (hub/tournament/players.ts) */
  readonly players: TournamentPlayers;
  /** hub table → the game under way and when this service first saw it (ms since epoch); not logged */
  private readonly liveSince = new Map<string, { gameNo: number; at: number }>();

  /**
   * Folds the tournament's events of the store (a restart keeps everything).
   * @throws TournamentConfigError for a bad config; TournamentError when the players do not seat
   */
  constructor(opts: TournamentServiceOptions) {
    this.config = checkTournamentConfig(opts.config);
    this.store = opts.store;
    this.now = opts.now ?? Date.now;
    this.names = Object.fromEntries(this.config.players.map((p) => [p.id, p.name]));
    for (const t of this.config.tables) this.tableOfHub.set(t.hubTable, t.table);
    this.players = new TournamentPlayers(this.config.players, this.store, this.now);
    this.state = {
      round: 1,
      clocks: Array.from({ length: this.config.rounds }, () => newRoundClock(this.config.roundMs, this.config.warnBelowMs)),
      timeUp: new Array<boolean>(this.config.rounds).fill(false),
      cards: Array.from({ length: this.config.rounds }, (_, r): AnyScoreCard[] =>
        this.config.kind === 'siamese' ? siameseCardsForRound(this.config.name, this.config.players, r + 1) : scoreCardsForRound(this.config.name, this.config.players, r + 1, this.config.scoring),
      ),
      seen: new Map(),
      played: new Map(),
      taken: new Map(),
      changes: new Map(),
      between: new Map(),
      penalties: [],
      extraMs: new Map(),
      extraGrants: new Map(),
      tableTimeUp: new Set(),
      added: new Map(),
      withdrawn: new Map(),
      lateArrivals: new Set(),
      labels: new Map(),
    };
    for (const ev of this.store.events(TOURNAMENT_LOG)) {
      try {
        this.step(ev.type, ev.data, ev.at)();
      } catch (e) {
        this.problems.push(`event seq ${ev.seq} (${ev.type}): ${(e as Error).message}`);
      }
    }
    const tickMs = opts.tickMs ?? 1000;
    if (tickMs > 0) {
      this.timer = setInterval(() => this.tick(), tickMs);
      this.timer.unref?.();
    }
  }

  // ---------- the fold ----------

  private card(round: number, table: number): AnyScoreCard {
    const r = this.state.cards[round - 1];
    if (!r) throw new TournamentServiceError(404, `no round ${round}: the tournament has rounds 1-${this.config.rounds}`);
    const c = r[table - 1];
    if (!c) throw new TournamentServiceError(404, `no table ${table} in round ${round}: the tournament has tables 1-${r.length}`);
    return c;
  }

  private seenFrom(data: Record<string, unknown>): [string, number][] {
    return isObj(data.seen) ? Object.entries(data.seen).filter((e): e is [string, number] => typeof e[1] === 'number') : [];
  }

  /**
   * Computes the change one event makes (throwing, with nothing changed, when the event is refused)
   * and returns the function that commits it.
   */
  private step(type: string, raw: unknown, at: number): () => void {
    if (!isObj(raw)) throw new TournamentServiceError(400, `${type}: data must be an object`);
    const d = raw;
    const s = this.state;
    const round = d.round as number;
    const eventAt = at;
    const setCard = (table: number, card: AnyScoreCard) => () => {
      s.cards[round - 1]![table - 1] = card;
    };
    const markSeen = (hubTable: unknown, gameNo: unknown) => {
      if (typeof hubTable === 'string' && typeof gameNo === 'number') s.seen.set(hubTable, Math.max(s.seen.get(hubTable) ?? -Infinity, gameNo));
    };
    switch (type as TournamentEventType) {
      case 'tournament-clock': {
        if (round !== s.round) throw new TournamentServiceError(409, `the clock of round ${String(round)} cannot change: the tournament is in round ${s.round}`);
        const clock = s.clocks[round - 1]!;
        const next = d.action === 'start' ? startClock(clock, at) : d.action === 'pause' ? pauseClock(clock, at) : d.action === 'resume' ? resumeClock(clock, at) : null;
        if (!next) throw new TournamentServiceError(400, `clock action must be "start", "pause" or "resume", not ${JSON.stringify(d.action)}`);
        const seen = this.seenFrom(d);
        return () => {
          s.clocks[round - 1] = next;
          for (const [h, g] of seen) markSeen(h, g);
        };
      }
      case 'tournament-next-round': {
        if (round !== s.round + 1 || round > this.config.rounds)
          throw new TournamentServiceError(409, s.round >= this.config.rounds ? `round ${s.round} is the last round` : `the next round is ${s.round + 1}, not ${String(round)}`);
        const over = s.cards[s.round - 1]!.every((c) => c.games.every((g) => g !== null) || this.tableIsUp(s.round, c.table));
        if (!over) throw new TournamentServiceError(409, `round ${s.round} is not over: its clock has not run out and some tables have games to play`);
        return () => {
          s.round = round;
        };
      }
      case 'tournament-game':
      case 'tournament-points': {
        const table = d.table as number;
        const card = this.card(round, table);
        const game = d.game as number;
        const at = `round ${round} table ${table} game ${game}`;
        let next: AnyScoreCard;
        if (isSiameseCard(card)) {
          if (type === 'tournament-game') throw new TournamentServiceError(409, `${at}: a Siamese table's games are written as each player's points (003 rule 17), not as a 000 outcome`);
          next = applySiameseCardEvent(card, { type: 'game', game, points: checkSiamesePoints(d.points, at), source: String(d.source ?? 'table') });
        } else
          next =
            type === 'tournament-game'
              ? applyCardEvent(card, { type: 'game', game, outcome: d.outcome as TournamentOutcome })
              : withFixedPoints(card, game, checkPoints(d.points, at), String(d.source ?? 'table'), 'table');
        const commit = setCard(table, next);
        return () => {
          commit();
          if (typeof d.hubTable === 'string' && typeof d.hubGameNo === 'number')
            s.taken.set(`${d.hubTable}/${d.hubGameNo}`, { round, table, game, points: [...(next.games[game - 1]?.points ?? [])], at: eventAt });
          markSeen(d.hubTable, d.hubGameNo);
          if (typeof d.hubTable === 'string') s.played.set(`${round}/${d.hubTable}`, (s.played.get(`${round}/${d.hubTable}`) ?? 0) + 1);
        };
      }
      case 'tournament-time-up': {
        if (s.timeUp[round - 1] === undefined) throw new TournamentServiceError(404, `no round ${String(round)}`);
        // a table given extra time plays on: its games without a result score 0 when its own time is up
        const cards = s.cards[round - 1]!.map((c): AnyScoreCard => (s.extraMs.has(`${round}/${c.table}`) ? c : timeUpCard(c)));
        const seen = this.seenFrom(d);
        return () => {
          s.timeUp[round - 1] = true;
          s.cards[round - 1] = cards;
          for (const [h, g] of seen) markSeen(h, g);
        };
      }
      case 'tournament-verify': {
        const table = d.table as number;
        const card = this.card(round, table);
        const seat = d.seat as Seat;
        if (isSiameseCard(card)) {
          const pos = siamesePosition(seat, `round ${round} table ${table}: verify`);
          return setCard(table, applySiameseCardEvent(card, { type: 'verify', seat: pos, player: card.seats[pos] }));
        }
        return setCard(table, applyCardEvent(card, { type: 'verify', seat, player: card.seats[seat] ?? '', of: verificationPartner(seat) }));
      }
      case 'tournament-initial': {
        const table = d.table as number;
        const card = this.card(round, table);
        const seat = d.seat as Seat;
        if (isSiameseCard(card)) {
          const pos = siamesePosition(seat, `round ${round} table ${table}: initial`);
          return setCard(table, applySiameseCardEvent(card, { type: 'initial', seat: pos, player: card.seats[pos], initials: d.initials as string }));
        }
        return setCard(table, applyCardEvent(card, { type: 'initial', seat, player: card.seats[seat] ?? '', initials: d.initials as string }));
      }
      case 'tournament-correct': {
        const table = d.table as number;
        const card = this.card(round, table);
        const game = d.game as number;
        const reason = d.reason as string;
        const director = d.director as string;
        if (isSiameseCard(card)) {
          if (d.points === undefined) throw new TournamentServiceError(400, `round ${round} table ${table}: a Siamese card is corrected by points (East, West), not by a 000 outcome`);
          const points = checkSiamesePoints(d.points, `round ${round} table ${table} game ${String(game)}`);
          return setCard(table, applySiameseCardEvent(card, { type: 'correct', game, points, reason, director }));
        }
        const next =
          d.points !== undefined
            ? withFixedPoints(card, game, checkPoints(d.points, `round ${round} table ${table} game ${String(game)}`), 'director', 'director', reason, director)
            : applyCardEvent(card, { type: 'correct', game, outcome: d.outcome as TournamentOutcome, reason, director });
        return setCard(table, next);
      }
      case 'tournament-rescore': {
        const table = d.table as number;
        const card = this.card(round, table);
        const game = d.game as number;
        const where = `round ${round} table ${table} game ${String(game)}`;
        const note = String(d.note);
        const by = String(d.by);
        // a line withdrawn while the game was in play again is written anew, as the table's result
        const again = card.games[game - 1] === null;
        const next: AnyScoreCard = isSiameseCard(card)
          ? applySiameseCardEvent(
              card,
              again
                ? { type: 'game', game, points: checkSiamesePoints(d.points, where), source: String(d.source ?? 'table') }
                : { type: 'correct', game, points: checkSiamesePoints(d.points, where), reason: note, director: by },
            )
          : withFixedPoints(card, game, checkPoints(d.points, where), String(d.source ?? 'table'), again ? 'table' : 'director', note, by);
        const commit = setCard(table, next);
        return () => {
          commit();
          s.taken.set(`${String(d.hubTable)}/${String(d.hubGameNo)}`, { round, table, game, points: [...(next.games[game - 1]?.points ?? [])], at });
          const key = `${round}/${table}`;
          s.changes.set(key, [...(s.changes.get(key) ?? []), `Game ${game} ${note}`]);
        };
      }
      case 'tournament-withdraw': {
        const table = d.table as number;
        const card = this.card(round, table);
        const game = d.game as number;
        const note = String(d.note);
        const withdraw = { type: 'withdraw' as const, game, reason: note, director: String(d.by) };
        const commit = setCard(table, isSiameseCard(card) ? applySiameseCardEvent(card, withdraw) : applyCardEvent(card, withdraw));
        return () => {
          commit();
          s.taken.set(`${String(d.hubTable)}/${String(d.hubGameNo)}`, { round, table, game, points: [], at, withdrawn: true });
          const key = `${round}/${table}`;
          s.changes.set(key, [...(s.changes.get(key) ?? []), `Game ${game} ${note}`]);
        };
      }
      case 'tournament-between':
        return foldBetween(s.between, d);
      case 'tournament-penalty': {
        let p: Penalty;
        try {
          p = checkPenalty(
            d as Parameters<typeof checkPenalty>[0],
            this.config.players.map((x) => x.id),
            this.config.rounds,
          );
        } catch (e) {
          throw new TournamentServiceError(400, (e as Error).message);
        }
        if (p.round !== null && (p.round > s.round || s.clocks[p.round - 1]!.state === 'ready'))
          throw new TournamentServiceError(
            400,
            `penalty: round ${p.round} has not begun (the tournament is in round ${s.round}, its clock ${s.clocks[s.round - 1]!.state === 'ready' ? 'not started' : 'started'}): a penalty is for a round begun, or give no round`,
          );
        return () => {
          s.penalties.push({ ...p, id: s.penalties.length + 1, at });
        };
      }
      case 'tournament-penalty-cancel': {
        const id = d.id;
        const p = typeof id === 'number' ? s.penalties[id - 1] : undefined;
        if (!p) throw new TournamentServiceError(404, `cancel: no penalty ${JSON.stringify(id)} in the log (it has ${s.penalties.length})`);
        if (p.cancelled)
          throw new TournamentServiceError(
            409,
            `cancel: penalty ${p.id} (${this.playerName(p.player)}, ${p.kind}, ${p.points}) was already cancelled by ${p.cancelled.director} at ${hhmm(p.cancelled.at)}`,
          );
        const reason = typeof d.reason === 'string' ? d.reason.trim() : '';
        if (reason === '') throw new TournamentServiceError(400, 'cancel: reason is required');
        const director = typeof d.director === 'string' && d.director !== '' ? d.director : 'director';
        return () => {
          p.cancelled = { at, director, reason };
        };
      }
      case 'tournament-extra-time': {
        const table = d.table as number;
        this.card(round, table);
        const minutes = d.minutes;
        if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > MAX_EXTRA_MINUTES)
          throw new TournamentServiceError(400, `extra time: minutes must be a whole number 1-${MAX_EXTRA_MINUTES}, not ${JSON.stringify(minutes)}`);
        if (round !== s.round) throw new TournamentServiceError(409, `extra time is for the current round (${s.round}), not round ${String(round)}`);
        const key = `${round}/${table}`;
        if (s.tableTimeUp.has(key) || (s.timeUp[round - 1] && !s.extraMs.has(key)))
          throw new TournamentServiceError(409, `round ${round} table ${table}: its time is already up (its games without a result scored 0)`);
        return () => {
          s.extraMs.set(key, (s.extraMs.get(key) ?? 0) + minutes * 60_000);
          s.extraGrants.set(key, [...(s.extraGrants.get(key) ?? []), minutes]);
        };
      }
      case 'tournament-withdraw-player':
      case 'tournament-substitute': {
        const player = String(d.player);
        const withdraw = type === 'tournament-withdraw-player';
        const by = isObj(withdraw ? d.replacement : d.substitute) ? ((withdraw ? d.replacement : d.substitute) as Record<string, unknown>) : {};
        const id = typeof by.id === 'string' ? by.id.trim() : '';
        const name = typeof by.name === 'string' ? by.name.trim() : '';
        const what = withdraw ? 'withdraw' : 'substitute';
        const from = (withdraw ? d.fromRound : d.round) as number;
        if (!Object.hasOwn(this.names, player)) throw new TournamentServiceError(404, `${what}: no player "${player}" in the tournament`);
        if (id === '' || name === '') throw new TournamentServiceError(400, `${what}: ${withdraw ? 'replacement' : 'substitute'} needs an id and a name: tables of four stay full`);
        if (Object.hasOwn(this.names, id) && this.names[id] !== name) throw new TournamentServiceError(409, `${what}: "${id}" is already ${this.names[id]}`);
        if (!Number.isInteger(from) || from < s.round || from > this.config.rounds)
          throw new TournamentServiceError(409, `${what}: round ${String(from)} is not to come: the tournament is in round ${s.round} of ${this.config.rounds}`);
        if (from === s.round && s.clocks[from - 1]!.state !== 'ready') throw new TournamentServiceError(409, `${what}: round ${from}'s clock has started: a seat changes before its round begins`);
        if (withdraw && s.withdrawn.has(player)) throw new TournamentServiceError(409, `${what}: "${player}" has already withdrawn (from round ${s.withdrawn.get(player)})`);
        const rounds = withdraw ? Array.from({ length: this.config.rounds - from + 1 }, (_, i) => from + i) : [from];
        const next = new Map<number, AnyScoreCard[]>();
        for (const r of rounds) {
          const seated = giveSeat(s.cards[r - 1]!, player, id);
          if (!withdraw && seated.table === null) throw new TournamentServiceError(409, `${what}: "${player}" has no seat in round ${r}`);
          next.set(r, seated.cards);
        }
        return () => {
          for (const [r, cards] of next) s.cards[r - 1] = cards;
          this.names[id] = name;
          if (!s.added.has(id) && !this.config.players.some((p) => p.id === id)) s.added.set(id, from);
          if (withdraw) s.withdrawn.set(player, from);
          if (withdraw) s.lateArrivals.add(id);
        };
      }
      case 'tournament-table-label': {
        const table = d.table as number;
        const nTables = s.cards[0]!.length;
        if (!Number.isInteger(table) || table < 1 || table > nTables) throw new TournamentServiceError(404, `no table ${String(table)}: the tournament has tables 1-${nTables}`);
        const label = typeof d.label === 'string' ? d.label.trim() : '';
        if (label.length < 1 || label.length > MAX_TABLE_LABEL || !TABLE_LABEL_PATTERN.test(label))
          throw new TournamentServiceError(400, `label must be 1-${MAX_TABLE_LABEL} letters or digits (spaces, dots and dashes inside), not ${JSON.stringify(d.label)}`);
        const holder = this.tableLabelled(label);
        const swapWith = holder !== null && holder !== table ? holder : null;
        if (swapWith !== null && d.swapWith !== swapWith) throw new TournamentServiceError(409, labelTakenText(label, { table: swapWith, hubTable: this.hubTableOf(swapWith) }));
        const was = this.labelOf(table);
        return () => {
          s.labels.set(table, label);
          if (swapWith !== null) s.labels.set(swapWith, was);
        };
      }
      case 'tournament-table-time-up': {
        const table = d.table as number;
        const card = this.card(round, table);
        const seen = this.seenFrom(d);
        return () => {
          s.tableTimeUp.add(`${round}/${table}`);
          s.cards[round - 1]![table - 1] = timeUpCard(card);
          for (const [h, g] of seen) markSeen(h, g);
        };
      }
      case 'tournament-between-ruling': {
        const e = typeof d.hubTable === 'string' && typeof d.hubGameNo === 'number' ? s.between.get(betweenKey(d.hubTable, d.hubGameNo)) : undefined;
        if (!e) throw new TournamentServiceError(404, `game ${String(d.hubGameNo)} of hub table '${String(d.hubTable)}' is not a game begun between rounds`);
        if (e.state === 'assigned' || e.state === 'dropped')
          throw new TournamentServiceError(409, `game ${e.hubGameNo} of hub table '${e.hubTable}' is already ${e.state === 'assigned' ? `assigned to round ${e.round}` : 'dropped'}`);
        if (d.action !== 'assign' && d.action !== 'drop') throw new TournamentServiceError(400, `action must be "assign" or "drop", not ${JSON.stringify(d.action)}`);
        const assign = d.action === 'assign';
        return () => {
          s.between.set(betweenKey(e.hubTable, e.hubGameNo), {
            ...e,
            state: assign ? 'assigned' : 'dropped',
            round: assign ? e.afterRound + 1 : null,
            director: typeof d.director === 'string' ? d.director : 'director',
          });
        };
      }
      default:
        throw new TournamentServiceError(400, `unknown tournament event type "${type}"`);
    }
  }

  /** Checks, appends to the store, folds, tells listeners. @throws as {@link step} */
  private commit(type: TournamentEventType, data: Record<string, unknown>, at = this.now()): void {
    if (this.closed) throw new TournamentServiceError(409, 'the tournament service is closed');
    const apply = this.step(type, data, at);
    this.store.append(TOURNAMENT_LOG, type, at, data);
    apply();
    this.emit();
  }

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }

  /** hub table → its game number now (phase 'ended': that game; else the one before the game in play), for every bound table. */
  private liveGameNos(mode: 'start' | 'time-up', only?: string): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [hub, rt] of this.runtimes) {
      if (only !== undefined && hub !== only) continue;
      // at the round's time up, a table given extra time plays on: its game in play may still count
      if (mode === 'time-up' && only === undefined && this.state.extraMs.has(`${this.state.round}/${this.tableOfHub.get(hub)}`)) continue;
      try {
        const v = rt.publicView();
        // at a start, a game in play counts for the round; at a time up, it does not (it scored 0)
        out[hub] = mode === 'time-up' || v.phase === 'ended' ? v.gameNo : v.gameNo - 1;
      } catch {
        /* a view that cannot be read: nothing to remember */
      }
    }
    return out;
  }

  private readAt(round: number, now: number): ClockReading {
    const clock = this.state.clocks[round - 1]!;
    return readClock(clock, Math.max(now, clock.lastChangeMs ?? now));
  }

  // ---------- the live side ----------

  /**
   * Checks the clock: when the current round's time has run out, appends the time up (at the moment
   * it reached 0) so the unfinished games score 0; then tells the views (the clock moved).
   * Called every `tickMs` and before every request. Never throws.
   */
  tick(): void {
    if (this.closed) return;
    try {
      const s = this.state;
      const r = s.round;
      const clock = s.clocks[r - 1]!;
      if (clock.state !== 'ready' && !s.timeUp[r - 1] && this.readAt(r, this.now()).timeUp) {
        const at = clock.state === 'running' && clock.runningSinceMs !== null ? clock.runningSinceMs + (clock.durationMs - clock.usedMs) : this.now();
        this.commit('tournament-time-up', { round: r, seen: this.liveGameNos('time-up') }, Math.max(0, Math.round(at)));
        return;
      }
      if (s.timeUp[r - 1]) this.tableTimeUps();
      if (clock.state === 'running' && (!s.timeUp[r - 1] || this.extraTimeOf(r).some((e) => !e.timeUp))) this.emit();
    } catch (e) {
      this.problems.push(`tick: ${(e as Error).message}`);
    }
  }

  /** Appends the time up of each table of the current round whose extra time has run out (at the moment it reached 0). */
  private tableTimeUps(): void {
    const s = this.state;
    const r = s.round;
    const clock = s.clocks[r - 1]!;
    for (const [key, extra] of s.extraMs) {
      if (!key.startsWith(`${r}/`) || s.tableTimeUp.has(key)) continue;
      const table = Number(key.slice(key.indexOf('/') + 1));
      if (tableRemainingMs(clock, extra, Math.max(this.now(), clock.lastChangeMs ?? 0)) > 0) continue;
      const at = clock.state === 'running' && clock.runningSinceMs !== null ? clock.runningSinceMs + (clock.durationMs + extra - clock.usedMs) : this.now();
      const hub = this.config.tables.find((t) => t.table === table)?.hubTable;
      this.commit('tournament-table-time-up', { round: r, table, seen: hub === undefined ? {} : this.liveGameNos('time-up', hub) }, Math.max(0, Math.round(at)));
    }
  }

  /** Whether a table's time is up in `round`: the round's, or, with extra time, its own. */
  private tableIsUp(round: number, table: number): boolean {
    const key = `${round}/${table}`;
    return this.state.timeUp[round - 1] === true && (!this.state.extraMs.has(key) || this.state.tableTimeUp.has(key));
  }

  /**
   * Binds the configured hub tables among `runtimes` (a Siamese table's end is recorded from its
   * view) and returns the runtimes to serve: the bound ones wrapped so their public and director
   * views carry `clock` and `round` and they signal a change when the clock moves. Unbound runtimes
   * are returned as they are. Call once.
   */
  wrap(runtimes: readonly TableRuntime[]): TableRuntime[] {
    const ids = new Set(runtimes.map((rt) => rt.id));
    for (const t of this.config.tables)
      if (!ids.has(t.hubTable))
        this.problems.push(
          `tournament table ${t.table}: hub table '${t.hubTable}' is not in this hub's table config; its results come only from recordGame or recordPoints (a director corrects a result, never enters one)`,
        );
    return runtimes.map((rt) => {
      if (!this.tableOfHub.has(rt.id)) return rt;
      this.runtimes.set(rt.id, rt);
      this.unsubscribe.push(rt.onChange(() => this.tableChanged(rt.id)));
      this.tableChanged(rt.id);
      return this.decorate(rt);
    });
  }

  private decorate(rt: TableRuntime): TableRuntime {
    const add = <V extends PublicTableView>(v: V): V => ({ ...v, ...this.tableView(rt.id) });
    return new Proxy(rt, {
      get: (target, prop) => {
        if (prop === 'publicView') return () => add(target.publicView());
        if (prop === 'directorView') return () => add<DirectorTableView>(target.directorView());
        // a seat's phone shows the round and its clock as the table does
        if (prop === 'seatView' && target.seatView) return (player: number) => ({ ...target.seatView!(player), ...this.tableView(rt.id) });
        if (prop === 'onChange')
          return (l: () => void) => {
            const a = target.onChange(l);
            const b = this.onChange(l);
            return () => {
              a();
              b();
            };
          };
        const v = Reflect.get(target, prop, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
  }

  /**
   * A change of a bound table: a Siamese game that ended with a final score goes on the card; a
   * recorded game (either kind) whose result a later ruling changed is re-scored.
   */
  private tableChanged(hubTable: string): void {
    if (this.closed) return;
    const rt = this.runtimes.get(hubTable);
    if (!rt) return;
    let v: PublicTableView;
    try {
      v = rt.publicView();
    } catch {
      return;
    }
    this.withdrawReopened(hubTable, v, rt);
    this.rescoreRuled(hubTable, v);
    if ((v.phase === 'deal' || v.phase === 'play') && this.liveSince.get(hubTable)?.gameNo !== v.gameNo) this.liveSince.set(hubTable, { gameNo: v.gameNo, at: this.now() });
    if (v.variant !== 'siamese' || v.phase !== 'ended' || !v.score?.final) return;
    if ((this.state.seen.get(hubTable) ?? -Infinity) >= v.gameNo) return;
    const source = `siamese table ${hubTable} game ${v.gameNo} (003 rule 17)`;
    this.record(hubTable, { points: this.cardPoints(v, v.score.points), source }, v.gameNo);
  }

  /**
   * A table's points (index = player) in the order of its card: a Siamese card's [East, West]; a
   * 4-seat card's [East, South, West, North] (a Siamese table on it: East and West, South and North 0).
   */
  private cardPoints(v: PublicTableView, byPlayer: readonly number[]): number[] {
    if (this.config.kind === 'siamese') {
      // each player's own points for the game, on the card's East and West (the seats the table config names)
      const points: [number, number] = [0, 0];
      v.players.forEach((p, i) => {
        const named = SIAMESE_SEAT_NAMES.indexOf(p.seat as (typeof SIAMESE_SEAT_NAMES)[number]);
        points[named >= 0 ? named : i === 0 ? 0 : 1] = byPlayer[i] ?? 0;
      });
      return points;
    }
    const points = [0, 0, 0, 0];
    v.players.forEach((p, i) => {
      const named = SEAT_NAMES.indexOf(p.seat as (typeof SEAT_NAMES)[number]);
      const seat = named >= 0 ? named : v.players.length === 4 ? i : i * 2;
      points[seat] = byPlayer[i] ?? 0;
    });
    return points;
  }

  /**
   * Each game of the table on a card whose result (the view's `results`) is no longer what the
   * card took from the table, changed by a ruling made after: re-scored (`tournament-rescore`).
   * A result changed otherwise (a director's entry after the end) is left to a correction.
   */
  private rescoreRuled(hubTable: string, v: PublicTableView): void {
    for (const r of v.results ?? []) {
      const taken = this.state.taken.get(`${hubTable}/${r.gameNo}`);
      // a withdrawn line is written whenever its game has ended again (the ruling came before)
      if (!taken || r.points === null || !r.ruling || (!taken.withdrawn && r.ruling.at < taken.at)) continue;
      const points = this.cardPoints(v, r.points);
      if (!taken.withdrawn && points.every((p, i) => p === taken.points[i])) continue;
      const note = `changed by the director's ruling at ${hhmm(r.ruling.at)} (${r.ruling.by})`;
      try {
        this.commit('tournament-rescore', {
          round: taken.round,
          table: taken.table,
          game: taken.game,
          points,
          source: `${v.variant} table ${hubTable} game ${r.gameNo}, re-scored after the ruling on ${r.ruling.flagId}`,
          hubTable,
          hubGameNo: r.gameNo,
          by: r.ruling.by,
          rulingAt: r.ruling.at,
          note,
        });
      } catch (e) {
        this.problems.push(`re-scoring ${hubTable} game ${r.gameNo}: ${(e as Error).message}`);
      }
    }
  }

  /**
   * The game in play at a table is one the card already took (a ruling made after reopened it:
   * it had ended, nothing had moved since): its line is withdrawn (`tournament-withdraw`) until it
   * ends again, and the card says "Game 1 withdrawn by the director's ruling at 14:05 (Dora): the
   * game is in play again".
   */
  private withdrawReopened(hubTable: string, v: PublicTableView, rt: TableRuntime): void {
    if (v.phase === 'ended' || v.gameNo < 1) return;
    const taken = this.state.taken.get(`${hubTable}/${v.gameNo}`);
    if (!taken || taken.withdrawn) return;
    const ruling = rt.latestRulingOf?.(v.gameNo);
    if (!ruling || ruling.at < taken.at) return;
    try {
      this.commit('tournament-withdraw', {
        round: taken.round,
        table: taken.table,
        game: taken.game,
        hubTable,
        hubGameNo: v.gameNo,
        by: ruling.by,
        rulingAt: ruling.at,
        note: `withdrawn by the director's ruling at ${hhmm(ruling.at)} (${ruling.by}): the game is in play again`,
      });
    } catch (e) {
      this.problems.push(`withdrawing ${hubTable} game ${v.gameNo}: ${(e as Error).message}`);
    }
  }

  private record(hubTable: string, result: { outcome: TournamentOutcome } | { points: number[]; source: string }, hubGameNo?: number): RecordResult {
    const table = this.tableOfHub.get(hubTable);
    if (table === undefined) return { recorded: false, reason: `hub table '${hubTable}' plays no tournament table` };
    const listed = hubGameNo === undefined ? undefined : this.state.between.get(betweenKey(hubTable, hubGameNo));
    if (listed) return this.recordBetween(listed, result, table);
    if (hubGameNo !== undefined && (this.state.seen.get(hubTable) ?? -Infinity) >= hubGameNo)
      return { recorded: false, reason: `game ${hubGameNo} of hub table '${hubTable}' is already recorded, or was not played in a round's time` };
    this.tick();
    const s = this.state;
    const round = s.round;
    const after = this.betweenWindow(table);
    if (hubGameNo !== undefined && after !== null) {
      try {
        this.listBetween(hubTable, hubGameNo, after, this.beganAt(hubTable, hubGameNo), result);
      } catch (e) {
        return { recorded: false, reason: (e as Error).message };
      }
      return { recorded: false, reason: betweenReason(hubTable, hubGameNo, after) };
    }
    const clock = s.clocks[round - 1]!;
    if (clock.state === 'ready') return { recorded: false, reason: `round ${round}'s clock has not been started` };
    if (this.tableIsUp(round, table)) return { recorded: false, reason: s.extraMs.has(`${round}/${table}`) ? `round ${round} table ${table}'s extra time is up` : `round ${round}'s time is up` };
    return this.writeResult(round, table, hubTable, result, hubGameNo);
  }

  /** Writes a table's result on the card of `round` as its next game (checks that a slot is free). Never throws. */
  private writeResult(round: number, table: number, hubTable: string, result: TableResult, hubGameNo?: number): RecordResult {
    const s = this.state;
    const card = s.cards[round - 1]![table - 1]!;
    const free = card.games.findIndex((g) => g === null);
    if (free < 0) return { recorded: false, reason: `round ${round} table ${table} already has its ${GAMES_PER_ROUND} games` };
    const data: Record<string, unknown> =
      'outcome' in result ? { round, table, game: free + 1, outcome: result.outcome, hubTable } : { round, table, game: free + 1, points: result.points, source: result.source, hubTable };
    if (hubGameNo !== undefined) data.hubGameNo = hubGameNo;
    try {
      this.commit('outcome' in result ? 'tournament-game' : 'tournament-points', data);
    } catch (e) {
      return { recorded: false, reason: (e as Error).message };
    }
    return { recorded: true, round, table, game: free + 1 };
  }

  // ---------- games begun between rounds (hub/tournament/between-rounds.ts) ----------

  /**
   * The round after whose end a game begun now would be "between rounds": the current round when
   * its time is up; the previous one while a later round's clock has not started; else null.
   */
  private betweenWindow(table?: number): number | null {
    const s = this.state;
    if (table === undefined ? s.timeUp[s.round - 1] : this.tableIsUp(s.round, table)) return s.round;
    if (s.round > 1 && s.clocks[s.round - 1]!.state === 'ready') return s.round - 1;
    return null;
  }

  /** When the service first saw this game under way (ms since epoch), or now. */
  private beganAt(hubTable: string, hubGameNo: number): number {
    const l = this.liveSince.get(hubTable);
    return l && l.gameNo === hubGameNo ? l.at : this.now();
  }

  private listBetween(hubTable: string, hubGameNo: number, afterRound: number, began: number, result?: TableResult): void {
    this.commit('tournament-between', { afterRound, hubTable, hubGameNo, began, ...(result ? { result } : {}) });
  }

  /** Games under way at bound tables that began between rounds and are not listed yet. */
  private unlistedBetween(): BetweenRoundsGame[] {
    const out: BetweenRoundsGame[] = [];
    for (const [hub, rt] of this.runtimes) {
      const after = this.betweenWindow(this.tableOfHub.get(hub));
      if (after === null) continue;
      let v: PublicTableView;
      try {
        v = rt.publicView();
      } catch {
        continue;
      }
      if ((v.phase !== 'deal' && v.phase !== 'play') || (this.state.seen.get(hub) ?? -Infinity) >= v.gameNo) continue;
      if (this.state.between.has(betweenKey(hub, v.gameNo))) continue;
      out.push({ hubTable: hub, hubGameNo: v.gameNo, afterRound: after, began: this.beganAt(hub, v.gameNo), state: 'in play', result: null, round: null, director: null });
    }
    return out;
  }

  /** The result of a listed game: kept for the director, or written on the card of the round it was assigned to. */
  private recordBetween(e: BetweenRoundsGame, result: TableResult, table: number): RecordResult {
    const name = `game ${e.hubGameNo} of hub table '${e.hubTable}'`;
    if (e.result) return { recorded: false, reason: `${name} is already recorded (begun between rounds)` };
    if (e.state === 'dropped') {
      this.commit('tournament-between', { afterRound: e.afterRound, hubTable: e.hubTable, hubGameNo: e.hubGameNo, began: e.began, result });
      return { recorded: false, reason: `${name} began between rounds and was dropped by the director` };
    }
    if (e.state === 'in play') {
      this.commit('tournament-between', { afterRound: e.afterRound, hubTable: e.hubTable, hubGameNo: e.hubGameNo, began: e.began, result });
      return { recorded: false, reason: betweenReason(e.hubTable, e.hubGameNo, e.afterRound) };
    }
    this.tick();
    const round = e.round!;
    if (this.state.timeUp[round - 1]) return { recorded: false, reason: `${name} was assigned to round ${round}, whose time is up` };
    this.commit('tournament-between', { afterRound: e.afterRound, hubTable: e.hubTable, hubGameNo: e.hubGameNo, began: e.began, result });
    return this.writeResult(round, table, e.hubTable, result, e.hubGameNo);
  }

  /**
   * FOR THE DIRECTOR'S ROOM: the games begun between rounds — listed (in play, ended, assigned,
   * dropped), then those under way now at a bound table that are not listed yet — in that order.
   */
  betweenRounds(): BetweenRoundsGame[] {
    this.tick();
    return [...this.state.between.values(), ...this.unlistedBetween()].map((g) => structuredClone(g));
  }

  /**
   * The director rules on a game begun between rounds: `assign` puts it on the card of the next
   * round (afterRound + 1) as the table's next game — at once when it has ended, else when it ends
   * (within that round's time); `drop` counts it nowhere. A game under way that is not listed yet
   * is listed first.
   * @returns the game as the list now shows it
   * @throws TournamentServiceError 404 for a game that is not one begun between rounds; 409 when it
   *   is already ruled on, when there is no next round, when the next round's time is up, or when
   *   its card has no free game
   */
  ruleBetween(hubTable: string, hubGameNo: number, action: 'assign' | 'drop', by = 'director'): BetweenRoundsGame {
    this.tick();
    const key = betweenKey(hubTable, hubGameNo);
    const live = this.state.between.has(key) ? undefined : this.unlistedBetween().find((g) => g.hubTable === hubTable && g.hubGameNo === hubGameNo);
    const e = this.state.between.get(key) ?? live;
    if (!e) throw new TournamentServiceError(404, `game ${hubGameNo} of hub table '${hubTable}' is not a game begun between rounds`);
    const round = e.afterRound + 1;
    const table = this.tableOfHub.get(hubTable)!;
    if (action === 'assign' && e.state !== 'assigned' && e.state !== 'dropped') {
      if (round > this.config.rounds) throw new TournamentServiceError(409, `round ${e.afterRound} is the last round: a game begun after its time can only be dropped`);
      if (this.state.timeUp[round - 1]) throw new TournamentServiceError(409, `round ${round}'s time is up: its games without a result scored 0`);
      if (e.result && this.state.cards[round - 1]![table - 1]!.games.every((g) => g !== null))
        throw new TournamentServiceError(409, `round ${round} table ${table} already has its ${GAMES_PER_ROUND} games`);
    }
    if (live) this.listBetween(hubTable, hubGameNo, live.afterRound, live.began);
    this.commit('tournament-between-ruling', { hubTable, hubGameNo, action, ...(action === 'assign' ? { round } : {}), director: by });
    if (action === 'assign' && e.result) {
      const r = this.writeResult(round, table, hubTable, e.result, hubGameNo);
      if (!r.recorded) this.problems.push(`assigning game ${hubGameNo} of '${hubTable}' to round ${round}: ${r.reason}`);
    }
    return structuredClone(this.state.between.get(key)!);
  }

  // ---------- the public API ----------

  /**
   * THE HOOK FOR THE STANDARD TABLE ENGINE: its game on hub table `hubTableId` ended as `outcome`
   * (000 scoring input: winner, value, self-picked, jokerless, discarder, exposures, dead
   * hands, wall game, Mah Jongg in error…). It goes on the card of that table's current round as
   * the next game (1-4), scored by 000. Call it once per game end; pass `hubGameNo` (the engine's
   * game number) so that a second call for the same game, e.g. when the engine refolds its log at
   * a restart, writes nothing.
   * @returns what was written, or why nothing was: the table plays no tournament table, the game is
   *   already recorded, the round's clock is not started or its time is up, the card has its 4
   *   games, or the outcome is impossible (the scoring error's words). Never throws.
   */
  recordGame(hubTableId: string, outcome: TournamentOutcome, opts: { hubGameNo?: number } = {}): RecordResult {
    return this.record(hubTableId, { outcome }, opts.hubGameNo);
  }

  /**
   * The director's clock for the current round: start, pause (a dispute at a table), resume.
   * @throws TournamentError (a 409) when the clock refuses it (already started, not running, time up);
   *   TournamentServiceError 400 for another action
   */
  clock(action: 'start' | 'pause' | 'resume'): TournamentClockPublic {
    this.tick();
    // a game under way that began between rounds is listed before the clock starts: it is not this round's by itself
    if (action === 'start' && this.state.clocks[this.state.round - 1]!.state === 'ready') for (const g of this.unlistedBetween()) this.listBetween(g.hubTable, g.hubGameNo, g.afterRound, g.began);
    this.commit('tournament-clock', { round: this.state.round, action, seen: action === 'start' ? this.liveGameNos('start') : {} });
    return this.clockPublic();
  }

  /**
   * The director moves the tournament on to the next round (its clock not started yet).
   * @throws TournamentServiceError 409 when this is the last round, or the current round is not
   *   over (its time is not up and some table has a game without a result)
   */
  nextRound(): number {
    this.tick();
    this.commit('tournament-next-round', { round: this.state.round + 1 });
    return this.state.round;
  }

  private resolveTable(table: number | string): number {
    if (typeof table === 'number') return table;
    if (/^\d+$/.test(table)) return Number(table);
    const t = this.tableOfHub.get(table);
    if (t === undefined) throw new TournamentServiceError(404, `unknown table '${table}': give a tournament table number or a bound hub table id`);
    return t;
  }

  private checkSeat(seat: unknown): Seat {
    if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat > 3) throw new TournamentServiceError(400, `seat must be 0-3 (East, South, West, North), not ${String(seat)}`);
    return seat as Seat;
  }

  /**
   * FOR THE SEAT VIEW: the player at `seat` (0 East … 3 North) initials the card of `table` (a
   * tournament table number, or a bound hub table id) in `round` (000: "Score cards that are not
   * initialed by each player are considered incomplete"). The initials default to the player's
   * name's ("Ann Lee" → "AL"). On a Siamese card the seats are East (0) and West (2).
   * @returns the card after it, as it is (a 4-seat card, or a 2-seat Siamese card)
   * @throws TournamentServiceError 404 unknown round/table, 400 bad seat; TournamentError (a 409)
   *   when a game has no result yet or the player has already initialed
   */
  initial(table: number | string, round: number, seat: number, initials?: string): AnyScoreCard {
    const t = this.resolveTable(table);
    const s = this.checkSeat(seat);
    const card = this.card(round, t);
    const player = isSiameseCard(card) ? card.seats[siamesePosition(s, `round ${round} table ${t}: initial`)] : card.seats[s];
    this.commit('tournament-initial', { round, table: t, seat: s, initials: initials ?? initialsOf(this.names[player] ?? player) });
    return this.card(round, t);
  }

  /**
   * FOR THE SEAT VIEW: the player at `bySeat` has checked the score of the player across (East
   * verifies West's and West East's; North South's and South North's: 000 "Before you move to the
   * next table"). On a Siamese card East (0) and West (2) verify each other.
   * @returns the card after it, as it is (a 4-seat card, or a 2-seat Siamese card)
   * @throws TournamentServiceError 404 / 400 as {@link initial}; TournamentError (a 409) when a game
   *   has no result yet or this verification is already done
   */
  verify(table: number | string, round: number, bySeat: number): AnyScoreCard {
    const t = this.resolveTable(table);
    const s = this.checkSeat(bySeat);
    this.card(round, t);
    this.commit('tournament-verify', { round, table: t, seat: s });
    return this.card(round, t);
  }

  /**
   * The director corrects one game of a card (000 "DISPUTES": the director's ruling is final), by
   * points per seat [East, South, West, North] or by outcome (scored by 000). A Siamese card takes
   * points only: [East, West], or [East, 0, West, 0]. Clears every initial and verification of the
   * card: the players check and initial again. A correction changes a RESULT: a game with no result
   * yet (in play, or not played) is refused.
   * @returns the card after it (either kind, as it is)
   * @throws TournamentServiceError 400 (not exactly one of points/outcome, points not 4 whole
   *   numbers, a seat's points past MAX_GAME_POINTS = 10 000 either way, naming the game and seat),
   *   404 unknown round/table; TournamentError (a 409) for a game with no result yet, e.g. "round 1
   *   table 1 game 1 has no result yet (it is in play at t1): a correction changes a result; rule on
   *   the table's flags or wait for the game to end", no reason, a bad game number or an impossible
   *   outcome
   */
  correct(table: number | string, round: number, fix: { game: number; reason: string; by?: string; points?: number[]; outcome?: TournamentOutcome }): AnyScoreCard {
    const t = this.resolveTable(table);
    this.tick(); // a time up due now fills the round's empty games first
    const card = this.card(round, t);
    if ((fix.points === undefined) === (fix.outcome === undefined)) throw new TournamentServiceError(400, 'a correction gives either points (4 numbers) or an outcome');
    checkCorrectable(card, checkGameNumber(card, fix.game), this.howGameStands(round, t, fix.game));
    const data: Record<string, unknown> = { round, table: t, game: fix.game, reason: fix.reason, director: fix.by ?? 'director' };
    if (fix.points !== undefined)
      data.points = isSiameseCard(card) ? checkSiamesePoints(fix.points, `round ${round} table ${t} game ${fix.game}`) : checkPoints(fix.points, `round ${round} table ${t} game ${fix.game}`);
    else data.outcome = fix.outcome;
    this.commit('tournament-correct', data);
    return this.card(round, t);
  }

  /** How a game without a result stands, for a refused correction: "it is in play at t1", "not played yet", … */
  private howGameStands(round: number, table: number, game: number): string {
    const s = this.state;
    if (round > s.round) return `round ${round} has not begun`;
    const card = this.card(round, table);
    const next = card.games.findIndex((g) => g === null) + 1;
    if (round < s.round || this.tableIsUp(round, table)) return "not played in the round's time";
    if (game !== next) return `not played yet: game ${next} is the next to end`;
    const hub = this.config.tables.find((x) => x.table === table)?.hubTable;
    if (s.clocks[round - 1]!.state === 'ready') return `the round's clock has not been started`;
    return hub !== undefined && this.runtimes.has(hub) ? `it is in play at ${hub}` : 'it is in play';
  }

  /**
   * A result written as points, from a table whose game the hub does not score by 000 (the hook
   * like {@link recordGame}; a Siamese table's ends are recorded by the service itself): each
   * seat's points for the game on hub table `hubTableId` go on the card of its current round as the
   * next game (1-4). A 4-seat card takes [East, South, West, North]; a Siamese card [East, West].
   * @param opts.source where the points come from (default "table"); opts.hubGameNo as for recordGame
   * @returns what was written, or why nothing was (as recordGame; also points that are not whole
   *   numbers or past MAX_GAME_POINTS, 10 000 a seat). Never throws.
   */
  recordPoints(hubTableId: string, points: readonly number[], opts: { source?: string; hubGameNo?: number } = {}): RecordResult {
    return this.record(hubTableId, { points: [...points], source: opts.source ?? 'table' }, opts.hubGameNo);
  }

  /**
   * The 4-seat score cards (000) of rounds 1 … current (director: with initials and
   * corrections), round then table order; a Siamese tournament has none (its 2-seat cards are in
   * {@link allCards}, which gives every card as it is).
   */
  cards(): ScoreCard[] {
    return this.allCards().filter((c): c is ScoreCard => !isSiameseCard(c));
  }

  /**
   * The cards of any round as they are, the seating of a later round included (the seating chart).
   * @throws TournamentServiceError 404 for a round the tournament does not have
   */
  roundCards(round: number): AnyScoreCard[] {
    const r = this.state.cards[round - 1];
    if (!r) throw new TournamentServiceError(404, `no round ${round}: the tournament has rounds 1-${this.config.rounds}`);
    return [...r];
  }

  /** Every score card of rounds 1 … current as it is: 4-seat cards, or 2-seat Siamese cards (East, West). Round then table order. */
  allCards(): AnyScoreCard[] {
    return this.state.cards.slice(0, this.state.round).flat();
  }

  /**
   * One card as it is (either kind).
   * @param table a tournament table number (or its digits) or a bound hub table id
   * @throws TournamentServiceError 404 unknown round or table
   */
  cardOf(table: number | string, round: number): AnyScoreCard {
    return this.card(round, this.resolveTable(table));
  }

  /**
   * Why game `hubGameNo` of hub table `hubTable` may no longer be corrected at its table: it is on
   * a score card every player has verified and initialed (000: the signed card is the result; the
   * director corrects the card itself), or null.
   */
  signedGame(hubTable: string, hubGameNo: number): string | null {
    const t = this.state.taken.get(`${hubTable}/${hubGameNo}`);
    if (!t || t.withdrawn || !isAnyCardComplete(this.card(t.round, t.table))) return null;
    return `game ${hubGameNo} of table '${hubTable}' is game ${t.game} on the score card of round ${t.round} table ${t.table}, which every player has initialed: correct the score card instead`;
  }

  /**
   * The lines of a card that a director's ruling changed after they were recorded, oldest first,
   * e.g. "Game 3 changed by the director's ruling at 10:42 (director)": each cleared the card's
   * initials and checks. Empty for a card no ruling changed.
   */
  cardChanges(round: number, table: number): string[] {
    return [...(this.state.changes.get(`${round}/${table}`) ?? [])];
  }

  /**
   * Where a player sits in the current round: the tournament table and the label it shows ("go to table 12"), the card seat (a wind, 0 East
   * … 3 North; a Siamese card's East 0 and West 2) and the hub table that plays it (null when no
   * hub table is bound to that tournament table). The seating is the cards' (rules/tournament/seating.ts).
   * @throws TournamentServiceError 404 for a player not in the tournament
   */
  seatOf(player: string): { round: number; table: number; label: string; seat: Seat; seatName: string; hubTable: string | null } {
    const round = this.state.round;
    for (const c of this.state.cards[round - 1]!) {
      const i = (c.seats as readonly string[]).indexOf(player);
      if (i < 0) continue;
      const seat = (isSiameseCard(c) ? i * 2 : i) as Seat;
      return { round, table: c.table, label: this.labelOf(c.table), seat, seatName: SEAT_NAMES[seat]!, hubTable: this.hubTableOf(c.table) };
    }
    throw new TournamentServiceError(404, `no player '${player.slice(0, 64)}' in this tournament`);
  }

  /** The current round (1-based). */
  get round(): number {
    return this.state.round;
  }

  /**
   * The standings from the complete cards (000: only complete cards are accepted): each player's
   * game points, event penalties and the total, which ranks; ties share the prize
   * (rules/tournament/penalties.ts `eventStandings`).
   */
  standings(): EventStanding[] {
    const s = this.state;
    // a late arrival's rounds before their first seat are byes (those played so far)
    const byes = new Map<string, number[]>();
    for (const [id, from] of s.added) {
      const missed = Array.from({ length: Math.min(from - 1, s.round) }, (_, i) => i + 1).filter((r) => !s.cards[r - 1]!.some((c) => (c.seats as readonly string[]).includes(id)));
      if (missed.length > 0 && s.lateArrivals.has(id)) byes.set(id, missed);
    }
    return eventStandings(this.allCards().filter(isAnyCardComplete), this.config.prizes, [...this.config.players.map((p) => p.id), ...s.added.keys()], this.penaltiesInForce(), {
      byes,
      byePoints: this.config.byePoints,
      withdrawn: new Set(s.withdrawn.keys()),
    });
  }

  /**
   * A player withdraws from round `fromRound` (default: the next round not begun): they are seated
   * in no later round and stay in the standings, marked "withdrawn"; `replacement`, a late arrival,
   * takes their seat in the movement from that round (tables of four stay full), with a bye
   * (config `byePoints`, default 0) for each round played before it.
   * @throws TournamentServiceError 404 unknown player; 400 no replacement id or name; 409 a round
   *   begun or past, already withdrawn, or the replacement's id is another player's
   */
  withdrawPlayer(player: string, replacement: { id: string; name: string }, opts: { fromRound?: number; by?: string } = {}): AnyScoreCard[] {
    const from = opts.fromRound ?? this.nextUnbegunRound();
    this.commit('tournament-withdraw-player', { player, fromRound: from, replacement, director: opts.by ?? 'director' });
    return this.roundCards(from);
  }

  /**
   * A substitute takes `player`'s seat for round `round` only (default: the next round not begun):
   * the substitute's points there are the substitute's own.
   * @throws TournamentServiceError as {@link withdrawPlayer}
   */
  substitute(player: string, substitute: { id: string; name: string }, opts: { round?: number; by?: string } = {}): AnyScoreCard[] {
    const round = opts.round ?? this.nextUnbegunRound();
    this.commit('tournament-substitute', { player, round, substitute, director: opts.by ?? 'director' });
    return this.roundCards(round);
  }

  /**
   * The director asks to seat a late arrival in an empty seat or a bye of the round in play. The
   * movement (rules/tournament/seating.ts) never leaves one: the players fill their tables exactly
   * (the config refuses a count that does not) and every player is seated in every round, and a
   * seat changes hands only when its player withdraws or is substituted. So this always refuses,
   * saying so and naming the ways that do seat the newcomer.
   * @throws TournamentServiceError 409 "late arrival: round 1 has no empty seat and no bye for Ivy
   *   Chan: its 8 players fill its 2 tables of four …", or when the id is another player's
   */
  seatLateArrival(arrival: { id: string; name: string }): never {
    const s = this.state;
    const id = arrival.id.trim();
    const name = arrival.name.trim();
    if (Object.hasOwn(this.names, id)) throw new TournamentServiceError(409, `late arrival: "${id}" is already ${this.names[id]}`);
    const cards = this.roundCards(s.round);
    const perTable = this.config.kind === 'siamese' ? 'two (Siamese)' : 'four';
    const seated = new Set(cards.flatMap((c) => c.seats as readonly string[])).size;
    const next = this.nextUnbegunRound();
    throw new TournamentServiceError(
      409,
      `late arrival: round ${s.round} has no empty seat and no bye for ${name}: its ${seated} players fill its ${cards.length} tables of ${perTable}, and the movement seats every player in every round. ` +
        `Seat ${name} in the place of a player who withdraws (Withdraw, from round ${next}: a bye for each round before) or for one round as a substitute.`,
    );
  }

  /** The current round while its clock is not started, else the next one. */
  private nextUnbegunRound(): number {
    return this.state.clocks[this.state.round - 1]!.state === 'ready' ? this.state.round : this.state.round + 1;
  }

  /** A player's name (a registered player, a late arrival or a substitute), or the id. */
  playerName(id: string): string {
    return this.names[id] ?? id;
  }

  /**
   * The director gives a player an event penalty (late to the table, a warning, conduct, other):
   * kept apart from game points, counted in the total (rules/tournament/penalties.ts).
   * @returns the penalty as logged (with its `id`)
   * @throws TournamentServiceError 400 naming the field: an unknown player, a round outside the
   *   event's or not begun (its clock not started), an unknown kind, points not a whole number ≤ 0
   *   (or 0 for any kind but a warning), no reason
   */
  givePenalty(p: { player: string; round?: number | null; kind: string; points: number; reason: string; by?: string }): LoggedPenalty {
    this.commit('tournament-penalty', { player: p.player, round: p.round ?? null, kind: p.kind, points: p.points, reason: p.reason, director: p.by ?? 'director' });
    return { ...this.state.penalties.at(-1)! };
  }

  /**
   * The director cancels event penalty `id` (a penalty or a warning entered by mistake): one
   * `tournament-penalty-cancel` event linked to it by its id, so the log keeps both; from then on
   * it counts nowhere (the standings, the exports, the player's card), and a restart keeps it so.
   * @returns the penalty as logged, with its `cancelled` `{ at, director, reason }`
   * @throws TournamentServiceError 404 no penalty `id`; 409 already cancelled; 400 no reason
   */
  cancelPenalty(id: number, reason: string, by?: string): LoggedPenalty {
    this.commit('tournament-penalty-cancel', { id, reason, director: by ?? 'director' });
    const p = this.state.penalties[id - 1]!;
    return { ...p, ...(p.cancelled ? { cancelled: { ...p.cancelled } } : {}) };
  }

  /** The event penalties that count: every one given and not cancelled, in the order given. */
  penaltiesInForce(): LoggedPenalty[] {
    return this.state.penalties.filter((p) => !p.cancelled).map((p) => ({ ...p }));
  }

  /**
   * The penalty and conduct log: the event penalties (apart from game points), and the games'
   * own penalties (000: the stolen-tile −10, in that game's points, listed with its game).
   */
  penaltyLog(): { penalties: LoggedPenalty[]; inGames: GamePenaltyEntry[] } {
    return {
      penalties: this.state.penalties.map((p) => ({ ...p, ...(p.cancelled ? { cancelled: { ...p.cancelled } } : {}) })),
      inGames: stolenTileEntries(this.allCards()),
    };
  }

  /**
   * The director gives one table `minutes` extra minutes in the current round (they add up): that
   * table's games count until the round's clock has run its time plus the extra; a game ending
   * inside it counts, one still in play when it runs out does not, and its games without a result
   * then score 0 (000).
   * @param table a tournament table number (or its digits) or a bound hub table id
   * A second grant adds to the first, and the answer says so: `added`, the total `minutes` now
   * granted, each grant, and the words ("table 2: 5 more minutes, 15 minutes of extra time in all (10 + 5)").
   * @returns the grant (`table`, `added`, `minutes` in all, `grants`, `text`) and the current round's extra time, table by table
   * @throws TournamentServiceError 400 minutes not a whole number 1-60, 404 unknown table, 409 when
   *   the table's time is already up
   */
  giveExtraTime(table: number | string, minutes: number, by = 'director'): ExtraTimeGrant {
    this.tick();
    const t = this.resolveTable(table);
    this.commit('tournament-extra-time', { round: this.state.round, table: t, minutes, director: by });
    const grants = [...(this.state.extraGrants.get(`${this.state.round}/${t}`) ?? [])];
    return { table: t, added: minutes, minutes: grants.reduce((a, b) => a + b, 0), grants, text: extraTimeGrantText(t, grants), extraTime: this.extraTimeOf(this.state.round) };
  }

  /**
   * The label a tournament table shows (its placard): the director's, else its number ("7").
   * Display data only: cards, logs, routes and the readers' binding keep the table number and the hub table id.
   */
  labelOf(table: number): string {
    return this.state.labels.get(table) ?? String(table);
  }

  /** The hub table bound to a tournament table, or null. */
  private hubTableOf(table: number): string | null {
    return this.config.tables.find((t) => t.table === table)?.hubTable ?? null;
  }

  /**
   * The label the tournament table a hub table is bound to shows: the one the director gave it
   * ("12" for t1), else its number ("1"), the one the players' phones, the seating chart and the
   * score cards name; null when the hub table is bound to no tournament table (its pages then name
   * it by its hub table id). The room's call text and every view's `round.label` use it, so the
   * table display, the seat's phone and the room name a table as the player was told ("table 1").
   */
  givenLabel(hubTable: string): string | null {
    const table = this.tableOfHub.get(hubTable);
    return table === undefined ? null : this.labelOf(table);
  }

  /** The tournament table that shows `label` now, or null. */
  private tableLabelled(label: string): number | null {
    for (let t = 1; t <= this.state.cards[0]!.length; t++) if (this.labelOf(t) === label) return t;
    return null;
  }

  /** Every tournament table (1 … n) with its hub table and the label it shows. */
  tableLabels(): { table: number; hubTable: string | null; label: string }[] {
    return Array.from({ length: this.state.cards[0]!.length }, (_, i) => ({ table: i + 1, hubTable: this.hubTableOf(i + 1), label: this.labelOf(i + 1) }));
  }

  /**
   * The director gives a table a new label (t7 shows as "12"), mid-round or any time; with `swap`,
   * the table that shows that label now takes this one's old label (two placards exchanged). Only
   * what the pages show changes: the tournament table number, the hub table id, its game ids, the
   * readers' binding and every log stay as they are, so no read lands on another game. Logged
   * (`tournament-table-label`): a restart keeps it.
   * @param table a tournament table number or a bound hub table id
   * @param label 1-12 letters or digits (spaces, dots and dashes inside), e.g. "12"
   * @returns every table's label now and the words of the change ("table 7 (t7) now shows as 12 (was 7)")
   * @throws TournamentServiceError 404 unknown table, 400 bad label, 409 a label another table
   *   shows when `swap` is not given
   */
  relabelTable(table: number | string, label: string, opts: { swap?: boolean; by?: string } = {}): { tables: ReturnType<TournamentService['tableLabels']>; text: string } {
    const t = this.resolveTable(table);
    const trimmed = label.trim();
    const holder = this.tableLabelled(trimmed);
    const swapWith = opts.swap && holder !== null && holder !== t ? holder : undefined;
    const was = this.labelOf(t);
    this.commit('tournament-table-label', { table: t, label: trimmed, ...(swapWith !== undefined ? { swapWith } : {}), director: opts.by ?? 'director' });
    const swapped = swapWith !== undefined ? { table: swapWith, hubTable: this.hubTableOf(swapWith), label: this.labelOf(swapWith) } : null;
    return { tables: this.tableLabels(), text: relabelText({ table: t, hubTable: this.hubTableOf(t), label: trimmed, was }, swapped) };
  }

  /** The extra time of `round`'s tables: whole minutes given, ms left, whether it has run out. */
  private extraTimeOf(round: number): TournamentPublic['extraTime'] {
    const clock = this.state.clocks[round - 1]!;
    const now = Math.max(this.now(), clock.lastChangeMs ?? 0);
    return [...this.state.extraMs]
      .filter(([k]) => k.startsWith(`${round}/`))
      .map(([k, ms]) => {
        const table = Number(k.slice(k.indexOf('/') + 1));
        const timeUp = this.state.tableTimeUp.has(k);
        const grants = [...(this.state.extraGrants.get(k) ?? [ms / 60_000])];
        return { table, minutes: ms / 60_000, grants, text: extraTimeText(table, grants), remainingMs: timeUp ? 0 : tableRemainingMs(clock, ms, now), timeUp };
      })
      .sort((a, b) => a.table - b.table);
  }

  /**
   * The extra time given this round to the tournament table played at `hubTable` (the room's card
   * of that table): the minutes in all and the words ("table 2: 15 minutes of extra time (10 + 5)");
   * null when none was given or the hub table plays no tournament table.
   */
  extraTimeOfHub(hubTable: string): { minutes: number; text: string } | null {
    const table = this.tableOfHub.get(hubTable);
    const ms = table === undefined ? undefined : this.state.extraMs.get(`${this.state.round}/${table}`);
    if (table === undefined || ms === undefined) return null;
    const grants = [...(this.state.extraGrants.get(`${this.state.round}/${table}`) ?? [ms / 60_000])];
    return { minutes: ms / 60_000, text: extraTimeText(table, grants) };
  }

  /** The current round's clock as GET /api/tournament shows it. */
  clockPublic(): TournamentClockPublic {
    const r = this.state.round;
    const c = this.readAt(r, this.now());
    const timeUp = c.timeUp || this.state.timeUp[r - 1]!;
    return {
      round: r,
      state: c.state,
      remainingMs: timeUp ? 0 : c.remainingMs,
      display: timeUp ? '0:00' : c.display,
      running: c.state === 'running' && !timeUp,
      aboutToRunOut: c.aboutToRunOut && !timeUp,
      timeUp,
    };
  }

  /**
   * `clock` and `round` for a hub table's view, or nulls when it plays no tournament table.
   * `round.game` is the table's own game of the round: 1 + the games the table itself put on its
   * card this round (recordGame / a Siamese end / recordPoints); after the round's 4 it is 5 with
   * `round.extra` (000: four games a round; the game goes on no card). `clock.state` is the
   * tournament's clock state (`ready` before the director starts it).
   */
  tableView(hubTable: string): { clock: TournamentClockView | null; round: TournamentRoundView | null } {
    const table = this.tableOfHub.get(hubTable);
    if (table === undefined) return { clock: null, round: null };
    const c = this.clockPublic();
    // the table's own game count in this round (its results on the card), never the card's filled
    // slots: a director's correction changes a result, it does not move the table on
    const done = this.state.played.get(`${this.state.round}/${hubTable}`) ?? 0;
    // a table given extra time shows its own time
    const extra = this.extraTimeOf(this.state.round).find((e) => e.table === table);
    const clock = extra
      ? {
          remainingMs: extra.remainingMs,
          running: c.state === 'running' && !extra.timeUp,
          aboutToRunOut: extra.remainingMs > 0 && extra.remainingMs < this.config.warnBelowMs,
          timeUp: extra.timeUp,
          state: c.state,
        }
      : { remainingMs: c.remainingMs, running: c.running, aboutToRunOut: c.aboutToRunOut, timeUp: c.timeUp, state: c.state };
    // a game after the round's four (000: "Four games constitute one round") is shown as what it is: game 5, not counted
    const round: TournamentRoundView = { round: this.state.round, game: done + 1, of: GAMES_PER_ROUND };
    // the label the table shows: the director's, else its number (the one the players were told)
    const label = this.givenLabel(hubTable);
    if (label !== null) round.label = label;
    if (done >= GAMES_PER_ROUND) round.extra = true;
    return { clock, round };
  }

  /** "round/table/game" → the hub table game a card's game was taken from (the latest not withdrawn), and when (ms). */
  private hubGames(): Map<string, { hubTable: string; hubGameNo: number; at: number }> {
    const from = new Map<string, { hubTable: string; hubGameNo: number; at: number }>();
    for (const [key, t] of this.state.taken) {
      if (t.withdrawn) continue;
      const slash = key.lastIndexOf('/');
      const where = `${t.round}/${t.table}/${t.game}`;
      if ((from.get(where)?.at ?? -Infinity) <= t.at) from.set(where, { hubTable: key.slice(0, slash), hubGameNo: Number(key.slice(slash + 1)), at: t.at });
    }
    return from;
  }

  /** GET /api/tournament: rounds, cards (marks, totals, who initialed/verified; no initials, no correction texts), clock, standings. */
  publicView(): TournamentPublic {
    this.tick();
    const hubOf = new Map(this.config.tables.map((t) => [t.table, t.hubTable]));
    const hubGames = this.hubGames();
    // each game of a card taken from a hub table: that table game (its replay, docs/replay.md), else null
    const replaysOf = (c: { round: number; table: number; games: readonly unknown[] }) =>
      c.games.map((_, g) => {
        const f = hubGames.get(`${c.round}/${c.table}/${g + 1}`);
        return f ? { hubTable: f.hubTable, gameNo: f.hubGameNo } : null;
      });
    const cards: PublicCard[] = this.allCards().map((c): PublicCard => {
      if (isSiameseCard(c))
        return {
          round: c.round,
          table: c.table,
          label: this.labelOf(c.table),
          hubTable: hubOf.get(c.table) ?? null,
          seats: c.seats.map((player, s) => ({
            seat: SIAMESE_SEAT_NAMES[s]!,
            player,
            name: this.names[player] ?? player,
            marks: c.games.map((g) => (g ? g.marks[s]! : '')),
            total: siameseCardTotal(c, s as SiameseSeat),
            initialed: c.initials[s] !== null,
            verified: c.verified[s]!,
          })),
          games: c.games.filter((g) => g !== null).length,
          changes: this.cardChanges(c.round, c.table),
          by: c.games.map((g) => g?.by ?? null),
          complete: isAnyCardComplete(c),
          missing: anyCardMissing(c),
          corrections: c.corrections.length,
          kind: 'siamese',
          settlement: siameseSettlement(c, this.names).text,
          replays: replaysOf(c),
        };
      return {
        round: c.round,
        table: c.table,
        label: this.labelOf(c.table),
        hubTable: hubOf.get(c.table) ?? null,
        seats: c.seats.map((player, s) => ({
          seat: SEAT_NAMES[s]!,
          player,
          name: this.names[player] ?? player,
          marks: c.games.map((g) => (g ? g.marks[s]! : '')),
          total: cardTotal(c, s as Seat),
          initialed: c.initials[s] !== null,
          verified: c.verified[s]!,
        })),
        games: c.games.filter((g) => g !== null).length,
        changes: this.cardChanges(c.round, c.table),
        by: c.games.map((g) => g?.by ?? null),
        complete: isCardComplete(c),
        missing: cardMissing(c),
        corrections: c.corrections.length,
        replays: replaysOf(c),
      };
    });
    return {
      name: this.config.name,
      round: this.state.round,
      rounds: this.config.rounds,
      gamesPerRound: GAMES_PER_ROUND,
      clock: this.clockPublic(),
      scoring: this.scoringText(),
      cards,
      standings: this.standings().map((r) => ({ ...r, name: this.names[r.player] ?? r.player })),
      extraTime: this.extraTimeOf(this.state.round),
      prizes: [...this.config.prizes],
      tables: this.tableLabels(),
    };
  }

  /**
   * The scoring settings in force, one line each, as every page and export prints them: a standard
   * tournament's settings (rules/scoring/settings.ts `describeScoringSettings`); a Siamese one's 003 rule 17.
   */
  scoringText(): string[] {
    return this.config.kind === 'siamese' ? [SIAMESE_SCORING_TEXT] : describeScoringSettings(this.config.scoring);
  }

  /** The standings as CSV (hub/tournament/export.ts: header rank,player,name,game points,penalties,points,prize,marks,scoring; `points` the total, which ranks; CRLF). */
  standingsCsv(): string {
    this.tick();
    return standingsCsv(this.standings(), { names: this.names, scoring: this.scoringText() });
  }

  /** The standings as JSON (`mjhub.tournament-standings/1`, with the `scoring` lines). */
  standingsJson(): string {
    this.tick();
    return standingsJson(this.config.name, this.standings(), {
      names: this.names,
      scoring: this.scoringText(),
      penalties: [...this.penaltiesInForce().map(({ at: _at, ...p }) => p), ...stolenTileEntries(this.allCards())],
    });
  }

  /**
   * Every scored game of every card as JSON lines (`mjhub.tournament-game/2` with the settings,
   * rules/tournament/RECORD-FORMAT.md); a game written as points has `outcome.fixedPoints`.
   */
  gamesJsonl(): string {
    this.tick();
    // each card game taken from a hub table links to that game's record (rules/GAME-RECORD.md)
    const from = this.hubGames();
    return gameRecordJsonLines(this.state.cards.flat(), (round, table, game) => {
      const f = from.get(`${round}/${table}/${game}`);
      return f ? gameRecordPath(f.hubTable, f.hubGameNo) : undefined;
    });
  }

  /** Called on every change of the tournament (and every tick while the clock runs); returns an unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the timer and the table subscriptions. Safe to call twice. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const u of this.unsubscribe.splice(0)) u();
    this.listeners.clear();
    this.closed = true;
  }
}

export { TournamentError };
export type { TournamentConfig };
