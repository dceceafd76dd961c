/**
 * The hub's HTTP API as the display uses it: the list of tables, the director's rulings on flags,
 * the director's login (session cookie), and the director token some pages still keep for this
 * browser tab (sessionStorage).
 */
import type { RestartChoice } from '../../../hub/api/views.js';

import type { FlagStatus } from '../../../hub/api/views.js';
import { gameCaptureFileName, gameCapturePath, gameRecordFileName, gameRecordPath, gameReplayPath } from '../../../hub/record/path.js';
import { ReplaySchema } from '../../../hub/contract/replay.js';
import type { z } from 'zod';
import { HealthReply, LoginReply, MoveCorrectionReply, PublicTablesReply, PublicTableViewSchema, SessionReply } from '../../../hub/contract/responses.js';
import type { FaceStyle } from '../../../hub/contract/views.js';
import { readAnswer, reportWrongAnswer } from './answer.js';
import { ViewingLogReplySchema } from '../../../hub/contract/broadcast.js';
import type { ViewingLogEntry } from '../../../hub/contract/broadcast.js';

/**
 * The table config's `tileFaces` from the table's public view (`GET /api/tables/:id`), for a page
 * that draws tiles without the table's view (the enrolment page).
 * @returns the faces, or undefined when the config names none, the table is unknown or the hub cannot be reached (never throws)
 */
