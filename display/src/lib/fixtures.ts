/**
 * A realistic Royale Siamese table view (003) for tests and for looking at the display without
 * a hub: Ann (East) and Bea (West), two racks each, mid-game, Ann to play after picking (28 tiles),
 * Bea off turn (27), one exposure on Ann's first rack, a few discards, one open flag, a running score.
 * Sample data only; the "line text" is an original sample hand, not a card line.
 */
import type { DirectorTableView, PublicFlag, PublicTableView } from '../../../hub/api/views.js';
import { DEALT } from '../../../rules/standard-game.js';
import { TILE_KINDS } from '../../../rules/tiles.js';

/** ms since epoch of the fixture's "now": 2025-03-08 14:05:00 UTC. */
export const FIXTURE_NOW = Date.UTC(2025, 2, 8, 14, 5, 0);

/** The public view of table `t1` mid-game (see the file comment). */
export function siameseFixture(): PublicTableView {
  return {
    tableId: 't1',
    variant: 'siamese',
    gameNo: 2,
    phase: 'play',
    endReason: null,
    turn: 0,
    players: [
      {
        index: 0,
        name: 'Ann',
        seat: 'East',
        count: 28,
        racks: [
          { rack: 0, count: 14, concealedCount: 10, exposed: ['5B', '5B', 'J', '5B'], dead: false, deadReason: null, mahJongg: null },
          { rack: 1, count: 14, concealedCount: 14, exposed: [], dead: false, deadReason: null, mahJongg: null },
        ],
      },
      {
        index: 1,
        name: 'Bea',
        seat: 'West',
        count: 27,
        racks: [
          { rack: 0, count: 13, concealedCount: 13, exposed: [], dead: false, deadReason: null, mahJongg: null },
          { rack: 1, count: 14, concealedCount: 11, exposed: ['RD', 'RD', 'RD'], dead: false, deadReason: null, mahJongg: null },
        ],
      },
    ],
    walls: [
      { wall: 0, left: 0, current: false },
      { wall: 1, left: 21, current: true },
      { wall: 2, left: 38, current: false },
      { wall: 3, left: 38, current: false },
    ],
    discards: ['N', '9C', 'F', '2D', 'WD', '7B', 'GD', 'S', '3C', '1D', 'E'],
    flags: [
      {
        id: 'g2-f1',
        kind: 'wrong-wall',
        rule: '003 rule 20',
        title: 'Bea picked from wall 3, not the current wall 2',
        player: 1,
        rack: 1,
        at: FIXTURE_NOW - 40_000,
        status: 'awaiting-director',
        consequence: 'rack 2 marked dead pending the director',

        gameNo: 2,
      },
    ],
    score: {
      points: [50, 0],
      payment: { from: 1, to: 0, amount: 50 },
      breakdown: [['Game 1: Mah Jongg "Pung of 5s, kong of dragons" 25 ×2 (self-picked, jokerless)'], []],
      final: false,
    },
    readers: [
      { id: 'RK-E1', state: 'connected', lastMessageAt: FIXTURE_NOW - 300, discarded: 0 },
      { id: 'RK-E2', state: 'connected', lastMessageAt: FIXTURE_NOW - 250, discarded: 1 },
      { id: 'RK-W1', state: 'connected', lastMessageAt: FIXTURE_NOW - 400, discarded: 0 },
      { id: 'RK-W2', state: 'stale', lastMessageAt: FIXTURE_NOW - 7_000, discarded: 3 },
      { id: 'WL-1', state: 'connected', lastMessageAt: FIXTURE_NOW - 900, discarded: 0 },
      { id: 'FL-1', state: 'connected', lastMessageAt: FIXTURE_NOW - 200, discarded: 0 },
    ],
    updatedAt: FIXTURE_NOW,
  };
}

