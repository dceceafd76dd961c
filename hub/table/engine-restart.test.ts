/**
 * A game in play when the hub restarts, with reader lines replayed into a restarted engine on the
 * same log (hub/table/test-bench.ts): when the readers' first snapshots show the tiles where the
 * log has them, play goes on; when they do not (the walls rebuilt while the hub was down), no move
 * is logged and the game waits for the director's choice — score as it stood, replay, or void —
 * instead of being dropped for a new game without a word.
 */
import { describe, expect, it } from 'vitest';
import { RulingError } from '../api/runtime.js';
import { createHubServer } from '../api/server.js';
import { fullTileSet } from '../../rules/tiles.js';
import type { EventStore } from '../store/types.js';
import { RESTART_CHECK_MS } from './restart-check.js';
import { closedAfterEach, HandBench } from './test-bench.js';

class Bench extends HandBench {
  constructor(store?: EventStore) {
    super({ store, announce: false, helloTakesSeq: false, settlePadMs: 100 });
  }
}
const bench = closedAfterEach<Bench>();

/** A game dealt and two turns played (East, then West); then the hub stops. Returns the old bench. */
function gameUnderWay(): Bench {
  const b = bench(new Bench());
  b.build();
  b.deal();
  b.turn('RK-E1/in');
  b.turn('RK-W1/in');
  b.store.flush();
  return b;
}

/** The hub starts again on the same log, 5 s later (its readers not connected yet). */
function restarted(b: Bench): Bench {
  b.engine.close();
  const again = new Bench(b.store);
  again.clock = b.clock + 5000;
  return again;
}

const tileMoves = (store: EventStore) => store.events('t1').filter((e) => e.type === 'tile-moved').length;

describe('a game in play when the hub restarts', () => {
  it('goes on from the log when the readers show every tile where it was', () => {
    const b = gameUnderWay();
    const before = b.engine.publicView();
    const again = bench(restarted(b));
    for (const [tile, zone] of b.at) again.at.set(tile, zone);
    expect(again.engine.directorView().restart).toEqual({ gameNo: 1, state: 'checking', differences: [], choices: ['score', 'replay', 'void'] });
    again.reconnect();
    expect(again.engine.directorView().restart).toBeUndefined();
    expect(
      again.store
        .events('t1')
        .filter((e) => e.type === 'restart-check')
        .map((e) => e.data),
    ).toEqual([{ gameNo: 1, agreed: true, differences: [] }]);
    // East's next turn is logged and played: one more discard
    again.turn('RK-E1/in');
    const v = again.engine.publicView();
    expect([v.gameNo, v.phase, v.discards.length]).toEqual([1, 'play', before.discards.length + 1]);
    expect(v.flags).toEqual([]);
  });

  it('the walls rebuilt while the hub was down: no move logged, the director is asked; "score as it stood" ends game 1 and the walls start game 2', async () => {
    const b = gameUnderWay();
    const before = b.engine.publicView();
    const moves = tileMoves(b.store);
    const again = bench(restarted(b));
    // the players gathered every tile back into the walls while the hub was down
    fullTileSet().forEach((tile, i) => again.at.set(tile, `WL-${Math.floor(i / 38) + 1}/wall`));
    again.reconnect();
    again.settle();
    // no move logged: game 1 is not dropped for a new game
    expect(tileMoves(again.store)).toBe(moves);
    const v = again.engine.publicView();
    expect([v.gameNo, v.phase, v.discards]).toEqual([1, 'play', before.discards]);
    const restart = again.engine.directorView().restart!;
    expect(restart.state).toBe('differs');
    expect(restart.gameNo).toBe(1);
    // East's racks held 14 + 13 after the deal and East's turn (pick, discard), West's 14 + 13 after West's
    expect(restart.differences.filter((d) => d.startsWith('RK-'))).toEqual([
      expect.stringMatching(/^RK-E1\/in: 14 tiles in the log, 0 read \(e\.g\. \S+ is not there\)$/),
      expect.stringMatching(/^RK-E2\/in: 13 tiles in the log, 0 read \(e\.g\. \S+ is not there\)$/),
      expect.stringMatching(/^RK-W1\/in: 14 tiles in the log, 0 read \(e\.g\. \S+ is not there\)$/),
      expect.stringMatching(/^RK-W2\/in: 13 tiles in the log, 0 read \(e\.g\. \S+ is not there\)$/),
    ]);
    expect(
      again.store
        .events('t1')
        .filter((e) => e.type === 'restart-check')
        .map((e) => (e.data as { agreed: boolean }).agreed),
    ).toEqual([false]);

    // what a listener (the tournament, the views) sees at each publish
    const seen: [number, string][] = [];
    again.engine.onChange(() => seen.push([again.engine.publicView().gameNo, again.engine.publicView().phase]));
    again.engine.restartChoice('score', 'Judy');
    const scored = again.engine.publicView();
    expect([scored.gameNo, scored.phase, scored.endReason]).toEqual([1, 'ended', 'scored as it stood when the hub restarted (director Judy)']);
    // no Mah Jongg was made: 0 each (003 rule 17)
    expect(scored.score).toMatchObject({ points: [0, 0], final: true });
    expect(again.engine.directorView().restart).toBeUndefined();
    // once the ended game is published, the walls as they are now are logged: a new game begins
    again.settle();
    expect(again.engine.publicView().gameNo).toBe(1);
    await new Promise((r) => setImmediate(r));
    again.settle();
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([
      [1, 'ended'],
      [2, 'deal'],
    ]);
    const next = again.engine.publicView();
    expect([next.gameNo, next.phase]).toEqual([2, 'deal']);
    expect(next.walls.map((w) => w.left)).toEqual([38, 38, 38, 38]);
    expect(() => again.engine.restartChoice('void', 'Judy')).toThrow(RulingError);
    expect(() => again.engine.restartChoice('void', 'Judy')).toThrow("no game of table 't1' waits for a restart decision");
  });

  it('"void" ends the game at 0 for both, "replay" ends it with no score (the next game replaces it); a reader never heard is a difference', () => {
    for (const choice of ['void', 'replay'] as const) {
      const b = gameUnderWay();
      const again = bench(restarted(b));
      for (const [tile, zone] of b.at) again.at.set(tile, zone);
      // every reader but the floor's comes back
      for (const r of again.table.readers) if (r.id !== 'FL-1') again.hello(r.id);
      again.advance(RESTART_CHECK_MS + 100);
      expect(again.engine.directorView().restart).toEqual({
        gameNo: 1,
        state: 'differs',
        differences: [`FL-1/floor: not heard within ${RESTART_CHECK_MS / 1000} s of the first snapshot`],
        choices: ['score', 'replay', 'void'],
      });
      again.engine.restartChoice(choice, 'director');
      const v = again.engine.publicView();
      expect(v.phase).toBe('ended');
      if (choice === 'void') {
        expect(v.endReason).toBe('void: the readers did not show the game as the log had it when the hub restarted (director director)');
        expect(v.score).toEqual({ points: [0, 0], payment: null, breakdown: [[], []], final: true });
      } else {
        expect(v.endReason).toBe('to be replayed: the readers did not show the game as the log had it when the hub restarted (director director)');
        expect(v.score).toBeNull();
      }
    }
  });
});

