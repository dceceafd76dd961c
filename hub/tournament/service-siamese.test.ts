/**
 * A Siamese tournament in the hub (config kind 'siamese'): two Royale Siamese hub tables, 2-seat
 * cards, each game's 003 rule 17 points taken from the table's view as they are, time up, the seat
 * view's wind seats (East 0, West 2), corrections by points, standings, the records and a restart.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeTableRuntime, sampleDirectorView } from '../api/fake-runtime.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { EventStore } from '../store/types.js';
import { parseAnyJsonLines } from '../../rules/tournament/record.js';
import { isSiameseCard, type SiameseScoreCard } from '../../rules/tournament/siamese-card.js';
import { MIN, T0, endSiamese, playSiamese } from './fixtures.test-helpers.js';
import type { TournamentConfig } from './config.js';
import { checkTournamentConfig } from './config.js';
import { TournamentService } from './service.js';

const SIAMESE: TournamentConfig = {
  kind: 'siamese',
  name: 'Siamese Open',
  rounds: 3,
  roundMs: 3_000_000,
  warnBelowMs: 300_000,
  prizes: [100, 60],
  tables: [
    { table: 1, hubTable: 't1' },
    { table: 2, hubTable: 't2' },
  ],
  players: [
    { id: 'p1', name: 'Ann Lee' },
    { id: 'p2', name: 'Bea Ross' },
    { id: 'p3', name: 'Cat Park' },
    { id: 'p4', name: 'Dot Shaw' },
  ],
};

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0).reverse()) c();
});

function setup(store: EventStore = openSqliteStore(':memory:')) {
  const clock = { now: T0 };
  const t1 = new FakeTableRuntime(sampleDirectorView('t1'));
  const t2 = new FakeTableRuntime(sampleDirectorView('t2'));
  const svc = new TournamentService({ config: SIAMESE, store, now: () => clock.now, tickMs: 0 });
  svc.wrap([t1, t2]);
  cleanup.push(() => svc.close());
  return { svc, t1, t2, clock, store };
}

const siamese = (svc: TournamentService, table: number, round = 1) => {
  const c = svc.cardOf(table, round);
  if (!isSiameseCard(c)) throw new Error('not a Siamese card');
  return c;
};

/** Round 1: table 1 Ann 160 / Bea 15, wall game 10 / 10, Bea 50 / Ann X, game 4 in play at time up; table 2 four games. */
function playRound(s: ReturnType<typeof setup>) {
  const { svc, t1, t2, clock } = s;
  svc.clock('start');
  clock.now = T0 + 10 * MIN;
  endSiamese(t1, 1, [160, 15]);
  endSiamese(t2, 1, [25, 0]);
  clock.now = T0 + 20 * MIN;
  playSiamese(t1, 2);
  endSiamese(t1, 2, [10, 10]);
  playSiamese(t2, 2);
  endSiamese(t2, 2, [0, 30]);
  clock.now = T0 + 30 * MIN;
  playSiamese(t1, 3);
  endSiamese(t1, 3, [0, 50]);
  playSiamese(t2, 3);
  endSiamese(t2, 3, [10, 10]);
  clock.now = T0 + 45 * MIN;
  playSiamese(t2, 4);
  endSiamese(t2, 4, [-20, 40]);
  playSiamese(t1, 4); // still in play when the time runs out
  clock.now = T0 + 50 * MIN + 1_000;
  svc.tick();
}

