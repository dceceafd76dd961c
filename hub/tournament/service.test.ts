import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite.js';
import type { EventStore } from '../store/types.js';
import { parseJsonLines, replayGameRecord } from '../../rules/tournament/record.js';
import { TournamentError } from '../../rules/tournament/errors.js';
import { CONFIG, FakeStandardTable, G1, G2, G3, G4, MIN, T0, endSiamese, playSiamese, siameseTable } from './fixtures.test-helpers.js';
import { TOURNAMENT_LOG, TournamentService, initialsOf } from './service.js';

const cleanup: (() => void)[] = [];

function caught(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}
afterEach(() => {
  for (const c of cleanup.splice(0).reverse()) c();
});

/** A service over a store, the clock read from `clock.now`, both fake tables wrapped. */
function setup(store: EventStore = openSqliteStore(':memory:')) {
  const clock = { now: T0 };
  let svc: TournamentService;
  const t1 = siameseTable();
  const t2 = new FakeStandardTable(() => svc);
  svc = new TournamentService({ config: CONFIG, store, now: () => clock.now, tickMs: 0 });
  const [w1, w2] = svc.wrap([t1, t2]);
  cleanup.push(() => svc.close());
  return { svc, t1, t2, w1: w1!, w2: w2!, clock, store };
}

/** Table 2's four games recorded from the engine's ends; table 1's three Siamese games, then the clock runs out. */
function playRound(s: ReturnType<typeof setup>) {
  const { svc, t1, t2, clock } = s;
  svc.clock('start');
  clock.now = T0 + 5 * MIN;
  expect(t2.end(1, G1, [25, -10, 0, 0])).toEqual({ recorded: true, round: 1, table: 2, game: 1 });
  endSiamese(t1, 1, [145, 20]);
  clock.now = T0 + 15 * MIN;
  t2.end(2, G2, [0, 0, 60, 0]);
  playSiamese(t1, 2);
  endSiamese(t1, 2, [0, 60]);
  clock.now = T0 + 25 * MIN;
  t2.end(3, G3, [10, 10, 10, 0]);
  playSiamese(t1, 3);
  endSiamese(t1, 3, [35, 35]);
  clock.now = T0 + 40 * MIN;
  t2.end(4, G4, [-20, 0, 0, 35]);
  playSiamese(t1, 4); // table 1's 4th game is still in play when the time runs out
  clock.now = T0 + 50 * MIN + 7_000;
  svc.tick();
}

