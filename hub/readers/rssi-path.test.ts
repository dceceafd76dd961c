/**
 * Signal strength (protocol v1 `rssi`, PROTOCOL.md §5.2, §5.3) on the hub's own path: reader line →
 * ReaderSupervisor → SightingSink → TableEngine.add/snapshot → tracker, with no shim. A strong read
 * settles a move in 200 ms (STRONG_SETTLE_MS); a v0 line (no rssi) in a rack waits 400 ms
 * (DEFAULT_SETTLE_BY_AREA). And the hub's wiring (hub/hub.ts: read-stats tap, route by reader) hands
 * the rssi to the engine unchanged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import type { ProtocolVersion, ReaderMessage } from '../../firmware-protocol/messages.js';
import { fullTileSet, type TileId } from '../../rules/tiles.js';
import { loadHubConfig } from '../config/load.js';
import { startHub, type RunningHub } from '../hub.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { TileMovedData } from '../table/machine.js';
import { TableEngine } from '../table/engine.js';
import { engineOnReaders } from '../table/readers.test-helpers.js';
import { simulatedTileSet, tagOfTile } from '../tilesets/simulated.js';
import type { Connection } from './supervisor.js';

const DEMO = new URL('../config/tables/siamese-demo.json', import.meta.url).pathname;
const [{ table, cards }] = loadHubConfig(DEMO) as [ReturnType<typeof loadHubConfig>[0]];
const T0 = 1_000_000;
/** a tile lying on the antenna (dBm) */
const STRONG = -48;

/** The demo Siamese table on a hand-driven clock, its readers speaking `protocol`. */
function table1(protocol: ProtocolVersion) {
  let clock = T0;
  const store = openSqliteStore(':memory:');
  const { engine, supervisor } = engineOnReaders(table, store, (readers) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now: () => clock }), 60_000);
  const conns = new Map<string, Connection>();
  const seqs = new Map<string, number>();
  const send = (reader: string, msg: ReaderMessage) => {
    let c = conns.get(reader);
    if (!c) conns.set(reader, (c = { name: `/dev/pts-${reader}`, write: () => {} }));
    supervisor.line(c, encodeLine(msg), clock);
  };
  const seq = (reader: string) => {
    const s = (seqs.get(reader) ?? -1) + 1;
    seqs.set(reader, s);
    return s;
  };
  // the walls built: 4 walls of 38 tiles in set order; every rack and the floor empty
  const wallOf = new Map<TileId, number>();
  fullTileSet().forEach((t, i) => wallOf.set(t, Math.floor(i / 38) + 1));
  for (const r of table.readers) {
    send(r.id, { type: 'HELLO', reader: r.id, firmware: 't', protocol, zones: Object.keys(r.zones) });
    for (const zone of Object.keys(r.zones)) {
      const tags =
        zone === 'wall'
          ? fullTileSet()
              .filter((t) => `WL-${wallOf.get(t)}` === r.id)
              .map(tagOfTile)
          : [];
      send(r.id, { type: 'SNAP', seq: seq(r.id), zone, tags, ...(protocol >= 1 ? { rssi: tags.map(() => STRONG) } : {}) });
    }
  }
  const tick = (to: number) => {
    while (clock < to) {
      clock += 1;
      engine.tick();
    }
  };
  tick(T0 + 300); // the first sightings settle
  const moves = () =>
    store
      .events(table.id)
      .filter((e) => e.type === 'tile-moved')
      .map((e) => e.data as TileMovedData);
  return { send, seq, tick, moves, engine, now: () => clock };
}

