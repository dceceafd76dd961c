/**
 * A tile not seen through the real HTTP API of a hub over a real Royale Siamese table engine fed
 * with reader lines (hub/table/test-bench.ts): the director reads the notice in
 * `GET /api/director/tables/:id` (`tilesNotSeen`, checked against the contract), never in the
 * public view, and closes it with `POST /api/director/tables/:id/not-seen`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DirectorTableViewSchema, PublicTableViewSchema } from '../contract/views.js';
import { HandBench, closedAfterEach } from '../table/test-bench.js';
import { createHubServer, type HubServer } from './server.js';

const TOKEN = 'director-secret-not-seen';
const keep = closedAfterEach<HandBench>();
const servers: HubServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe('a tile not seen, for the director', () => {
  it('listed on the director view with where and since when, absent from the public one; closed by the director (404 for a tile with no open notice)', async () => {
    const b = keep(new HandBench());
    b.build();
    b.deal();
    const tile = [...b.at].find(([, z]) => z === 'RK-E1/in')![0];
    b.snap('RK-E1/in'); // the rack's snapshot still holds it: last seen now
    const lastSeen = b.clock;
    b.at.set(tile, 'nowhere'); // its tag stops answering: the rack's next snapshot does not hold it
    b.snap('RK-E1/in');
    const missedAt = b.clock;
    b.advance(12_400);
    const hub = await createHubServer({ tables: [b.engine], directorToken: TOKEN });
    servers.push(hub);
    const url = await hub.listen(0);
    const auth = { authorization: `Bearer ${TOKEN}` };

    const director = DirectorTableViewSchema.parse(await (await fetch(`${url}/api/director/tables/t1`, { headers: auth })).json());
    expect(director.tilesNotSeen).toHaveLength(1);
    const n = director.tilesNotSeen![0]!;
    expect([n.tile, n.zone, n.where, n.player, n.lastSeen, n.missedAt]).toEqual([tile, 'RK-E1/in', "Ann's rack 1", 0, lastSeen, missedAt]);
    // 12 400 ms since the last snapshot that held it: 12.4 s
    expect(n.text).toBe(`${tile} last seen in Ann's rack 1 (RK-E1/in), not seen for 12.4 s`);
    const pub = (await (await fetch(`${url}/api/tables/t1`)).json()) as Record<string, unknown>;
    expect(PublicTableViewSchema.parse(pub)).toBeTruthy();
    expect(pub).not.toHaveProperty('tilesNotSeen');

    const close = (body: unknown) => fetch(`${url}/api/director/tables/t1/not-seen`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const wrong = await close({ tile: '9D#4' });
    expect(wrong.status).toBe(404);
    expect(((await wrong.json()) as { message: string }).message).toBe(`table 't1' has no open notice of a tile not seen for "9D#4"`);
    expect((await close({ tile: 'nine dots' })).status).toBe(400);
    const ok = await close({ tile, by: 'Dana' });
    expect(ok.status).toBe(200);
    expect(b.engine.directorView().tilesNotSeen).toBeUndefined();
    expect(
      b.store
        .events('t1')
        .filter((e) => e.type === 'not-seen-closed')
        .map((e) => (e.data as { by: string }).by),
    ).toEqual(['Dana']);
  });
});
