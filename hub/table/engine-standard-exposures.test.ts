/**
 * Exposures judged against the card on the 4-player table, from reader lines (hub/table/test-bench.ts
 * `SimBench` through a real ReaderSupervisor) for games written move by move
 * (./scripted.test-helpers.ts), on the sample standard card:
 * - at the exposing player's discard her exposures must fit a hand on the card (NMJL; as 003 rule
 *   11 judges each Siamese rack): Dot's pungs of 5C and N fit none, her hand is dead;
 * - a pair (or a single, or a set of singles) is never exposed before Mah Jongg (NMJL): dead.
 *
 * Every game: after the Charleston Bea (South) holds F F 1B 1B 1C×3 1D×3 RD×3 and goes out on
 * "FF 111a 111b 111c DDD" (sample-standard:20, X 30) with the last 1B, jokerless.
 */
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { exposuresOf, isDead, RULES } from '../../rules/variants/standard/play.js';
import { parseKinds as k } from '../../rules/tiles.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';
import { EAST, inKinds, NORTH, ScriptedGame, SOUTH, WEST } from './standard/scripted.test-helpers.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();

/** Plays the script over reader lines into a fresh standard engine (the demo table, with `over` on its config); returns the bench. */
function play(game: ScriptedGame, over: Partial<typeof table> = {}): SimBench<TableEngine> {
  const t = { ...table, ...over };
  const b = keep(new SimBench(t, (store, readers, now) => new TableEngine({ table: t, cards, registry: simulatedTileSet(), store, readers, now })));
  b.build(game);
  for (const s of game.steps) b.step(s);
  b.advance(3000);
  return b;
}

// Dealt, then the first Charleston (each player's first-right tiles end with the player across):
// Ann passes 2B 3B 4B to Cat, Bea N E W to Dot, Cat 2D 3D 4D to Ann, Dot RD RD RD to Bea.
const DEALT = [
  '1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 5C N 6C', // Ann (East), 14: throws 5C, then N
  'N E W F F 1B 1B 1C 1C 1C 1D 1D 1D', // Bea: F F 1B 1B 1C 1C 1C 1D 1D 1D RD RD RD after the Charleston
  '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D N', // Cat
  'RD RD RD 5C 5C J J GD GD WD WD S 7C', // Dot: 5C 5C J J GD GD WD WD S 7C N E W after the Charleston
];
const PASSES = ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'];
const BEA_MAH_JONGG = 'F F 1B 1B 1B 1C 1C 1C 1D 1D 1D RD RD RD';

/**
 * Dot exposes a pung of 5C, then a pung of N (together: no hand); Ann exchanges 5C for the joker of
 * the first, Cat N for the joker of the second; Dot is passed over; Bea self-picks her last 1B.
 */
function deadByExposures(): ScriptedGame {
  const g = new ScriptedGame(table, DEALT, PASSES);
  g.discard(EAST, '5C').call(NORTH, '5C J').discard(NORTH, '7C'); // 5C 5C J fits a hand
  g.pick(EAST, '7D').discard(EAST, 'N').call(NORTH, 'N J').discard(NORTH, 'S'); // with N N J: none
  g.pick(EAST, '5C').exchangeJoker(EAST, NORTH, '5C').discard(EAST, '9B'); // the legal exposure's joker: in play (000)
  g.pick(SOUTH, '8D').discard(SOUTH, '8D');
  g.pick(WEST, '9C').exchangeJoker(WEST, NORTH, 'N').discard(WEST, '9C'); // the killing exposure's joker: not in play
  g.pick(EAST, '8C').discard(EAST, '8C'); // Dot, dead, is passed over: Ann plays after Cat
  g.pick(SOUTH, '1B').layOut(SOUTH, BEA_MAH_JONGG);
  return g;
}