export async function fetchTileFaces(tableId: string): Promise<FaceStyle | undefined> {
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}`, { headers: { accept: 'application/json' } });
    if (!res.ok) return undefined;
    return (await readAnswer(res, PublicTableViewSchema, `GET /api/tables/${tableId}`)).tileFaces;
  } catch {
    return undefined;
  }
}

/** A finished game's replay as checked ({@link fetchReplay}). */
export type Replay = z.infer<typeof ReplaySchema>;

/** One row of the table list. */
export interface TableListItem {
  id: string;
  /** "siamese", "standard", or null when the hub does not say */
  variant: string | null;
  /** player names when the hub sends them */
  players: string[];
  /** several hubs: another hub's table, its hub id and whether that hub answered (docs/several-hubs.md); absent for this hub's own */
  hub?: { id: string; online: boolean };
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * Reads the body of `GET /api/tables` whatever its exact shape: an array (or `{ tables: [...] }`)
 * of ids or of objects with `id`/`tableId`, optional `variant` and `players` (names or `{ name }`).
 * Rows without an id are dropped. Never throws.
 */
export function parseTableList(body: unknown): TableListItem[] {
  const rows = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.tables) ? body.tables : [];
  const out: TableListItem[] = [];
  for (const row of rows) {
    if (typeof row === 'string') {
      out.push({ id: row, variant: null, players: [] });
      continue;
    }
    if (!isRecord(row)) continue;
    const id = typeof row.id === 'string' ? row.id : typeof row.tableId === 'string' ? row.tableId : null;
    if (id === null) continue;
    const players = Array.isArray(row.players) ? row.players.flatMap((p) => (typeof p === 'string' ? [p] : isRecord(p) && typeof p.name === 'string' ? [p.name] : [])) : [];
    const hub = isRecord(row.hub) && typeof row.hub.id === 'string' ? { hub: { id: row.hub.id, online: row.hub.online === true } } : {};
    out.push({ id, variant: typeof row.variant === 'string' ? row.variant : null, players, ...hub });
  }
  return out;
}

/** The message of a failed response: its JSON `error`/`message`, else its text, else the status. */
export async function errorMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) {
      if (typeof body.error === 'string' && typeof body.message === 'string' && body.message !== body.error) return `${body.error}: ${body.message}`;
      if (typeof body.error === 'string') return body.error;
      if (typeof body.message === 'string') return body.message;
    }
  } catch {
    /* not JSON */
  }
  return text.trim() ? `${res.status} ${text.trim().slice(0, 300)}` : `${res.status} ${res.statusText}`.trim();
}

/**
 * `GET /api/tables`.
 * @throws Error with the hub's message when the request fails, or naming the field when the answer is not
 *   the public views (hub/contract/responses.ts `PublicTablesReply`)
 */
export async function fetchTables(): Promise<TableListItem[]> {
  const res = await fetch('/api/tables', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(await errorMessage(res));
  return parseTableList(await readAnswer(res, PublicTablesReply, 'GET /api/tables'));
}

/** The director's ruling on a flag. */
export type Ruling = 'confirm' | 'dismiss';

/**
 * `POST /api/director/tables/:id/flags/:flagId` with `{ ruling, was }` (and `deadRack` when given),
 * authorised by the session cookie of {@link login} (token `''`) or by `Authorization: Bearer <token>`.
 * A flag already ruled on takes a different ruling (the hub answers 409 to the same one again).
 * `was` is the flag's status the director saw: a flag another director ruled on meanwhile is
 * refused (409, naming who ruled), never ruled twice.
 * @param deadRack with `confirm` on a flag with a `deadRackChoice` (003 rule 20 silent with no
 *   exposures): the rack (index, 0 = rack 1) the director chooses to die
 * @returns null when the hub accepted it, else the error message to show (never throws).
 */
export async function postRuling(tableId: string, flagId: string, ruling: Ruling, token: string, deadRack: number | undefined, was: FlagStatus): Promise<string | null> {
  try {
    const res = await fetch(`/api/director/tables/${encodeURIComponent(tableId)}/flags/${encodeURIComponent(flagId)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(deadRack === undefined ? { ruling, was } : { ruling, deadRack, was }),
    });
    if (res.ok) return null;
    return await errorMessage(res);
  } catch (err) {
    return `could not reach the hub: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/**
 * Downloads the record of game `gameNo` of a table (rules/GAME-RECORD.md; director only: it holds
 * every concealed tile) as the file `<table>-game-<n>.jsonl`: GET with the login cookie or `token`,
 * then the browser saves it.
 * @returns null when the download began, else the error message to show (never throws)
 */
export async function downloadGameRecord(tableId: string, gameNo: number, token: string): Promise<string | null> {
  return download(gameRecordPath(tableId, gameNo), gameRecordFileName(tableId, gameNo), token);
}

/**
 * Downloads the capture of game `gameNo` of a table (firmware-protocol/CAPTURE.md; director only:
 * it holds every tile the readers saw) as the file `<table>-game-<n>.capture.jsonl`, as {@link downloadGameRecord}.
 * @returns null when the download began, else the error message to show (never throws)
 */
export async function downloadGameCapture(tableId: string, gameNo: number, token: string): Promise<string | null> {
  return download(gameCapturePath(tableId, gameNo), gameCaptureFileName(tableId, gameNo), token);
}

/** GET `path` with the login cookie or `token` and let the browser save it as `fileName`; null when begun, else the error to show. */
async function download(path: string, fileName: string, token: string): Promise<string | null> {
  try {
    const res = await fetch(path, { credentials: 'same-origin', headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!res.ok) return await errorMessage(res);
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    return null;
  } catch (err) {
    return `could not reach the hub: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/**
 * `GET /api/tables/:id/games/:gameNo/replay` (docs/replay.md), with the login cookie or `token`
 * when there is one (the director opens it at once; anyone else the event's delay after the game's end).
 * @throws Error with the hub's message (403 "the replay opens at 14:35 …", 404, 409) or the answer's shape problem
 */
export async function fetchReplay(tableId: string, gameNo: number, token: string): Promise<Replay> {
  const res = await fetch(gameReplayPath(tableId, gameNo), {
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(await errorMessage(res));
  return readAnswer(res, ReplaySchema, 'GET /api/tables/:id/games/:gameNo/replay');
}

/**
 * The director closes the notice of a tile not seen (the director view's `tilesNotSeen`): POST
 * /api/director/tables/:id/not-seen {tile}. The tile then counts where it last settled, and the
 * count check that waited on it is judged (hub/table/machine/not-seen.ts).
 * @returns null when the hub accepted it, else its message word for word (never throws)
 */
export async function postNotSeenClose(tableId: string, tile: string, token: string): Promise<string | null> {
  try {
    const res = await fetch(`/api/director/tables/${encodeURIComponent(tableId)}/not-seen`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ tile }),
    });
    if (res.ok) return null;
    return await errorMessage(res);
  } catch (err) {
    return `could not reach the hub: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** A correction of a committed move as the director's form sends it (hub/contract/http.ts `MoveCorrectionBody`). */
export type MoveCorrectionRequest = { kind: 'place'; end: 'from' | 'to'; zone: string } | { kind: 'tile'; tile: string };

/**
 * The director corrects what the readers saw of a committed move (`ref`, the move's id in the
 * flag evidence): POST /api/director/tables/:id/moves/:ref/correction (hub/api/routes-corrections.ts).
 * @returns the correction in words when the hub made it (`ok`), else the hub's message word for word (never throws)
 */
export async function postMoveCorrection(tableId: string, ref: string, body: MoveCorrectionRequest, token: string): Promise<{ ok: boolean; text: string }> {
  const what = `POST /api/director/tables/${tableId}/moves/${ref}/correction`;
  try {
    const res = await fetch(`/api/director/tables/${encodeURIComponent(tableId)}/moves/${encodeURIComponent(ref)}/correction`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) return { ok: false, text: await errorMessage(res) };
    return { ok: true, text: (await readAnswer(res, MoveCorrectionReply, what)).correction.text };
  } catch (err) {
    return { ok: false, text: err instanceof Error && err.message.startsWith("the hub's answer") ? err.message : `could not reach the hub: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** The director's words for each restart choice (hub/table/restart-check.ts). */
export const RESTART_CHOICE_LABELS: Record<RestartChoice, string> = {
  score: 'Score as it stood',
  replay: 'Replay (counts for nothing)',
  void: 'Void (0 for every player)',
};

/**
 * The director's choice for a game the readers did not show as the log had it when the hub
 * restarted: POST /api/director/tables/:id/restart {choice}.
 * @returns null when the hub accepted it, else its message word for word (never throws)
 */
export async function postRestartChoice(tableId: string, choice: RestartChoice, token: string): Promise<string | null> {
  try {
    const res = await fetch(`/api/director/tables/${encodeURIComponent(tableId)}/restart`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ choice }),
    });
    if (res.ok) return null;
    return await errorMessage(res);
  } catch (err) {
    return `could not reach the hub: ${err instanceof Error ? err.message : String(err)}`;
  }
}