/** The director's view of the same moment: concealed tiles per player and rack, and the flag's evidence. */
export function siameseDirectorFixture(): DirectorTableView {
  return {
    ...siameseFixture(),
    concealed: [
      [
        ['1B#1', '2B#1', '3B#1', '4C#2', '4C#3', '6D#1', '6D#2', '8D#4', 'E#2', 'F#3'],
        ['1C#1', '1C#2', '2C#4', '3C#3', '5C#1', '7D#2', '7D#3', '9B#1', '9B#2', 'GD#2', 'WD#1', 'WD#3', 'J#5', 'F#6'],
      ],
      [
        ['2B#2', '2B#3', '4B#1', '4D#1', '5D#2', '6C#1', '6C#3', '8B#2', 'N#1', 'N#3', 'W#2', 'GD#1', 'J#2'],
        ['3D#1', '3D#2', '3D#4', '7C#1', '8C#1', '9D#2', 'S#3', 'F#1', 'F#8', 'J#7', 'WD#2'],
      ],
    ],
    evidence: [
      {
        flagId: 'g2-f1',
        tiles: [{ tile: '8C#1', tag: 'E2801160600002054C1A', from: 'wall 3', to: 'P2 rack 2', at: FIXTURE_NOW - 41_200 }],
        counts: [
          [14, 14],
          [13, 14],
        ],
        lines: [
          { reader: 'WL-3', at: FIXTURE_NOW - 41_600, line: 'D 412 WL-3 -E2801160600002054C1A*7F3A' },
          { reader: 'RK-W2', at: FIXTURE_NOW - 41_200, line: 'D 988 RK-W2 +in:E2801160600002054C1A*0C91' },
        ],
      },
    ],
  };
}

/** A standard 4-player NMJL table (000) mid-game: one rack each, East (Cy) to play with 14 tiles. */
export function standardFixture(): PublicTableView {
  const names: [string, string][] = [
    ['Cy', 'East'],
    ['Dee', 'South'],
    ['Eve', 'West'],
    ['Flo', 'North'],
  ];
  const exposed: PublicTableView['players'][number]['racks'][number]['exposed'][] = [['F', 'F', 'F'], [], ['2C', '2C', 'J', '2C'], []];
  return {
    tableId: 's1',
    variant: 'standard',
    gameNo: 3,
    phase: 'play',
    endReason: null,
    turn: 0,
    players: names.map(([name, seat], index) => {
      const count = DEALT[index]!;
      const ex = exposed[index]!;
      return {
        index,
        name,
        seat,
        count,
        racks: [{ rack: 0, count, concealedCount: count - ex.length, exposed: ex, dead: false, deadReason: null, mahJongg: null }],
      };
    }),
    walls: [
      { wall: 0, left: 0, current: false },
      { wall: 1, left: 12, current: true },
      { wall: 2, left: 36, current: false },
      { wall: 3, left: 36, current: false },
    ],
    discards: ['3B', 'N', '8D', 'GD', '1C', 'S'],
    flags: [],
    score: null,
    readers: [{ id: 'RK-1', state: 'connected', lastMessageAt: FIXTURE_NOW - 200, discarded: 0 }],
    updatedAt: FIXTURE_NOW,
  };
}

/**
 * `n` discards as a game leaves them: every kind in turn (bams, craks, dots, winds, dragons,
 * flowers, jokers), so a floor shows each face. Sample data.
 */
function sampleDiscards(n: number): PublicTableView['discards'] {
  return Array.from({ length: n }, (_, i) => TILE_KINDS[(i * 7) % TILE_KINDS.length]!);
}

/** Tiles in a Royale Siamese set (003: 152) less the 27 each player holds at the end: 152 − 54 = 98 discards. */
export const SIAMESE_WALL_GAME_DISCARDS = 152 - 2 * 27;

/**
 * The end of a Royale Siamese wall game (003 rule 17): every wall empty, the most discards a
 * Siamese game can leave (98), exposures on three racks, Ann 27 tiles and Bea 27, the final score.
 */
export function siameseWallGameFixture(): PublicTableView {
  const v = siameseFixture();
  return {
    ...v,
    phase: 'ended',
    endReason: 'wall game',
    turn: null,
    players: [
      {
        ...v.players[0]!,
        count: 27,
        racks: [
          { rack: 0, count: 14, concealedCount: 7, exposed: ['5B', '5B', 'J', '5B', 'N', 'N', 'N'], dead: false, deadReason: null, mahJongg: null },
          { rack: 1, count: 13, concealedCount: 9, exposed: ['9D', '9D', '9D', 'J'], dead: false, deadReason: null, mahJongg: null },
        ],
      },
      {
        ...v.players[1]!,
        count: 27,
        racks: [
          { rack: 0, count: 13, concealedCount: 13, exposed: [], dead: false, deadReason: null, mahJongg: null },
          { rack: 1, count: 14, concealedCount: 4, exposed: ['RD', 'RD', 'RD', 'F', 'F', 'F', 'J', '3C', '3C', '3C'], dead: false, deadReason: null, mahJongg: null },
        ],
      },
    ],
    walls: [0, 1, 2, 3].map((wall) => ({ wall, left: 0, current: wall === 3 })),
    discards: sampleDiscards(SIAMESE_WALL_GAME_DISCARDS),
    flags: [],
    score: { points: [50, 0], payment: { from: 1, to: 0, amount: 50 }, breakdown: [['Game 1: 50'], []], final: true },
  };
}

