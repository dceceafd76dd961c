/**
 * The director's entries of what no reader can witness (hub/api/server.ts
 * `POST /api/director/tables/:id/entries`), as the director table page sends them.
 */
import { errorMessage } from './api.js';
import type { DirectorSocket } from './directorSocket.js';
import { check } from '../../../hub/contract/issues.js';
import { PENALTY_LOG_EV, PenaltyLogPushSchema } from '../../../hub/contract/penalty-log.js';
import { MAX_GAME_POINTS } from '../../../rules/tournament/card-checks.js';
import {
  BetweenRoundsReply,
  ExtraTimeReply,
  PenaltySchema,
  RoundCardsReply,
  ScoreCardSchema,
  TableLabelsReply,
  TournamentClockReply,
  TournamentPublicReply,
} from '../../../hub/contract/responses.js';
import type { z } from 'zod';
import { readAnswer, reportWrongAnswer } from './answer.js';

/**
 * A mis-named discard claimed for the Mah Jongg on `player`'s `rack` (003 rule 19C: the discarder
 * pays 25 points more; 19D: 20 more again when it made the 2nd Mah Jongg).
 */
export interface MisnamedDiscardEntry {
  entry: 'misnamed-discard';
  /** the player whose Mah Jongg took the discard (0 = East) */
  player: number;
  /** that Mah Jongg's rack (0-based) */
  rack: number;
}

/**
 * On a Siamese table: a mis-named discard claimed for an exposure (003 rule 19A/B): `player` called
 * it this turn, the discarder had named it `named` (a tile kind, e.g. "5D"). The hub finds the rack.
 */
export interface MisnamedExposureEntry {
  entry: 'misnamed-exposure';
  player: number;
  named: string;
}

/**
 * On a standard (4-player) table, what no reader can witness (000):
 * - `looked-at-stolen-tile`: `player` looked at a stolen tile: −10 points at the end of that game;
 * - `dead-declared-in-error`: `player` declared another hand dead in error, so `player`'s own hand is dead;
 * - `announced-line`: `player` announced the card line `line` (its id) for the Mah Jongg: paid at
 *   that line on a table whose scoring settings say `paidLine: "announced"`.
 */
export interface StandardEntry {
  entry: 'looked-at-stolen-tile' | 'dead-declared-in-error' | 'announced-line';
  /** the player (0 = East) */
  player: number;
  /** `announced-line` only: the card line's id, e.g. "sample-standard:20" */
  line?: string;
}

/**
 * On a standard table, `player` declared `declared`'s hand dead (000): the hub judges it from the
 * exposures and the discards; the declared hand dies when no card line can still be made, else `player`'s.
 */
export interface DeclaredDeadEntry {
  entry: 'declared-dead';
  /** the declarer (0 = East) */
  player: number;
  /** the player whose hand was declared dead */
  declared: number;
}

/**
 * On a standard table, a discard named wrongly (NMJL practice): claimed by `player` for Mah Jongg
 * (the Mah Jongg stands, as `named` when the hub judged it in error; the namer pays as the
 * discarder) or for an exposure (the director's `ruling`).
 */
export interface StandardMisnamedEntry {
  entry: 'misnamed-discard';
  player: number;
  for: 'mah-jongg' | 'exposure';
  /** the tile as it was named, e.g. "F" */
  named?: string;
  ruling?: 'keep-exposure' | 'dead';
}

/** Any director entry the hub takes (hub/api/server.ts ENTRY_BODY). */
export type DirectorEntry = MisnamedDiscardEntry | MisnamedExposureEntry | StandardEntry | DeclaredDeadEntry | StandardMisnamedEntry;