const TOKEN_KEY = 'mjhub.directorToken';

/** The director token stored for this tab, or null. */
export function loadToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Stores (or, with null, forgets) the director token for this tab. */
export function saveToken(token: string | null): void {
  try {
    if (token === null) sessionStorage.removeItem(TOKEN_KEY);
    else sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    /* storage unavailable: the token lives only in memory */
  }
}

/** What {@link login} answers. */
export type LoginResult = { ok: true; expiresAt: number | null } | { ok: false; status: number; error: string };

/**
 * `POST /api/login` with `{ secret }`: on success the hub sets the HttpOnly session cookie that every
 * later director request and the `/director` socket carry by themselves (the secret is not kept,
 * and neither is the bearer token the hub also returns, which is for scripts).
 * @returns `{ ok: false, status, error }` with the hub's message (401 wrong secret, 429 too many
 *   attempts; status 0 when the hub is unreachable). Never throws.
 */
export async function login(secret: string): Promise<LoginResult> {
  try {
    const res = await fetch('/api/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ secret }),
    });
    if (!res.ok) return { ok: false, status: res.status, error: await errorMessage(res) };
    const body = await readAnswer(res, LoginReply, 'POST /api/login');
    return { ok: true, expiresAt: body.expiresAt };
  } catch (err) {
    if (err instanceof Error && err.message.startsWith("the hub's answer")) return { ok: false, status: 200, error: err.message };
    return { ok: false, status: 0, error: `could not reach the hub: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** `POST /api/logout`: the hub forgets the session and clears the cookie. Never throws. */
export async function logout(): Promise<void> {
  try {
    await fetch('/api/logout', { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    /* the hub is unreachable: the session expires by itself */
  }
}

/**
 * `GET /api/session`: whether this browser holds a live director session (its cookie is HttpOnly,
 * so only the hub can tell). `{ director: false }` when the hub cannot be asked. Never throws.
 */
export async function fetchSession(): Promise<{ director: boolean; expiresAt: number | null }> {
  try {
    const res = await fetch('/api/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!res.ok) return { director: false, expiresAt: null };
    const body = await readAnswer(res, SessionReply, 'GET /api/session');
    return { director: body.director, expiresAt: body.expiresAt };
  } catch {
    return { director: false, expiresAt: null };
  }
}

/** The hub's own health as the director sees it (GET /api/director/health, hub/api/routes-health.ts). */
export type StoreHealthView =
  | { ok: true }
  | {
      ok: false;
      error: string;
      since: number;
      retrying: boolean;
      unwritten: number;
      /** what to check, as the store words it (PostgreSQL: the database server); absent: the data folder's disk */
      check?: string;
      /** PostgreSQL with a local spool: the file that holds what is not written (nothing is lost when the hub stops) */
      held?: string;
    };

/**
 * Asks the hub whether its event log is being written: GET /api/director/health (director login:
 * the session cookie, or `token` as a bearer token).
 * @returns the store's health, or null when the hub cannot be asked (unreachable, refused, a bad
 *   answer: its wrong field said on the console, answer.ts `reportWrongAnswer`): the caller keeps
 *   what it showed (never throws)
 */
export async function fetchStoreHealth(token: string): Promise<StoreHealthView | null> {
  try {
    const res = await fetch('/api/director/health', {
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    if (!res.ok) return null;
    const s = (await readAnswer(res, HealthReply, 'GET /api/director/health')).store as Partial<Record<string, unknown>> & { ok: boolean };
    if (s.ok) return { ok: true };
    return {
      ok: false,
      error: String(s.error ?? 'unknown'),
      since: Number(s.since ?? 0),
      retrying: s.retrying === true,
      unwritten: Number(s.unwritten ?? 0),
      ...(typeof s.check === 'string' ? { check: s.check } : {}),
      ...(typeof s.held === 'string' ? { held: s.held } : {}),
    };
  } catch (err) {
    reportWrongAnswer(err); // an answer of another shape: its field on the console, and the fallback
    return null;
  }
}

/**
 * The director's alert for an event log that is not being written, e.g. "The event log is not
 * being saved (since 11:03:02): UNIQUE constraint failed: events.seq. 12 events and reader lines
 * are not saved: they are lost when the hub stops. Table views stop updating. Stop the hub and check
 * its data folder." — or
 * null when it is. `clock` formats the time (lib/format.ts clock).
 */
export function storeHealthText(h: StoreHealthView | null, clock: (ms: number) => string): string | null {
  if (!h || h.ok) return null;
  // PostgreSQL with its local spool (hub/store/spool.ts): what is not written is safe in a file of the hub
  if (h.held && h.retrying) {
    const n = `${h.unwritten} event${h.unwritten === 1 ? '' : 's'} and reader lines`;
    return `Database away since ${clock(h.since)}, ${n} held in ${h.held}: written in order when it is back (${h.error}). Table views wait for the write. ${h.check ?? ''}`.trim();
  }
  const what = h.retrying ? 'The hub is retrying to write its event log' : 'The event log is not being saved';
  const lost = `${h.unwritten} event${h.unwritten === 1 ? '' : 's'} and reader lines are not saved: they are lost when the hub stops.`;
  // durable before published (hub/table/publish.ts): nothing the log does not hold reaches a view
  const todo = h.retrying
    ? `Table views wait for the write. ${h.check ?? 'Check the disk of the hub’s data folder.'}`
    : `Table views stop updating. Stop the hub and ${h.check ? h.check.charAt(0).toLowerCase() + h.check.slice(1) : 'check its data folder.'}`;
  return `${what} (since ${clock(h.since)}): ${h.error}. ${lost} ${todo}`;
}

/**
 * The viewing log (`GET /api/director/viewing-log`): who was shown concealed tiles, when, of which
 * table, oldest first (docs/spectators.md).
 * @param token bearer token, or '' when the session cookie authorises
 * @throws Error with the hub's message (401 without credentials) or the answer's shape problem
 */
export async function fetchViewingLog(token: string): Promise<ViewingLogEntry[]> {
  const res = await fetch('/api/director/viewing-log', {
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(await errorMessage(res));
  return readAnswer(res, ViewingLogReplySchema, 'GET /api/director/viewing-log');
}

/** What a viewing-log entry's `what` means, in words: `viewingText('broadcast') === "the broadcast (hands a delay behind)"`. */
export function viewingText(what: ViewingLogEntry['what']): string {
  switch (what) {
    case 'director-table':
      return "the director's table page";
    case 'director-tables':
      return 'every table (director)';
    case 'director-watch':
      return "the director's live view";
    case 'game-record':
      return 'a game record download';
    case 'game-capture':
      return 'a game capture download';
    case 'game-replay':
      return "a game's replay (director, before the delay)";
    case 'broadcast':
      return 'the broadcast (hands a delay behind)';
  }
}
