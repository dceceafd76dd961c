/**
 * A director's correction changes a RESULT (000 "DISPUTES"), never a game still in play or not yet
 * played, on both kinds of card; its points are bounded (|points| ≤ 10 000 a seat, card-checks.ts
 * MAX_GAME_POINTS); and the "game n of 4" a table shows is its own game count.
 * The new-user test's case: with the round's clock started and t1's game 1 in play, a correction
 * of game 1 shifted the card ("game 2 of 4" at once, the real result landing in slot 2).
 */
import { describe, expect, it } from 'vitest';
import { FakeTableRuntime, sampleDirectorView } from '../api/fake-runtime.js';
import { openSqliteStore } from '../store/sqlite.js';
import { isSiameseCard } from '../../rules/tournament/siamese-card.js';
import { CONFIG, FakeStandardTable, G1, T0, endSiamese, playSiamese } from './fixtures.test-helpers.js';
import { hubsClosedAfterEach, siameseTournament } from './hub.test-helpers.js';
import { TournamentService } from './service.js';

const TOKEN = 'director-secret-c';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const serve = hubsClosedAfterEach(TOKEN);

async function siameseRoom() {
  const { t1, t2, svc } = siameseTournament(2);
  const tables = svc.wrap([t1, t2]);
  const hub = await serve(svc, tables);
  const correct = async (table: string, round: number, body: unknown) => {
    const r = await hub.app.inject({ method: 'POST', url: `/api/director/tournament/cards/${table}/${round}/correct`, headers: AUTH, payload: body as object });
    return [r.statusCode, r.statusCode === 200 ? null : (r.json() as { message: string }).message] as const;
  };
  return { t1, t2, svc, hub, tables, correct };
}

const MSG_IN_PLAY = "round 1 table 1 game 1 has no result yet (it is in play at t1): a correction changes a result; rule on the table's flags or wait for the game to end";

describe('a correction of a Siamese card', () => {
  it("is refused (409) while the game is in play; the game's own result then lands in slot 1, and the table shows game 1 then game 2 of 4", async () => {
    const { t1, svc, tables, correct } = await siameseRoom();
    svc.clock('start');
    const view = () => tables[0]!.publicView().round;
    expect(view()).toEqual({ round: 1, game: 1, of: 4, label: '1' });

    expect(await correct('1', 1, { game: 1, points: [1, 2], reason: 'test' })).toEqual([409, MSG_IN_PLAY]);
    expect(await correct('t1', 1, { game: 3, points: [1, 2], reason: 'test' })).toEqual([
      409,
      "round 1 table 1 game 3 has no result yet (not played yet: game 1 is the next to end): a correction changes a result; rule on the table's flags or wait for the game to end",
    ]);
    expect(await correct('1', 2, { game: 1, points: [1, 2], reason: 'test' })).toEqual([
      409,
      "round 2 table 1 game 1 has no result yet (round 2 has not begun): a correction changes a result; rule on the table's flags or wait for the game to end",
    ]);
    expect(view()).toEqual({ round: 1, game: 1, of: 4, label: '1' });

    endSiamese(t1, 1, [160, 15]);
    const card = svc.cardOf(1, 1);
    if (!isSiameseCard(card)) throw new Error('not a Siamese card');
    expect(card.games).toEqual([{ points: [160, 15], marks: ['160', '15'], by: 'table', source: 'siamese table t1 game 1 (003 rule 17)' }, null, null, null]);
    expect(card.corrections).toEqual([]);
    playSiamese(t1, 2);
    expect(view()).toEqual({ round: 1, game: 2, of: 4, label: '1' });

    // now game 1 has a result: the correction replaces it, and the table stays on its own game 2
    expect(await correct('1', 1, { game: 1, points: [150, 15], reason: 'a flower miscounted' })).toEqual([200, null]);
    expect(svc.cardOf(1, 1).games.map((g) => g && (g as { points: number[] }).points)).toEqual([[150, 15], null, null, null]);
    expect(view()).toEqual({ round: 1, game: 2, of: 4, label: '1' });
  });

  it('bounds the points to what a game can score: |points| ≤ 10000 a seat, naming the game and the seat (400)', async () => {
    const { t1, svc, correct } = await siameseRoom();
    svc.clock('start');
    endSiamese(t1, 1, [160, 15]);
    expect(await correct('1', 1, { game: 1, points: [1e12, 20], reason: 'typo' })).toEqual([
      400,
      "round 1 table 1 game 1: East's points 1000000000000 are more than a game can score (at most 10000 either way)",
    ]);
    expect(await correct('1', 1, { game: 1, points: [20, 0, -10001, 0], reason: 'typo' })).toEqual([
      400,
      "round 1 table 1 game 1: West's points -10001 are more than a game can score (at most 10000 either way)",
    ]);
    // the bound itself, and points that are not a multiple of 5, are accepted as they are
    expect(await correct('1', 1, { game: 1, points: [10000, -7], reason: 'extreme but possible' })).toEqual([200, null]);
    expect(svc.cardOf(1, 1).games[0]).toMatchObject({ points: [10000, -7], marks: ['10000', '-7'], by: 'director' });
    expect(svc.cardOf(1, 1).corrections).toHaveLength(1);
  });
});