/**
 * A Royale Siamese game just won: Ann's Mah Jongg on rack 1 verified (30 points, the year line,
 * its 14 tiles on top grouped as on the card), Bea's rack 2 dead, Bea pays, the game over.
 */
export function siameseMahJonggFixture(): PublicTableView {
  const v = siameseFixture();
  const players = structuredClone(v.players);
  // the 14 tiles of the hand on top of rack 1 as they were laid (003 rule 10), and as the hub groups them on the line
  players[0]!.racks[0] = {
    ...players[0]!.racks[0]!,
    count: 14,
    concealedCount: 0,
    exposed: ['6D', '2C', 'F', '2B', '6D', 'J', '2C', 'WD', '2C', '6D', '2B', 'F', '6B', '2C'],
    groups: [
      ['F', 'F'],
      ['2B', 'WD', '2B', '6B'],
      ['2C', '2C', '2C', '2C'],
      ['6D', '6D', '6D', 'J'],
    ],
    mahJongg: { lineId: 'sample-siamese:15', lineText: 'FF 2026a 2222b 6666c (sample)', value: 30, jokerless: false, order: 1 },
  };
  players[1]!.racks[1]!.dead = true;
  players[1]!.racks[1]!.deadReason = 'picked from the wrong wall (003 rule 20)';
  return {
    ...v,
    players,
    phase: 'ended',
    endReason: 'Ann made Mah Jongg',
    turn: null,
    discards: sampleDiscards(40),
    flags: v.flags.map((f) => ({ ...f, status: 'confirmed' })),
    score: { points: [80, 0], payment: { from: 1, to: 0, amount: 80 }, breakdown: [['Mah Jongg 30', 'game 1: 50'], []], final: true },
  };
}

/** The 4-player table (000) in a tournament with an open flag: Dee has 14 tiles off turn; the director paused the round clock at 12:34. */
export function standardFlagFixture(): PublicTableView {
  const v = standardFixture();
  return {
    ...v,
    clock: { remainingMs: 754_000, running: false, aboutToRunOut: false, timeUp: false, state: 'paused' },
    round: { round: 2, game: 3, of: 4 },
    discards: sampleDiscards(30),
    flags: [
      {
        id: 'g3-f1',
        kind: 'rack-count',
        code: 'rack-count',
        rule: 'NMJL: 13 tiles off turn, 14 after picking (counted by the rack readers)',
        title: 'Dee has 14 tiles off turn (13 expected)',
        player: 1,
        rack: 0,
        at: FIXTURE_NOW - 20_000,
        status: 'awaiting-director',
        consequence: 'awaiting the director',
        gameNo: 3,
      },
    ],
  };
}

/** The 4-player table (000) just won: Eve's Mah Jongg verified (25 points), exposures on three racks, the final score. */
export function standardMahJonggFixture(): PublicTableView {
  const v = standardFixture();
  const players = structuredClone(v.players);
  const eve = players[2]!.racks[0]!;
  eve.count = 14;
  eve.exposed = ['2C', '2C', 'J', '2C', 'GD', 'GD', 'GD', 'GD'];
  eve.concealedCount = 6;
  eve.mahJongg = { lineId: '2468-3', lineText: 'FF 2222 4444 6666 8888 (sample)', value: 25, jokerless: false, order: 1 };
  players[2]!.count = 14;
  players[0]!.count = 13;
  players[0]!.racks[0]!.count = 13;
  players[0]!.racks[0]!.concealedCount = 10;
  return {
    ...v,
    players,
    phase: 'ended',
    endReason: 'Eve made Mah Jongg',
    turn: null,
    discards: sampleDiscards(52),
    score: { points: [-25, -25, 75, -25], payment: null, breakdown: [[], [], ['Mah Jongg 25 ×3 (discarded by Cy)'], []], final: true },
    scoring: ['Tournament scoring (seed 000)', 'Wall game: 0 each'],
  };
}