/** `POST url` with `body` as JSON, the director's session cookie and, when given, `token` as its bearer; throws as `fetch` does. */
function postBody(url: string, body: unknown, token: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/**
 * POST `body` as JSON to the hub, with `Authorization: Bearer <token>` when `token` is not '' (the
 * browser sends the director's session cookie either way: same origin).
 * @param answer the schema of the route's 2xx answer (hub/contract/responses.ts), when it has one:
 *   an accepted request whose answer does not fit is still accepted (null), its wrong field said on
 *   the console (answer.ts `reportWrongAnswer`)
 * @returns null when the hub accepted it, else the hub's error message word for word, or
 *   "could not reach the hub: …" (never throws)
 */
async function postJson(url: string, body: unknown, token: string, answer?: z.ZodType): Promise<string | null> {
  try {
    const res = await postBody(url, body, token);
    if (!res.ok) return await errorMessage(res);
    if (answer) await readAnswer(res, answer, `POST ${url}`).catch(reportWrongAnswer);
    return null;
  } catch (err) {
    return `could not reach the hub: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/**
 * `POST /api/director/tables/:id/entries` with the entry as its body. Sends
 * `Authorization: Bearer <token>` when `token` is not ''; the browser sends the director's session
 * cookie (if logged in) with it either way (same origin).
 * @returns null when the hub accepted it, else the hub's error message word for word (never throws)
 */
export async function postEntry(tableId: string, entry: DirectorEntry, token: string): Promise<string | null> {
  return postJson(`/api/director/tables/${encodeURIComponent(tableId)}/entries`, entry, token);
}

/** The tournament as the public sees it (GET /api/tournament), the parts the room shows. */
export interface TournamentSummary {
  name: string;
  round: number;
  rounds: number;
  clock: { state: string; display: string; running: boolean; aboutToRunOut: boolean; timeUp: boolean };
  /** the scoring settings in force, one line each (hub/tournament/service.ts `scoringText`) */
  scoring?: string[];
  /** `points` is the total (game points + event penalties), which ranks */
  standings?: { rank: number; name?: string; player: string; gamePoints?: number; penalties?: number; points: number; prize: number; byes?: number[]; withdrawn?: boolean }[];
  /** the tables given extra time in the current round: the minutes in all, each grant, in words, the time left */
  extraTime?: { table: number; minutes: number; grants: number[]; text: string; remainingMs: number; timeUp: boolean }[];
}

/** The director's room tools (docs/tournament-tools.md): each route, and the schema its answer is read with. */
const TOOLS = {
  penalty: { url: '/api/director/tournament/penalties', schema: PenaltySchema },
  /** `:penalty` is the penalty's id in the log (`postRoomTool`'s `param`) */
  'cancel-penalty': { url: '/api/director/tournament/penalties/:penalty/cancel', schema: PenaltySchema },
  'extra-time': { url: '/api/director/tournament/extra-time', schema: ExtraTimeReply },
  withdraw: { url: '/api/director/tournament/withdraw', schema: RoundCardsReply },
  'late-arrival': { url: '/api/director/tournament/late-arrival', schema: RoundCardsReply },
  substitute: { url: '/api/director/tournament/substitute', schema: RoundCardsReply },
  /** `:table` is the tournament table number (`postRoomTool`'s `table`) */
  label: { url: '/api/director/tournament/tables/:table/label', schema: TableLabelsReply },
} as const;

/** One of the director's room tools: a penalty, its cancellation, extra time for a table, a withdrawal with a late arrival, a substitute, a table's label. */
export type RoomTool = keyof typeof TOOLS;

/**
 * Sends one of the director's room tools (`POST` its route with `body`, the session cookie or
 * `Authorization: Bearer <token>`), and reads the answer with the contract's schema. `param` fills
 * the route's one URL parameter (the `label` tool's `:table`: the tournament table number, e.g.
 * "1"; the `cancel-penalty` tool's `:penalty`: the penalty's id, e.g. "2").
 * @returns `{ ok: true, answer }` (the answer as the hub sent it), or `{ ok: false, error }` with the
 *   hub's message word for word (e.g. "penalty: points 0 take nothing away: …"). Never throws.
 */
export async function postRoomTool<T extends RoomTool>(
  tool: T,
  body: unknown,
  token: string,
  param = '',
): Promise<{ ok: true; answer: z.output<(typeof TOOLS)[T]['schema']> } | { ok: false; error: string }> {
  const { schema } = TOOLS[tool];
  const url = TOOLS[tool].url.replace(/:\w+/, encodeURIComponent(param));
  try {
    const res = await postBody(url, body, token);
    if (!res.ok) return { ok: false, error: await errorMessage(res) };
    const answer = (await readAnswer(res, schema as z.ZodType, `POST ${url}`)) as z.output<(typeof TOOLS)[T]['schema']>;
    return { ok: true, answer };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** The director's printed sheets (hub/api/tournament-print.ts): each opens as a page to print (one page on A4 and Letter). */
export const printPath = {
  seating: (round: number) => `/api/director/tournament/print/seating/${round}`,
  card: (table: number, round: number) => `/api/director/tournament/print/card/${table}/${round}`,
  claim: (table: number) => `/api/director/tournament/print/claim/${table}`,
  standings: () => '/api/director/tournament/print/standings',
  player: (player: string) => `/api/director/tournament/print/player/${encodeURIComponent(player)}`,
};

/** GET /api/tournament, or null when the hub runs no tournament (404) or cannot be reached. Never throws. */
export async function fetchTournament(): Promise<TournamentSummary | null> {
  try {
    const res = await fetch('/api/tournament', { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    return (await readAnswer(res, TournamentPublicReply, 'GET /api/tournament')) as TournamentSummary;
  } catch {
    return null;
  }
}

/**
 * The director runs the round clock: POST /api/director/tournament/clock {action}; its answer (the
 * clock) is parsed with the contract (`TournamentClockReply`), a wrong field said on the console.
 * @returns null when the hub accepted it, else its message word for word (never throws)
 */
export async function postClock(action: 'start' | 'pause' | 'resume' | 'next-round', token: string): Promise<string | null> {
  return postJson('/api/director/tournament/clock', { action }, token, TournamentClockReply);
}

/** A director's correction of one game on a tournament score card, by points (000: the director settles a disputed score). */
export interface ScoreCorrection {
  /** the game on the card, 1 … 4 */
  game: number;
  /**
   * each seat's points in seat order (whole numbers, may be negative): East, South, West, North on a
   * 4-seat card; East, West on a Royale Siamese card (each player's own 003 rule 17 points)
   */
  points: number[];
  /** why (required, 1 … 500 characters); kept on the card */
  reason: string;
}

/** The seats of a 4-seat card (000), in the order of its points. */
export const FOUR_SEATS = ['East', 'South', 'West', 'North'] as const;
/** The seats of a Royale Siamese card (003), in the order of its points. */
export const SIAMESE_SEATS = ['East', 'West'] as const;

/**
 * Checks a correction before it is sent, naming the field that is wrong (the hub checks again).
 * @param seats the card's seats, in the order of `fix.points`: {@link FOUR_SEATS} (default) or
 *   {@link SIAMESE_SEATS} for a Royale Siamese card
 * @returns null when it may be sent, else the problem, e.g. "game must be 1, 2, 3 or 4",
 *   "give the points of both seats (East, West)"
 */
export function correctionProblem(table: string, round: number, fix: ScoreCorrection, seats: readonly string[] = FOUR_SEATS): string | null {
  if (!table.trim()) return 'table is required';
  if (!Number.isInteger(round) || round < 1) return 'round must be a whole number from 1';
  if (!Number.isInteger(fix.game) || fix.game < 1 || fix.game > 4) return 'game must be 1, 2, 3 or 4';
  if (fix.points.length !== seats.length) return seats.length === 2 ? `give the points of both seats (${seats.join(', ')})` : 'give the points of all four seats';
  for (let i = 0; i < seats.length; i++) {
    if (!Number.isInteger(fix.points[i])) return `${seats[i]}'s points must be a whole number`;
    if (Math.abs(fix.points[i]!) > MAX_GAME_POINTS) return `${seats[i]}'s points ${fix.points[i]} are more than a game can score (at most ${MAX_GAME_POINTS} either way)`;
  }
  if (!fix.reason.trim()) return 'a reason is required';
  if (fix.reason.length > 500) return 'the reason is longer than 500 characters';
  return null;
}

/**
 * The director corrects a score: POST /api/director/tournament/cards/:table/:round/correct
 * `{ game, points, reason }` (hub/tournament/routes.ts). The hub clears the card's initials and
 * verifications, so the players must initial again.
 * @param table a tournament table number or a bound hub table id
 * @returns null when the hub accepted it, else its message word for word (never throws)
 */
export async function postCorrection(table: string, round: number, fix: ScoreCorrection, token: string): Promise<string | null> {
  return postJson(`/api/director/tournament/cards/${encodeURIComponent(table.trim())}/${round}/correct`, { game: fix.game, points: fix.points, reason: fix.reason }, token, ScoreCardSchema);
}

/**
 * A score card as the director sees it after a correction (hub/tournament/routes.ts: a 4-seat
 * ScoreCard, rules/tournament/scorecard.ts, or a 2-seat SiameseScoreCard, siamese-card.ts), the
 * parts the room shows.
 */
export interface DirectorCard {
  round: number;
  table: number;
  /** 'siamese' on a Royale Siamese card (seats East, West); absent on a 4-seat card */
  kind?: 'siamese';
  /** player ids, East, South, West, North (a Siamese card: East, West) */
  seats: string[];
  /** the players' names by seat (from GET /api/tournament; the id when unknown) */
  names: string[];
  /** games 1-4: what is written per seat ("X" for 0), or null when the game has no result yet */
  games: ({ points: number[]; marks: string[]; by: string } | null)[];
  /** per seat: the initials, or null (a correction clears them all) */
  initials: (string | null)[];
  /** every correction, oldest first */
  corrections: { game: number; reason: string; director: string }[];
  /** a Siamese card: the settlement after the correction, from GET /api/tournament (003 rule 17, e.g. "Bea pays Ann 95") */
  settlement?: string;
}

/** A card of GET /api/tournament, the parts that tell which kind of card a table has. */
export interface CardKindInfo {
  round: number;
  table: number;
  hubTable?: string | null;
  kind?: 'siamese';
}

/**
 * Which kind of card `table` (a tournament table number or a bound hub table id, as the director
 * types it) has in `round`: 'siamese' (2 seats: East, West) or 'standard' (4 seats); when no card
 * matches, the kind every card of the tournament has, else null (unknown: ask for 4 seats).
 */
export function cardKindOf(cards: readonly CardKindInfo[], table: string, round: number): 'siamese' | 'standard' | null {
  const t = table.trim();
  const kind = (c: CardKindInfo) => (c.kind === 'siamese' ? 'siamese' : 'standard');
  const hit = cards.find((c) => c.round === round && (String(c.table) === t.replace(/^0+(?=\d)/, '') || (c.hubTable != null && c.hubTable === t)));
  if (hit) return kind(hit);
  const kinds = new Set(cards.map(kind));
  return kinds.size === 1 ? [...kinds][0]! : null;
}

/** GET /api/tournament's cards (kind, table, round), or [] when the hub runs no tournament or cannot be reached. Never throws. */
export async function fetchTournamentCards(): Promise<CardKindInfo[]> {
  try {
    const res = await fetch('/api/tournament', { headers: { accept: 'application/json' } });
    if (!res.ok) return [];
    return (await readAnswer(res, TournamentPublicReply, 'GET /api/tournament')).cards;
  } catch {
    return [];
  }
}

/**
 * {@link postCorrection}, returning the corrected card (with the players' names) when the hub
 * accepted it: `{ card }`, else `{ error }` with the hub's message word for word. Never throws.
 */
export async function postCorrectionCard(table: string, round: number, fix: ScoreCorrection, token: string): Promise<{ card: DirectorCard } | { error: string }> {
  try {
    const res = await fetch(`/api/director/tournament/cards/${encodeURIComponent(table.trim())}/${round}/correct`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ game: fix.game, points: fix.points, reason: fix.reason }),
    });
    if (!res.ok) return { error: await errorMessage(res) };
    const card = await readAnswer(res, ScoreCardSchema, 'POST /api/director/tournament/cards/…/correct');
    const names = new Map<string, string>();
    let settlement: string | undefined;
    try {
      const pub = await fetch('/api/tournament', { headers: { accept: 'application/json' } });
      const body = await readAnswer(pub, TournamentPublicReply, 'GET /api/tournament');
      for (const c of body.cards) {
        for (const s of c.seats) names.set(s.player, s.name);
        if (c.round === card.round && c.table === card.table && typeof c.settlement === 'string') settlement = c.settlement;
      }
    } catch {
      /* names are a nicety: ids are shown instead */
    }
    return { card: { ...card, names: card.seats.map((id) => names.get(id) ?? id), ...(card.kind === 'siamese' && settlement !== undefined ? { settlement } : {}) } };
  } catch (err) {
    if (err instanceof Error && err.message.startsWith("the hub's answer")) return { error: err.message };
    return { error: `could not reach the hub: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** A game begun between rounds, as GET /api/director/tournament/between lists it (hub/tournament/between-rounds.ts). */
export interface BetweenRoundsEntry {
  hubTable: string;
  hubGameNo: number;
  /** the round whose time was up when it began */
  afterRound: number;
  /** when the hub first saw it under way, ms since epoch */
  began: number;
  state: 'in play' | 'ended' | 'assigned' | 'dropped';
  /** its result once it ended: points per seat, or a 000 outcome (scored when assigned) */
  result: { points: number[]; source: string } | { outcome: Record<string, unknown> } | null;
  /** the round it was assigned to */
  round: number | null;
  director: string | null;
}

/** GET a director route (the session cookie, or `Authorization: Bearer <token>`) read with its schema; null when the hub cannot be asked (no tournament, no login). Never throws. */
async function getDirector<S extends z.ZodType>(url: string, schema: S, token: string): Promise<z.output<S> | null> {
  try {
    const res = await fetch(url, {
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    if (!res.ok) return null;
    return (await readAnswer(res, schema, `GET ${url}`)) as z.output<S>;
  } catch {
    return null;
  }
}

/** GET /api/director/tournament/between, or null when the hub cannot be asked (no tournament, no login). Never throws. */
export async function fetchBetweenRounds(token: string): Promise<BetweenRoundsEntry[] | null> {
  return (await getDirector('/api/director/tournament/between', BetweenRoundsReply, token)) as BetweenRoundsEntry[] | null;
}

/** One event penalty as logged (`GET /api/director/tournament/penalties`): id, player, round, kind, points, reason, and its cancellation once cancelled. */
export type LoggedPenalty = z.output<typeof PenaltySchema>;

/** What the room's penalty list draws from ({@link followPenalties}). */
export interface PenaltyLogLive {
  /** the event's own penalties, oldest first, cancelled ones included and marked; null before the hub's first answer */
  penalties: LoggedPenalty[] | null;
  /** true while the socket is up and the list is the hub's latest */
  live: boolean;
  /** the last problem in words (the hub refused the watch, a push of another shape, the connection lost), or null */
  error: string | null;
}

/**
 * Follows the event's own penalties (not the 000 stolen-tile −10 inside a game's points) on the
 * room's one `/director` socket (lib/directorSocket.ts; contract hub/contract/penalty-log.ts): asks
 * with `penalties:watch` on every (re)connect and takes each `penalties:log` push (checked with the
 * contract's schema) as the whole list, so a penalty given or cancelled by another director shows
 * at once. Never throws.
 * @returns stop (removes this follower's listeners)
 */
export function followPenalties(link: DirectorSocket, onLog: (log: PenaltyLogLive) => void): () => void {
  let now: PenaltyLogLive = { penalties: null, live: false, error: null };
  const publish = (change: Partial<PenaltyLogLive>) => onLog((now = { ...now, ...change }));
  const stops = [
    link.onConnect(() =>
      link.emit(PENALTY_LOG_EV.watch, {}, (a: { ok: boolean; error?: string }) => {
        if (!a.ok) publish({ live: false, error: a.error ?? 'the hub refused to send the penalty log' });
      }),
    ),
    link.on(PENALTY_LOG_EV.log, (payload: unknown) => {
      const r = check(PenaltyLogPushSchema, payload, PENALTY_LOG_EV.log);
      publish(r.ok ? { penalties: r.value.penalties, live: true, error: null } : { error: r.error });
    }),
    link.on('disconnect', (reason: string) => publish({ live: false, error: `connection lost (${reason})` })),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * The director assigns a game begun between rounds to the next round, or drops it:
 * POST /api/director/tournament/between/:hubTable/:gameNo {action}.
 * @returns null when the hub accepted it, else its message word for word (never throws)
 */
export async function postBetweenRuling(hubTable: string, gameNo: number, action: 'assign' | 'drop', token: string): Promise<string | null> {
  return postJson(`/api/director/tournament/between/${encodeURIComponent(hubTable)}/${gameNo}`, { action }, token);
}

/**
 * The room's line for a game begun between rounds, e.g. "Game 5 at t1, begun between rounds at
 * 10:52 (after round 1's time): ended, East 50 · South 0 · West 0 · North 0" (a Siamese card:
 * East, West), "…: ended, South went Mah Jongg" (a 000 outcome, scored when assigned), or "…:
 * assigned to round 2 by Judy, …". `hhmm` formats the time (local hours:minutes).
 */
export function betweenRoundsText(g: BetweenRoundsEntry, hhmm: (ms: number) => string): string {
  const head = `Game ${g.hubGameNo} at ${g.hubTable}, begun between rounds at ${hhmm(g.began)} (after round ${g.afterRound}'s time)`;
  const seats: readonly string[] = g.result && 'points' in g.result && g.result.points.length === 2 ? SIAMESE_SEATS : FOUR_SEATS;
  const winner = g.result && 'outcome' in g.result ? g.result.outcome.winner : undefined;
  const result =
    g.result === null
      ? ''
      : 'points' in g.result
        ? `, ${g.result.points.map((p, i) => `${seats[i] ?? `seat ${i + 1}`} ${p}`).join(' · ')}`
        : typeof winner === 'number'
          ? `, ${FOUR_SEATS[winner] ?? `seat ${winner + 1}`} went Mah Jongg`
          : ', a wall game';
  const by = g.director ? ` by ${g.director}` : '';
  if (g.state === 'assigned') return `${head}: assigned to round ${g.round}${by}${result}`;
  if (g.state === 'dropped') return `${head}: dropped${by}${result}`;
  return `${head}: ${g.state === 'ended' ? 'ended' : 'still in play'}${result}`;
}
