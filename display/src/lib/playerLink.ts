/**
 * The player link on the display (hub/api/player-routes.ts): the claim page posts the personal
 * code and keeps the device secret in this browser's localStorage; the player page asks where the
 * player sits now; the table display shows its claim page's QR code between games; the room lists
 * who has not checked in. Every answer is parsed with the contract's schemas (hub/contract/responses.ts).
 */
import type { z } from 'zod';
import { ClaimReply, PlayerDeskReply, PlayerLinkReply, PlayerSlipReply, TableClaimReply } from '../../../hub/contract/responses.js';
import { readAnswer } from './answer.js';

/** The localStorage key of this phone's device secret (one player per phone). */
export const DEVICE_KEY = 'mjhub.player-device';
/** How often the player page asks where the player sits (ms) while its socket (playerSocket.ts) is down or has not told yet. */
export const PLAYER_POLL_MS = 2000;

export type PlayerLink = z.output<typeof PlayerLinkReply>;
export type PlayerDeskRow = z.output<typeof PlayerDeskReply>[number];

/** The message of a refusal (`{ message }`), else the status. */
async function refusal(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    /* not JSON */
  }
  return `the hub answered ${res.status}`;
}

/** POST /api/claim with the typed code (and this phone's device secret, if it has one); keeps the secret. Never throws. */
export async function claimSeat(code: string, table: string | null): Promise<{ ok: true; name: string; link: string } | { ok: false; error: string }> {
  try {
    const device = localStorage.getItem(DEVICE_KEY);
    const res = await fetch('/api/claim', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ code, ...(device ? { device } : {}), ...(table ? { table } : {}) }),
    });
    if (!res.ok) return { ok: false, error: await refusal(res) };
    const c = await readAnswer(res, ClaimReply, 'POST /api/claim');
    localStorage.setItem(DEVICE_KEY, c.device);
    return { ok: true, name: c.name, link: c.link };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** Where the player sits now; `revoked` when the director reissued the code (410), `unbound` when the hub never bound this secret (401). Never throws. */
export async function fetchPlayerLink(
  device: string,
): Promise<{ kind: 'ok'; link: PlayerLink } | { kind: 'revoked'; message: string } | { kind: 'unbound'; message: string } | { kind: 'error'; message: string }> {
  try {
    const res = await fetch(`/api/player/${encodeURIComponent(device)}`, { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (res.status === 410) return { kind: 'revoked', message: await refusal(res) };
    if (res.status === 401) return { kind: 'unbound', message: await refusal(res) };
    if (!res.ok) return { kind: 'error', message: await refusal(res) };
    return { kind: 'ok', link: await readAnswer(res, PlayerLinkReply, 'GET /api/player/:device') };
  } catch (e) {
    return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
  }
}

/** The seat a link opens, as one key: a new key (new game, table or seat) opens the seat page anew. */
export function seatKeyOf(link: PlayerLink): string {
  return `${link.hubTable ?? '-'}/${link.table}/${link.seat}/${link.game ?? '-'}/${link.round}`;
}

/** GET /api/tables/:id/claim: the table's claim page URL and QR code, or null (no tournament, unknown table). Never throws. */
export async function fetchTableClaim(tableId: string): Promise<z.output<typeof TableClaimReply> | null> {
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/claim`, { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    return await readAnswer(res, TableClaimReply, 'GET /api/tables/:id/claim');
  } catch {
    return null;
  }
}

/** GET /api/director/tournament/players, or null (no tournament, no login). Never throws. */
export async function fetchPlayerDesk(token: string): Promise<PlayerDeskRow[] | null> {
  try {
    const res = await fetch('/api/director/tournament/players', {
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    if (!res.ok) return null;
    return await readAnswer(res, PlayerDeskReply, 'GET /api/director/tournament/players');
  } catch {
    return null;
  }
}

export type PlayerSlip = z.output<typeof PlayerSlipReply>;

/** The director checks a player in (`check-in`) or gives a new code (`reissue`, revoking the bound phone): the slip, or the hub's words. Never throws. */
export async function postPlayerDesk(player: string, action: 'check-in' | 'reissue', token: string): Promise<{ ok: true; slip: PlayerSlip } | { ok: false; error: string }> {
  try {
    const res = await fetch(`/api/director/tournament/players/${encodeURIComponent(player)}/${action}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: '{}',
    });
    if (!res.ok) return { ok: false, error: await refusal(res) };
    return { ok: true, slip: await readAnswer(res, PlayerSlipReply, `POST /api/director/tournament/players/:player/${action}`) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
