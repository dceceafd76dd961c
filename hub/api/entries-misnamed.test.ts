/**
 * A mis-named discard claimed for an exposure (003 rule 19A/B), entered by the director through
 * `POST /api/director/tables/:id/entries` of a hub over a real Royale Siamese table engine fed
 * with reader lines (hub/table/test-bench.ts). Bea discards a South wind calling it "North"; Ann
 * calls it and lays it out with her two Norths. The hub looks in Bea's racks for a North:
 * - 19A, she holds one: the director view says so and expects it discarded in place of the South;
 *   Bea takes the South back and discards her North, Ann calls it: accepted, no flag (the counts
 *   and Ann's exposure are not judged while the tiles change hands), N N N then fits the card;
 * - 19B, she holds none: play goes on, no penalty.
 * The public view never says what Bea holds.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fullTileSet, kindOf, type TileId, type TileKind } from '../../rules/tiles.js';
import type { DirectorTableView } from './views.js';
import { HandBench, closedAfterEach } from '../table/test-bench.js';
import { createHubServer, type HubServer } from './server.js';

const TOKEN = 'director-secret-misnamed';
const keep = closedAfterEach<HandBench>();
const servers: HubServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/**
 * A wall order whose deal (4 at a time, East first, to 27 each) gives Ann (East) `east` and Bea
 * `west` (27 kinds each, in order).
 */
function orderFor(east: TileKind[], west: TileKind[]): TileId[] {
  const pool = fullTileSet();
  const take = (k: TileKind): TileId => {
    const i = pool.findIndex((t) => kindOf(t) === k);
    if (i < 0) throw new Error(`no ${k} left`);
    return pool.splice(i, 1)[0]!;
  };
  const e = east.map(take);
  const w = west.map(take);
  const order: TileId[] = [];
  for (let round = 0; round < 7; round++) {
    const n = round < 6 ? 4 : 3;
    order.push(...e.splice(0, n), ...w.splice(0, n));
  }
  return [...order, ...pool];
}

const EAST: TileKind[] = ['N', 'N', '1B', '1B', '2B', '2B', '3B', '3B', '4B', '4B', '5B', '5B', '6B', '6B', '7B', '7B', '8B', '8B', '9B', '9B', '1C', '1C', '2C', '2C', '3C', '3C', '4C'];
const REST: TileKind[] = ['1D', '1D', '2D', '2D', '3D', '3D', '4D', '4D', '5D', '5D', '6D', '6D', '7D', '7D', '8D', '8D', '9D', '9D', '5C', '5C', '6C', '6C', '7C', '7C', '8C'];

/** Bea's tile of kind `k` inside her racks. */
function beas(b: HandBench, k: TileKind): TileId {
  return [...b.at].find(([t, z]) => kindOf(t) === k && z.startsWith('RK-W') && z.endsWith('/in'))![0];
}

/** Deal; Ann picks and discards; Bea picks and discards her South; Ann calls it onto rack 1's top with her two Norths. Returns the South. */
function southCalled(b: HandBench): TileId {
  b.deal();
  b.turn('RK-E1/in');
  const pick = b.nextFrom(1);
  b.move(pick, 'RK-W1/in');
  b.advance(500);
  const south = beas(b, 'S');
  b.move(south, 'FL-1/floor');
  b.settle();
  b.move(south, 'RK-E1/top');
  for (const [t] of [...b.at].filter(([t, z]) => kindOf(t) === 'N' && z.startsWith('RK-E'))) b.move(t, 'RK-E1/top');
  b.settle();
  return south;
}

