/**
 * Game records (rules/GAME-RECORD.md) of seeded simulated games played through reader lines into
 * the hub's engines (hub/table/test-bench.ts): refereeing the exported record again gives exactly
 * the hub's flags and points, a hub restarted on the same log gives the same record, and a record
 * with one action edited gives the outcome and points worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { isVersion1, parseGameRecord, writeGameRecord, type AnyGameRecord, type GameRecord } from '../../rules/record/game-record.js';
import type { Action } from '../../rules/game/actions.js';
import { kindOf, type TileId } from '../../rules/tiles.js';
import type { Card } from '../../rules/card/types.js';
import { loadHubConfig } from '../config/load.js';
import type { PublicFlag, PublicTableView } from '../api/views.js';
import { playGame } from '../simulator/game.js';
import { playStandardGame } from '../simulator/standard/game.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { TableEngine } from '../table/engine.js';
import { closedAfterEach, HandBench, siameseDemo, SimBench } from '../table/test-bench.js';
import { STOPPED_REASON } from '../table/machine.js';
import { RESTART_CHECK_MS } from '../table/restart-check.js';
import type { TableConfig } from '../config/types.js';
import type { EventStore } from '../store/types.js';
import type { ReaderHealth } from '../table/machine.js';
import { RecordCardError, refereeRecord } from './replay.js';

const { table: siamese, cards: siameseCards } = siameseDemo;
const [{ table: standard, cards: standardCards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keepS = closedAfterEach<SimBench<TableEngine>>();
const keep4 = closedAfterEach<SimBench<TableEngine>>();
const keepH = closedAfterEach<HandBench>();

const makeSiamese = (store: EventStore, readers: ReaderHealth, now: () => number) => new TableEngine({ table: siamese, cards: siameseCards, registry: simulatedTileSet(), store, readers, now });
const makeStandard = (table: TableConfig) => (store: EventStore, readers: ReaderHealth, now: () => number) =>
  new TableEngine({ table, cards: standardCards, registry: simulatedTileSet(), store, readers, now });

/** A seeded Royale Siamese game (a wrong-wall pick at the 3rd pick) played whole over reader lines. */
function siameseGame(seed = 6): SimBench<TableEngine> {
  const game = playGame({ seed, cards: siameseCards, table: siamese, inject: 'wall', injectAt: 3 });
  const b = keepS(new SimBench(siamese, makeSiamese));
  b.build(game);
  for (const s of game.steps) b.step(s);
  b.advance(3000);
  return b;
}

/** A seeded 4-player game played whole over reader lines. */
function standardGame(seed: number, inject?: 'ahead'): SimBench<TableEngine> {
  const game = playStandardGame({ seed, cards: standardCards, table: standard, ...(inject ? { inject, injectAt: 2 } : {}) });
  const b = keep4(new SimBench(standard, makeStandard(standard)));
  b.build(game);
  for (const s of game.steps) b.step(s);
  b.advance(3000);
  return b;
}

/** The hub's flags of game `gameNo` as a refereed record lists them (without `gameNo`). */
const hubFlags = (v: PublicTableView, gameNo: number) => v.flags.filter((f) => f.gameNo === gameNo).map(({ gameNo: _g, ...f }: PublicFlag) => f);

/** A record read back that must be version 2 (what the hub writes). */
function v2(r: AnyGameRecord): GameRecord {
  if (isVersion1(r)) throw new Error('the hub wrote a version 1 record');
  return r;
}

/** The record as text and read back (what a director downloads and an auditor reads). */
const roundTrip = (r: GameRecord): GameRecord => v2(parseGameRecord(writeGameRecord(r)));

/** The record's text with one line edited: `from` (which must be found exactly once) replaced by `to`. */
function edited(r: GameRecord, from: string, to: string): GameRecord {
  const text = writeGameRecord(r);
  expect(text.split(from)).toHaveLength(2);
  return v2(parseGameRecord(text.replace(from, to)));
}

/** The record's actions, each given to `edit` (which returns it, changed or not), written and read back. */
function editedActions(r: GameRecord, edit: (a: Action) => Action): GameRecord {
  return roundTrip({ ...r, lines: r.lines.map((l) => ('action' in l ? { action: edit(l.action) } : l)) });
}

