/**
 * A tile not seen on the 4-player table (000), through a real ReaderSupervisor on the virtual clock
 * (hub/table/test-bench.ts `SimBench`, a seeded simulator game): a tile of East's (Ann's) rack
 * vanishes from the rack's snapshot (no DEL). It becomes a notice for the director, it stays in her
 * rack for the counts, it is never a flag; at the next turn boundary East's count check waits on it
 * while the counts of the other three players are judged (hub/table/machine/not-seen.ts).
 */
import { describe, expect, it } from 'vitest';
import type { TileId } from '../../rules/tiles.js';
import { loadHubConfig } from '../config/load.js';
import { play } from '../simulator/measure-unplug.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import type { CountCheckData } from './machine.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';

const [{ table: demo, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
// as hub/table/engine-standard-unplug.test.ts: the bots play on after the wrong count at East's first discard
const table = { ...demo, nmjlPractice: { misdeal: false } };
const keep = closedAfterEach<SimBench<TableEngine>>();

describe('a tile not seen (000)', () => {
  it("seed 10 (measure:unplug's game 6): a tile of East's rack not seen at her first discard: her count waits, Bea's 14 off turn is flagged; East is judged when the tile is read again", () => {
    const g = play('standard', table, cards, 6, 10);
    const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
    b.build(g);
    const firstDiscard = g.steps.findIndex((s) => / discards /.test(s.label));
    expect(g.steps[firstDiscard]!.label).toMatch(/^Ann discards /);
    g.steps.slice(0, firstDiscard - 1).forEach((s) => b.step(s)); // up to East lifting her first discard
    b.advance(2000);
    // a tile of East's that the discard does not move
    const moved = new Set(g.steps.slice(firstDiscard - 1, firstDiscard + 1).flatMap((s) => s.moves.map((m) => m.tile)));
    const tile = b.engine.directorView().concealed[0]![0]!.find((t) => !moved.has(t)) as TileId;
    b.tagRead(tile, 'RK-E/in', false);
    b.snap('RK-E/in');
    b.advance(5000); // past the 4.5 s a tile seen nowhere holds the log back
    const n = b.engine.directorView().tilesNotSeen!;
    expect(n.map((x) => [x.tile, x.where, x.player])).toEqual([[tile, "Ann's rack 1", 0]]);
    // seconds since it was last seen (its last read or the last snapshot holding it), to 0.1 s: (now - lastSeen) / 1000
    expect(n[0]!.text).toBe(`${tile} last seen in Ann's rack 1 (RK-E/in), not seen for ${((b.clock - n[0]!.lastSeen) / 1000).toFixed(1)} s`);
    expect(b.clock - n[0]!.lastSeen).toBeGreaterThanOrEqual(5000); // the snapshot without it came 5 s ago
    expect(b.engine.publicView().players.map((p) => p.count)).toEqual([14, 14, 13, 13]); // East 14 before her discard, kept; Bea's extra tile
    const before = b.store.events('t1').filter((e) => e.type === 'count-check').length;

    b.step(g.steps[firstDiscard - 1]!);
    b.step(g.steps[firstDiscard]!);
    b.advance(3000);
    const checks = () =>
      b.store
        .events('t1')
        .filter((e) => e.type === 'count-check')
        .map((e) => e.data as CountCheckData);
    expect(checks().slice(before)).toEqual([{ skipReaders: [], waiting: [{ player: 0, tiles: [tile] }] }]);
    // East's count is not judged; South's, West's and North's are: Bea holds 14 off turn
    expect(b.engine.publicView().flags.map((f) => `${f.kind}: ${f.title}`)).toEqual(['tile-count: Bea has 14 tiles off turn (should be 13)']);

    // the tag answers again: the notice closes and East's count is judged alone (13 after her discard: no flag)
    b.tagRead(tile, 'RK-E/in', true);
    b.snap('RK-E/in');
    b.advance(2000);
    expect(b.engine.directorView().tilesNotSeen).toBeUndefined();
    expect(checks().slice(before + 1)).toEqual([{ skipReaders: [], only: [0] }]);
    expect(b.engine.publicView().players[0]!.count).toBe(13);
    expect(b.engine.publicView().flags.map((f) => `${f.kind}: ${f.title}`)).toEqual(['tile-count: Bea has 14 tiles off turn (should be 13)']);
  });
});