async function serve(b: HandBench): Promise<{ url: string; enter: (body: unknown) => Promise<[number, string]>; director: () => Promise<DirectorTableView> }> {
  const hub = await createHubServer({ tables: [b.engine], directorToken: TOKEN });
  servers.push(hub);
  const url = await hub.listen(0);
  const auth = { authorization: `Bearer ${TOKEN}` };
  return {
    url,
    enter: async (body) => {
      const res = await fetch(`${url}/api/director/tables/t1/entries`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return [res.status, ((await res.json()) as { message?: string }).message ?? ''];
    },
    director: async () => (await (await fetch(`${url}/api/director/tables/t1`, { headers: auth })).json()) as DirectorTableView,
  };
}

describe('a mis-named discard claimed for an exposure (003 rule 19A/B), a director entry through the API', () => {
  it('19A: Bea holds a North: the hub says so and expects it; she takes the South back and discards the North, Ann calls it: accepted, no flag', async () => {
    const b = keep(new HandBench({ announce: false, helloTakesSeq: false, settlePadMs: 100 }));
    b.build(orderFor(EAST, ['S', 'N', ...REST]));
    const south = southCalled(b);
    const api = await serve(b);
    // before: refusals name what is wrong, and log nothing
    expect(await api.enter({ entry: 'misnamed-exposure', player: 1, named: 'N' })).toEqual([
      409,
      "Bea has called no discard this turn at table 't1': a mis-named discard claimed for an exposure is entered during the claimer's turn (003 rule 19A/B)",
    ]);
    expect(await api.enter({ entry: 'misnamed-exposure', player: 0, named: 'S' })).toEqual([400, `the discard Ann called is a S (${south}): named S, it was not mis-named`]);
    expect(await api.enter({ entry: 'misnamed-exposure', player: 0, named: 'XY' })).toEqual([400, 'named: "XY" is not a tile kind (e.g. "5D", "N", "RD", "F")']);
    expect(await api.enter({ entry: 'misnamed-exposure', player: 0 })).toEqual([400, 'body.named is required']);
    expect(await api.enter({ entry: 'misnamed-discard', player: 0, rack: 0, named: 'N' })).toEqual([
      400,
      "body.named goes only with the misnamed-exposure entry (003 rule 19A/B), not with 'misnamed-discard'",
    ]);
    expect(b.store.events('t1').filter((e) => e.type === 'director-entry')).toHaveLength(0);

    expect(await api.enter({ entry: 'misnamed-exposure', player: 0, named: 'N', by: 'Dee' })).toEqual([200, '']);
    const north = beas(b, 'N');
    let d = await api.director();
    expect(d.misnamed).toEqual([
      {
        claimer: 0,
        rack: 0,
        tile: south,
        named: 'N',
        discarder: 1,
        status: 'expected',
        holds: north,
        replacement: null,
        text: `Bea holds N (${north}): Bea takes back the S Ann called and must discard a N in its place (003 rule 19A)`,
        at: d.misnamed![0]!.at,
      },
    ]);
    expect(await api.enter({ entry: 'misnamed-exposure', player: 0, named: 'N' })).toEqual([409, `that mis-named discard (${south}) was already entered`]);
    // the public view never tells what Bea holds
    const pub = await (await fetch(`${api.url}/api/tables/t1`)).text();
    expect(pub).not.toContain('misnamed');
    expect(pub).not.toContain(north);

    // Bea takes the South back into her rack and discards her North; Ann calls it onto her top
    b.move(south, 'RK-W1/in');
    b.move(north, 'FL-1/floor');
    b.settle();
    b.move(north, 'RK-E1/top');
    b.settle();
    d = await api.director();
    expect(d.misnamed!.map((m) => [m.status, m.replacement, m.text])).toEqual([['accepted', north, `Bea discarded ${north} in place of the mis-named S: accepted (003 rule 19A)`]]);
    // Ann discards a 1 Bam: her N N N fits the card ("NNN EEEE WWWW SSS"), the counts are right (27 and 27)
    b.move([...b.at].find(([t, z]) => kindOf(t) === '1B' && z === 'RK-E1/in')![0], 'FL-1/floor');
    b.settle();
    d = await api.director();
    expect(d.flags).toEqual([]);
    expect(d.players.map((p) => p.count)).toEqual([27, 27]);
    expect(d.players[0]!.racks[0]!.exposed).toEqual(['N', 'N', 'N']);
    expect(d.turn).toBe(1);
  });

  it('19B: Bea holds no North: play goes on as the tile is, no penalty; nothing is expected', async () => {
    const b = keep(new HandBench({ announce: false, helloTakesSeq: false, settlePadMs: 100 }));
    b.build(orderFor(EAST, ['S', '9C', ...REST]));
    southCalled(b);
    const api = await serve(b);
    expect(await api.enter({ entry: 'misnamed-exposure', player: 0, named: 'N' })).toEqual([200, '']);
    const d = await api.director();
    expect(d.misnamed!.map((m) => [m.status, m.holds, m.text])).toEqual([['no-tile', null, 'Bea holds no N: play goes on, the tile named as it is (a S); no penalty (003 rule 19B)']]);
  });

  it("Bea's rack 2 reader unplugged (her North is there, dealt second): the hub cannot tell, and says which rack it cannot see", async () => {
    const b = keep(new HandBench({ announce: false, helloTakesSeq: false, settlePadMs: 100 }));
    b.build(orderFor(EAST, ['S', 'N', ...REST]));
    southCalled(b);
    expect(b.at.get(beas(b, 'N'))).toBe('RK-W2/in');
    const api = await serve(b);
    b.unplug('RK-W2');
    expect(await api.enter({ entry: 'misnamed-exposure', player: 0, named: 'N' })).toEqual([200, '']);
    const d = await api.director();
    expect(d.misnamed!.map((m) => [m.status, m.holds, m.text])).toEqual([
      ['unknown', null, "the hub cannot see Bea's rack 2: if Bea holds a N, Bea takes back the S and must discard it in its place (003 rule 19A); if not, play goes on, no penalty (19B)"],
    ]);
  });
});