describe('exposures that fit no hand on the card, from reader lines (NMJL; 000; as 003 rule 11)', () => {
  it("Dot exposes a pung of 5C, then a pung of N: dead at her discard; Ann takes the joker of the 5C pung, Cat's exchange against the N pung is flagged; Bea self-picks: 0, 60, 0, 0", () => {
    const b = play(deadByExposures());
    const v = b.engine.publicView();
    expect(b.engine.unexplained).toEqual([]);
    const why =
      'each fits a hand alone (a pung of 5C (5C 5C J): sample-standard:19, sample-standard:20, sample-standard:21 and 7 more; a pung of N (N N J): sample-standard:22, sample-standard:39), but no hand has them all together';
    expect(v.flags.map((f) => [f.kind, f.rule, f.player, f.status, f.title, f.consequence])).toEqual([
      [
        'exposures-fit-no-hand',
        RULES.exposuresFitNoHand,
        NORTH,
        'awaiting-director',
        `Dot's exposures 5C 5C J · N N J fit no hand on the card: ${why}`,
        "Dot's hand is dead; the jokers of the exposures made before a pung of N (N N J) stay in play, not its own",
      ],
      [
        'bad-joker-exchange',
        RULES.jokerOfKillingExposure,
        WEST,
        'awaiting-director',
        "Cat's joker exchange: N N J is the exposure that made Dot's hand dead: its jokers are not in play",
        'the exchange is undone',
      ],
    ]);
    const s = b.engine.gameState();
    expect([inKinds(s.flags[0]!.evidence.exposures), s.flags[0]!.why]).toEqual([[k('5C 5C J'), k('N N J')], why]);
    // Dot's N N J killed her hand (exposure 1); Ann's 5C took the place of the joker of the first
    expect([isDead(s, NORTH), s.seats[NORTH]!.racks[0]!.killedBy, inKinds(exposuresOf(s, NORTH))]).toEqual([true, 1, [k('5C 5C 5C'), k('N N J')]]);
    expect(v.players[NORTH]!.racks[0]!.dead).toBe(true);
    expect(v.phase).toBe('ended');
    expect(v.players[SOUTH]!.racks[0]!.mahJongg).toMatchObject({ lineId: 'sample-standard:20', value: 30, jokerless: true });
    // Bea: 30 (line) + 10 self-picked + 20 jokerless = 60; 000: a self-picked Mah Jongg, the others 0; Dot dead: X
    expect(v.score?.points).toEqual([0, 60, 0, 0]);
    expect(v.score?.breakdown[SOUTH]).toEqual(['Hand 30, self-picked +10, jokerless +20 = 60 (000)', 'Total 60']);
    expect(b.engine.gameState().result?.outcome).toMatchObject({ winner: SOUTH, selfPicked: true, dead: [NORTH] });
  });

  it("a table configured with killingExposureJokersInPlay: Cat's exchange against the N pung stands, no flag for it; the score is the same", () => {
    const b = play(deadByExposures(), { killingExposureJokersInPlay: true });
    const v = b.engine.publicView();
    expect(b.engine.unexplained).toEqual([]);
    expect(v.flags.map((f) => [f.kind, f.player, f.consequence])).toEqual([['exposures-fit-no-hand', NORTH, "Dot's hand is dead; the jokers of every exposure stay in play"]]);
    expect(inKinds(exposuresOf(b.engine.gameState(), NORTH))).toEqual([k('5C 5C 5C'), k('N N N')]);
    // 30 + 10 self-picked + 20 jokerless = 60
    expect(v.score?.points).toEqual([0, 60, 0, 0]);
  });
});

