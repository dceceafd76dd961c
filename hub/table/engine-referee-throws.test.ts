/**
 * A referee that throws on an action (a fault of the rules code, not a move it refuses) at the
 * Royale Siamese table: the engine keeps the event in the log, lists the action under the
 * director's "Moves the hub could not place" with the error's words, keeps the table playing and
 * folding reader lines, and an engine rebuilt on that log (a hub restart) replays it to the same
 * listing. The fault is fed here: the real engine (rules/game/apply.ts `createEngine`) wrapped so
 * that its `apply` throws on the first discard of the game (East's, after the deal and East's 28th tile).
 */
import { describe, expect, it, vi } from 'vitest';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { TableEngine } from './engine.js';
import { closedAfterEach, HandBench, siameseDemo } from './test-bench.js';

const FAULT = 'test fault: the referee broke on this discard';
let discards = 0;

vi.mock('../../rules/game/apply.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../rules/game/apply.js')>();
  return {
    ...real,
    createEngine: (...args: Parameters<typeof real.createEngine>) => {
      const engine = real.createEngine(...args);
      discards = 0;
      return {
        ...engine,
        // the hub applies a move's actions one by one (rules/game/apply.ts `applyAll`): the discard's throws
        apply: (s: Parameters<typeof engine.apply>[0], a: Parameters<typeof engine.apply>[1]) => {
          if (a.type === 'discard' && ++discards === 1) throw new TypeError(FAULT);
          return engine.apply(s, a);
        },
      };
    },
  };
});

const keep = closedAfterEach<HandBench>();

describe('the Siamese referee throws on an action', () => {
  it("East's first discard: kept in the log, listed for the director, the table still in play and counting; a rebuilt engine lists it the same", () => {
    const b = keep(new HandBench());
    b.build();
    b.deal();
    expect(b.counts()).toEqual([27, 27]);
    // East picks the 28th tile and discards it: the referee throws on that discard
    const pick = b.nextFromWall();
    b.move(pick, 'RK-E1/in');
    b.settle();
    expect(b.counts()).toEqual([28, 27]);
    b.move(pick, 'FL-1/floor');
    b.settle();

    const unplaced = b.engine.directorView().unplaced!;
    expect(unplaced.map((u) => [u.action, u.reason])).toEqual([['discard', FAULT]]);
    const logged = b.store.events('t1').find((e) => String(e.seq) === unplaced[0]!.ref)!;
    expect(logged.type).toBe('tile-moved');
    expect(logged.data).toMatchObject({ tile: pick, to: 'FL-1/floor' });
    // the state is as before the discard: East holds 28 and the deal is not yet closed (East's
    // first discard closes it, 003 rule 8); the table still takes moves
    const v = b.view();
    expect(v.phase).toBe('deal');
    expect(b.counts()).toEqual([28, 27]);
    expect('unplaced' in v).toBe(false); // the director's list only
    expect(b.engine.directorView().flags).toEqual([]);

    // reader lines are still folded: West picks from the current wall into a rack
    const next = b.nextFromWall();
    b.move(next, 'RK-W1/in');
    b.settle();
    expect(b.moves().at(-1)).toMatchObject({ tile: next, to: 'RK-W1/in' });

    // the same log folded again by a fresh engine: the same listing
    const again = new TableEngine({
      table: siameseDemo.table,
      cards: siameseDemo.cards,
      registry: simulatedTileSet(),
      store: b.store,
      readers: { statuses: () => [], untrusted: () => [] },
      now: () => b.clock,
    });
    try {
      expect(again.directorView().unplaced).toEqual(unplaced);
    } finally {
      again.close();
    }
  });
});
