/**
 * The director's entry on a Royale Siamese table names a player and a rack the table has: a player
 * 3 on a 2-player table, or a rack 5 of a 2-rack player, is refused (400) with the table's own
 * numbers, before the Mah Jongg check (003 rule 19's mis-named discard entry).
 */
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { openSqliteStore } from '../store/sqlite.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { TableEngine } from './engine.js';
import { engineOnReaders } from './readers.test-helpers.js';
import { RulingError } from '../api/runtime.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/siamese-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];

function engine() {
  const store = openSqliteStore(':memory:');
  const wired = engineOnReaders(table, store, (readers) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now: () => 1_000_000 }), 60_000);
  return { store, engine: wired.engine };
}

function refusal(f: () => void): [number, string] {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(RulingError);
    return [(e as RulingError).status, (e as Error).message];
  }
  throw new Error('expected a refusal');
}

describe('a director entry names a player and rack of the table', () => {
  it("player 3 on a 2-player table is refused with the table's players (400); nothing is logged", () => {
    const { store, engine: e } = engine();
    const before = store.events('t1').length;
    expect(refusal(() => e.enter({ entry: 'misnamed-discard', player: 3, rack: 0 }, 'director'))).toEqual([400, 'table t1 has players 0-1, not 3']);
    expect(refusal(() => e.enter({ entry: 'misnamed-discard', player: -1, rack: 0 }, 'director'))).toEqual([400, 'table t1 has players 0-1, not -1']);
    expect(refusal(() => e.enter({ entry: 'misnamed-discard', player: 1, rack: 4 }, 'director'))).toEqual([400, 'table t1: player 1 has racks 1-2 (rack 0-1 in the entry), not rack 4']);
    expect(store.events('t1').length).toBe(before);
  });

  it('a real player and rack with no Mah Jongg is still the 409 of the Mah Jongg check', () => {
    const { engine: e } = engine();
    expect(refusal(() => e.enter({ entry: 'misnamed-discard', player: 1, rack: 1 }, 'director'))).toEqual([409, "no Mah Jongg on a called discard on player 1's rack 2 of table 't1'"]);
  });
});