describe('a Royale Siamese game record (003)', () => {
  // Seed 6 (hub/table/engine-rulings.test.ts): Ann picks from wall 4 while wall 2 is current (003
  // rule 20, silent with no exposures: rack 1 dies until the director chooses); Ann 30 on rack 2,
  // Bea 30 then 30 × 2 (2nd Mah Jongg, 17B) = 90; Ann pays 90 − 30 = 60.
  it("refereed again gives the hub's flag and points: Ann 30, Bea 90, Ann pays 60", () => {
    const b = siameseGame();
    const v = b.engine.publicView();
    const record = roundTrip(b.engine.gameRecord(1)!);
    expect(record.header).toMatchObject({ format: 'mjhub.game-record', version: 2, kind: 'siamese', gameNo: 1, players: ['Ann', 'Bea'] });
    expect(record.header.cards.map((c) => c.id)).toEqual(siameseCards.map((c) => c.id));
    expect(record.header.cards.map((c) => c.sha256)).toEqual(siameseCards.map((c) => c.sha256));
    // 4 walls of 38 tiles, the whole set of 152
    expect(record.header.kind === 'siamese' && record.header.walls.map((w) => w.length)).toEqual([38, 38, 38, 38]);
    const got = refereeRecord(record, siameseCards);
    expect(got.flags).toEqual(hubFlags(v, 1));
    expect(got.flags.map((f) => f.id)).toEqual(['g1-wrong-wall-213']);
    expect(got.points).toEqual(v.score!.points);
    expect(got.points).toEqual([30, 90]);
    expect(got.payment).toEqual({ from: 0, to: 1, amount: 60 });
    expect(got.unplaced).toEqual([]);
  });

  // The director confirms with rack 2 dead: Ann's Mah Jongg on rack 2 is not paid: Ann 0, Bea 90, Ann pays 90.
  it("carries the director's ruling: confirmed with rack 2 dead, the record gives Ann 0, Bea 90 as the hub does", () => {
    const b = siameseGame();
    b.engine.rule('g1-wrong-wall-213', 'confirm', 'Judy', 1);
    const record = roundTrip(b.engine.gameRecord(1)!);
    expect(record.lines.filter((l) => 'ruling' in l)).toEqual([{ ruling: { flagId: 'g1-wrong-wall-213', ruling: 'confirm', deadRack: 1, by: 'Judy', at: b.clock } }]);
    const got = refereeRecord(record, siameseCards);
    expect(got.flags).toEqual(hubFlags(b.engine.publicView(), 1));
    expect([got.flags[0]!.status, got.flags[0]!.rack]).toEqual(['confirmed', 1]);
    expect(got.points).toEqual([0, 90]);
    expect(got.payment).toEqual({ from: 0, to: 1, amount: 90 });
  });

  it('a hub restarted on the same log gives the same record', () => {
    const b = siameseGame();
    const before = writeGameRecord(b.engine.gameRecord(1)!);
    const again = keepS(b.restarted(makeSiamese));
    expect(writeGameRecord(again.engine.gameRecord(1)!)).toBe(before);
    expect(again.engine.gameRecord(2)).toBeNull();
  });

  // Bea's last pick (9D#4, event 487) completes her 2nd Mah Jongg on rack 2. Edited to come from
  // wall 3 while wall 4 is current: 003 rule 20 with a Mah Jongg exposed kills "the player's 2nd
  // hand" (rack 2), so that Mah Jongg is not made. Both players are then out (Ann: rack 1 dead,
  // rack 2 Mah Jongg; Bea: rack 1 Mah Jongg, rack 2 dead): the game ends. 17A: Ann 30, Bea 30;
  // equal totals, no one pays.
  it("a pick edited to the wrong wall: Bea's rack 2 dies, her 2nd Mah Jongg is not made: Ann 30, Bea 30, no payment", () => {
    const record = siameseGame().engine.gameRecord(1)!;
    const got = refereeRecord(edited(record, '"type":"pick","player":1,"wall":3,"tile":"9D#4"', '"type":"pick","player":1,"wall":2,"tile":"9D#4"'), siameseCards);
    expect(got.flags.map((f) => [f.id, f.player, f.rack, f.consequence])).toEqual([
      ['g1-wrong-wall-213', 0, 0, "Ann's hand on rack 1 is dead (the rule is silent with no exposures: rack 1 until the director chooses); the director may choose the other hand"],
      ['g1-wrong-wall-487', 1, 1, "Bea's hand on rack 2 is dead (the hand without the exposed Mah Jongg)"],
    ]);
    expect(got.outcome.endReason).toBe('no hand is left alive');
    expect(got.points).toEqual([30, 30]);
    expect(got.payment).toBeNull();
  });

  it('refuses a card whose file differs from the one the game was played with, and a card not given', () => {
    const record = siameseGame().engine.gameRecord(1)!;
    const changed: Card[] = siameseCards.map((c, i) => (i === 0 ? { ...c, sha256: '0'.repeat(64) } : c));
    expect(() => refereeRecord(record, changed)).toThrow(RecordCardError);
    expect(() => refereeRecord(record, changed)).toThrow(
      `card 'sample-standard' differs from the one the game was played with: its file's sha256 is ${'0'.repeat(64)}, the record's ${siameseCards[0]!.sha256}`,
    );
    expect(() => refereeRecord(record, siameseCards.slice(1))).toThrow("the record was refereed with card 'sample-standard'");
  });
});

