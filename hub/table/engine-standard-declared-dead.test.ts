/**
 * A hand declared dead (000: "If you think a hand is dead, declare it dead. However, if you declare
 * a hand dead in error, then your hand is dead"): the director's `declared-dead` entry, judged by
 * the hub from what the table can see only (exposures, discards), over reader lines into the
 * 4-player engine (hub/table/test-bench.ts `SimBench`, games written move by move in
 * ./scripted.test-helpers.ts).
 *
 * Every game: after the first Charleston Ann holds 2B 2C 2C 3C 3C 4C 4C 5C 6C 7C 8C 9C GD GD GD,
 * Bea 2B 2B 9B 9B 5B 6B 5D 6D 7D 8D N N N, Cat WD WD WD E E E 7B 8B 3D 4D S S S, Dot
 * F 1B 1B 1B 1C 1C 1C 1D 1D 1D RD RD RD (one F short of "FF 111a 111b 111c DDD", X 30).
 * Ann discards 2B; Bea calls it: exposure 2B 2B 2B.
 */
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { RulingError } from '../api/runtime.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';
import { EAST, NORTH, ScriptedGame, SOUTH, WEST } from './standard/scripted.test-helpers.js';
import { exposuresOf, isDead } from '../../rules/variants/standard/play.js';
import { kindOf } from '../../rules/tiles.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();

const DEALT = [
  '2B 3C 4C 5C 6C 7C 8C 9C 2C 3C 4C S S S', // Ann, passes S S S (to Cat, across)
  'RD RD RD 2B 2B 9B 9B 5D 6D 7D 8D 5B 6B', // Bea, passes RD RD RD (to Dot)
  'GD GD GD WD WD WD E E E 7B 8B 3D 4D', // Cat, passes GD GD GD (to Ann)
  'F 1B 1B 1B 1C 1C 1C 1D 1D 1D N N N', // Dot, passes N N N (to Bea)
];
const PASSES = ['S S S', 'RD RD RD', 'GD GD GD', 'N N N'];

/** A bench on which `game`'s first `upTo` steps have been played over reader lines. */
function benchAt(game: ScriptedGame, upTo: number): SimBench<TableEngine> {
  const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
  b.build(game);
  for (const s of game.steps.slice(0, upTo)) b.step(s);
  b.advance(3000);
  return b;
}
function playRest(b: SimBench<TableEngine>, game: ScriptedGame, from: number): void {
  for (const s of game.steps.slice(from)) b.step(s);
  b.advance(3000);
}