describe('a pair, a single or a set of singles is never exposed before Mah Jongg, from reader lines (NMJL)', () => {
  it("Dot calls Ann's 5C and lays one 5C beside it (a pair): flagged, dead; Bea goes out on Cat's 1B: 0, 50, −10, 0", () => {
    const g = new ScriptedGame(table, DEALT, PASSES);
    g.discard(EAST, '5C').call(NORTH, '5C').discard(NORTH, '7C'); // a pair on Dot's top
    g.pick(EAST, '7D').discard(EAST, '9B');
    g.pick(SOUTH, '8D').discard(SOUTH, '8D');
    g.pick(WEST, '1B').discard(WEST, '1B').call(SOUTH, BEA_MAH_JONGG.replace('1B ', '')); // Bea calls the 1B, lays her 13
    const b = play(g);
    const v = b.engine.publicView();
    expect(b.engine.unexplained).toEqual([]);
    expect(
      b.engine
        .inferredActions()
        .filter((a) => a.type === 'call' || a.type === 'expose')
        .slice(0, 2)
        .map(inKinds),
    ).toEqual([
      { type: 'call', player: NORTH, tile: '5C', to: { area: 'top', player: NORTH, rack: 0 }, for: 'pair', rivals: [] },
      { type: 'expose', player: NORTH, rack: 0, tiles: ['5C'] },
    ]);
    expect(v.flags.map((f) => [f.kind, f.rule, f.player, f.status, f.title, f.consequence])).toEqual([
      ['exposed-pair-or-singles', RULES.exposedPairOrSingles, NORTH, 'awaiting-director', 'Dot exposed a pair before Mah Jongg: 5C 5C', "Dot's hand is dead"],
    ]);
    expect(v.players[NORTH]!.racks[0]!.dead).toBe(true);
    expect(v.phase).toBe('ended');
    // Bea: 30 + 20 jokerless = 50; 000: Cat threw the winning tile to a rack with no exposure: −10
    expect(v.score?.points).toEqual([0, 50, -10, 0]);
    expect(b.engine.gameState().result?.outcome).toMatchObject({ winner: SOUTH, discarder: WEST, winnerExposures: 0, dead: [NORTH] });
  });

  it("Dot takes Ann's 5C onto her top, lays nothing beside it and discards (a single): flagged, dead", () => {
    const g = new ScriptedGame(table, DEALT, PASSES);
    g.discard(EAST, '5C').call(NORTH, '').discard(NORTH, '7C');
    g.pick(EAST, '7D').discard(EAST, '9B');
    const b = play(g);
    expect(b.engine.unexplained).toEqual([]);
    expect(inKinds(b.engine.inferredActions().filter((a) => a.type === 'call' || a.type === 'expose'))).toEqual([
      { type: 'call', player: NORTH, tile: '5C', to: { area: 'top', player: NORTH, rack: 0 }, for: 'single', rivals: [] },
      { type: 'expose', player: NORTH, rack: 0, tiles: [] },
    ]);
    expect(b.engine.publicView().flags.map((f) => [f.kind, f.player, f.title])).toEqual([['exposed-pair-or-singles', NORTH, 'Dot exposed a single before Mah Jongg: 5C']]);
    expect(b.engine.gameState().turn).toBe(SOUTH);
  });

  it("Dot calls Ann's N and lays E W beside it (a set of singles): flagged, dead", () => {
    const g = new ScriptedGame(table, DEALT, PASSES);
    g.discard(EAST, 'N').call(NORTH, 'E W').discard(NORTH, '7C');
    g.pick(EAST, '7D').discard(EAST, '9B');
    const b = play(g);
    expect(b.engine.unexplained).toEqual([]);
    expect(b.engine.publicView().flags.map((f) => [f.kind, f.player, f.title])).toEqual([['exposed-pair-or-singles', NORTH, 'Dot exposed a set of singles before Mah Jongg: N E W']]);
    expect(isDead(b.engine.gameState(), NORTH)).toBe(true);
    // Dot's turn is passed over: after Ann's 9B it is Bea's turn
    expect(b.engine.gameState().turn).toBe(SOUTH);
  });

  it('the director confirms it (Dot stays dead), or dismisses it: the laid tiles are no exposure, Dot plays on', () => {
    const game = () => {
      const g = new ScriptedGame(table, DEALT, PASSES);
      g.discard(EAST, 'N').call(NORTH, 'E W').discard(NORTH, '7C');
      return g.pick(EAST, '7D').discard(EAST, '9B');
    };
    const confirmed = play(game());
    const id = confirmed.engine.publicView().flags[0]!.id;
    confirmed.engine.rule(id, 'confirm', 'director');
    expect(confirmed.engine.publicView().flags.map((f) => [f.kind, f.status])).toEqual([['exposed-pair-or-singles', 'confirmed']]);
    expect(isDead(confirmed.engine.gameState(), NORTH)).toBe(true);
    const dismissed = play(game());
    dismissed.engine.rule(id, 'dismiss', 'director');
    expect(dismissed.engine.publicView().flags.map((f) => [f.kind, f.status])).toEqual([['exposed-pair-or-singles', 'dismissed']]);
    const s = dismissed.engine.gameState();
    expect([isDead(s, NORTH), exposuresOf(s, NORTH)]).toEqual([false, []]);
    expect(dismissed.engine.unexplained).toEqual([]);
    // Dot discarded in her turn (the called N counts as in her rack), Ann played: Bea's turn
    expect(s.turn).toBe(SOUTH);
  });
});