describe('Royale Siamese records across a game boundary (003)', () => {
  // Game 1 (hub/table/engine-game-boundary.test.ts): Ann picks one tile too many and discards: 28
  // off turn (003 rule 18C), both hands dead, the game over; rule 12: Ann pays 4 × the lowest value
  // on the cards (25) = 100: Ann 0, Bea 100. Game 2 is built, dealt and played a turn; then the
  // director dismisses game 1's flag: game 1 is scored as it stood when the table was cleared
  // (no Mah Jongg made: 0, 0, 003 rule 17), and its record carries that stop and the ruling.
  it("game 1's record gives 0 / 100, then with the dismissal and the stop 0 / 0; game 2 has its own record", () => {
    const b = keepH(new HandBench({ staleMs: 60_000 }));
    b.build();
    b.deal();
    b.turnWithExtraPick('RK-E1/in', 'RK-E2/in');
    const first = refereeRecord(roundTrip(b.engine.gameRecord(1)!), siameseCards);
    expect(first.flags).toEqual(hubFlags(b.view(), 1));
    expect(first.flags.map((f) => [f.kind, f.rule])).toEqual([['tile-count', '003 rule 18C']]);
    expect(first.points).toEqual([0, 100]);
    const flagId = first.flags[0]!.id;
    b.returnToWalls();
    b.deal();
    b.turn('RK-E1/in');
    b.clock += 1000;
    b.engine.rule(flagId, 'dismiss', 'Dora');
    const record = roundTrip(b.engine.gameRecord(1)!);
    expect(record.lines.filter((l) => ('action' in l && l.action.type === 'stop') || 'ruling' in l)).toEqual([
      { action: { type: 'stop', at: expect.any(Number), ref: expect.any(String), reason: `${STOPPED_REASON} (003 rule 17)` } },
      { ruling: { flagId, ruling: 'dismiss', by: 'Dora', at: b.clock } },
    ]);
    const again = refereeRecord(record, siameseCards);
    expect(again.flags.map((f) => [f.id, f.status])).toEqual([[flagId, 'dismissed']]);
    expect(again.points).toEqual(b.view().results?.find((r) => r.gameNo === 1)?.points);
    expect(again.points).toEqual([0, 0]);
    const second = b.engine.gameRecord(2)!;
    expect(second.header.gameNo).toBe(2);
    const g2 = refereeRecord(roundTrip(second), siameseCards);
    expect(g2.outcome.phase).toBe('play');
    expect(g2.flags).toEqual(hubFlags(b.view(), 2));
    expect(g2.points).toEqual(b.view().score!.points);
  });
});

describe("a Royale Siamese game ended by the director's choice after a restart (003)", () => {
  // As hub/table/engine-restart.test.ts: a game dealt and two turns played, the hub restarts, the
  // floor reader never comes back: the director chooses. "void" is 0 for both; "replay" scores nothing.
  it('the choice is a stop line: void gives 0, 0 and replay no score, as on the hub', () => {
    const opts = { announce: false, helloTakesSeq: false, settlePadMs: 100 } as const;
    for (const choice of ['void', 'replay'] as const) {
      const b = keepH(new HandBench(opts));
      b.build();
      b.deal();
      b.turn('RK-E1/in');
      b.turn('RK-W1/in');
      b.store.flush();
      b.engine.close();
      const again = keepH(new HandBench({ ...opts, store: b.store }));
      again.clock = b.clock + 5000;
      for (const [tile, zone] of b.at) again.at.set(tile, zone);
      for (const r of again.table.readers) if (r.id !== 'FL-1') again.hello(r.id);
      again.advance(RESTART_CHECK_MS + 100);
      again.engine.restartChoice(choice, 'Judy');
      const record = roundTrip(again.engine.gameRecord(1)!);
      expect(record.lines.flatMap((l) => ('action' in l && l.action.type === 'stop' ? [[l.action.choice, l.action.reason]] : []))).toEqual([[choice, again.view().endReason]]);
      const got = refereeRecord(record, siameseCards);
      expect(got.outcome).toMatchObject({ phase: 'ended', endReason: again.view().endReason, restartChoice: choice });
      expect(got.points).toEqual(choice === 'void' ? [0, 0] : null);
      expect(got.points).toEqual(again.view().score?.points ?? null);
    }
  });
});

