/**
 * Who sits where in each round: the seat rotation between rounds (000, "GAME PLAY": rounds of
 * four games at tables of four players). Pure and deterministic: the same players in the same order
 * always give the same seating.
 *
 * The movement (a reading; 000 does not prescribe one, and the director may post another):
 * - Round 1: players sit in the order given, four to a table: players 1-4 at table 1 (East, South,
 *   West, North), players 5-8 at table 2, and so on. Call a player's round-1 table `t` and seat `s`
 *   (0 East, 1 South, 2 West, 3 North) their "home".
 * - Round r (k = r − 1 moves later): the player moves `s × k` tables on (modulo the number of tables)
 *   and takes the seat `(s + k) mod 4`. So round-1 Easts never move, round-1 Souths move one table a
 *   round, Wests two, Norths three; and everybody's seat turns one place a round, so the job of East
 *   (the table score card, 000) goes round.
 * - Every table always receives exactly one player of each home seat, so every table is full and no
 *   player sits twice in a round.
 * - With a number of tables not divisible by 2 or 3 (1 excepted: 5, 7, 11, 13 …) two players never
 *   meet twice within that many rounds. With other numbers (2, 3, 4, 6 …) some pairs must meet again;
 *   {@link repeatMeetings} lists them for the director.
 */
import { SEAT_NAMES, TournamentError, type Seat } from './errors.js';

/** A registered player. `id` is unique in the tournament (e.g. a badge number); `name` is shown. */
export interface Player {
  id: string;
  name: string;
}

/** One table in one round: the player ids in seat order [East, South, West, North]. */
export interface TableSeating {
  /** 1-based round number */
  round: number;
  /** 1-based table number */
  table: number;
  /** player ids, East, South, West, North */
  seats: [string, string, string, string];
}

function checkPlayers(players: readonly Player[]): void {
  if (!Array.isArray(players) || players.length === 0) throw new TournamentError('a tournament needs players: the list is empty');
  if (players.length % 4 !== 0) throw new TournamentError(`${players.length} players do not fill tables of four: add ${4 - (players.length % 4)} substitute(s) or remove ${players.length % 4}`);
  const seen = new Set<string>();
  players.forEach((p, i) => {
    if (!p || typeof p.id !== 'string' || p.id.trim() === '') throw new TournamentError(`player ${i + 1} has no id`);
    if (seen.has(p.id)) throw new TournamentError(`player id "${p.id}" is registered twice (player ${i + 1})`);
    seen.add(p.id);
  });
}

/**
 * The seating of one round under the movement described at the top of this file.
 *
 * @param players every player, in the order of their round-1 seats (4 per table; ids unique)
 * @param round 1-based round number
 * @returns one {@link TableSeating} per table, table 1 first
 * @throws TournamentError when the players do not fill tables of four, an id is missing or repeated,
 *   or the round is not a whole number ≥ 1
 */
export function seatingForRound(players: readonly Player[], round: number): TableSeating[] {
  checkPlayers(players);
  if (!Number.isInteger(round) || round < 1) throw new TournamentError(`round must be a whole number ≥ 1, not ${String(round)}`);
  const tables = players.length / 4;
  const k = round - 1;
  const out: TableSeating[] = Array.from({ length: tables }, (_, t) => ({ round, table: t + 1, seats: ['', '', '', ''] as [string, string, string, string] }));
  players.forEach((p, i) => {
    const homeTable = Math.floor(i / 4);
    const homeSeat = i % 4;
    const table = (homeTable + homeSeat * k) % tables;
    const seat = ((homeSeat + k) % 4) as Seat;
    const row = out[table]!;
    if (row.seats[seat] !== '') throw new TournamentError(`internal: round ${round} table ${table + 1} ${SEAT_NAMES[seat]} given twice`);
    row.seats[seat] = p.id;
  });
  return out;
}

/**
 * The seating of rounds 1 … `rounds`.
 * @throws TournamentError as {@link seatingForRound}, or when `rounds` is not a whole number ≥ 1
 */
export function seatingPlan(players: readonly Player[], rounds: number): TableSeating[][] {
  if (!Number.isInteger(rounds) || rounds < 1) throw new TournamentError(`rounds must be a whole number ≥ 1, not ${String(rounds)}`);
  return Array.from({ length: rounds }, (_, r) => seatingForRound(players, r + 1));
}

/** Two players who sat at the same table in more than one round, and the rounds. */
export interface RepeatMeeting {
  players: [string, string];
  rounds: number[];
}

/**
 * Pairs of players who meet at a table in more than one round of the plan (the movement cannot
 * avoid it with 2, 3, 4, 6 … tables). Sorted by the first then the second player id.
 */
