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
 *
 * The same game (seed 1) is also checked for what the table scores: the counts, the two Mah
 * Jonggs and the 003 rule 17 score, and the public traffic and API free of concealed tiles. One
 * game serves both: the seats watching and the practice help change nothing the public view shows.
 */
import { execSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { EV } from '../../hub/api/socket-events.js';
import { SEAT_NAMESPACE, type SeatDeltaPayload, type SeatSnapshotPayload } from '../../hub/api/seat-events.js';
import type { SeatCode } from '../../hub/api/seat.js';
import type { SeatView } from '../../hub/api/views.js';
import type { TableConfig } from '../../hub/config/types.js';
import type { TableEngine } from '../../hub/table/engine.js';
import type { Place } from '../../rules/game/places.js';
import { DIRECTOR_TOKEN, startSession, type Session } from './harness.js';
import type { PublicTableView } from '../../hub/api/views.js';

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

/** Tag UIDs (14 hex digits) and tile ids (`5B#3`) are what a concealed tile looks like on the wire. */
const CONCEALED = /[0-9A-F]{14}|[1-9][BCD]#\d|\b[NEWSF]#\d|\b[RGW]D#\d|\bJ#\d/;

let engine: TableEngine;
/** the truth: each tile's places over time, observed synchronously at every change */
const timeline = new Map<string, Seen[]>();
/** each seat's payloads with the time they arrived, the view they make, and their sequence numbers */
const traffic: { at: number; text: string }[][] = [[], []];
const views: (SeatView | null)[] = [null, null];
const seqs: number[][] = [[], []];
/** The end of seed 1's game, once (both tests wait for it). */
let ended: Promise<PublicTableView> | null = null;
const theEnd = (): Promise<PublicTableView> => (ended ??= session!.until((v) => v.phase === 'ended', 120_000));

describe.skipIf(!hasSocat)('seed 1, one whole Siamese game watched by the public and by each seat', () => {
  beforeAll(async () => {
    session = await startSession({ seed: 1 });
    engine = session.hub.engines.get('t1') as TableEngine;
    // practice help on (tournaments turn it off): its lines are part of what the seats receive
    (engine as unknown as { table: TableConfig }).table.practiceHelp = true;

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
  }, 60_000);

  it('public view: no tile id nor tag; each seat: only its own tiles, or tiles face up since they left the other rack', async () => {
    if (!session) throw new Error('no session: the simulator or hub did not start');
    const end = await theEnd();
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

  it('what the table scores: counts go 27, 28, 27 across turns, two real Mah Jonggs, and the exact score; the public side holds no concealed tile', async () => {
    if (!session) throw new Error('no session: the simulator or hub did not start');
    const end = await theEnd();
    // The simulator's record of what the bots really did (for cross-checking what the hub inferred)
    const rec = (await session.record())[0]!;
    expect(rec.end).toEqual({ reason: 'two-mahjonggs', winner: 0 });
    // East's count seen live: 27 after the deal, 28 after a pick, 27 after the discard
    const east = session.counts[0]!.join(',');
    expect(east).toContain('27,28,27');

    // What the hub verified from the tiles on top of each rack:
    // Ann (East): "NEWS 2026a 2026b FF" 50 points jokerless, self-picked; then "11a 222a 3333a 444b 55b" 30 points,
    // called from Bea's discard, for her 2nd Mah Jongg. Bea (West): "FF DDDa DDDb DDDc 111a" 35 points.
    const mj = end.players.map((p) => p.racks.map((r) => r.mahJongg && [r.mahJongg.lineText.split('|')[0]!.trim(), r.mahJongg.value, r.mahJongg.jokerless, r.mahJongg.order]).filter(Boolean));
    expect(mj[0]).toEqual(
      expect.arrayContaining([
        ['NEWS 2026a 2026b FF', 50, true, 1],
        ['11a 222a 3333a 444b 55b', 30, false, 2],
      ]),
    );
    expect(mj[1]).toEqual([['FF DDDa DDDb DDDc 111a', 35, false, 1]]);
    expect(end.flags).toEqual([]);
    expect(end.endReason).toBe('Ann made two Mah Jonggs (003 rule 14)');

    // Score by 003 rule 17, worked by hand:
    // Ann: 1st Mah Jongg 50, jokerless ×2 = 100 (17A); 2nd Mah Jongg wins the game: 30 ×2 = 60 (17B) → 160
    // Bea: 1st Mah Jongg 35 (17A); her discard was claimed for Ann's 2nd Mah Jongg: −20 (17D) → 15
    // Bea pays Ann the difference: 160 − 15 = 145
    expect(end.score?.points).toEqual([160, 15]);
    expect(end.score?.payment).toEqual({ from: 1, to: 0, amount: 145 });
    expect(end.score?.final).toBe(true);
    expect(rec.pointsIfNoFlags).toEqual([160, 15]);

    // Privacy: nothing the public view received, nor the public API, carries a concealed tile or tag
    const api = await (await fetch(`${session.hub.url}/api/tables/t1`)).text();
    const list = await (await fetch(`${session.hub.url}/api/tables`)).text();
    for (const text of [...session.received, api, list]) {
      expect(text).not.toMatch(CONCEALED);
      expect(text).not.toContain('"concealed"');
      expect(text).not.toContain('"evidence"');
    }
    // the director's view (with the token) does hold them
    const director = await fetch(`${session.hub.url}/api/director/tables/t1`, { headers: { authorization: `Bearer ${DIRECTOR_TOKEN}` } });
    expect(director.status).toBe(200);
    expect(await director.text()).toMatch(CONCEALED);
    expect((await fetch(`${session.hub.url}/api/director/tables/t1`)).status).toBe(401);
  }, 150_000);
});