describe('TournamentService: results from the tables', () => {
  it('records a round of four games from the standard engine hook, scored by 000; game n of 4 on the view', () => {
    const { svc, t2, w2, clock } = setup();
    expect(w2.publicView().round).toEqual({ round: 1, game: 1, of: 4, label: '2' });
    // before the clock starts, a game does not count
    expect(t2.end(0, G1, [25, -10, 0, 0])).toEqual({ recorded: false, reason: "round 1's clock has not been started" });
    svc.clock('start');
    clock.now = T0 + 10 * MIN;
    expect(t2.end(1, G1, [25, -10, 0, 0])).toEqual({ recorded: true, round: 1, table: 2, game: 1 });
    expect(w2.publicView().round).toEqual({ round: 1, game: 2, of: 4, label: '2' });
    // the engine calling twice for one game (e.g. refolding its log) writes nothing
    expect(svc.recordGame('t2', G1, { hubGameNo: 1 })).toEqual({ recorded: false, reason: "game 1 of hub table 't2' is already recorded, or was not played in a round's time" });
    expect(t2.end(2, G2, [0, 0, 60, 0]).recorded).toBe(true);
    expect(t2.end(3, G3, [10, 10, 10, 0]).recorded).toBe(true);
    expect(t2.end(4, G4, [-20, 0, 0, 35]).recorded).toBe(true);
    // the round's 4 games on the card: the table plays on, its game 5 shown as what it is (it does not count)
    expect(w2.publicView().round).toEqual({ round: 1, game: 5, of: 4, label: '2', extra: true });
    expect(t2.end(5, G1, [25, -10, 0, 0])).toEqual({ recorded: false, reason: 'round 1 table 2 already has its 4 games' });
    // an impossible outcome is refused with the scoring error's words, not thrown at the engine
    const bad = svc.recordGame('t9', G1);
    expect(bad).toEqual({ recorded: false, reason: "hub table 't9' plays no tournament table" });
    const card = svc.cards()[1]!;
    expect(card.seats).toEqual(['p5', 'p6', 'p7', 'p8']);
    expect(card.games.map((g) => g!.points)).toEqual([
      [25, -10, 0, 0],
      [0, 0, 60, 0],
      [10, 10, 10, 0],
      [-20, 0, 0, 35],
    ]);
    expect(card.games.map((g) => g!.marks)).toEqual([
      ['25', '-10', 'X', 'X'],
      ['X', 'X', '60', 'X'],
      ['10', '10', '10', 'X'],
      ['-20', 'X', 'X', '35'],
    ]);
    expect(card.games.map((g) => g!.by)).toEqual(['table', 'table', 'table', 'table']);
    const pub = svc.publicView().cards[1]!;
    expect(pub.seats.map((s) => [s.seat, s.name, s.total])).toEqual([
      ['East', 'Eve Kahn', 15],
      ['South', 'Fay Wong', 0],
      ['West', 'Gil Moss', 70],
      ['North', 'Hal Burt', 35],
    ]);
  });

  it("records a Siamese table's end from its view: the Siamese points as they are, East and West seats", () => {
    const { svc, t1, w1 } = setup();
    svc.clock('start');
    endSiamese(t1, 1, [145, 20]);
    // the view tells listeners again while still ended: recorded once
    t1.set(() => {});
    playSiamese(t1, 2);
    endSiamese(t1, 2, [0, 60]);
    const card = svc.cards()[0]!;
    expect(card.seats).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(card.games.map((g) => g?.points ?? null)).toEqual([[145, 0, 20, 0], [0, 0, 60, 0], null, null]);
    expect(card.games[0]!.marks).toEqual(['145', 'X', '20', 'X']);
    expect(card.games[0]!.outcome).toEqual({ winner: null, fixedPoints: [145, 0, 20, 0], source: 'siamese table t1 game 1 (003 rule 17)' });
    expect(w1.publicView().round).toEqual({ round: 1, game: 3, of: 4, label: '1' });
  });

  it('a game already over when the clock starts does not count; one in play does', () => {
    const { svc, t1 } = setup();
    endSiamese(t1, 7, [50, 0]);
    svc.clock('start');
    t1.set(() => {});
    expect(svc.cards()[0]!.games[0]).toBeNull();
    playSiamese(t1, 8);
    endSiamese(t1, 8, [0, 25]);
    expect(svc.cards()[0]!.games[0]!.points).toEqual([0, 0, 25, 0]);
  });
});

