/**
 * Game records (rules/GAME-RECORD.md) after a director's ruling on a flag of an earlier game: the
 * fold goes again from the checkpoint where that game began and keeps the later games
 * (hub/table/machine.ts), and each game's record must still be exactly the one a hub started on
 * the same log gives (no line lost, none taken twice), at both tables. Three seeded simulator games
 * are played one after the other over reader lines (hub/table/test-bench.ts), the table cleared
 * between them, each with a rule broken on purpose at its 3rd pick so that a flag awaits the director.
 */
import { describe, expect, it, vi } from 'vitest';
import type { GameRecord } from '../../rules/record/game-record.js';
import type { GameState } from '../../rules/game/state.js';
import { loadHubConfig } from '../config/load.js';
import type { TableConfig } from '../config/types.js';
import { playGame } from '../simulator/game.js';
import { playStandardGame } from '../simulator/standard/game.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { TableEngine } from '../table/engine.js';
import type { ReaderHealth, TableMachine } from '../table/machine.js';
import { closedAfterEach, siameseDemo, SimBench } from '../table/test-bench.js';
import type { Step } from '../simulator/game.js';
import type { TileId } from '../../rules/tiles.js';
import { refereeRecord } from './replay.js';
import { THREE_HANDS_DEAD_REPLAYED } from '../../rules/wording/flags.js';

