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
 * `POST /api/director/tables/:id/entries` with the entry as its body. Sends
 * `Authorization: Bearer <token>` when `token` is not ''; the browser sends the director's session
 * cookie (if logged in) with it either way (same origin).
 * @returns null when the hub accepted it, else the hub's error message word for word (never throws)
 */
export async function postEntry(tableId: string, entry: MisnamedDiscardEntry, token: string): Promise<string | null> {
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
