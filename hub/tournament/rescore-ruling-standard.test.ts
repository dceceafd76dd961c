/**
 * A ruling that changes how a recorded 4-player game ended reaches the score card (000), as on the
 * Siamese table (./rescore-ruling.test.ts): the standard demo table's engine fed with reader lines
 * (hub/table/test-bench.ts `SimBench`) bound to a one-table tournament the way the hub binds it
 * (hub/hub.ts: the engine's result goes on the card when the game ends).
 * - a flag that killed a hand dismissed after the next game began: the game re-scored (a wall
 *   game: the hand alive gets its 10), initials cleared, the change on the card, the room, the
 *   phone card; the next game untouched; a restarted service folds the same card;
 * - a ruling that undoes a Mah Jongg after the table was cleared: the game stopped there is
 *   unfinished, 0 for every seat;
 * - the same ruling before any tile moved (play goes on): the line is withdrawn from the card with
 *   a note until the game ends again, then the new result is written.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { applySteps, sameZone, tableZones, wallPositions, type Step, type Zone } from '../simulator/game.js';
import { playStandardGame } from '../simulator/standard/game.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import type { TileId } from '../../rules/tiles.js';
import { isSiameseCard } from '../../rules/tournament/siamese-card.js';
import { isDead, wallLeftOf } from '../../rules/variants/standard/play.js';
import type { ScoreCard } from '../../rules/tournament/scorecard.js';
import { closedAfterEach, SimBench } from '../table/test-bench.js';
import { TableEngine } from '../table/engine.js';
import { SOUTH, ScriptedGame, WEST } from '../table/standard/scripted.test-helpers.js';
import { STOPPED_REASON } from '../table/machine.js';
import { TournamentService } from './service.js';
import { seatScoreCard } from '../api/seat.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const zones = tableZones(table);
const keep = closedAfterEach<SimBench<TableEngine>>();
const services: TournamentService[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.close();
});

/** "14:05" for `at` on this machine's clock, as the hub writes it. */
const hhmm = (at: number) => `${String(new Date(at).getHours()).padStart(2, '0')}:${String(new Date(at).getMinutes()).padStart(2, '0')}`;

/** A fresh standard engine on reader lines. */
function bench(): SimBench<TableEngine> {
  return keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
}

/**
 * The hub's tournament wiring (hub/hub.ts) on the bench's engine: a one-table tournament (Ann,
 * Bea, Cat, Dot at East … North), each game's result written on the card when it ends; the round's
 * clock started. @returns the service and its card of round 1 table 1
 */
function tournamentOn(b: SimBench<TableEngine>): { svc: TournamentService; card: () => ScoreCard } {
  const players = ['Ann', 'Bea', 'Cat', 'Dot'].map((name, i) => ({ id: `p${i + 1}`, name }));
  const svc = new TournamentService({ config: { name: 'Test Open', players, rounds: 1, prizes: [10], tables: [{ table: 1, hubTable: table.id }] }, store: b.store, now: () => b.clock, tickMs: 0 });
  services.push(svc);
  svc.wrap([b.engine]);
  b.engine.onChange(() => {
    const g = b.engine.gameState();
    if (g.result) svc.recordGame(table.id, g.result.outcome, { hubGameNo: g.gameNo });
  });
  svc.clock('start');
  const card = () => {
    const c = svc.cardOf(1, 1);
    if (isSiameseCard(c)) throw new Error('not a 4-seat card');
    return c;
  };
  return { svc, card };
}

/** Clearing the table: each tile not where `next` walls have it is lifted, then put there. */
function clearing(where: Map<TileId, Zone | null>, next: Map<TileId, Zone | null>): Step[] {
  const out: Step[] = [];
  for (const [tile, to] of next) {
    const from = where.get(tile) ?? null;
    if (from && to && from.reader === to.reader && from.zone === to.zone) continue;
    out.push({ label: `clear ${tile}`, moves: [{ tile, from, to: null }] }, { label: `wall ${tile}`, moves: [{ tile, from: null, to }] });
  }
  return out;
}