describe('rssi through the real supervisor → engine path', () => {
  /** First tile of wall 1 picked into East's rack at one instant (DEL and ADD at the same ms): when is the move logged? */
  function pickSettlesAt(protocol: ProtocolVersion): { at: number; move: TileMovedData } {
    const t = table1(protocol);
    const tile = fullTileSet()[0]!;
    const before = t.moves().length;
    const start = t.now();
    t.send('WL-1', { type: 'DEL', seq: t.seq('WL-1'), zone: 'wall', tag: tagOfTile(tile) });
    t.send('RK-E1', { type: 'ADD', seq: t.seq('RK-E1'), zone: 'in', tag: tagOfTile(tile), ...(protocol >= 1 ? { rssi: STRONG } : {}) });
    let at = -1;
    while (at < 0 && t.now() < start + 1000) {
      t.tick(t.now() + 1);
      if (t.moves().length > before) at = t.now() - start;
    }
    const move = t.moves().at(-1)!;
    t.engine.close();
    return { at, move };
  }

  it('a v1 pick read at −48 dBm settles in the rack 200 ms after the tile came to rest', () => {
    const { at, move } = pickSettlesAt(1);
    expect(at).toBe(200);
    expect(move).toMatchObject({ tile: fullTileSet()[0], from: 'WL-1/wall', to: 'RK-E1/in' });
  });

  it('the same pick from a v0 reader (no rssi) waits the rack window: 400 ms', () => {
    const { at, move } = pickSettlesAt(0);
    expect(at).toBe(400);
    expect(move).toMatchObject({ tile: fullTileSet()[0], from: 'WL-1/wall', to: 'RK-E1/in' });
  });

  it('a v1 read at −75 dBm (weak: a cross-read) is not taken at 200 ms', () => {
    const t = table1(1);
    const tile = fullTileSet()[0]!;
    const before = t.moves().length;
    t.send('WL-1', { type: 'DEL', seq: t.seq('WL-1'), zone: 'wall', tag: tagOfTile(tile) });
    t.send('RK-E1', { type: 'ADD', seq: t.seq('RK-E1'), zone: 'in', tag: tagOfTile(tile), rssi: -75 });
    t.tick(t.now() + 450);
    expect(t.moves().length).toBe(before); // a weak read waits its window and a snapshot that holds it
    t.engine.close();
  });
});

describe('the hub hands rssi from the supervisor to the engine (hub/hub.ts, read-stats tap)', () => {
  let hub: RunningHub | null = null;
  afterEach(async () => {
    await hub?.close();
    hub = null;
  });

  it('a v1 SNAP and ADD reach engine.snapshot / engine.add with their rssi; a v0 line with none', async () => {
    hub = await startHub({ tables: loadHubConfig(DEMO), dataDir: ':memory:', ports: [], httpPort: 0, directorToken: 'test-token' });
    const engine = hub.engines.get(table.id)!;
    const calls: string[] = [];
    const snapshot = engine.snapshot.bind(engine);
    const add = engine.add.bind(engine);
    engine.snapshot = (zone, tags, at, line, rssi) => {
      calls.push(`SNAP ${zone} ${tags.length} rssi=${JSON.stringify(rssi)}`);
      snapshot(zone, tags, at, line, rssi);
    };
    engine.add = (zone, tag, at, line, rssi) => {
      calls.push(`ADD ${zone} rssi=${JSON.stringify(rssi)}`);
      add(zone, tag, at, line, rssi);
    };
    const c1: Connection = { name: 'test://RK-E1', write: () => {} };
    const c2: Connection = { name: 'test://RK-W1', write: () => {} };
    const now = Date.now();
    const tag = tagOfTile('5B#2');
    hub.supervisor.line(c1, encodeLine({ type: 'HELLO', reader: 'RK-E1', firmware: 't', protocol: 1, zones: ['in', 'top'] }), now);
    hub.supervisor.line(c1, encodeLine({ type: 'SNAP', seq: 0, zone: 'in', tags: [tag], rssi: [-51] }), now);
    hub.supervisor.line(c1, encodeLine({ type: 'SNAP', seq: 1, zone: 'top', tags: [], rssi: [] }), now);
    hub.supervisor.line(c1, encodeLine({ type: 'ADD', seq: 2, zone: 'top', tag: tagOfTile('6B#2'), rssi: -70 }), now);
    hub.supervisor.line(c2, encodeLine({ type: 'HELLO', reader: 'RK-W1', firmware: 't', protocol: 0, zones: ['in', 'top'] }), now);
    hub.supervisor.line(c2, encodeLine({ type: 'SNAP', seq: 0, zone: 'in', tags: [] }), now);
    hub.supervisor.line(c2, encodeLine({ type: 'SNAP', seq: 1, zone: 'top', tags: [] }), now);
    hub.supervisor.line(c2, encodeLine({ type: 'ADD', seq: 2, zone: 'in', tag: tagOfTile('7B#2') }), now);
    expect(calls).toEqual([
      'SNAP RK-E1/in 1 rssi=[-51]',
      'SNAP RK-E1/top 0 rssi=[]',
      'ADD RK-E1/top rssi=-70',
      'SNAP RK-W1/in 0 rssi=undefined',
      'SNAP RK-W1/top 0 rssi=undefined',
      'ADD RK-W1/in rssi=undefined',
    ]);
    // the read rates (hub/tilesets/read-stats.ts) still see every snapshot and ADD
    expect(hub.supervisor.statuses(now, ['RK-E1'])[0]!.state).toBe('connected');
  });
});
