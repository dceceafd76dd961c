/**
 * The spectators' delayed hands across a game boundary and the next deal, against the director's
 * view: a real hub with a 1-minute delay on a virtual clock, two seeded Royale Siamese games (the
 * first played out, the table cleared, the second's walls built and dealt, 003 rule 5). Every
 * `broadcast:table` payload's hands (as of `sentAt − 60 s`) must equal, rack by rack, the concealed
 * tiles the director's view showed at that moment (the view as it stood after the last change at or
 * before `asOf`, sampled after every tick of the engine).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { BROADCAST_EV, BROADCAST_NAMESPACE, BroadcastTablePayloadSchema } from '../contract/broadcast.js';
import { playGame } from '../simulator/game.js';
import { TableEngine } from '../table/engine.js';
import { closedAfterEach, siameseDemo, SimBench } from '../table/test-bench.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import type { TileId } from '../../rules/tiles.js';
import { createHubServer, type HubServer } from './server.js';
import type { BroadcastTablePayload } from './broadcast.js';

const { table, cards } = siameseDemo;
const keep = closedAfterEach<SimBench<TableEngine>>();
const servers: HubServer[] = [];
const clients: Socket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  for (const s of servers.splice(0)) await s.close();
});
const turn = () => new Promise<void>((r) => setImmediate(r));
const sorted = (racks: TileId[][][]) => racks.map((p) => p.map((r) => [...r].sort()));

describe('the delayed hands across a deal (D = 1 min, virtual clock)', () => {
  it("every payload's hands equal the director's view of the moment they show, over game 1, the clearing, and game 2's deal", async () => {
    const D = 60_000;
    const first = playGame({ seed: 6, cards, table });
    const second = playGame({ seed: 7, cards, table });
    const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
    // the director's view after every change: [time, each player's racks' concealed tiles]
    const seen: [number, TileId[][][]][] = [];
    const note = () => {
      const c = sorted(b.engine.directorView().concealed);
      if (JSON.stringify(seen.at(-1)?.[1]) !== JSON.stringify(c)) seen.push([b.clock, c]);
    };
    // sampled after every tick of the engine (every 50 ms of the virtual clock), where moves are logged
    const tick = b.engine.tick.bind(b.engine);
    b.engine.tick = () => {
      tick();
      note();
    };
    const hub = await createHubServer({ tables: [b.engine], directorToken: 'unused', store: b.store, broadcast: { delayMs: D, now: () => b.clock, tickMs: 10 } });
    servers.push(hub);
    const url = await hub.listen(0);
    const client = connect(url + BROADCAST_NAMESPACE, { transports: ['websocket'], reconnection: false, forceNew: true });
    clients.push(client);
    const got: BroadcastTablePayload[] = [];
    client.on(BROADCAST_EV.table, (p: unknown) => got.push(BroadcastTablePayloadSchema.parse(p) as BroadcastTablePayload));
    client.emit(BROADCAST_EV.watchTable, { tableId: 't1' });
    await vi.waitFor(() => expect(got.length).toBeGreaterThan(0));

    const play = async (steps: typeof first.steps) => {
      for (const s of steps) {
        b.step(s);
        note();
        await turn();
      }
    };
    b.build(first);
    note();
    await play(first.steps);
    b.nextGame(second);
    note();
    await turn();
    await play(second.steps.slice(0, 60)); // the deal (27 + 27) and the first turns
    // a minute and more later every move above is due; the hub looks every 10 ms
    for (let i = 0; i < 70; i++) {
      b.advance(1000);
      note();
      await turn();
    }
    const end = b.clock;
    await vi.waitFor(() => expect(got.at(-1)?.sentAt).toBe(end), { timeout: 20_000 });

    const viewAt = (t: number) => seen.filter(([at]) => at <= t).at(-1)?.[1];
    const wrong = got.filter((p) => {
      const want = viewAt(p.delayedHands!.asOf);
      return want !== undefined && JSON.stringify(sorted(p.delayedHands!.hands.map((h) => h.racks))) !== JSON.stringify(want);
    });
    expect(got.length).toBeGreaterThan(100);
    // with the fold counting from when a tile came to rest (`at`) instead of when the hub logged it,
    // each deal step's tiles (003 rule 5: 4 at a time) were shown a settle window before the director's view had them
    expect(wrong.map((p) => p.delayedHands!.asOf)).toEqual([]);
  }, 240_000);
});
