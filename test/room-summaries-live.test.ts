/**
 * The director's room as a socket client meets it, over the REAL hub reading the simulator
 * (test/e2e/harness.ts): seed 3 with a wrong-wall pick injected at pick 3 (003 rule 20), the table
 * stopping for the director once it is complete. The room follows the compact summaries
 * (`room:watch-tables`, hub/contract/room-summary.ts), never a table's whole director view:
 * - every summary it is sent, from the deal to the flag, holds no tile of any concealed hand
 *   (each tile id the director view of the same table had in a rack, checked on every push);
 * - once the table waits for the director, its summary says what the director view says: phase,
 *   whose turn, wall left (the walls' sum), each player's count and racks, the dead hand, the
 *   open flag with its title, rule and consequence, the readers.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTOR_TOKEN, hasSocat, startSession, type Session } from './e2e/harness.js';
import { DIRECTOR_NAMESPACE } from '../hub/contract/socket.js';
import { ROOM_SUMMARY_EV, type RoomTableSummary } from '../hub/contract/room-summary.js';
import type { DirectorTableView } from '../hub/api/views.js';

describe.skipIf(!hasSocat)('the room over a real hub with a simulated table (seed 3, wrong-wall pick)', () => {
  let session: Session;
  let room: Socket;
  /** every summary of t1 the room was sent, as JSON, in order */
  const received: string[] = [];
  /** every concealed tile id the director view had while the room was watching */
  const concealedSeen = new Set<string>();
  let latest: RoomTableSummary | null = null;

  const directorView = async (): Promise<DirectorTableView> => {
    const res = await fetch(`${session.hub.url}/api/director/tables/t1`, { headers: { authorization: `Bearer ${DIRECTOR_TOKEN}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as DirectorTableView;
  };

  beforeAll(async () => {
    session = await startSession({ seed: 3, inject: 'wall', injectAt: 3, holdAtFlag: true });
    room = connect(`${session.hub.url}${DIRECTOR_NAMESPACE}`, { transports: ['websocket'], auth: { token: DIRECTOR_TOKEN } });
    const take = (s: RoomTableSummary) => {
      if (s.tableId !== 't1') return;
      received.push(JSON.stringify(s));
      latest = s;
      // the hands as the director view has them now: none of their tiles may be in what the room got
      for (const tile of (session.hub.engines.get('t1')!.directorView().concealed ?? []).flat(2)) concealedSeen.add(tile);
    };
    room.on(ROOM_SUMMARY_EV.tables, (p: { tables: RoomTableSummary[] }) => p.tables.forEach(take));
    room.on(ROOM_SUMMARY_EV.table, take);
    room.on('connect', () => room.emit(ROOM_SUMMARY_EV.watchTables, {}));
  }, 60_000);

  afterAll(async () => {
    room?.disconnect();
    await session?.stop();
  });

  it('follows t1 from the deal to the flag with no concealed tile, then agrees with the director view', async () => {
    await session.until((v) => v.flags.some((f) => f.status === 'awaiting-director'), 150_000);
    // the table holds for the director: wait until the room's summary is of the view as it now stands
    let view = await directorView();
    await expect
      .poll(
        async () => {
          view = await directorView();
          return latest?.updatedAt === view.updatedAt;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
    const s = latest!;

    // it saw the game being played: more than the first answer, and the hands were dealt (27 + 27 tiles at least)
    expect(received.length).toBeGreaterThan(1);
    expect(concealedSeen.size).toBeGreaterThanOrEqual(54);
    for (const json of received) for (const tile of concealedSeen) expect(json.includes(`"${tile}"`), `${tile} in ${json.slice(0, 120)}…`).toBe(false);
    for (const tile of view.concealed.flat(2)) expect(JSON.stringify(s)).not.toContain(tile);

    // what a card draws, as the director view has it
    expect([s.kind, s.gameNo, s.phase, s.turn, s.endReason]).toEqual([view.variant, view.gameNo, view.phase, view.turn, view.endReason]);
    expect(s.wallLeft).toBe(view.walls.reduce((n, w) => n + w.left, 0));
    expect(s.currentWall).toBe(view.walls.find((w) => w.current)?.wall ?? null);
    expect(s.players).toEqual(
      view.players.map((p) => ({ index: p.index, name: p.name, seat: p.seat, count: p.count, racks: p.racks.map((r) => ({ count: r.count, dead: r.dead, mahJongg: r.mahJongg !== null })) })),
    );
    const open = view.flags.filter((f) => f.status === 'awaiting-director');
    expect(open.map((f) => f.rule)).toContain('003 rule 20');
    expect(s.openFlags.map((f) => [f.id, f.rule, f.title, f.consequence, f.player, f.rack])).toEqual(open.map((f) => [f.id, f.rule, f.title, f.consequence, f.player, f.rack]));
    // rule 20's hand dies: one rack of the flagged player is dead on the card too
    const flagged = s.openFlags.find((f) => f.rule === '003 rule 20')!;
    expect(s.players[flagged.player]!.racks.filter((r) => r.dead)).toHaveLength(1);
    expect(s.readerCount).toBe(view.readers.length);
    expect(s.offlineReaders).toEqual(view.readers.filter((r) => r.state !== 'connected').map((r) => ({ id: r.id, state: r.state })));
    expect(s.countRule).toEqual(view.countRule ? { rule: view.countRule.rule, meaning: view.countRule.meaning } : null);
    // a summary is a fraction of the view it stands for
    expect(JSON.stringify(s).length * 3).toBeLessThan(JSON.stringify(view).length);
  }, 200_000);
});
