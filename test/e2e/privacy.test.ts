/**
 * Privacy, end to end: through a whole simulated Royale Siamese game, record
 * every payload sent to the public view and to EACH seat view (one socket per seat, with that
 * seat's token), and prove that no concealed tile of another seat ever reaches it:
 * - the public traffic holds no tile id and no tag at all;
 * - a seat's traffic holds tile ids only inside its own racks' `concealed` lists, only tiles that
 *   had been in that seat's racks by then, and a tile that had been concealed in the OTHER player's
 *   racks only after it had been face up (exposed or discarded) since.
 * The truth is taken from the engine itself: every change is observed synchronously (before the
 * hub computes and sends the views of that change), with the time it was seen.
 */
import { execSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { EV } from '../../hub/api/socket-events.js';
import { SEAT_NAMESPACE, type SeatDeltaPayload, type SeatSnapshotPayload } from '../../hub/api/seat-events.js';
import type { SeatCode } from '../../hub/api/seat.js';
import type { SeatView } from '../../hub/api/views.js';
import type { TableConfig } from '../../hub/config/types.js';
import type { TableEngine } from '../../hub/table/engine.js';
import type { Place } from '../../rules/game/places.js';
import { DIRECTOR_TOKEN, startSession, type Session } from './harness.js';

const hasSocat = (() => {
  try {
    execSync('command -v socat', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A tile id (`5B#3`, `N#2`, `RD#1`, `F#7`, `J#4`) anywhere in a text. */
const TILE_ID = /\b(?:[1-9][BCD]|[NEWSF]|[RGW]D|J)#\d+/g;
/** A tag UID (14 hex digits) as the readers send it. */
const TAG = /[0-9A-F]{14}/;

/** Where a tile was seen, each time the engine changed: `rack:<player>`, `up` (top of a rack or floor), `wall`. */
type Seen = { at: number; where: string };
const placeKey = (p: Place): string => (p.area === 'rack' ? `rack:${p.player}` : p.area === 'wall' ? 'wall' : 'up');

let session: Session | null = null;
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.close();
  await session?.stop();
});

describe.skipIf(!hasSocat)('privacy through a whole Siamese game', () => {
  it('public view: no tile id nor tag; each seat: only its own tiles, or tiles face up since they left the other rack', async () => {
    session = await startSession({ seed: 1 });
    const engine = session.hub.engines.get('t1') as TableEngine;
    // practice help on (tournaments turn it off): its lines are part of what the seats receive
    (engine as unknown as { table: TableConfig }).table.practiceHelp = true;

    // the truth: each tile's places over time, observed synchronously at every change
    const timeline = new Map<string, Seen[]>();
    const observe = () => {
      const at = Date.now();
      for (const [tile, place] of engine.gameState().where) {
        const where = placeKey(place);
        const seen = timeline.get(tile) ?? [];
        if (seen.at(-1)?.where !== where) seen.push({ at, where });
        timeline.set(tile, seen);
      }
    };
    observe();
    engine.onChange(observe);

    // the director hands out one code per seat (before the walls are built: codes for game 1)
    const res = await fetch(`${session.hub.url}/api/director/tables/t1/seats`, { headers: { authorization: `Bearer ${DIRECTOR_TOKEN}` } });
    expect(res.status).toBe(200);
    const codes = (await res.json()) as SeatCode[];
    expect(codes.map((c) => [c.player, c.name, c.game])).toEqual([
      [0, 'Ann', 1],
      [1, 'Bea', 1],
    ]);

    // one socket per seat, recording every payload with the time it arrived, and the view it makes
    const traffic: { at: number; text: string }[][] = [[], []];
    const views: (SeatView | null)[] = [null, null];
    const seqs: number[][] = [[], []];
    codes.forEach((code, p) => {
      const s = io(session!.hub.url + SEAT_NAMESPACE, { transports: ['websocket'], auth: { token: code.token }, reconnection: false });
      sockets.push(s);
      s.onAny((_ev: string, payload: unknown) => traffic[p]!.push({ at: Date.now(), text: JSON.stringify(payload) }));
      s.on(EV.snapshot, (m: SeatSnapshotPayload) => {
        views[p] = m.view;
        seqs[p]!.push(m.seq);
      });
      s.on(EV.delta, (m: SeatDeltaPayload) => {
        views[p] = { ...views[p]!, ...m.changes };
        seqs[p]!.push(m.seq);
      });
      s.on('connect', () => s.emit(EV.watch, {}));
    });

    const end = await session.until((v) => v.phase === 'ended', 120_000);
    expect(end.endReason).toBe('Ann made two Mah Jonggs (003 rule 14)');
    // an absence window: the checks below are over every message received, so deltas still on their
    // way after the end (the score) are let in: 300 ms is twice the test pace (TIMING.pace 150 ms a step)
    await new Promise((r) => setTimeout(r, 300));

    // --- the public view: no tile id, no tag, ever
    expect(session.received.length).toBeGreaterThan(50);
    for (const text of session.received) {
      expect(text.match(TILE_ID)).toBeNull();
      expect(text).not.toMatch(TAG);
    }

    // --- each seat
    for (const p of [0, 1]) {
      const other = 1 - p;
      // one snapshot (seq 0) then deltas 1, 2, 3 … with no gap, and nothing refused
      expect(seqs[p]![0]).toBe(0);
      expect(seqs[p]).toEqual(seqs[p]!.map((_, i) => i));
      expect(traffic[p]!.some((m) => m.text.includes('"error"'))).toBe(false);
      let idsSeen = 0;
      for (const msg of traffic[p]!) {
        expect(msg.text).not.toMatch(TAG);
        const ids = msg.text.match(TILE_ID) ?? [];
        idsSeen = Math.max(idsSeen, ids.length);
        // structurally: every tile id sits in this seat's own racks' `concealed`, nowhere else
        const parsed = JSON.parse(msg.text) as { view?: Partial<SeatView>; changes?: Partial<SeatView> };
        const racks = (parsed.view ?? parsed.changes)?.racks ?? [];
        const own = racks.flatMap((r) => r.concealed.map((t) => t.id));
        expect([...ids].sort()).toEqual([...own].sort());
        for (const id of ids) {
          const seen = (timeline.get(id) ?? []).filter((s) => s.at <= msg.at);
          // the tile had been in this seat's racks by the time it was sent
          expect(
            seen.some((s) => s.where === `rack:${p}`),
            `${id} sent to seat ${p} before it was in their rack`,
          ).toBe(true);
          // and if it had been concealed in the other player's racks, it was face up since
          const lastOther = seen.map((s) => s.where).lastIndexOf(`rack:${other}`);
          if (lastOther >= 0) {
            expect(
              seen.slice(lastOther).some((s) => s.where === 'up'),
              `${id} went from seat ${other}'s rack to seat ${p} without being face up`,
            ).toBe(true);
          }
        }
      }
      // not vacuous: the seat did see its 27-28 tiles, and its last view is what the engine holds now
      expect(idsSeen).toBeGreaterThanOrEqual(27);
      const final = views[p]!;
      expect(final.gameNo).toBe(1);
      expect(final.phase).toBe('ended');
      const truth = [0, 1].map((r) =>
        [...engine.gameState().where]
          .filter(([, pl]) => pl.area === 'rack' && pl.player === p && pl.rack === r)
          .map(([t]) => t)
          .sort(),
      );
      expect(final.racks.map((r) => r.concealed.map((t) => t.id).sort())).toEqual(truth);
    }
    // practice help reached the seats while the game was on (kinds only, checked above)
    expect(traffic[1]!.some((m) => m.text.includes('"practice":[{'))).toBe(true);
  }, 150_000);
});
