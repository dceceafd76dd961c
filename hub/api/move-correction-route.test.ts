/**
 * `POST /api/director/tables/:id/moves/:ref/correction` (./routes-corrections.ts) through a real hub
 * (a listen on 127.0.0.1) over a 4-player table engine fed with reader lines (hub/table/test-bench.ts
 * `SimBench`). The game of hub/table/engine-standard-corrections.test.ts: Bea's Mah Jongg in error on
 * Cat's discard read as N; the tag is in truth a flower.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import type { TileId } from '../../rules/tiles.js';
import { closedAfterEach, SimBench } from '../table/test-bench.js';
import { TableEngine } from '../table/engine.js';
import { EAST, ScriptedGame, SOUTH, WEST } from '../table/standard/scripted.test-helpers.js';
import { MoveCorrectionReply } from '../contract/responses.js';
import { DirectorTableViewSchema } from '../contract/views.js';
import { parseGameRecord } from '../../rules/record/game-record.js';
import { createHubServer, type HubServer } from './server.js';
import { DIRECTOR_LOGIN_NEEDED_HTTP } from '../../rules/wording/director-login.js';

const TOKEN = 'director-secret-corrections';
const [{ table: demo, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();
const servers: HubServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const HANDS = ['1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C', 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C', '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D', 'RD RD RD GD GD GD WD WD WD S S S 7C'];
const PASSES = ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'];

async function played() {
  const g = new ScriptedGame(demo, HANDS, PASSES);
  g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
  g.pick(WEST, 'N').discard(WEST, 'N').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
  const b = keep(new SimBench(demo, (store, readers, now) => new TableEngine({ table: demo, cards, registry: simulatedTileSet(), store, readers, now })));
  b.build(g);
  for (const s of g.steps) b.step(s);
  b.advance(3000);
  const hub = await createHubServer({ tables: [b.engine], directorToken: TOKEN });
  servers.push(hub);
  const url = await hub.listen(0, '127.0.0.1');
  const post = async (ref: number | string, body: unknown, auth = true): Promise<[number, Record<string, unknown>]> => {
    const res = await fetch(`${url}/api/director/tables/t1/moves/${ref}/correction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${TOKEN}` } : {}) },
      body: JSON.stringify(body),
    });
    return [res.status, (await res.json()) as Record<string, unknown>];
  };
  const get = async (path: string) => fetch(`${url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  // Cat's N: picked from a wall, discarded to the floor (then called by Bea)
  const called = b
    .moves()
    .filter((m) => m.data.tile.startsWith('N#'))
    .at(-1)!;
  const ofTag = b.moves().filter((m) => m.data.tag === called.data.tag);
  const pick = ofTag.filter((m) => m.data.from?.startsWith('WL-')).at(-1)!;
  const discard = ofTag.filter((m) => m.data.to.startsWith('FL')).at(-1)!;
  return { b, post, get, pick, discard };
}

describe('POST /api/director/tables/:id/moves/:ref/correction', () => {
  it('401 without the director; 400 naming the field; 404 a move that does not exist; 409 a tile that is already so', async () => {
    const { post, discard } = await played();
    expect(await post(discard.seq, { kind: 'tile', tile: 'F#2' }, false)).toEqual([401, expect.objectContaining({ message: DIRECTOR_LOGIN_NEEDED_HTTP })]);
    const [s1, b1] = await post(discard.seq, { kind: 'place', end: 'middle', zone: 'WL-3/wall' });
    expect([s1, b1.message]).toEqual([400, expect.stringContaining('body.end')]);
    const [s2, b2] = await post(discard.seq, { kind: 'tile' });
    expect([s2, b2.message]).toEqual([400, expect.stringContaining('body.tile')]);
    const [s3, b3] = await post('abc', { kind: 'tile', tile: 'F#2' });
    expect([s3, b3.message]).toEqual([400, expect.stringContaining('params.ref')]);
    expect(await post(999_999, { kind: 'tile', tile: 'F#2' })).toEqual([
      404,
      expect.objectContaining({ message: "table 't1' has no committed move 999999 (a move's ref is the sequence number of its tile-moved event)" }),
    ]);
    expect(await post(discard.seq, { kind: 'place', end: 'to', zone: 'XX/nowhere' })).toEqual([
      400,
      expect.objectContaining({ message: expect.stringMatching(/^zone: 'XX\/nowhere' is not a zone of table 't1' \(one of RK-E\/in, /) }),
    ]);
    expect(await post(discard.seq, { kind: 'tile', tile: discard.data.tile })).toEqual([
      409,
      expect.objectContaining({ message: `move ${discard.seq}'s tag ${discard.data.tag} is already ${discard.data.tile}` }),
    ]);
  });

  it('a tile correction: the Mah Jongg in error becomes a valid 50; the director view and the record show the reading and the correction', async () => {
    const { b, post, get, discard } = await played();
    expect(b.engine.publicView().flags.map((f) => f.kind)).toEqual(['mah-jongg-in-error']);
    const flower = [...b.engine.loggedTable().tiles].find(([t, z]) => t.startsWith('F#') && z.startsWith('WL-'))![0] as TileId;
    const [status, body] = await post(discard.seq, { kind: 'tile', tile: flower, by: 'Dora' });
    expect(status).toBe(200);
    const reply = MoveCorrectionReply.parse(body);
    expect(reply.correction.text).toMatch(
      new RegExp(
        `^move ${discard.seq}: tag ${discard.data.tag} is ${flower.replace('#', '#')}, not ${discard.data.tile} as enrolled; tag \\w+, enrolled as ${flower}, is ${discard.data.tile} \\(Dora\\)$`,
      ),
    );
    // 000: Bea 30 + 20 jokerless = 50; Cat pays 10 as the discarder to a hand with one exposure; Ann and Dot 0
    expect([reply.view.flags, reply.view.score?.points]).toEqual([[], [0, 50, -10, 0]]);
    const dv = DirectorTableViewSchema.parse(await (await get('/api/director/tables/t1')).json());
    expect(dv.corrections?.map((c) => [c.ref, c.kind, c.by])).toEqual([[String(discard.seq), 'tile', 'Dora']]);
    const record = parseGameRecord(await (await get('/api/director/tables/t1/games/1/record')).text());
    expect(record.lines.filter((l) => 'correction' in l).map((l) => ('correction' in l ? [l.correction.kind, l.correction.ref] : null))).toEqual([['tile', String(discard.seq)]]);
  });

  it("a place correction: Cat's pick came from another wall; the director view and the record's correction line have the wall as read and as corrected", async () => {
    const { b, post, get, pick } = await played();
    const read = pick.data.from!;
    const other = read === 'WL-3/wall' ? 'WL-2/wall' : 'WL-3/wall';
    const wall = other === 'WL-3/wall' ? 2 : 1;
    const [status, body] = await post(pick.seq, { kind: 'place', end: 'from', zone: other, by: 'Dora' });
    expect(status).toBe(200);
    const reply = MoveCorrectionReply.parse(body);
    expect(reply.correction.text).toBe(`move ${pick.seq}: from wall ${wall + 1} (${other}), not wall ${Number(read.slice(3, 4))} (${read}) as read (Dora)`);
    const dv = DirectorTableViewSchema.parse(await (await get('/api/director/tables/t1')).json());
    expect(dv.corrections?.map((c) => c.text)).toEqual([reply.correction.text]);
    const record = parseGameRecord(await (await get('/api/director/tables/t1/games/1/record')).text());
    // (a 4-player pick names no wall: 000 plays the wall round the table; a Royale Siamese pick's wall is judged, 003 rule 20: hub/table/engine-corrections.test.ts)
    expect(record.lines.filter((l) => 'correction' in l)).toEqual([
      {
        correction: {
          kind: 'place',
          ref: String(pick.seq),
          end: 'from',
          was: { area: 'wall', wall: Number(read.slice(3, 4)) - 1 },
          place: { area: 'wall', wall },
          by: 'Dora',
          at: expect.any(Number),
        },
      },
    ]);
    // the same reading corrected twice the same way: 409
    expect(await post(pick.seq, { kind: 'place', end: 'from', zone: other })).toEqual([409, expect.objectContaining({ message: `move ${pick.seq} already has from wall ${wall + 1} (${other})` })]);
    expect(b.store.events('t1').filter((e) => e.type === 'move-correction').length).toBe(1);
  });
});
