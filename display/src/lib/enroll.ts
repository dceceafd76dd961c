/**
 * The enroll page's helpers: the director's enrolment API (hub/api/routes-enroll.ts) with the
 * Bearer token, and small pure helpers for the page (the tile picker's rows, "seen 3 s ago").
 */
import type { Enrolled } from '../../../hub/tilesets/registry.js';
import type { EnrollView } from '../../../hub/tilesets/enroll.js';
import type { WeakTagsView } from '../../../hub/tilesets/read-stats.js';
import { TILE_KINDS, type TileKind } from '../../../rules/tiles.js';
import type { z } from 'zod';
import { EnrollEntryReply, EnrollFinishReply, EnrollLayoutReply, EnrollViewSchema, WeakTagsViewSchema } from '../../../hub/contract/responses.js';
import { errorMessage } from './api.js';
import { readAnswer } from './answer.js';

export type { EnrollView, Enrolled, WeakTagsView };

/** An API answer: the body, or the hub's message (`status` 0 when the hub was not reached). */
export type Answer<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** One call: the answer parsed with `schema` (hub/contract/responses.ts); a 2xx answer of another shape is `status` 200 with the field named. */
async function call<S extends z.ZodType>(schema: S, method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown): Promise<Answer<z.output<S>>> {
  try {
    // '' = the director's login cookie authorises (no Authorization header)
    const headers: Record<string, string> = { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method, headers, credentials: 'same-origin', ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    if (res.ok) {
      try {
        return { ok: true, value: await readAnswer(res, schema, `${method} ${url}`) };
      } catch (err) {
        return { ok: false, status: res.status, message: (err as Error).message };
      }
    }
    return { ok: false, status: res.status, message: await errorMessage(res) };
  } catch (err) {
    return { ok: false, status: 0, message: `could not reach the hub: ${err instanceof Error ? err.message : String(err)}` };
  }
}

const base = (tableId: string) => `/api/director/enroll/${encodeURIComponent(tableId)}`;

/** The director's enrolment calls for one table. None throws. */
export function enrollApi(tableId: string, token: string) {
  return {
    /** `GET` the enrolment now (404 when none was started) */
    view: () => call(EnrollViewSchema, 'GET', base(tableId), token),
    /** start (or go on with a saved) set */
    start: (setId: string, fresh = false) => call(EnrollViewSchema, 'POST', `${base(tableId)}/start`, token, { setId, fresh }),
    /** one tag as one tile kind */
    enrol: (tag: string, kind: TileKind) => call(EnrollEntryReply, 'POST', `${base(tableId)}/tags`, token, { tag, kind }),
    /** undo one tag */
    remove: (tag: string) => call(EnrollEntryReply, 'DELETE', `${base(tableId)}/tags/${encodeURIComponent(tag)}`, token),
    /** a zone's tags as a layout from a kind */
    layout: (zone: string, from: TileKind, count?: number) => call(EnrollLayoutReply, 'POST', `${base(tableId)}/layout`, token, { zone, from, ...(count ? { count } : {}) }),
    /** the tags of the set in play at the table read in too few snapshots (404 when the hub keeps no read rates) */
    weakTags: () => call(WeakTagsViewSchema, 'GET', `${base(tableId)}/weak-tags`, token),
    /** the make-up check and save (a draft when incomplete and `draft`) */
    finish: (draft: boolean) => call(EnrollFinishReply, 'POST', `${base(tableId)}/finish`, token, { draft }),
  };
}

/** The tile picker's rows: Bams, Craks, Dots (1-9 each), winds N E W S, dragons + flower + joker. */
export function pickerRows(): { label: string; kinds: TileKind[] }[] {
  return [
    { label: 'Bams', kinds: TILE_KINDS.slice(0, 9) },
    { label: 'Craks', kinds: TILE_KINDS.slice(9, 18) },
    { label: 'Dots', kinds: TILE_KINDS.slice(18, 27) },
    { label: 'Winds', kinds: TILE_KINDS.slice(27, 31) },
    { label: 'Dragons, flower, joker', kinds: TILE_KINDS.slice(31) },
  ];
}

/** How long ago, in words: `ago(1000, 4500) === '3 s ago'`, `'2 min ago'`, `'just now'` under a second. */
export function ago(at: number, now: number): string {
  const s = Math.floor((now - at) / 1000);
  if (s < 1) return 'just now';
  if (s < 120) return `${s} s ago`;
  return `${Math.floor(s / 60)} min ago`;
}

/** A read rate in words: `percent(0.6) === '60 %'`, `percent(0.667) === '66.7 %'`. */
export function percent(rate: number): string {
  return `${Math.round(rate * 1000) / 10} %`;
}

/** The path of a table's enroll page: `enrollPath('t1') === '/enroll/t1'`. */
export function enrollPath(tableId: string): string {
  return `/enroll/${encodeURIComponent(tableId)}`;
}
