/**
 * The director's entries of what no reader can witness (hub/api/server.ts
 * `POST /api/director/tables/:id/entries`), as the director table page sends them.
 */
import { errorMessage } from './api.js';

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
 * On a standard (4-player) table, what no reader can witness (000):
 * - `looked-at-stolen-tile`: `player` looked at a stolen tile: −10 points at the end of that game;
 * - `dead-declared-in-error`: `player` declared another hand dead in error, so `player`'s own hand is dead.
 */
export interface StandardEntry {
  entry: 'looked-at-stolen-tile' | 'dead-declared-in-error';
  /** the player (0 = East) */
  player: number;
}

/** Any director entry the hub takes (hub/api/server.ts ENTRY_BODY). */
export type DirectorEntry = MisnamedDiscardEntry | StandardEntry;

/**
 * `POST /api/director/tables/:id/entries` with the entry as its body. Sends
 * `Authorization: Bearer <token>` when `token` is not ''; the browser sends the director's session
 * cookie (if logged in) with it either way (same origin).
 * @returns null when the hub accepted it, else the hub's error message word for word (never throws)
 */
export async function postEntry(tableId: string, entry: DirectorEntry, token: string): Promise<string | null> {
  try {
    const res = await fetch(`/api/director/tables/${encodeURIComponent(tableId)}/entries`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(entry),
    });
    if (res.ok) return null;
    return await errorMessage(res);
  } catch (err) {
    return `could not reach the hub: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** The tournament as the public sees it (GET /api/tournament), the parts the room shows. */
export interface TournamentSummary {
  name: string;
  round: number;
  rounds: number;
  clock: { state: string; display: string; running: boolean; aboutToRunOut: boolean; timeUp: boolean };
  standings?: { rank: number; name?: string; player: string; points: number; prize: number }[];
}

/** GET /api/tournament, or null when the hub runs no tournament (404) or cannot be reached. Never throws. */
export async function fetchTournament(): Promise<TournamentSummary | null> {
  try {
    const res = await fetch('/api/tournament', { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    return (await res.json()) as TournamentSummary;
  } catch {
    return null;
  }
}

/**
 * The director runs the round clock: POST /api/director/tournament/clock {action}.
 * @returns null when the hub accepted it, else its message word for word (never throws)
 */
export async function postClock(action: 'start' | 'pause' | 'resume' | 'next-round', token: string): Promise<string | null> {
  try {
    const res = await fetch('/api/director/tournament/clock', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ action }),
    });
    if (res.ok) return null;
    return await errorMessage(res);
  } catch (err) {
    return `could not reach the hub: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** A director's correction of one game on a tournament score card, by points (000: the director settles a disputed score). */
export interface ScoreCorrection {
  /** the game on the card, 1 … 4 */
  game: number;
  /** the four seats' points, in seat order East, South, West, North (whole numbers, may be negative) */
  points: number[];
  /** why (required, 1 … 500 characters); kept on the card */
  reason: string;
}

/**
 * Checks a correction before it is sent, naming the field that is wrong (the hub checks again).
 * @returns null when it may be sent, else the problem, e.g. "game must be 1, 2, 3 or 4"
 */
export function correctionProblem(table: string, round: number, fix: ScoreCorrection): string | null {
  if (!table.trim()) return 'table is required';
  if (!Number.isInteger(round) || round < 1) return 'round must be a whole number from 1';
  if (!Number.isInteger(fix.game) || fix.game < 1 || fix.game > 4) return 'game must be 1, 2, 3 or 4';
  if (fix.points.length !== 4) return 'give the points of all four seats';
  const seats = ['East', 'South', 'West', 'North'];
  for (let i = 0; i < 4; i++) if (!Number.isInteger(fix.points[i])) return `${seats[i]}'s points must be a whole number`;
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
  try {
    const res = await fetch(`/api/director/tournament/cards/${encodeURIComponent(table.trim())}/${round}/correct`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ game: fix.game, points: fix.points, reason: fix.reason }),
    });
    if (res.ok) return null;
    return await errorMessage(res);
  } catch (err) {
    return `could not reach the hub: ${err instanceof Error ? err.message : String(err)}`;
  }
}