describe('declared-dead: judged from the exposures and the discards (000)', () => {
  it("Bea 2B 2B 2B and 9B 9B 9B: no line of the card has a pung of 2 and a pung of 9 in one suit: the hub already killed her hand at her discard, so a declaration is refused; Dot wins on Cat's F: Dot 50, Cat −10", () => {
    const g = new ScriptedGame(table, DEALT, PASSES);
    g.discard(EAST, '2B').call(SOUTH, '2B 2B').discard(SOUTH, 'N'); // Bea: 2B 2B 2B
    g.pick(WEST, '9B').discard(WEST, '9B').call(SOUTH, '9B 9B').discard(SOUTH, 'N'); // Bea: 9B 9B 9B; Cat's turn again
    const upTo = g.steps.length;
    g.pick(WEST, 'F').discard(WEST, 'F').call(NORTH, 'F 1B 1B 1B 1C 1C 1C 1D 1D 1D RD RD RD'); // Dot's Mah Jongg
    const b = benchAt(g, upTo);
    expect(exposuresOf(b.engine.gameState(), SOUTH).map((e) => e.map(kindOf))).toEqual([
      ['2B', '2B', '2B'],
      ['9B', '9B', '9B'],
    ]);
    // the sample card's 30 lines: 28 exposed ones have no pung of 2 and pung of 9 of one suit
    // together, and the 2 concealed ones take no exposure: judged at Bea's discard (NMJL), not
    // left for a player to declare
    expect(b.engine.publicView().flags.map((f) => [f.kind, f.player])).toEqual([['exposures-fit-no-hand', SOUTH]]);
    expect(() => b.engine.enter({ entry: 'declared-dead', player: EAST, declared: SOUTH }, 'director')).toThrow("Bea's hand is already dead (her exposures fit no hand on the card)");
    playRest(b, g, upTo);
    const v = b.engine.publicView();
    expect(v.phase).toBe('ended');
    expect(b.engine.unexplained).toEqual([]);
    // 000: Dot 30 (FF 111a 111b 111c DDD) + 20 jokerless = 50; Cat threw the tile to a hand with no exposure −10; dead Bea 0
    expect(v.score?.points).toEqual([0, 0, -10, 50]);
    expect(b.store.events(table.id).filter((e) => e.type === 'director-entry')).toEqual([]);
  });

  it('Bea 2B 2B 2B only: "222a 000 2222b 6666b" can still be made → the declarer Cat dies; Cat\'s turn passes to Dot, who picks F: Dot 60 self-picked', () => {
    const g = new ScriptedGame(table, DEALT, PASSES);
    g.discard(EAST, '2B').call(SOUTH, '2B 2B').discard(SOUTH, 'N'); // Bea: 2B 2B 2B; Cat's turn
    const upTo = g.steps.length;
    g.pick(NORTH, 'F').layOut(NORTH, 'F F 1B 1B 1B 1C 1C 1C 1D 1D 1D RD RD RD'); // Dot in Cat's place
    const b = benchAt(g, upTo);
    b.engine.enter({ entry: 'declared-dead', player: WEST, declared: SOUTH }, 'director');
    const flag = b.engine.publicView().flags.find((f) => f.kind === 'declared-dead')!;
    // the 8 lines with a pung a 2B exposure sits in: 222a 000 2222b 6666b, 222a 4444a 666a 8888a,
    // 11a 222a 3333a 444b 55b (1-5), FFFF 1111a 111b 111c (222), FF 111a 111b 111c DDD (222),
    // DDDD DDD 1111a 111b (222), 111a 2222a 333a FFFF (2-4), 111a 2222b 3333c DDDa (2-4); the first in card order:
    expect(flag.title).toBe("Cat declared Bea's hand dead: Bea's hand can still be made: 8 lines of the card, e.g. 222a 000 2222b 6666b | any 2 suits, 0 is soap | X 30");
    expect([flag.player, flag.consequence]).toEqual([WEST, "declared in error: Cat's hand is dead"]);
    const s = b.engine.gameState();
    expect(s.seats.map((_, p) => isDead(s, p))).toEqual([false, false, true, false]);
    expect(s.turn).toBe(NORTH); // a dead hand neither picks nor discards (NMJL)
    playRest(b, g, upTo);
    // 000: Dot 30 + 10 self-picked + 20 jokerless = 60; no discarder
    expect(b.engine.publicView().score?.points).toEqual([0, 0, 0, 60]);
    expect(b.engine.unexplained).toEqual([]);
  });

  it('the director dismisses the verdict: no hand is dead, on the next fold too; a second declaration of a dead hand, of oneself, or in the Charleston is refused', () => {
    const g = new ScriptedGame(table, DEALT, PASSES);
    const charleston = g.steps.length;
    g.discard(EAST, '2B').call(SOUTH, '2B 2B').discard(SOUTH, 'N');
    const b = benchAt(g, charleston);
    const refusal = (f: () => void) => {
      try {
        f();
      } catch (err) {
        return err instanceof RulingError ? [err.status, err.message] : err;
      }
      return null;
    };
    expect(refusal(() => b.engine.enter({ entry: 'declared-dead', player: WEST, declared: SOUTH }, 'director'))).toEqual([
      409,
      'declared-dead: game 1 is in the Charleston; a hand is declared dead during play',
    ]);
    playRest(b, g, charleston);
    expect(refusal(() => b.engine.enter({ entry: 'declared-dead', player: WEST, declared: WEST }, 'director'))).toEqual([
      400,
      "declared-dead: Cat cannot declare Cat's own hand dead (declared and player are both 2)",
    ]);
    expect(refusal(() => b.engine.enter({ entry: 'declared-dead', player: WEST }, 'director'))).toEqual([
      400,
      'declared-dead: declared must be the player (0-3) whose hand Cat declared dead, not undefined',
    ]);
    b.engine.enter({ entry: 'declared-dead', player: WEST, declared: SOUTH }, 'director');
    const id = b.engine.publicView().flags.find((f) => f.kind === 'declared-dead')!.id;
    b.engine.rule(id, 'dismiss', 'director', undefined, 'confirmed');
    const after = b.engine.gameState();
    expect(after.seats.map((_, p) => isDead(after, p))).toEqual([false, false, false, false]);
    expect(b.engine.publicView().flags.find((f) => f.id === id)).toMatchObject({ status: 'dismissed', consequence: "dismissed by the director (was: declared in error: Cat's hand is dead)" });
    b.engine.enter({ entry: 'dead-declared-in-error', player: NORTH }, 'director');
    expect(refusal(() => b.engine.enter({ entry: 'declared-dead', player: WEST, declared: NORTH }, 'director'))).toEqual([409, "Dot's hand is already dead (declared a hand dead in error (000))"]);
  });
});