/** The end of a 4-player wall game (000): every wall empty, 152 − 4 × 13 = 100 discards, no score. */
export function standardWallGameFixture(): PublicTableView {
  const v = standardFixture();
  const players = structuredClone(v.players).map((p) => ({ ...p, count: 13, racks: p.racks.map((r) => ({ ...r, count: 13, concealedCount: 13 - r.exposed.length })) }));
  return {
    ...v,
    players,
    phase: 'ended',
    endReason: 'wall game',
    turn: null,
    walls: [0, 1, 2, 3].map((wall) => ({ wall, left: 0, current: wall === 3 })),
    discards: sampleDiscards(152 - 4 * 13),
    score: { points: [0, 0, 0, 0], payment: null, breakdown: [[], [], [], []], final: true },
  };
}

/**
 * The next Royale Siamese game's walls built, no tile dealt yet (phase `deal`, game 3): the views
 * still show game 2's final score, with its game number (it stays until the next deal begins).
 */
export function siameseNextDealFixture(): PublicTableView {
  const v = siameseWallGameFixture();
  return {
    ...v,
    gameNo: 3,
    phase: 'deal',
    endReason: null,
    turn: 0,
    players: v.players.map((p) => ({ ...p, count: 0, racks: p.racks.map((r) => ({ ...r, count: 0, concealedCount: 0, exposed: [] })) })),
    walls: [0, 1, 2, 3].map((wall) => ({ wall, left: 38, current: wall === 0 })),
    discards: [],
    score: { ...v.score!, gameNo: 2 },
  };
}

/** The 4-player table (000) in the Charleston: the first left (blind allowed), Cy has passed 3 (2 of them blind), Dee 1, the others none yet. */
export function standardCharlestonFixture(): PublicTableView {
  const v = standardFixture();
  return {
    ...v,
    phase: 'deal',
    turn: null,
    players: v.players.map((p) => ({ ...p, racks: p.racks.map((r) => ({ ...r, exposed: [], concealedCount: r.count })) })),
    discards: [],
    charleston: { stage: 'first left', direction: 'left', blindAllowed: true, passed: [3, 1, 0, 0], blind: [2, 0, 0, 0], secondCharleston: null },
  };
}

/**
 * `open` open flags and `ruled` ruled ones, in the longest words the table display shows (the
 * catalogue's longest titles and consequences, rules/wording/flags.ts; the rule, the player, the
 * rack, the time), for the fit test's worst case. Sample data.
 */
export function longFlags(variant: 'siamese' | 'standard', gameNo: number, open: number, ruled: number): PublicFlag[] {
  const siamese = variant === 'siamese';
  const names = siamese ? ['Ann', 'Bea'] : ['Cy', 'Dee', 'Eve', 'Flo'];
  const long: Omit<PublicFlag, 'id' | 'status' | 'at' | 'gameNo'>[] = [
    {
      kind: 'joker-exchange',
      rule: siamese ? '003 rule 13' : '000',
      title: `A joker was taken from ${names[1]}'s rack 2: jokers may not be exchanged from exposures that made the hand dead`,
      player: 0,
      rack: siamese ? 1 : 0,
      consequence: `${names[0]}'s Mah Jongg on rack 2 uses J from the exposures that made the hand on rack 1 dead: refused`,
    },
    {
      kind: 'wrong-wall',
      rule: siamese ? '003 rule 20' : '000',
      title: `${names[1]} picked and racked a tile from wall 3; the current wall is 2: one hand dead`,
      player: 1,
      rack: 0,
      consequence: `${names[1]}'s hand on rack 1 is dead (picked from the wrong wall); the director may choose the other hand`,
    },
    {
      kind: 'mahjongg-error',
      rule: siamese ? '003 rule 12' : '000',
      title: `${names[0]}'s Mah Jongg fits no hand on the card (exposures stay, their jokers stay in play)`,
      player: 0,
      rack: 0,
      consequence: `the Mah Jongg is refused and ${names[0]}'s hand on rack 1 is dead (a Mah Jongg in error)`,
    },
    {
      kind: 'rack-count',
      rule: 'NMJL: 13 tiles off turn, 14 after picking (counted by the rack readers)',
      title: `${names.at(-1)} has 14 tiles off turn (13 expected)`,
      player: names.length - 1,
      rack: 0,
      consequence: 'awaiting the director',
    },
  ];
  return Array.from({ length: open + ruled }, (_, i) => ({
    ...long[i % long.length]!,
    id: `g${gameNo}-f${i + 1}`,
    at: FIXTURE_NOW - (open + ruled - i) * 30_000,
    status: i < ruled ? (i % 2 === 0 ? 'confirmed' : 'dismissed') : 'awaiting-director',
    gameNo,
  }));
}