describe('TournamentService: the round clock', () => {
  it('start, pause, resume; remaining ms and "about to run out" on the table view', () => {
    const { svc, w1, clock } = setup();
    expect(w1.publicView().clock).toEqual({ remainingMs: 3_000_000, running: false, aboutToRunOut: false, timeUp: false, state: 'ready' });
    svc.clock('start');
    clock.now = T0 + 10 * MIN;
    svc.clock('pause');
    clock.now = T0 + 20 * MIN;
    expect(w1.publicView().clock).toEqual({ remainingMs: 2_400_000, running: false, aboutToRunOut: false, timeUp: false, state: 'paused' });
    expect(w1.directorView().clock).toEqual({ remainingMs: 2_400_000, running: false, aboutToRunOut: false, timeUp: false, state: 'paused' });
    svc.clock('resume');
    clock.now = T0 + 55 * MIN + 800; // 40 min 0.8 s run: 4 min 59.2 s left
    expect(w1.publicView().clock).toEqual({ remainingMs: 299_200, running: true, aboutToRunOut: true, timeUp: false, state: 'running' });
    expect(svc.clockPublic()).toEqual({ round: 1, state: 'running', remainingMs: 299_200, display: '5:00', running: true, aboutToRunOut: true, timeUp: false });
    expect(() => svc.clock('start')).toThrow(TournamentError);
    expect(() => svc.clock('start')).toThrow('the clock is already started (running)');
  });

  it('the clock running out zeroes the unfinished 4th game (000), at the moment it reached 0', () => {
    const s = setup();
    playRound(s);
    const { svc, t1, w1, store } = s;
    const card = svc.cards()[0]!;
    expect(card.games.map((g) => g!.points)).toEqual([
      [145, 0, 20, 0],
      [0, 0, 60, 0],
      [35, 0, 35, 0],
      [0, 0, 0, 0],
    ]);
    expect(card.games[3]!.marks).toEqual(['X', 'X', 'X', 'X']);
    expect(card.games[3]!.by).toBe('clock');
    expect(card.games[3]!.outcome).toEqual({ winner: null, unfinished: true });
    const up = store.events(TOURNAMENT_LOG).filter((e) => e.type === 'tournament-time-up');
    expect(up.map((e) => [e.at, e.data])).toEqual([[T0 + 50 * MIN, { round: 1, seen: { t1: 4, t2: 4 } }]]);
    expect(w1.publicView().clock).toEqual({ remainingMs: 0, running: false, aboutToRunOut: false, timeUp: true, state: 'running' });
    // the game that was in play ends after the time: it does not count
    endSiamese(t1, 4, [80, 0]);
    expect(svc.cards()[0]!.games[3]!.points).toEqual([0, 0, 0, 0]);
    expect(() => svc.clock('pause')).toThrow("the round's time is already up: nothing to pause");
  });

  it('next round: refused before the round is over, then round 2 seats and a fresh clock', () => {
    const s = setup();
    s.svc.clock('start');
    expect(() => s.svc.nextRound()).toThrow('round 1 is not over: its clock has not run out and some tables have games to play');
    s.clock.now = T0 + 51 * MIN;
    expect(s.svc.nextRound()).toBe(2);
    expect(
      s.svc
        .cards()
        .filter((c) => c.round === 2)
        .map((c) => c.seats),
    ).toEqual([
      ['p8', 'p1', 'p6', 'p3'],
      ['p4', 'p5', 'p2', 'p7'],
    ]);
    expect(s.w1.publicView().round).toEqual({ round: 2, game: 1, of: 4, label: '1' });
    expect(s.w1.publicView().clock).toEqual({ remainingMs: 3_000_000, running: false, aboutToRunOut: false, timeUp: false, state: 'ready' });
    expect(() => s.svc.nextRound()).toThrow('round 2 is the last round');
  });
});