describe('a correction of a 4-seat card (000)', () => {
  function standardRoom() {
    let svc!: TournamentService;
    const t1 = new FakeTableRuntime(sampleDirectorView('t1'));
    const t2 = new FakeStandardTable(() => svc);
    svc = new TournamentService({ config: CONFIG, store: openSqliteStore(':memory:'), now: () => T0, tickMs: 0 });
    const tables = svc.wrap([t1, t2]);
    return { svc, t2, tables };
  }

  it('is refused while the game is in play (by points or by outcome); then it corrects the result', () => {
    const { svc, t2, tables } = standardRoom();
    svc.clock('start');
    const inPlay = "round 1 table 2 game 1 has no result yet (it is in play at t2): a correction changes a result; rule on the table's flags or wait for the game to end";
    expect(() => svc.correct(2, 1, { game: 1, points: [0, 0, 25, 0], reason: 'x' })).toThrow(inPlay);
    expect(() => svc.correct('t2', 1, { game: 1, outcome: { winner: null, wallGame: true }, reason: 'x' })).toThrow(inPlay);
    expect(svc.cards()[1]!.games).toEqual([null, null, null, null]);
    expect(tables[1]!.publicView().round).toEqual({ round: 1, game: 1, of: 4, label: '2' });
    expect(t2.end(1, G1, [25, -10, 0, 0])).toEqual({ recorded: true, round: 1, table: 2, game: 1 });
    expect(tables[1]!.publicView().round).toEqual({ round: 1, game: 2, of: 4, label: '2' });
    const c = svc.correct(2, 1, { game: 1, points: [30, -10, 0, 0], reason: 'East had one more exposure' });
    expect(isSiameseCard(c) ? null : c.games[0]!.points).toEqual([30, -10, 0, 0]);
    expect(tables[1]!.publicView().round).toEqual({ round: 1, game: 2, of: 4, label: '2' });
    expect(() => svc.correct(2, 1, { game: 1, points: [0, 12_345, 0, 0], reason: 'x' })).toThrow(
      "round 1 table 2 game 1: South's points 12345 are more than a game can score (at most 10000 either way)",
    );
  });

  it('by outcome over the API: a mistyped outcome is refused naming the field (400); a whole one is scored by 000: East 25, West the discarder −10', async () => {
    const { svc, t2, tables } = standardRoom();
    const hub = await serve(svc, tables);
    const correct = async (body: unknown) => {
      const r = await hub.app.inject({ method: 'POST', url: '/api/director/tournament/cards/2/1/correct', headers: AUTH, payload: body as object });
      return [r.statusCode, r.json() as { message?: string; games?: ({ points: number[] } | null)[] }] as const;
    };
    svc.clock('start');
    expect(t2.end(1, G1, [25, -10, 0, 0])).toEqual({ recorded: true, round: 1, table: 2, game: 1 });
    // an unknown field of the outcome, and a seat that is not one, are named and refused (400)
    expect(await correct({ game: 1, outcome: { winner: 0, value: 25, discarder: 2, jokerles: true }, reason: 'x' })).toEqual([
      400,
      expect.objectContaining({ message: 'body.outcome.jokerles is not allowed (unknown field)' }),
    ]);
    expect((await correct({ game: 1, outcome: { winner: 4, value: 25, discarder: 2 }, reason: 'x' }))[1].message).toMatch(/^body\.outcome\.winner /);
    // East's 25-point hand off West's discard, East with no exposure (000 SCORING): East scores the
    // card value, 25; the discarder of a winner with 0-1 exposures loses 10; South and North 0
    const [status, card] = await correct({ game: 1, outcome: { winner: 0, value: 25, discarder: 2, winnerExposures: 0 }, reason: 'West threw the winning tile, not South' });
    expect(status).toBe(200);
    expect(card.games?.[0]?.points).toEqual([25, 0, -10, 0]);
  });

  it('before the clock is started, a correction says so', () => {
    const { svc } = standardRoom();
    expect(() => svc.correct(2, 1, { game: 1, points: [0, 0, 25, 0], reason: 'x' })).toThrow(
      "round 1 table 2 game 1 has no result yet (the round's clock has not been started): a correction changes a result; rule on the table's flags or wait for the game to end",
    );
  });

  it("recordPoints writes a table's points as the next game (the hook for tests and tables scored elsewhere)", () => {
    const { svc, tables } = standardRoom();
    expect(svc.recordPoints('t2', [25, 0, 0, 0])).toEqual({ recorded: false, reason: "round 1's clock has not been started" });
    svc.clock('start');
    expect(svc.recordPoints('t2', [25, 0, 0, 0])).toEqual({ recorded: true, round: 1, table: 2, game: 1 });
    expect(svc.recordPoints('t2', [0, 0, 20_000, 0])).toEqual({
      recorded: false,
      reason: "round 1 table 2 game 2: West's points 20000 are more than a game can score (at most 10000 either way)",
    });
    expect(svc.recordPoints('t9', [0, 0, 0, 0])).toEqual({ recorded: false, reason: "hub table 't9' plays no tournament table" });
    expect(svc.cards()[1]!.games.map((g) => g?.marks.join(' ') ?? null)).toEqual(['25 X X X', null, null, null]);
    expect(tables[1]!.publicView().round).toEqual({ round: 1, game: 2, of: 4, label: '2' });
  });
});
