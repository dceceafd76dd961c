/**
 * The table config's `tileFaces` (the faces a table's displays draw, display/src/lib/faceStyle.ts):
 * accepted as "plain" or "traditional", anything else refused naming the key; carried in the table's
 * public view through the real hub (`GET /api/tables/t1` and the `/` namespace's snapshot, as the
 * table page gets it), in a seat's view and the director's, absent when not configured.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { EV, SnapshotPayloadSchema } from '../contract/socket.js';
import { PublicTableViewSchema, SeatViewSchema } from '../contract/views.js';
import { HandBench, SimBench } from '../table/test-bench.js';
import { TableEngine } from '../table/engine.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { toPublic } from './public-view.js';
import { createHubServer, type HubServer } from './server.js';

const DEMO = path.join(import.meta.dirname, '../config/tables/siamese-demo.json');

/** The Siamese demo config with `tileFaces` set to `faces`, written to a fresh folder (card paths made absolute). */
function demoWith(faces: unknown): string {
  const cfg = JSON.parse(readFileSync(DEMO, 'utf8'));
  const t = cfg.tables[0];
  t.cards = t.cards.map((c: string) => path.resolve(path.dirname(DEMO), c));
  t.tileFaces = faces;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mjhub-faces-')), 'hub.json');
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

describe("the table config's tileFaces", () => {
  it('accepts "plain" and "traditional"', () => {
    expect(loadHubConfig(demoWith('plain'))[0]!.table.tileFaces).toBe('plain');
    expect(loadHubConfig(demoWith('traditional'))[0]!.table.tileFaces).toBe('traditional');
  });

  it('refuses another value, naming the key and the two it takes', () => {
    const file = demoWith('fancy');
    expect(() => loadHubConfig(file)).toThrow(`${file}: tables.0.tileFaces: Invalid option: expected one of "plain"|"traditional"`);
  });
});

describe("the public view carries the table's tileFaces", () => {
  let hub: HubServer | undefined;
  let bench: HandBench | undefined;
  afterEach(async () => {
    await hub?.close();
    bench?.engine.close();
    bench?.store.close();
    hub = bench = undefined;
  });

  async function served(faces?: 'plain' | 'traditional') {
    bench = new HandBench(faces ? { tileFaces: faces } : {});
    hub = await createHubServer({ tables: [bench.engine], directorToken: 'tile-faces-token', store: bench.store });
    const res = await hub.app.inject({ url: '/api/tables/t1' });
    expect(res.statusCode).toBe(200);
    return PublicTableViewSchema.parse(res.json());
  }

  it('"plain" when the config says plain', async () => {
    expect((await served('plain')).tileFaces).toBe('plain');
  });

  it("a seat's view and the director's view say plain too (the phone and the director's table page choose as the table display)", async () => {
    await served('plain');
    const auth = { authorization: 'Bearer tile-faces-token' };
    const seats = (await hub!.app.inject({ url: '/api/director/tables/t1/seats', headers: auth })).json() as { token: string }[];
    expect(SeatViewSchema.parse((await hub!.app.inject({ url: `/api/seat/${seats[0]!.token}` })).json()).tileFaces).toBe('plain');
    expect((await hub!.app.inject({ url: '/api/director/tables/t1', headers: auth })).json().tileFaces).toBe('plain');
  });

  it("the table page's snapshot (socket.io, namespace /) says plain too", async () => {
    await served('plain');
    const url = await hub!.listen(0);
    const client = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      const snapshot = new Promise<unknown>((res) => client.once(EV.snapshot, res));
      client.emit(EV.watch, { tableId: 't1' });
      expect(SnapshotPayloadSchema.parse(await snapshot).view.tileFaces).toBe('plain');
    } finally {
      client.disconnect();
    }
  });

  it('no tileFaces when the config gives none (the displays draw traditional faces)', async () => {
    const view = await served();
    expect(view).not.toHaveProperty('tileFaces');
  });

  it("the 4-player table's public view carries it too", () => {
    const [{ table, cards }] = loadHubConfig(path.join(import.meta.dirname, '../config/tables/standard-demo.json')) as [ReturnType<typeof loadHubConfig>[0]];
    const plain = { ...table, tileFaces: 'plain' as const };
    const sim = new SimBench(plain, (store, readers, now) => new TableEngine({ table: plain, cards, registry: simulatedTileSet(), store, readers, now }));
    try {
      expect(toPublic(sim.engine.publicView()).tileFaces).toBe('plain');
    } finally {
      sim.engine.close();
      sim.store.close();
    }
  });
});