describe('TournamentService: the score card', () => {
  it('verifications and initials complete a card; a double initial is refused', () => {
    const s = setup();
    playRound(s);
    const { svc } = s;
    expect(() => svc.initial(2, 1, 0)).not.toThrow();
    expect(svc.publicView().cards[1]!.missing).toEqual([
      "East has not verified West's score",
      "South has not verified North's score",
      "West has not verified East's score",
      "North has not verified South's score",
      'South has not initialed',
      'West has not initialed',
      'North has not initialed',
    ]);
    expect(() => svc.initial(2, 1, 0)).toThrow('round 1 table 2: East ("p5") has already initialed this card');
    for (const seat of [0, 1, 2, 3]) svc.verify('t2', 1, seat);
    for (const seat of [1, 2, 3]) svc.initial('2', 1, seat);
    const card = svc.cards()[1]!;
    expect(card.initials).toEqual(['EK', 'FW', 'GM', 'HB']);
    expect(card.verified).toEqual([true, true, true, true]);
    const pub = svc.publicView().cards[1]!;
    expect(pub.complete).toBe(true);
    expect(pub.missing).toEqual([]);
    expect(pub.seats.map((x) => [x.initialed, x.verified])).toEqual([
      [true, true],
      [true, true],
      [true, true],
      [true, true],
    ]);
    expect(JSON.stringify(svc.publicView())).not.toContain('"EK"'); // initials themselves stay off the public view
    expect(initialsOf('Ann  Lee')).toBe('AL');
  });

  it('a verification before every game is scored is refused; an unknown table or round is a 404', () => {
    const { svc } = setup();
    expect(() => svc.verify(1, 1, 0)).toThrow('round 1 table 1: East cannot verify before every game is scored (games 1, 2, 3, 4 missing)');
    expect(caught(() => svc.verify(3, 1, 0))).toMatchObject({ statusCode: 404, message: 'no table 3 in round 1: the tournament has tables 1-2' });
    expect(caught(() => svc.verify(1, 3, 0))).toMatchObject({ statusCode: 404, message: 'no round 3: the tournament has rounds 1-2' });
    expect(caught(() => svc.verify(1, 1, 4))).toMatchObject({ statusCode: 400, message: 'seat must be 0-3 (East, South, West, North), not 4' });
  });

  it("a director's correction replaces the game and clears every initial and verification", () => {
    const s = setup();
    playRound(s);
    const { svc } = s;
    for (const seat of [0, 1, 2, 3]) svc.verify(2, 1, seat);
    for (const seat of [0, 1, 2, 3]) svc.initial(2, 1, seat);
    const card = svc.correct(2, 1, { game: 2, points: [0, 0, 25, 0], reason: "West's hand had a joker: no jokerless bonus, not self-picked", by: 'Judy' });
    expect(card.initials).toEqual([null, null, null, null]);
    expect(card.verified).toEqual([false, false, false, false]);
    expect(card.games[1]).toEqual({ outcome: { winner: null, fixedPoints: [0, 0, 25, 0], source: 'director' }, points: [0, 0, 25, 0], marks: ['X', 'X', '25', 'X'], by: 'director' });
    expect(card.corrections).toEqual([
      {
        game: 2,
        reason: "West's hand had a joker: no jokerless bonus, not self-picked",
        director: 'Judy',
        before: { outcome: G2, points: [0, 0, 60, 0], marks: ['X', 'X', '60', 'X'], by: 'table' },
      },
    ]);
    expect(svc.publicView().cards[1]!.complete).toBe(false);
    // by outcome: scored by 000 like a table's result
    const c2 = svc.correct(2, 1, { game: 3, outcome: { winner: null, wallGame: true }, reason: 'North was not dead' });
    expect(c2.games[2]!.points).toEqual([10, 10, 10, 10]);
    expect(() => svc.correct(2, 1, { game: 3, reason: 'x' })).toThrow('a correction gives either points (4 numbers) or an outcome');
    expect(() => svc.correct(2, 1, { game: 3, points: [1, 2, 3], reason: 'x' })).toThrow('points must be 4 whole numbers');
    expect(() => svc.correct(2, 1, { game: 3, points: [0, 0, 0, 0], reason: ' ' })).toThrow('round 1 table 2: a correction of game 3 needs a reason');
  });
});

/** The round played, table 2's game 2 corrected (West and North tie at 35), table 2's card completed; table 1's card left incomplete. */
function tieScenario(s: ReturnType<typeof setup>) {
  playRound(s);
  s.svc.correct(2, 1, { game: 2, points: [0, 0, 25, 0], reason: 'West was not jokerless', by: 'Judy' });
  for (const seat of [0, 1, 2, 3]) s.svc.verify(2, 1, seat);
  for (const seat of [0, 1, 2, 3]) s.svc.initial(2, 1, seat);
}