export function repeatMeetings(plan: readonly (readonly TableSeating[])[]): RepeatMeeting[] {
  const met = new Map<string, number[]>();
  for (const round of plan)
    for (const t of round)
      for (let a = 0; a < 4; a++)
        for (let b = a + 1; b < 4; b++) {
          const pair = [t.seats[a]!, t.seats[b]!].sort();
          const key = JSON.stringify(pair);
          met.set(key, [...(met.get(key) ?? []), t.round]);
        }
  return [...met.entries()]
    .filter(([, rounds]) => rounds.length > 1)
    .map(([key, rounds]) => ({ players: JSON.parse(key) as [string, string], rounds }))
    .sort((x, y) => (x.players[0] === y.players[0] ? (x.players[1] < y.players[1] ? -1 : 1) : x.players[0] < y.players[0] ? -1 : 1));
}

/** One Siamese table (2 players) in one round: the player ids [East, West]. */
export interface PairSeating {
  /** 1-based round number */
  round: number;
  /** 1-based table number */
  table: number;
  /** player ids, East, West */
  seats: [string, string];
}

function checkPairPlayers(players: readonly Player[]): void {
  if (!Array.isArray(players) || players.length === 0) throw new TournamentError('a tournament needs players: the list is empty');
  if (players.length % 2 !== 0) throw new TournamentError(`${players.length} players do not fill Siamese tables of two: add a substitute or remove one`);
  const seen = new Set<string>();
  players.forEach((p, i) => {
    if (!p || typeof p.id !== 'string' || p.id.trim() === '') throw new TournamentError(`player ${i + 1} has no id`);
    if (seen.has(p.id)) throw new TournamentError(`player id "${p.id}" is registered twice (player ${i + 1})`);
    seen.add(p.id);
  });
}

/**
 * The seating of one round at Royale Siamese tables (2 players each: 003), by the circle
 * method, so that players meet a new opponent every round (a reading: 003 and 000 prescribe no
 * movement; the director may post another).
 *
 * With n players (even) and n − 1 "others" o[0 … n−2] (every player but the first, p0), in round r
 * (k = r − 1): table 1 seats p0 and o[k mod (n−1)]; table i + 1 (i = 1 … n/2 − 1) seats
 * o[(k + i) mod (n−1)] East and o[(k − i) mod (n−1)] West. p0 sits East in odd rounds and West in
 * even rounds. Round 1 is the players in the order given, two to a table (1-2, 3-4, …).
 * 4 players A B C D → round 1 A-B / C-D, round 2 A-C / D-B, round 3 A-D / B-C; round 4 repeats
 * round 1. Every pair meets exactly once in n − 1 rounds.
 *
 * @param players every player, in round-1 order (an even number; ids unique)
 * @param round 1-based round number
 * @returns one {@link PairSeating} per table, table 1 first
 * @throws TournamentError when the number of players is odd or zero, an id is missing or repeated,
 *   or the round is not a whole number ≥ 1
 */
export function pairSeatingForRound(players: readonly Player[], round: number): PairSeating[] {
  checkPairPlayers(players);
  if (!Number.isInteger(round) || round < 1) throw new TournamentError(`round must be a whole number ≥ 1, not ${String(round)}`);
  const n = players.length;
  const m = n - 1;
  const k = round - 1;
  const ids = players.map((p) => p.id);
  const other = (i: number) => ids[1 + ((((k + i) % m) + m) % m)]!;
  const first: [string, string] = k % 2 === 0 ? [ids[0]!, other(0)] : [other(0), ids[0]!];
  const out: PairSeating[] = [{ round, table: 1, seats: first }];
  for (let i = 1; i < n / 2; i++) out.push({ round, table: i + 1, seats: [other(i), other(-i)] });
  return out;
}

/**
 * Pairs of players who meet at a Siamese table in more than one round of `plan` (with n players it
 * happens only after n − 1 rounds). Sorted by the first then the second player id.
 */
export function repeatPairMeetings(plan: readonly (readonly PairSeating[])[]): RepeatMeeting[] {
  const met = new Map<string, number[]>();
  for (const round of plan)
    for (const t of round) {
      const key = JSON.stringify([...t.seats].sort());
      met.set(key, [...(met.get(key) ?? []), t.round]);
    }
  return [...met.entries()]
    .filter(([, rounds]) => rounds.length > 1)
    .map(([key, rounds]) => ({ players: JSON.parse(key) as [string, string], rounds }))
    .sort((x, y) => (x.players[0] === y.players[0] ? (x.players[1] < y.players[1] ? -1 : 1) : x.players[0] < y.players[0] ? -1 : 1));
}
