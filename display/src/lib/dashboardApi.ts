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