describe('the restart choice over HTTP', () => {
  it('the director sees the game waiting (GET /api/director/tables/t1 `restart`) and chooses with POST /api/director/tables/t1/restart', async () => {
    const b = gameUnderWay();
    const again = bench(restarted(b));
    fullTileSet().forEach((tile, i) => again.at.set(tile, `WL-${Math.floor(i / 38) + 1}/wall`));
    again.reconnect();
    const hub = await createHubServer({ tables: [again.engine], directorToken: 'restart-token', store: again.store });
    try {
      const auth = { authorization: 'Bearer restart-token' };
      const dir = (await hub.app.inject({ url: '/api/director/tables/t1', headers: auth })).json();
      expect(dir.restart).toMatchObject({ gameNo: 1, state: 'differs', choices: ['score', 'replay', 'void'] });
      // the public view does not carry the differences (they name concealed tiles)
      expect((await hub.app.inject({ url: '/api/tables/t1' })).json()).not.toHaveProperty('restart');
      const noAuth = await hub.app.inject({ method: 'POST', url: '/api/director/tables/t1/restart', payload: { choice: 'void' } });
      expect(noAuth.statusCode).toBe(401);
      const bad = await hub.app.inject({ method: 'POST', url: '/api/director/tables/t1/restart', headers: auth, payload: { choice: 'keep' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('body.choice must be one of "score", "replay", "void"');
      const ok = await hub.app.inject({ method: 'POST', url: '/api/director/tables/t1/restart', headers: auth, payload: { choice: 'void', by: 'Judy' } });
      expect(ok.statusCode).toBe(200);
      expect([ok.json().phase, ok.json().endReason, ok.json().score]).toEqual([
        'ended',
        'void: the readers did not show the game as the log had it when the hub restarted (director Judy)',
        { points: [0, 0], payment: null, breakdown: [[], []], final: true },
      ]);
      const twice = await hub.app.inject({ method: 'POST', url: '/api/director/tables/t1/restart', headers: auth, payload: { choice: 'void' } });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe("no game of table 't1' waits for a restart decision");
      expect(
        again.store
          .events('t1')
          .filter((e) => e.type === 'restart-ruling')
          .map((e) => e.data),
      ).toEqual([{ gameNo: 1, choice: 'void', by: 'Judy' }]);
    } finally {
      await hub.close();
    }
  });
});

describe('play going on while the readers come back', () => {
  it("a move read live before its zones' first snapshots is not a difference: play goes on", () => {
    const b = gameUnderWay();
    const again = bench(restarted(b));
    for (const [tile, zone] of b.at) again.at.set(tile, zone);
    // the floor and wall 2 readers come back first; East picks and discards before the racks' readers say HELLO
    again.hello('WL-2');
    again.hello('FL-1');
    const pick = again.nextFrom(1);
    again.move(pick, 'RK-E1/in');
    again.move(pick, 'FL-1/floor');
    for (const r of again.table.readers) if (r.id !== 'WL-2' && r.id !== 'FL-1') again.hello(r.id);
    again.settle();
    expect(again.engine.directorView().restart).toBeUndefined();
    expect(again.engine.publicView().discards).toHaveLength(b.engine.publicView().discards.length + 1);
  });
});
