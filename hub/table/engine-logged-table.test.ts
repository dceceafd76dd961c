/**
 * Where the log leaves a table (`loggedTable`, what the embedded simulator's state file is checked
 * against on `npm start`, hub/simulator/state.ts) and whether the table has logged everything its
 * readers show (`quiet`, what Ctrl-C waits for): by hand on the Siamese demo table.
 */
import { describe, expect, it } from 'vitest';
import { closedAfterEach, HandBench } from './test-bench.js';

const bench = closedAfterEach<HandBench>();

describe('loggedTable and quiet', () => {
  it('before any game: game 0, nothing in play, no tile', () => {
    const b = bench(new HandBench());
    expect(b.engine.loggedTable()).toEqual({ gameNo: 0, inPlay: false, ended: false, tiles: new Map() });
    expect(b.engine.quiet()).toBe(true);
  });

  it('a game dealt and a turn played: game 1 in play, every tile where its last settled move put it; not quiet while a move settles', () => {
    const b = bench(new HandBench());
    b.build();
    b.deal();
    const pick = b.turn('RK-E1/in');
    const logged = b.engine.loggedTable();
    expect([logged.gameNo, logged.inPlay, logged.ended]).toEqual([1, true, false]);
    expect(logged.tiles.size).toBe(152);
    expect(logged.tiles).toEqual(b.at); // the bench's own record of where it put each tile
    expect(logged.tiles.get(pick)).toBe('FL-1/floor'); // East's pick, discarded at once
    // East's racks: 27 dealt (4 + 4 + 4 + 4 + 4 + 4 + 3, alternately into RK-E1 and RK-E2: 14 and 13)
    expect([...logged.tiles.values()].filter((z) => z === 'RK-E1/in' || z === 'RK-E2/in')).toHaveLength(27);
    expect(b.engine.quiet()).toBe(true);
    // West picks: the tile lands in RK-W1 and settles a window later; until then the table is not quiet
    const next = b.nextFrom(1);
    b.move(next, 'RK-W1/in');
    expect(b.engine.quiet()).toBe(false);
    expect(b.engine.loggedTable().tiles.get(next)).toBe('WL-2/wall'); // not logged yet: where it was
    b.settle();
    expect(b.engine.quiet()).toBe(true);
    expect(b.engine.loggedTable().tiles.get(next)).toBe('RK-W1/in');
  });
});
