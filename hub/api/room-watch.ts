/**
 * The room's watch requests on `/director` (`room:watch-tables`, `room:watch-desk`, `penalties:watch`):
 * one way to take them. Each says `{}` (absent or null also do) with an optional ack.
 */
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { checkPayload, EV } from '../contract/socket.js';

/** A watch request's ack: `{ ok: true }`, or `{ ok: false, error }` in words. */
export type WatchAnswer = { ok: true } | { ok: false; error: string };

/**
 * Answers watch request `event` on `socket`: its payload is checked with `schema` (one of another
 * shape gets `EV.problem` `{ error }` and the ack `{ ok: false, error }`), then `watch()` joins the
 * socket to its room and sends the snapshot; it returns null, or the refusal in words for the ack.
 */
export function answerWatch(socket: Socket, event: string, schema: z.ZodType, watch: () => string | null): void {
  socket.on(event, (...raw: unknown[]) => {
    const ack = typeof raw[raw.length - 1] === 'function' ? (raw.pop() as (a: WatchAnswer) => void) : undefined;
    const r = checkPayload(schema, raw[0] ?? {});
    if (!r.ok) {
      socket.emit(EV.problem, { error: r.error });
      return ack?.({ ok: false, error: r.error });
    }
    const refused = watch();
    ack?.(refused === null ? { ok: true } : { ok: false, error: refused });
  });
}