describe('a Siamese tournament (kind "siamese")', () => {
  it('the config takes kind "siamese" with tables of 2 and names a wrong kind or an odd number of players', () => {
    expect(checkTournamentConfig(SIAMESE).kind).toBe('siamese');
    expect(checkTournamentConfig({ ...SIAMESE, kind: undefined, tables: [{ table: 1, hubTable: 't1' }] }, 'f.json').kind).toBe('standard');
    expect(() => checkTournamentConfig({ ...SIAMESE, kind: 'mixed' }, 'f.json')).toThrow('f.json: kind must be "standard" or "siamese", not "mixed"');
    expect(() => checkTournamentConfig({ ...SIAMESE, players: SIAMESE.players.slice(0, 3) }, 'f.json')).toThrow('f.json: players has 3 players: Siamese tables seat 2 (add 1 or remove 1)');
    expect(() => checkTournamentConfig({ ...SIAMESE, tables: [{ table: 3, hubTable: 't3' }] }, 'f.json')).toThrow('f.json: tables[0].table must be a table number 1-2, not 3');
  });

  it("writes each game's 003 rule 17 points from the table's view on a 2-seat card; time up scores X X", () => {
    const s = setup();
    playRound(s);
    const c1 = siamese(s.svc, 1);
    expect(c1.seats).toEqual(['p1', 'p2']);
    expect(c1.games.map((g) => [g!.marks.join(' '), g!.by])).toEqual([
      ['160 15', 'table'],
      ['10 10', 'table'],
      ['X 50', 'table'],
      ['X X', 'clock'],
    ]);
    expect(c1.games[0]!.source).toBe('siamese table t1 game 1 (003 rule 17)');
    const pub = s.svc.publicView();
    expect(pub.cards.map((c) => [c.table, c.kind, c.seats.map((x) => `${x.seat} ${x.name} ${x.marks.join(' ')} = ${x.total}`), c.settlement])).toEqual([
      [1, 'siamese', ['East Ann Lee 160 10 X X = 170', 'West Bea Ross 15 10 50 X = 75'], 'Bea Ross pays Ann Lee 95'],
      [2, 'siamese', ['East Cat Park 25 X 10 -20 = 15', 'West Dot Shaw X 30 10 40 = 80'], 'Cat Park pays Dot Shaw 65'],
    ]);
    // no card is complete yet: no standings points
    expect(pub.standings.map((r) => r.points)).toEqual([0, 0, 0, 0]);
  });

  it('the seat view verifies and initials by wind (East 0, West 2); the standings sum the complete cards', () => {
    const s = setup();
    playRound(s);
    expect(() => s.svc.verify(1, 1, 1)).toThrow('round 1 table 1: verify: a Siamese card seats East (0) and West (2), not South (1)');
    const card = s.svc.verify(1, 1, 2); // Bea (West) checked Ann's score: the 2-seat card as it is
    expect([card.seats, card.verified]).toEqual([
      ['p1', 'p2'],
      [false, true],
    ]);
    expect(s.svc.verify('t1', 1, 0).verified).toEqual([true, true]);
    s.svc.initial(1, 1, 0);
    s.svc.initial(1, 1, 2);
    expect(siamese(s.svc, 1).initials).toEqual(['AL', 'BR']);
    for (const seat of [0, 2]) s.svc.verify(2, 1, seat);
    for (const seat of [0, 2]) s.svc.initial(2, 1, seat);
    expect(s.svc.publicView().cards.map((c) => c.complete)).toEqual([true, true]);
    expect(s.svc.standings()).toEqual([
      { rank: 1, player: 'p1', gamePoints: 170, penalties: 0, points: 170, prize: 100, byes: [], withdrawn: false },
      { rank: 2, player: 'p4', gamePoints: 80, penalties: 0, points: 80, prize: 60, byes: [], withdrawn: false },
      { rank: 3, player: 'p2', gamePoints: 75, penalties: 0, points: 75, prize: 0, byes: [], withdrawn: false },
      { rank: 4, player: 'p3', gamePoints: 15, penalties: 0, points: 15, prize: 0, byes: [], withdrawn: false },
    ]);
    // round 2 seats by the circle method: Cat East with Ann, Dot East with Bea
    expect(s.svc.nextRound()).toBe(2);
    expect(
      s.svc
        .allCards()
        .filter((c) => c.round === 2)
        .map((c) => c.seats),
    ).toEqual([
      ['p3', 'p1'],
      ['p4', 'p2'],
    ]);
  });

  it("a director's correction by points [East, West] (or [E, 0, W, 0]) clears the card's checks; the records carry the Siamese lines; a restart keeps everything", () => {
    const store = openSqliteStore(':memory:');
    const s = setup(store);
    playRound(s);
    s.svc.verify(1, 1, 0);
    const fixed = s.svc.correct(1, 1, { game: 3, points: [0, 25], reason: 'Bea was not jokerless', by: 'Dee' }) as SiameseScoreCard;
    expect([fixed.games[2]!.marks, fixed.verified]).toEqual([
      ['X', '25'],
      [false, false],
    ]);
    s.svc.correct(2, 1, { game: 4, points: [-20, 0, 45, 0], reason: 'recount', by: 'Dee' });
    expect(siamese(s.svc, 2).games[3]!.points).toEqual([-20, 45]);
    expect(() => s.svc.correct(2, 1, { game: 4, points: [1, 2, 3, 4], reason: 'x' })).toThrow("round 1 table 2 game 4: a Siamese card's points are 2 whole numbers (East, West), not [1,2,3,4]");
    expect(() => s.svc.correct(2, 1, { game: 4, outcome: { winner: null, wallGame: true }, reason: 'x' })).toThrow('a Siamese card is corrected by points (East, West), not by a 000 outcome');
    const lines = parseAnyJsonLines(s.svc.gamesJsonl());
    expect(lines.map((r) => `${r.table}.${r.game} ${r.points.join('/')} ${r.by}`)).toEqual([
      '1.1 160/15 table',
      '1.2 10/10 table',
      '1.3 0/25 director',
      '1.4 0/0 clock',
      '2.1 25/0 table',
      '2.2 0/30 table',
      '2.3 10/10 table',
      '2.4 -20/45 director',
    ]);
    expect(lines.every((r) => r.format === 'mjhub.tournament-siamese-game/1')).toBe(true);
    const again = new TournamentService({ config: SIAMESE, store, now: () => s.clock.now, tickMs: 0 });
    cleanup.push(() => again.close());
    expect(again.problems).toEqual([]);
    expect(again.allCards()).toEqual(s.svc.allCards());
  });

  it('a game over before the clock starts, or in play at time up, does not count', () => {
    const s = setup();
    endSiamese(s.t1, 1, [50, 0]); // before the start
    expect(siamese(s.svc, 1).games[0]).toBeNull();
    s.svc.clock('start');
    playSiamese(s.t1, 2);
    endSiamese(s.t1, 2, [0, 35]);
    expect(siamese(s.svc, 1).games[0]!.points).toEqual([0, 35]);
  });
});