/** the settings in force (000's) on every row of the standings, as the director's pages print them */
const SCORING_000 =
  '"Tournament scoring (seed 000); Discarder pays: −10 (winner with 0-1 exposures), −20 (2), −20 (3 or more); Self-picked +10, jokerless +20 (not Singles and Pairs), wall game +10; Joker exchange completing Mah Jongg: counts as self-picked; Hand paid at: the best line its tiles complete"';
const CSV =
  'rank,player,name,game points,penalties,points,prize,marks,scoring\r\n' +
  `1,p7,Gil Moss,35,0,35,80,,${SCORING_000}\r\n` +
  `1,p8,Hal Burt,35,0,35,80,,${SCORING_000}\r\n` +
  `3,p5,Eve Kahn,15,0,15,40,,${SCORING_000}\r\n` +
  `4,p1,Ann Lee,0,0,0,0,,${SCORING_000}\r\n` +
  `4,p2,Bea Ross,0,0,0,0,,${SCORING_000}\r\n` +
  `4,p3,Cat Park,0,0,0,0,,${SCORING_000}\r\n` +
  `4,p4,Dot Shaw,0,0,0,0,,${SCORING_000}\r\n` +
  `4,p6,Fay Wong,0,0,0,0,,${SCORING_000}\r\n`;