describe('a 4-player game record (000)', () => {
  // Seed 3 (hub/table/engine-standard.test.ts): Bea calls Dot's 2B for a 50-point jokerless
  // Mah Jongg: 50 + 20 jokerless = 70; Dot threw it to a winner with 0 exposures: −10.
  it("refereed again gives the hub's points: 0, 70, 0, −10, no flag", () => {
    const b = standardGame(3);
    const v = b.engine.publicView();
    const record = roundTrip(b.engine.gameRecord(1)!);
    // the walls as the readers saw them built: 4 walls of 38, each the simulator's wall (in any order)
    const built = playStandardGame({ seed: 3, cards: standardCards, table: standard }).walls;
    expect(record.header.walls.map((w) => [...w].sort())).toEqual(built.map((w) => [...w].sort()));
    expect(record.header.walls.map((w) => w.length)).toEqual([38, 38, 38, 38]);
    expect(record.header).toMatchObject({
      kind: 'standard',
      gameNo: 1,
      players: ['Ann', 'Bea', 'Cat', 'Dot'],
      scoring: { scheme: 'tournament', selfPicked: 10, jokerless: 20, discarderPenalty: { noneOrOne: -10, two: -20, threeOrMore: -20 } },
    });
    expect(record.lines[0]).toMatchObject({ action: { type: 'deal' } });
    const got = refereeRecord(record, standardCards);
    expect(got.flags).toEqual(hubFlags(v, 1));
    expect(got.flags).toEqual([]);
    expect(got.points).toEqual(v.score!.points);
    expect(got.points).toEqual([0, 70, 0, -10]);
    expect(got.outcome).toMatchObject({ phase: 'ended', winner: 1, discarder: 3, value: 50, jokerless: true, marks: ['X', '70', 'X', '-10'] });
  });

  // A director entry is in the record: Cat looked at a stolen tile (000: −10 at the end): 0, 70, −10, −10.
  it("carries the director's entry: Cat looked at a stolen tile, 0, 70, −10, −10 as on the hub", () => {
    const b = standardGame(3);
    b.engine.enter({ entry: 'looked-at-stolen-tile', player: 2, rack: 0 }, 'Judy');
    const record = roundTrip(b.engine.gameRecord(1)!);
    expect(record.lines.filter((l) => 'action' in l && l.action.type === 'director-entry')).toEqual([
      { action: { type: 'director-entry', entry: 'looked-at-stolen-tile', player: 2, rack: 0, by: 'Judy', at: b.clock, ref: expect.any(String) } },
    ]);
    const got = refereeRecord(record, standardCards);
    expect(got.points).toEqual(b.engine.publicView().score!.points);
    expect(got.points).toEqual([0, 70, -10, -10]);
  });

  it("seed 2 with a pick ahead: the hub's flags and points again, and a dismissal carried by the record", () => {
    const b = standardGame(2, 'ahead');
    const v = b.engine.publicView();
    const got = refereeRecord(roundTrip(b.engine.gameRecord(1)!), standardCards);
    expect(got.flags.map((f) => f.kind)).toContain('picking-ahead');
    expect(got.flags).toEqual(hubFlags(v, 1));
    expect(got.points).toEqual(v.score?.points ?? null);
    const ahead = got.flags.find((f) => f.kind === 'picking-ahead')!;
    b.engine.rule(ahead.id, 'dismiss', 'Judy');
    const after = refereeRecord(roundTrip(b.engine.gameRecord(1)!), standardCards);
    expect(after.flags).toEqual(hubFlags(b.engine.publicView(), 1));
    expect(after.flags.find((f) => f.id === ahead.id)!.status).toBe('dismissed');
    expect(after.points).toEqual(b.engine.publicView().score?.points ?? null);
  });

  // Seed 3 with a blind tile on the first right, as hub/table/engine-standard.test.ts plays it (NMJL:
  // none allowed): the referee refuses the pass, the Charleston goes on from the racks as read
  // (`asRead`), a `blind-pass` flag; the game still goes on to Bea's Mah Jongg: 0, 70, 0, −10.
  it("a refused blind pass goes on as read: the record gives the hub's blind-pass flag and 0, 70, 0, −10", () => {
    const game = playStandardGame({ seed: 3, cards: standardCards, table: standard });
    const steps = game.steps.map((s) => ({ ...s, moves: s.moves.map((m) => ({ ...m })) }));
    const at = (label: RegExp) => steps.findIndex((s) => label.test(s.label));
    const beaLifts = at(/^Bea lifts .* to pass right$/);
    const catRacks = at(/^Cat racks .* \(passed right by Bea\)$/);
    const beaRacks = at(/^Bea racks .* \(passed right by Ann\)$/);
    // Bea keeps her 3rd tile and passes Ann's 3rd on, unseen, straight from Ann's rack to Cat's
    const kept = steps[beaLifts]!.moves.pop()!.tile;
    steps[catRacks]!.moves = steps[catRacks]!.moves.filter((m) => m.tile !== kept);
    const blind = steps[beaRacks]!.moves.at(-1)!;
    blind.to = steps[catRacks]!.moves[0]!.to;
    for (const s of steps.slice(beaRacks + 1)) for (const m of s.moves) m.tile = m.tile === kept ? blind.tile : m.tile === blind.tile ? kept : m.tile;
    const b = keep4(new SimBench(standard, makeStandard(standard)));
    b.build({ walls: game.walls });
    for (const s of steps) b.step(s);
    b.advance(3000);
    const record = roundTrip(b.engine.gameRecord(1)!);
    // the racks as read: the tile Bea kept went from her rack to Cat's, and the blind one came back (stray moves of the pass's ref)
    const strays = record.lines.flatMap((l) => ('action' in l && l.action.type === 'stray' ? [l.action] : []));
    expect(strays.length).toBeGreaterThan(0);
    expect(new Set(strays.map((x) => x.ref)).size).toBe(1);
    const got = refereeRecord(record, standardCards);
    expect(got.flags).toEqual(hubFlags(b.engine.publicView(), 1));
    expect(got.flags.map((f) => [f.kind, f.player])).toEqual([['blind-pass', 1]]);
    expect(got.unplaced.map((u) => u.reason)).toEqual(['pass: Bea passed 1 blind in the first right; blind passes only on the first left and the last right (NMJL)']);
    expect(got.points).toEqual([0, 70, 0, -10]);
  });

  it('a hub restarted on the same log gives the same record', () => {
    const b = standardGame(3);
    const before = writeGameRecord(b.engine.gameRecord(1)!);
    const again = keep4(b.restarted(makeStandard(standard)));
    expect(writeGameRecord(again.engine.gameRecord(1)!)).toBe(before);
  });

  // Dot's last pick and discard edited from 2B to a character or dot tile still in the wall: Bea calls it for Mah Jongg, and her
  // hand with it fits no line: Mah Jongg in error (000), her hand is dead; no one exposed for it,
  // so play goes on: the game has not ended and scores nothing yet.
  it("a discard edited so the hand no longer wins: Bea's Mah Jongg in error, her hand dead, no score", () => {
    const record = standardGame(3).engine.gameRecord(1)!;
    // Dot's pick at 1122800 and her discard at 1123400 (2B): the first character or dot tile still in
    // the wall there instead (version 1 named 9D, but every 9D is in play by then: 9D#1 on the floor, three in Dot's pung)
    const [deal, ...rest] = record.lines;
    const named = new Set(JSON.stringify(rest).match(/[^"]+#\d+/g));
    const left = deal && 'action' in deal && deal.action.type === 'deal' ? (deal.action.walls?.[0] ?? []) : [];
    const other = left.find((t: TileId) => /^[1-9][CD]$/.test(kindOf(t)) && !named.has(t))!;
    expect(other).toBeDefined();
    const got = refereeRecord(
      editedActions(record, (a) => {
        if ((a.type === 'pick' && a.at === 1122800) || (a.type === 'discard' && a.at === 1123400)) {
          expect([a.player, kindOf(a.tile)]).toEqual([3, '2B']);
          return { ...a, tile: other };
        }
        return a;
      }),
      standardCards,
    );
    expect(got.flags.map((f) => [f.kind, f.player, f.title, f.consequence])).toEqual([['mah-jongg-in-error', 1, "Bea's Mah Jongg fits no hand on the card", "Bea's hand is dead"]]);
    expect(got.outcome).toEqual({ phase: 'play', endReason: null });
    expect(got.points).toBeNull();
  });
});