const { table: siamese, cards: siameseCards } = siameseDemo;
const [{ table: standard, cards: standardCards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableMachine>>();

/** Three games over reader lines take several seconds on a quiet machine: more than the default 10 s when the cores are shared. */
const THREE_GAMES_MS = 90_000;

type Make = (store: SimBench<TableMachine>['store'], readers: ReaderHealth, now: () => number) => TableMachine;
const makeSiamese: Make = (store, readers, now) => new TableEngine({ table: siamese, cards: siameseCards, registry: simulatedTileSet(), store, readers, now });
const makeStandard: Make = (store, readers, now) => new TableEngine({ table: standard, cards: standardCards, registry: simulatedTileSet(), store, readers, now });

/** `games` played one after the other at `table`, the table cleared between them. */
function threeGames(table: TableConfig, games: { walls: TileId[][]; steps: Step[] }[], make: Make): SimBench<TableMachine> {
  const b = keep(new SimBench<TableMachine>(table, make));
  games.forEach((game, i) => {
    if (i === 0) b.build(game);
    else b.nextGame(game);
    for (const s of game.steps) b.step(s);
  });
  b.advance(3000);
  return b;
}

/** Seeds 6 (Ann 28 tiles off turn, 003 rule 18C), 7 and 8 (a pick from the wrong wall, rule 20), each broken at the 3rd pick. */
const siameseGames = () => [
  playGame({ seed: 6, cards: siameseCards, table: siamese, inject: 'count', injectAt: 3 }),
  ...[7, 8].map((seed) => playGame({ seed, cards: siameseCards, table: siamese, inject: 'wall', injectAt: 3 })),
];
/** Seeds 1001-1003 of bench/rulings.ts, Ann picking ahead of turn at the 3rd pick of each (000). */
const standardGames = () => [1001, 1002, 1003].map((seed) => playStandardGame({ seed, cards: standardCards, table: standard, inject: 'ahead', injectAt: 3 }));

/** Each game's record on the engine and on a hub started on the same log (the whole log folded). */
function recordsBoth(b: SimBench<TableMachine>, make: Make, games: number): { ruled: (GameRecord | null)[]; whole: (GameRecord | null)[] } {
  const whole = make(b.store, { statuses: () => [], untrusted: () => [] }, () => b.clock);
  try {
    const nos = Array.from({ length: games }, (_, i) => i + 1);
    return { ruled: nos.map((g) => b.engine.gameRecord(g)), whole: nos.map((g) => whole.gameRecord(g)) };
  } finally {
    whole.close();
  }
}

/** Watches the fold's earlier-game path (hub/table/machine.ts `refoldOneGame`: game N folded again, the later games kept): true each time it served. */
const checkpointPath = (e: TableMachine) => vi.spyOn(e as unknown as { refoldOneGame: (...args: unknown[]) => boolean }, 'refoldOneGame');

/** Lines of each kind in a record: actions (the game's), stops (the hub ended the game), rulings. */
function kinds(r: GameRecord | null): Record<string, number> | undefined {
  if (!r) return undefined;
  const n: Record<string, number> = {};
  for (const l of r.lines) {
    const k = 'ruling' in l ? 'ruling' : 'correction' in l ? 'correction' : l.action.type === 'stop' ? 'stop' : 'action';
    n[k] = (n[k] ?? 0) + 1;
  }
  return n;
}

describe('a ruling on a flag of an earlier game leaves every game record as the whole log gives it', () => {
  // Game 1 (seed 6, hub/record/replay.test.ts): Ann holds 28 tiles off turn (003 rule 18C): both
  // her hands dead, the game ceases and Ann pays 4 times (rule 12): 25 × 4 = 100, 0 / 100. Games 2
  // and 3 (seeds 7, 8 of hub/table/engine-ruling-cost.test.ts): a pick from the wrong wall at
  // Ann's 3rd pick (rule 20, rack 1 dead until the director chooses); game 2 Ann 30, Bea 25 + 30 ×
  // 2 = 85. Dismissed, game 1's flag no longer ends it: the game-stopped event where the table was
  // cleared ends it as it stood (rule 17), no Mah Jongg made: 0 / 0, and game 1's record gains that
  // stop line and the ruling.
  it(
    'Royale Siamese (003): game 1 ruled after game 3 ended, then game 2, then game 3; records of games 1-3 equal a fresh fold each time',
    () => {
      const b = threeGames(siamese, siameseGames(), makeSiamese);
      // game 3 (seed 8): Ann 35; Bea 30 + 35 × 2 × 2 (jokerless) = 170
      expect(b.engine.publicView().results?.map((r) => r.points)).toEqual([
        [0, 100],
        [30, 85],
        [35, 170],
      ]);
      const before = [1, 2, 3].map((g) => kinds(b.engine.gameRecord(g)));
      const path = checkpointPath(b.engine);
      b.clock += 1000;
      b.engine.rule('g1-tile-count-216', 'dismiss', 'director');
      expect(path.mock.results.map((r) => r.value)).toEqual([true]);
      const { ruled, whole } = recordsBoth(b, makeSiamese, 3);
      expect(ruled).toEqual(whole);
      expect(ruled.map(kinds)).toEqual(before.map((k, i) => (i === 0 ? { ...k, stop: 1, ruling: 1 } : k)));
      expect(ruled.map((r) => r?.header.gameNo)).toEqual([1, 2, 3]);
      expect(refereeRecord(ruled[0]!, siameseCards).points).toEqual([0, 0]);
      expect(refereeRecord(ruled[1]!, siameseCards).points).toEqual([30, 85]);
      // then game 2's flag (the checkpoint the first ruling put back where game 2 began), then the
      // current game's (folded again from where game 3 began to the end of the log): the whole log's records each time
      b.clock += 1000;
      b.engine.rule('g2-wrong-wall-599', 'confirm', 'director', 1);
      expect(path.mock.results.map((r) => r.value)).toEqual([true, true]);
      const second = recordsBoth(b, makeSiamese, 3);
      expect(second.ruled).toEqual(second.whole);
      expect(second.ruled.map(kinds)).toEqual(before.map((k, i) => (i === 0 ? { ...k, stop: 1, ruling: 1 } : i === 1 ? { ...k, ruling: 1 } : k)));
      // rack 2 chosen dead in game 2: Ann's Mah Jongg there is not paid: 0 / 85
      expect(refereeRecord(second.ruled[1]!, siameseCards).points).toEqual([0, 85]);
      const current = b.engine.publicView().flags.find((f) => f.gameNo === 3 && f.status === 'awaiting-director')!;
      b.engine.rule(current.id, 'confirm', 'director', 1);
      const third = recordsBoth(b, makeSiamese, 3);
      expect(third.ruled).toEqual(third.whole);
      expect(third.ruled.map(kinds)).toEqual(before.map((k, i) => (i === 0 ? { ...k, stop: 1, ruling: 1 } : { ...k, ruling: 1 })));
    },
    THREE_GAMES_MS,
  );

  // Seeds 1001-1003 of bench/rulings.ts: in each game a player picks ahead of turn at the 3rd pick
  // (000: a dead hand), Ann each time. Game 1: Ann picks before Dot discarded, Ann dead; Dot's
  // Mah Jongg 35 (25 line + 10 self-picked) ends it: 0, 0, 0, 35. Game 2 is a wall game (000: 10
  // to each hand alive, Ann dead): 0, 10, 10, 10; game 3 Dot's Mah Jongg: 0, 0, 0, 40. The director dismisses game 1's flag: Ann's hand is alive,
  // so Bea's, Cat's and Dot's next picks are out of turn (000: dead); with three hands dead the game
  // is over and replayed (NMJL practice): no score (null), and game 1's record gains the ruling only
  // (the game ended in the fold: no stop line where the table was cleared).
  it(
    '4-player (000): game 1 ruled after game 3 ended, then games 2 and 3; records of games 1-3 equal a fresh fold, game 1 refereed again is replayed (no score)',
    () => {
      const b = threeGames(standard, standardGames(), makeStandard);
      const v = b.engine.publicView();
      expect(v.flags.filter((f) => f.gameNo === 1).map((f) => [f.id, f.status])).toEqual([['g1-picking-ahead-291', 'awaiting-director']]);
      expect(v.results?.map((r) => r.points)).toEqual([
        [0, 0, 0, 35],
        [0, 10, 10, 10],
        [0, 0, 0, 40],
      ]);
      const before = [1, 2, 3].map((g) => kinds(b.engine.gameRecord(g)));
      const path = checkpointPath(b.engine);
      b.clock += 1000;
      b.engine.rule('g1-picking-ahead-291', 'dismiss', 'director');
      expect(path.mock.results.map((r) => r.value)).toEqual([true]);
      expect(b.engine.publicView().results?.map((r) => [r.endReason, r.points])[0]).toEqual([THREE_HANDS_DEAD_REPLAYED, null]);
      expect(
        b.engine
          .publicView()
          .flags.filter((f) => f.gameNo === 1)
          .map((f) => [f.kind, f.title]),
      ).toEqual([
        ['out-of-turn', 'Bea picked out of turn'],
        ['out-of-turn', 'Cat picked out of turn'],
        ['out-of-turn', 'Dot picked out of turn'],
      ]);
      expect(b.engine.publicView().results?.map((r) => r.points)).toEqual([null, [0, 10, 10, 10], [0, 0, 0, 40]]);
      const { ruled, whole } = recordsBoth(b, makeStandard, 3);
      expect(ruled).toEqual(whole);
      // game 1's record now ends where the game did (Dot's pick out of turn, the third death: its 28th action line), with the ruling
      expect(before[0]!.action).toBeGreaterThan(28);
      expect(ruled.map(kinds)).toEqual([{ action: 28, ruling: 1 }, before[1], before[2]]);
      expect(ruled.map((r) => refereeRecord(r!, standardCards).points)).toEqual([null, [0, 10, 10, 10], [0, 0, 0, 40]]);
      // then game 2's flag (confirmed: Ann dead, as the hub had it; the checkpoint the first ruling put back), then game 3's (the current game)
      b.clock += 1000;
      b.engine.rule('g2-picking-ahead-725', 'confirm', 'director');
      b.engine.rule('g3-picking-ahead-1310', 'confirm', 'director');
      expect(path.mock.results.map((r) => r.value)).toEqual([true, true]);
      const again = recordsBoth(b, makeStandard, 3);
      expect(again.ruled).toEqual(again.whole);
      expect(again.ruled.map(kinds)).toEqual([
        { action: 28, ruling: 1 },
        { ...before[1], ruling: 1 },
        { ...before[2], ruling: 1 },
      ]);
      expect(b.engine.publicView().results?.map((r) => r.points)).toEqual([null, [0, 10, 10, 10], [0, 0, 0, 40]]);
    },
    THREE_GAMES_MS,
  );

  // The 4-player fold on the one engine: what the checkpoint keeps (the engine's state with the
  // entries and the hub's own flags in it, the move reader, the held moves, the record lines) must
  // give after a partial refold exactly what a full rebuild of the log gives.
  it(
    "4-player (000): game 1's flag dismissed (the earlier-game path) after an entry in game 1 and one in game 3: the table then equals a full rebuild (views, state, records)",
    () => {
      const games = standardGames();
      const b = keep(new SimBench<TableMachine>(standard, makeStandard));
      const e = b.engine as TableEngine;
      games.forEach((game, i) => {
        if (i === 0) b.build(game);
        else b.nextGame(game);
        for (const s of game.steps) b.step(s);
        b.advance(3000);
        // Bea's look at a stolen tile in game 1, Ann's in game 3, each entered after its end (000: −10 each)
        if (i === 0) e.enter({ entry: 'looked-at-stolen-tile', player: 1 }, 'director');
        if (i === 2) e.enter({ entry: 'looked-at-stolen-tile', player: 0 }, 'director');
      });
      // game 1: 0, 0, 0, 35 with Bea −10; game 3: 0, 0, 0, 40 with Ann −10
      expect(e.publicView().results?.map((r) => r.points)).toEqual([
        [0, -10, 0, 35],
        [0, 10, 10, 10],
        [-10, 0, 0, 40],
      ]);
      const path = checkpointPath(e);
      b.clock += 1000;
      e.rule('g1-picking-ahead-291', 'dismiss', 'director');
      expect(path.mock.results.map((r) => r.value)).toEqual([true]);
      const seen = () => ({ pub: e.publicView(), dir: e.directorView(), state: e.gameState(), records: [1, 2, 3].map((g) => e.gameRecord(g)) });
      const partial = seen();
      // game 1 replayed (three hands dead out of turn once Ann lives, NMJL practice): nobody scores,
      // Bea's look included; game 3 with Ann's −10 kept
      expect(partial.pub.results?.map((r) => r.points)).toEqual([null, [0, 10, 10, 10], [-10, 0, 0, 40]]);
      (e as unknown as { rebuild(): void }).rebuild();
      expect(seen()).toEqual(partial);
    },
    THREE_GAMES_MS,
  );
});

/** What a director and a record reader see of a table: both views, the engine's state, the records of games 1-3. */
const seenOf = (e: TableMachine & { gameState(): GameState }) => () => ({ pub: e.publicView(), dir: e.directorView(), state: e.gameState(), records: [1, 2, 3].map((g) => e.gameRecord(g)) });
/** Folds the whole log again (what a hub started on the same log does). */
const rebuild = (e: TableMachine) => (e as unknown as { rebuild(): void }).rebuild();
/** Watches the fold's partial refolds after a ruling (./machine/checkpoints.ts `refold`): the game each was asked for. */
const refolds = (e: TableMachine) => vi.spyOn((e as unknown as { checkpoints: { refold: (gameNo: number | null) => void } }).checkpoints, 'refold');

// Stage 6: a director's ruling is the engine's `director-ruling` action, kept in the state's
// rulings; a ruling that changes an outcome folds its game again from its checkpoint with the
// rulings standing, a confirm of a flag awaiting the director changes its status only. Either
// way the table must then be exactly what a fold of the whole log gives.
describe('a ruling as the engine takes it (stage 6): a partial refold equals rebuild() on both tables', () => {
  it(
    'Royale Siamese (003): game 1 dismissed after game 3 ended, then game 3 confirmed with rack 2 dead: views, state and records equal a rebuild each time',
    () => {
      const b = threeGames(siamese, siameseGames(), makeSiamese);
      const e = b.engine as TableEngine;
      const seen = seenOf(e);
      const asked = refolds(e);
      b.clock += 1000;
      e.rule('g1-tile-count-216', 'dismiss', 'director');
      expect(asked.mock.calls).toEqual([[1]]);
      const partial = seen();
      // game 1 no longer ceases at Ann's 28 tiles: stopped where the table was cleared, no Mah Jongg: 0 / 0 (003 rule 17)
      expect(partial.pub.results?.map((r) => r.points)).toEqual([
        [0, 0],
        [30, 85],
        [35, 170],
      ]);
      expect(partial.state.rulings).toEqual(new Map([['g1-tile-count-216', { ruling: 'dismiss' }]]));
      rebuild(e);
      expect(seen()).toEqual(partial);
      // game 3's wrong-wall flag (003 rule 20 silent: the director chooses) confirmed with rack 2 dead: its game folded again
      const current = e.publicView().flags.find((f) => f.gameNo === 3 && f.status === 'awaiting-director')!;
      e.rule(current.id, 'confirm', 'director', 1);
      expect(asked.mock.calls).toEqual([[1], [3]]);
      const after = seen();
      expect(after.pub.flags.find((f) => f.id === current.id)?.status).toBe('confirmed');
      rebuild(e);
      expect(seen()).toEqual(after);
    },
    THREE_GAMES_MS,
  );

  it(
    "4-player (000): game 1 dismissed (folded again), game 3's flag confirmed (no refold: status only), game 3's dismissed after all: views, state and records equal a rebuild each time",
    () => {
      const b = threeGames(standard, standardGames(), makeStandard);
      const e = b.engine as TableEngine;
      const seen = seenOf(e);
      const asked = refolds(e);
      b.clock += 1000;
      e.rule('g1-picking-ahead-291', 'dismiss', 'director');
      expect(asked.mock.calls).toEqual([[1]]);
      const first = seen();
      // game 1 replayed (three hands dead out of turn once Ann lives, NMJL practice): no score
      expect(first.pub.results?.map((r) => r.points)).toEqual([null, [0, 10, 10, 10], [0, 0, 0, 40]]);
      rebuild(e);
      expect(seen()).toEqual(first);
      // a confirm of the current game's flag changes no outcome: no refold, the flag confirmed in place
      e.rule('g3-picking-ahead-1310', 'confirm', 'director');
      expect(asked.mock.calls).toEqual([[1]]);
      const second = seen();
      expect(second.pub.flags.filter((f) => f.gameNo === 3).map((f) => [f.id, f.status])).toEqual([['g3-picking-ahead-1310', 'confirmed']]);
      rebuild(e);
      expect(seen()).toEqual(second);
      // changed to a dismissal: Ann's hand lives in game 3, the game folded again
      e.rule('g3-picking-ahead-1310', 'dismiss', 'director', undefined, 'confirmed');
      expect(asked.mock.calls).toEqual([[1], [3]]);
      const third = seen();
      expect(third.state.rulings).toEqual(
        new Map([
          ['g1-picking-ahead-291', { ruling: 'dismiss' }],
          ['g3-picking-ahead-1310', { ruling: 'dismiss' }],
        ]),
      );
      rebuild(e);
      expect(seen()).toEqual(third);
    },
    THREE_GAMES_MS,
  );
});