/** The director's announcement at its longest (280 characters, hub/contract/room.ts MAX_ANNOUNCEMENT), for the fit test. */
export const LONG_ANNOUNCEMENT =
  'Round 2 ends at 15:40. Tables 3, 7 and 12: please finish your game and take the score card to the scorekeeper before lunch; East verifies West and North verifies South. Tables 14 to 20 move to the back room for round 3. No kvetching, and thank you all for a lovely morning!!';

/** The 4-player table (000) at the vote on the second Charleston: no tile moves, each player says yes or no. */
export function standardVoteFixture(): PublicTableView {
  const v = standardCharlestonFixture();
  return { ...v, charleston: { stage: 'vote', direction: null, blindAllowed: false, passed: [0, 0, 0, 0], blind: [0, 0, 0, 0], secondCharleston: null } };
}

/** The 4-player table (000) at the courtesy across after a "no" vote: Cy and Eve 2 across each (as agreed), Dee and Flo none. */
export function standardCourtesyFixture(): PublicTableView {
  const v = standardCharlestonFixture();
  return { ...v, charleston: { stage: 'courtesy', direction: 'across', blindAllowed: false, passed: [2, 0, 1, 0], blind: [0, 0, 0, 0], secondCharleston: 'no' } };
}

/**
 * The room's worst cases for one screen, by name: several open flags (the longest words), ruled ones
 * listed, a Mah Jongg with exposures and flags, game over with the score and the claim QR (a
 * tournament table between games), a 5th game after the round with the clock not started.
 */
export function worstCaseFixtures(): { name: string; view: PublicTableView }[] {
  const tournament = { clock: { remainingMs: 3_000_000, running: false, aboutToRunOut: false, timeUp: false, state: 'ready' as const }, round: { round: 1, game: 5, of: 4, extra: true as const } };
  const siameseFlags = siameseFixture();
  const standardFlags = standardFlagFixture();
  const siameseMj = siameseMahJonggFixture();
  const standardMj = standardMahJonggFixture();
  return [
    { name: 'siamese many flags', view: { ...siameseFlags, ...tournament, flags: longFlags('siamese', 2, 4, 3) } },
    { name: 'standard many flags', view: { ...standardFlags, ...tournament, flags: longFlags('standard', 3, 6, 3) } },
    { name: 'siamese mah jongg flagged', view: { ...siameseMj, ...tournament, flags: [...siameseMj.flags, ...longFlags('siamese', 2, 2, 2)] } },
    { name: 'standard mah jongg flagged', view: { ...standardMj, ...tournament, flags: longFlags('standard', 3, 3, 3) } },
    { name: 'siamese game over', view: { ...siameseWallGameFixture(), ...tournament } },
    { name: 'standard game over', view: { ...standardWallGameFixture(), ...tournament } },
  ];
}

/** Every phase the table display must fit on one screen, by name: play, a flag, a Mah Jongg, game over, for both tables. */
export function displayPhaseFixtures(): { name: string; view: PublicTableView }[] {
  return [
    { name: 'siamese play', view: { ...siameseFixture(), flags: [] } },
    { name: 'siamese flag', view: siameseFixture() },
    { name: 'siamese mah jongg', view: siameseMahJonggFixture() },
    { name: 'siamese wall game', view: siameseWallGameFixture() },
    { name: 'siamese next deal', view: siameseNextDealFixture() },
    { name: 'standard charleston', view: standardCharlestonFixture() },
    { name: 'standard play', view: standardFixture() },
    { name: 'standard flag', view: standardFlagFixture() },
    { name: 'standard mah jongg', view: standardMahJonggFixture() },
    { name: 'standard wall game', view: standardWallGameFixture() },
    { name: 'standard vote', view: standardVoteFixture() },
    { name: 'standard courtesy', view: standardCourtesyFixture() },
    ...worstCaseFixtures(),
  ];
}