describe('TournamentService: standings and downloads', () => {
  it('standings from complete cards only; a tie for 1st splits 1st and 2nd prizes: (100 + 60) / 2 = 80 each', () => {
    const s = setup();
    tieScenario(s);
    expect(s.svc.standings()).toEqual([
      { rank: 1, player: 'p7', gamePoints: 35, penalties: 0, points: 35, prize: 80, byes: [], withdrawn: false },
      { rank: 1, player: 'p8', gamePoints: 35, penalties: 0, points: 35, prize: 80, byes: [], withdrawn: false },
      { rank: 3, player: 'p5', gamePoints: 15, penalties: 0, points: 15, prize: 40, byes: [], withdrawn: false },
      { rank: 4, player: 'p1', gamePoints: 0, penalties: 0, points: 0, prize: 0, byes: [], withdrawn: false },
      { rank: 4, player: 'p2', gamePoints: 0, penalties: 0, points: 0, prize: 0, byes: [], withdrawn: false },
      { rank: 4, player: 'p3', gamePoints: 0, penalties: 0, points: 0, prize: 0, byes: [], withdrawn: false },
      { rank: 4, player: 'p4', gamePoints: 0, penalties: 0, points: 0, prize: 0, byes: [], withdrawn: false },
      { rank: 4, player: 'p6', gamePoints: 0, penalties: 0, points: 0, prize: 0, byes: [], withdrawn: false },
    ]);
    expect(s.svc.publicView().standings[0]).toEqual({ rank: 1, player: 'p7', gamePoints: 35, penalties: 0, points: 35, prize: 80, byes: [], withdrawn: false, name: 'Gil Moss' });
  });

  it('CSV, JSON and JSON lines, exactly', () => {
    const s = setup();
    tieScenario(s);
    expect(s.svc.standingsCsv()).toBe(CSV);
    const json = s.svc.standingsJson();
    expect(json.endsWith('}\n')).toBe(true);
    expect(json).toBe(
      JSON.stringify(
        {
          format: 'mjhub.tournament-standings/1',
          tournament: 'Spring Open',
          rankedBy: 'points',
          scoring: JSON.parse(`[${SCORING_000.replace(/; /g, '","')}]`),
          standings: [
            { rank: 1, player: 'p7', name: 'Gil Moss', gamePoints: 35, penalties: 0, points: 35, prize: 80, byes: [], withdrawn: false },
            { rank: 1, player: 'p8', name: 'Hal Burt', gamePoints: 35, penalties: 0, points: 35, prize: 80, byes: [], withdrawn: false },
            { rank: 3, player: 'p5', name: 'Eve Kahn', gamePoints: 15, penalties: 0, points: 15, prize: 40, byes: [], withdrawn: false },
            { rank: 4, player: 'p1', name: 'Ann Lee', gamePoints: 0, penalties: 0, points: 0, prize: 0, byes: [], withdrawn: false },
            { rank: 4, player: 'p2', name: 'Bea Ross', gamePoints: 0, penalties: 0, points: 0, prize: 0, byes: [], withdrawn: false },
            { rank: 4, player: 'p3', name: 'Cat Park', gamePoints: 0, penalties: 0, points: 0, prize: 0, byes: [], withdrawn: false },
            { rank: 4, player: 'p4', name: 'Dot Shaw', gamePoints: 0, penalties: 0, points: 0, prize: 0, byes: [], withdrawn: false },
            { rank: 4, player: 'p6', name: 'Fay Wong', gamePoints: 0, penalties: 0, points: 0, prize: 0, byes: [], withdrawn: false },
          ],
          penalties: [],
        },
        null,
        2,
      ) + '\n',
    );
    const jsonl = s.svc.gamesJsonl();
    const lines = jsonl.split('\n');
    // each game taken from a hub table links to its game record (rules/GAME-RECORD.md); the clock's game 4 of table 1 has none
    expect(lines.slice(0, 8).map((l) => JSON.parse(l).hubRecord ?? null)).toEqual([
      '/api/director/tables/t1/games/1/record',
      '/api/director/tables/t1/games/2/record',
      '/api/director/tables/t1/games/3/record',
      null,
      '/api/director/tables/t2/games/1/record',
      '/api/director/tables/t2/games/2/record',
      '/api/director/tables/t2/games/3/record',
      '/api/director/tables/t2/games/4/record',
    ]);
    expect(lines).toHaveLength(9); // 8 games + the empty string after the last "\n"
    expect(lines[8]).toBe('');
    const seats1 = '[{"seat":"East","player":"p1"},{"seat":"South","player":"p2"},{"seat":"West","player":"p3"},{"seat":"North","player":"p4"}]';
    const seats2 = '[{"seat":"East","player":"p5"},{"seat":"South","player":"p6"},{"seat":"West","player":"p7"},{"seat":"North","player":"p8"}]';
    // the settings in force (000's: −10 / −20 / −20, +10, +20, +10), then the numbers they give
    const settings =
      '{"scheme":"tournament","discarderPenalty":{"noneOrOne":-10,"two":-20,"threeOrMore":-20},"selfPicked":10,"jokerless":20,"wallGame":10,"jokerExchangeSelfPicked":true,"paidLine":"best"}';
    const profile =
      '{"name":"Tournament (seed 000)","players":4,"selfPicked":10,"jokerless":20,"jokerlessSinglesAndPairs":false,"wallGame":10,"discarderNoneOrOne":-10,"discarderTwo":-20,"discarderThreeOrMore":-20,"deadHand":0,"unfinished":0,"errorCaller":0,"errorExposed":0,"errorIntact":10,"errorAllExposedCaller":0,"errorAllExposedOthers":0,"lookedAtStolenTile":-10}';
    expect(lines[0]).toBe(
      `{"format":"mjhub.tournament-game/2","tournament":"Spring Open","round":1,"table":1,"game":1,"seats":${seats1},"settings":${settings},"profile":${profile},"outcome":{"winner":null,"fixedPoints":[145,0,20,0],"source":"siamese table t1 game 1 (003 rule 17)"},"points":[145,0,20,0],"marks":["145","X","20","X"],"by":"table","corrections":[],"hubRecord":"/api/director/tables/t1/games/1/record"}`,
    );
    expect(lines[3]).toBe(
      `{"format":"mjhub.tournament-game/2","tournament":"Spring Open","round":1,"table":1,"game":4,"seats":${seats1},"settings":${settings},"profile":${profile},"outcome":{"winner":null,"unfinished":true},"points":[0,0,0,0],"marks":["X","X","X","X"],"by":"clock","corrections":[]}`,
    );
    expect(lines[4]).toBe(
      `{"format":"mjhub.tournament-game/2","tournament":"Spring Open","round":1,"table":2,"game":1,"seats":${seats2},"settings":${settings},"profile":${profile},"outcome":{"winner":0,"value":25,"discarder":1,"winnerExposures":1},"points":[25,-10,0,0],"marks":["25","-10","X","X"],"by":"table","corrections":[],"hubRecord":"/api/director/tables/t2/games/1/record"}`,
    );
    expect(lines[5]).toBe(
      `{"format":"mjhub.tournament-game/2","tournament":"Spring Open","round":1,"table":2,"game":2,"seats":${seats2},"settings":${settings},"profile":${profile},"outcome":{"winner":null,"fixedPoints":[0,0,25,0],"source":"director"},"points":[0,0,25,0],"marks":["X","X","25","X"],"by":"director","corrections":[{"reason":"West was not jokerless","director":"Judy","before":{"outcome":{"winner":2,"value":30,"selfPicked":true,"jokerless":true},"points":[0,0,60,0]}}],"hubRecord":"/api/director/tables/t2/games/2/record"}`,
    );
    // every 000-scored line replays to its points; the written ones (fixedPoints) are not 000 outcomes
    const records = parseJsonLines(jsonl);
    expect(records.map((r) => [r.table, r.game, 'fixedPoints' in r.outcome])).toEqual([
      [1, 1, true],
      [1, 2, true],
      [1, 3, true],
      [1, 4, false],
      [2, 1, false],
      [2, 2, true],
      [2, 3, false],
      [2, 4, false],
    ]);
    for (const r of records.filter((x) => !('fixedPoints' in x.outcome))) expect(replayGameRecord(r).agrees).toBe(true);
    // and a player's total is the sum of their points over the lines: Gil (p7) 0 + 25 + 10 + 0
    const gil = records.reduce((sum, r) => {
      const seat = r.seats.findIndex((x) => x.player === 'p7');
      return seat < 0 ? sum : sum + r.points[seat]!;
    }, 0);
    expect(gil).toBe(35);
  });
});

