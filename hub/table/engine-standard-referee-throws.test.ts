/**
 * A referee that throws on an action (a fault of the rules code, not a move it refuses): the
 * standard engine keeps the event in the log, lists the action under the director's "Moves the hub
 * could not place" with the error's words, keeps the table playing and folding reader lines, and
 * a hub restarted on that log replays it to the same state and the same listing. The fault is fed
 * here: the real engine (rules/game/apply.ts `createEngine`) wrapped so that its `apply` throws on
 * every `mah-jongg` action.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';
import { EAST, ScriptedGame, SOUTH, WEST } from './standard/scripted.test-helpers.js';

const FAULT = 'test fault: the referee broke on this Mah Jongg';

vi.mock('../../rules/game/apply.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../rules/game/apply.js')>();
  return {
    ...real,
    createEngine: (...args: Parameters<typeof real.createEngine>) => {
      const engine = real.createEngine(...args);
      return {
        ...engine,
        apply: (s: Parameters<typeof engine.apply>[0], a: Parameters<typeof engine.apply>[1]) => {
          if (a.type === 'mah-jongg') throw new TypeError(FAULT);
          return engine.apply(s, a);
        },
      };
    },
  };
});

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();
/** engines restarted on a bench's store (the bench closes the store) */
const restarted: TableEngine[] = [];
afterEach(() => {
  for (const e of restarted.splice(0)) e.close();
});

describe('the referee throws on an action', () => {
  it("Bea's Mah Jongg on Cat's F: kept in the log, listed for the director with the error's words, the table still in play; a restarted hub replays it the same", () => {
    // Bea (South): one exposure 1B 1B 1B, then Cat's F called and the hand laid on the top (14 tiles)
    const g = new ScriptedGame(
      table,
      ['1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C', 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C', '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D', 'RD RD RD GD GD GD WD WD WD S S S 7C'],
      ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'],
    );
    g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
    g.pick(WEST, 'F').discard(WEST, 'F').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
    const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
    b.build(g);
    for (const s of g.steps) b.step(s); // the throw happens inside a tick: it must not escape
    b.advance(3000);

    const unplaced = b.engine.directorView().unplaced!;
    expect(unplaced.map((u) => [u.action, u.reason])).toEqual([['mah-jongg', FAULT]]);
    // the event the action came from is in the log: the move that laid Bea's 14th tile on her top
    const logged = b.store.events(table.id).find((e) => String(e.seq) === unplaced[0]!.ref)!;
    expect(logged.type).toBe('tile-moved');
    expect(logged.data).toMatchObject({ to: 'RK-S/top' });
    expect(b.store.events(table.id).filter((e) => e.type === 'tile-moved' && (e.data as { to: string }).to === 'RK-S/top')).toHaveLength(14);
    // the table is still in play: no winner, no score, Bea on turn with the called F
    const v = b.engine.publicView();
    expect(v.phase).toBe('play');
    expect(v.score).toBeNull();
    expect(v.turn).toBe(SOUTH);
    expect(v.players[SOUTH]!.racks[0]!.exposed).toHaveLength(14);
    expect('unplaced' in v).toBe(false); // the director's list only

    // reader lines are still folded: Bea takes her last tile back off the top into the rack
    const last = b
      .moves()
      .filter((m) => m.data.to === 'RK-S/top')
      .at(-1)!.data.tile;
    b.step({ label: 'Bea lifts her last tile off the top', moves: [{ tile: last, from: { reader: 'RK-S', zone: 'top' }, to: null }] });
    b.step({ label: 'Bea racks it', moves: [{ tile: last, from: null, to: { reader: 'RK-S', zone: 'in' } }] });
    b.advance(2000);
    expect(b.engine.publicView().players[SOUTH]!.racks[0]!.exposed).toHaveLength(13);

    // a hub restarted on the same log: the fold replays the throw to the same state and listing
    const again = new TableEngine({ table, cards, registry: simulatedTileSet(), store: b.store, readers: { statuses: () => [], untrusted: () => [] }, now: () => b.clock });
    restarted.push(again);
    expect(again.directorView().unplaced).toEqual(b.engine.directorView().unplaced);
    expect(again.gameState()).toEqual(b.engine.gameState());
    expect(again.publicView().phase).toBe('play');
    expect(again.publicView().players[SOUTH]!.racks[0]!.exposed).toHaveLength(13);
  });
});