/** `f` run; the HTTP status of the RulingError it throws (200 when it throws none). */
function status(f: () => void): number {
  try {
    f();
  } catch (err) {
    return (err as { status: number }).status;
  }
  return 200;
}

describe('a ruling re-scores a recorded 4-player game on the card (000)', () => {
  it('seed 4\'s wall game with Bea dead on an out-of-turn discard before the last pick: 10 X 10 10 on the card, initialed; the flag dismissed during game 2: 10 10 10 10, initials cleared, "Game 1 changed by the director\'s ruling at hh:mm (Dora)"; game 2 untouched', async () => {
    const g1 = playStandardGame({ seed: 4, cards, table });
    const g2 = playStandardGame({ seed: 5, cards, table });
    const where = wallPositions(g1.walls, zones);
    // Bea throws a tile from her rack while Dot is on turn, before Dot picks the wall's last tile
    // (000 GAME PLAY: "do not go out of turn or you will be declared dead"): her hand is dead. Dot
    // then picks the last tile and discards it: the wall is used up (a tile moved after that last
    // discard is the wall game, not a turn, so the violation comes before it)
    const lastPick = g1.steps.map((s) => / picks /.test(s.label)).lastIndexOf(true);
    expect(g1.steps[lastPick]!.label).toMatch(/^Dot picks /);
    applySteps(where, g1.steps.slice(0, lastPick));
    const beaTile = [...where].find(([, z]) => sameZone(z, zones.rackIn[1]![0]!))![0];
    const outOfTurn: Step[] = [
      { label: `Bea lifts ${beaTile}`, moves: [{ tile: beaTile, from: zones.rackIn[1]![0]!, to: null }] },
      { label: `Bea discards ${beaTile} out of turn`, moves: [{ tile: beaTile, from: null, to: zones.floor }], dwell: 2 },
    ];
    applySteps(where, outOfTurn);
    applySteps(where, g1.steps.slice(lastPick));
    const b = bench();
    const { svc, card } = tournamentOn(b);
    b.build(g1);
    for (const s of [...g1.steps.slice(0, lastPick), ...outOfTurn, ...g1.steps.slice(lastPick)]) b.step(s);
    b.advance(3000);
    const s1 = b.engine.gameState();
    expect([s1.phase, wallLeftOf(s1), s1.turn]).toEqual(['play', 0, 0]); // the wall used up, Dot's last discard on the floor: Ann's turn, nothing to pick
    const flag = b.engine.publicView().flags.find((f) => f.kind === 'out-of-turn' && f.player === 1)!;
    expect([flag.status, flag.consequence]).toEqual(['awaiting-director', "Bea's hand is dead"]);
    // the table is cleared (the first tile back into a wall ends the wall game), then game 2 is
    // dealt and played up to East's first discard
    const clear = clearing(where, wallPositions(g2.walls, zones));
    for (const s of clear.slice(0, 2)) b.step(s);
    expect(b.engine.publicView().endReason).toBe('wall game: the wall is used up');
    // 000: a wall game is 10 to each player; Bea's hand is dead, so she gets zero ("X")
    await vi.waitFor(() => expect(card().games[0]).toMatchObject({ points: [10, 0, 10, 10], marks: ['10', 'X', '10', '10'], by: 'table' }), { timeout: 5000 });
    for (const s of clear.slice(2)) b.step(s);
    const firstDiscard = g2.steps.findIndex((s) => / discards /.test(s.label));
    for (const s of g2.steps.slice(0, firstDiscard + 2)) b.step(s);
    b.advance(3000);
    const game2 = b.engine.publicView();
    expect([game2.gameNo, game2.phase]).toEqual([2, 'play']);
    expect(game2.flags.map((f) => [f.id, f.gameNo, f.status])).toEqual([[flag.id, 1, 'awaiting-director']]); // still listed in game 2
    expect(game2.results?.[0]).toMatchObject({ gameNo: 1, endReason: 'wall game: the wall is used up', points: [10, 0, 10, 10], ruling: null });
    // the round's time runs out in game 2 (games 2-4 score 0, 000) and every player initials the card
    b.clock += 51 * 60_000;
    svc.tick();
    expect(card().games.map((g) => g?.points)).toEqual([
      [10, 0, 10, 10],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    for (const seat of [0, 1, 2, 3]) svc.initial(1, 1, seat);
    expect(card().initials).toEqual(['A', 'B', 'C', 'D']);

    b.clock += 60_000;
    const ruledAt = b.clock;
    b.engine.rule(flag.id, 'dismiss', 'Dora');
    // the second director's confirm on the flag just dismissed: refused, the dismissal stands
    expect(status(() => b.engine.rule(flag.id, 'confirm', 'Bo'))).toBe(409);
    // 000: the wall game is 10 to each player, Bea's hand alive: 10 10 10 10
    await vi.waitFor(() => expect(card().games[0]?.points).toEqual([10, 10, 10, 10]), { timeout: 5000 });
    const after = card();
    expect(after.games[0]?.marks).toEqual(['10', '10', '10', '10']);
    expect(after.games.slice(1).map((g) => g?.by)).toEqual(['clock', 'clock', 'clock']); // the others untouched
    expect(after.initials).toEqual([null, null, null, null]);
    expect(after.verified).toEqual([false, false, false, false]);
    const note = `changed by the director's ruling at ${hhmm(ruledAt)} (Dora)`;
    expect(after.corrections.map((c) => [c.game, c.director, c.reason, c.before?.points])).toEqual([[1, 'Dora', note, [10, 0, 10, 10]]]);
    expect(svc.cardChanges(1, 1)).toEqual([`Game 1 ${note}`]);
    const pub = svc.publicView().cards[0]!;
    expect(pub.changes).toEqual([`Game 1 ${note}`]);
    expect(pub.seats.map((s) => [s.marks[0], s.total, s.initialed])).toEqual([
      ['10', 10, false],
      ['10', 10, false],
      ['10', 10, false],
      ['10', 10, false],
    ]);
    for (const seat of [0, 1, 2, 3]) {
      const phone = seatScoreCard(svc, after, seat);
      expect([phone.changes, phone.canInitial]).toEqual([[`Game 1 ${note}`], true]);
    }
    // game 2 at the table is as it was: the moves after the wall game stay in game 2
    const now = b.engine.publicView();
    expect(now.results).toEqual([{ gameNo: 1, endReason: 'wall game: the wall is used up', points: [10, 10, 10, 10], ruling: { flagId: flag.id, ruling: 'dismiss', by: 'Dora', at: ruledAt } }]);
    // with the out-of-turn discard dismissed Bea's hand is alive, and her rack still holds the 12
    // tiles the readers count (her thrown tile lies on the floor): 13 off turn is the count of a live
    // hand (NMJL), so game 1's count check now says so, for the director to count; it kills nothing
    expect(now.flags.map((f) => [f.code, f.player, f.params, f.status, f.consequence])).toEqual([
      ['rack-count', 1, { p: 1, counted: 12, expected: 13 }, 'awaiting-director', 'none yet: the director counts the rack'],
    ]);
    expect({ ...now, results: [], flags: [], readers: [], updatedAt: 0 }).toEqual({ ...game2, results: [], flags: [], readers: [], updatedAt: 0 }); // the readers went stale: the clock jumped 52 minutes untouched
    // a restarted service folds the same card
    const again = new TournamentService({ config: svc.config, store: b.store, now: () => b.clock, tickMs: 0 });
    services.push(again);
    expect(again.problems).toEqual([]);
    const c2 = again.cardOf(1, 1);
    expect([c2.games[0]?.points, c2.initials]).toEqual([
      [10, 10, 10, 10],
      [null, null, null, null],
    ]);
    expect(seatScoreCard(again, c2, 3).changes).toEqual([`Game 1 ${note}`]);
  });
});

/**
 * Bea (South) goes out on "FF 111a 111b 111c DDD" (X 30) with Cat's (West) discarded F, but takes
 * the F into her rack (000 GAME PLAY: a called tile goes on top of the rack; dead): the hub flags
 * it and her hand is dead until the director rules. The director dismisses the flag at once (the
 * table waited), and Bea lays out F F, 1B 1B 1B, 1C 1C 1C, 1D 1D 1D, RD RD RD, jokerless: Mah Jongg.
 * 000: Bea 30 + jokerless 20 = 50; Cat threw the winning tile to a hand with no exposure: −10;
 * Ann and Dot 0 (only the winner and the discarder score): the card says X 50 -10 X.
 * @returns the bench, its tournament, the flag, and the script (to play on)
 */
async function calledIntoRackMahJongg() {
  const g = new ScriptedGame(
    table,
    ['1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C', 'N E W F 1B 1B 1B 1C 1C 1C 1D 1D 1D', '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D', 'RD RD RD GD GD GD WD WD WD S S S 7C'],
    ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'],
  );
  g.discard(0, '5B').pick(SOUTH, '9C').discard(SOUTH, '9C');
  g.pick(WEST, 'F').discard(WEST, 'F').callIntoRack(SOUTH);
  const b = bench();
  const t = tournamentOn(b);
  b.build(g);
  let played = 0;
  const playOn = () => {
    for (const s of g.steps.slice(played)) b.step(s);
    played = g.steps.length;
    b.advance(3000);
  };
  playOn();
  const flag = b.engine.publicView().flags.find((f) => f.kind === 'called-into-rack')!;
  expect([flag.player, flag.status, isDead(b.engine.gameState(), SOUTH)]).toEqual([SOUTH, 'awaiting-director', true]);
  b.engine.rule(flag.id, 'dismiss', 'Dora');
  expect(isDead(b.engine.gameState(), SOUTH)).toBe(false);
  g.layOut(SOUTH, 'F F 1B 1B 1B 1C 1C 1C 1D 1D 1D RD RD RD');
  playOn();
  const v = b.engine.publicView();
  expect([v.phase, v.score?.points]).toEqual(['ended', [0, 50, -10, 0]]);
  await vi.waitFor(() => expect(t.card().games[0]).toMatchObject({ points: [0, 50, -10, 0], marks: ['X', '50', '-10', 'X'], by: 'table' }), { timeout: 5000 });
  return { b, ...t, flag, g, playOn };
}

describe('a ruling undoes the end of a recorded 4-player game', () => {
  it('after the table was cleared: the game stopped there scores 0 for every seat (000: an unfinished game), re-scored on the card X X X X', async () => {
    const { b, card, svc, flag, g } = await calledIntoRackMahJongg();
    // the table is being cleared: Ann's first tile goes back into a wall
    const ann = g.walls.flat().find((t) => b.engine.directorView().concealed![0]![0]!.includes(t))!;
    b.step({ label: `clear ${ann}`, moves: [{ tile: ann, from: zones.rackIn[0]![0]!, to: null }] });
    b.step({ label: `wall ${ann}`, moves: [{ tile: ann, from: null, to: zones.walls[0]! }] });
    expect(
      b.store
        .events(table.id)
        .filter((e) => e.type === 'game-stopped')
        .map((e) => e.data),
    ).toEqual([{ gameNo: 1 }]);
    b.clock += 60_000;
    const ruledAt = b.clock;
    // the director takes the dismissal back: Bea's hand was dead when she laid out, so no Mah Jongg
    b.engine.rule(flag.id, 'confirm', 'Bo', undefined, 'dismissed');
    const v = b.engine.publicView();
    // the game stopped when the table was cleared, unfinished: 0 for every seat (000: "if a game is
    // not completed within designated time, each player receives zero")
    expect([v.gameNo, v.phase, v.endReason, v.score?.points]).toEqual([1, 'ended', `${STOPPED_REASON} (000: a game not completed scores zero)`, [0, 0, 0, 0]]);
    expect(v.results).toEqual([{ gameNo: 1, endReason: v.endReason, points: [0, 0, 0, 0], ruling: { flagId: flag.id, ruling: 'confirm', by: 'Bo', at: ruledAt } }]);
    await vi.waitFor(() => expect(card().games[0]?.points).toEqual([0, 0, 0, 0]), { timeout: 5000 });
    expect(card().games[0]?.marks).toEqual(['X', 'X', 'X', 'X']);
    expect(svc.cardChanges(1, 1)).toEqual([`Game 1 changed by the director's ruling at ${hhmm(ruledAt)} (Bo)`]);
    expect(card().corrections.map((c) => [c.director, c.before?.points])).toEqual([['Bo', [0, 50, -10, 0]]]);
    const again = new TournamentService({ config: svc.config, store: b.store, now: () => b.clock, tickMs: 0 });
    services.push(again);
    expect([again.problems, again.cardOf(1, 1).games[0]?.points]).toEqual([[], [0, 0, 0, 0]]);
  });

  it('before any tile moved (the game in play again): the line is withdrawn from the card with a note, initials cleared; when the game ends again the new result is written', async () => {
    const { b, card, svc, flag } = await calledIntoRackMahJongg();
    b.clock += 51 * 60_000; // the round's time runs out after game 1: games 2-4 score 0 (000)
    svc.tick();
    for (const seat of [0, 1, 2, 3]) svc.initial(1, 1, seat);
    expect(card().initials).toEqual(['A', 'B', 'C', 'D']);
    b.clock += 60_000;
    const confirmedAt = b.clock;
    b.engine.rule(flag.id, 'confirm', 'Bo', undefined, 'dismissed');
    // Bea's hand was dead when she laid out: no Mah Jongg; nothing has moved since, so play goes on
    expect([b.engine.publicView().phase, b.engine.publicView().results]).toEqual(['play', []]);
    const withdrawn = `Game 1 withdrawn by the director's ruling at ${hhmm(confirmedAt)} (Bo): the game is in play again`;
    await vi.waitFor(() => expect(card().games[0]).toBeNull(), { timeout: 5000 });
    expect(card().initials).toEqual([null, null, null, null]);
    expect(svc.cardChanges(1, 1)).toEqual([withdrawn]);
    expect(svc.publicView().cards[0]!.changes).toEqual([withdrawn]);
    expect(seatScoreCard(svc, card(), 1).changes).toEqual([withdrawn]);
    const restarted = new TournamentService({ config: svc.config, store: b.store, now: () => b.clock, tickMs: 0 });
    services.push(restarted);
    expect([restarted.problems, restarted.cardOf(1, 1).games[0], restarted.cardChanges(1, 1)]).toEqual([[], null, [withdrawn]]);
    restarted.close();
    services.pop();
    // the director looks again and restores the dismissal: Bea's Mah Jongg stands, X 50 -10 X again
    b.clock += 60_000;
    const dismissedAt = b.clock;
    b.engine.rule(flag.id, 'dismiss', 'Dora', undefined, 'confirmed');
    expect(b.engine.publicView().score?.points).toEqual([0, 50, -10, 0]);
    await vi.waitFor(() => expect(card().games[0]?.marks).toEqual(['X', '50', '-10', 'X']), { timeout: 5000 });
    const changed = `Game 1 changed by the director's ruling at ${hhmm(dismissedAt)} (Dora)`;
    expect(svc.cardChanges(1, 1)).toEqual([withdrawn, changed]);
    expect(card().initials).toEqual([null, null, null, null]);
    const again = new TournamentService({ config: svc.config, store: b.store, now: () => b.clock, tickMs: 0 });
    services.push(again);
    expect([again.problems, again.cardOf(1, 1).games[0]?.points, again.cardChanges(1, 1)]).toEqual([[], [0, 50, -10, 0], [withdrawn, changed]]);
  });
});