describe('TournamentService: the log is the truth', () => {
  it('a new service over the same log has the same cards, clock, standings and downloads', () => {
    const s = setup();
    tieScenario(s);
    s.svc.initial(1, 1, 0); // something on the incomplete card too
    const again = new TournamentService({ config: CONFIG, store: s.store, now: () => s.clock.now, tickMs: 0 });
    cleanup.push(() => again.close());
    expect(again.problems).toEqual([]);
    expect(again.publicView()).toEqual(s.svc.publicView());
    expect(again.cards()).toEqual(s.svc.cards());
    expect(again.standingsCsv()).toBe(CSV);
    expect(again.gamesJsonl()).toBe(s.svc.gamesJsonl());
  });

  it('restart from the SQLite file: same standings; the engine re-sending a game after the restart writes nothing', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-tournament-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'events.sqlite');
    const s = setup(openSqliteStore(file));
    tieScenario(s);
    const before = { view: s.svc.publicView(), csv: s.svc.standingsCsv(), jsonl: s.svc.gamesJsonl() };
    s.svc.close();
    s.store.close();
    const r = setup(openSqliteStore(file));
    r.clock.now = s.clock.now;
    cleanup.push(() => r.store.close());
    expect(r.svc.publicView()).toEqual(before.view);
    expect(r.svc.standingsCsv()).toBe(before.csv);
    expect(r.svc.gamesJsonl()).toBe(before.jsonl);
    expect(r.svc.recordGame('t2', G4, { hubGameNo: 4 }).recorded).toBe(false);
    // the Siamese table's game 3 view again after the restart: already recorded
    endSiamese(r.t1, 3, [35, 35]);
    expect(r.svc.gamesJsonl()).toBe(before.jsonl);
  });
});
