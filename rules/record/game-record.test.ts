/**
 * The game record's writer and validating reader (rules/GAME-RECORD.md): a record written is read
 * back the same; bad input is refused naming the line and the field; version 1 is read as written.
 */
import { describe, expect, it } from 'vitest';
import { SETTINGS_000, type ScoringSettings } from '../scoring/settings.js';
import { fullTileSet } from '../tiles.js';
import { GameRecordError, parseGameRecord, practiceHeader, practiceOfHeader, writeGameRecord, type AnyGameRecord, type GameRecord, type GameRecordV1, type StandardHeader } from './game-record.js';
import { NMJL_PRACTICE_DEFAULTS } from '../variants/standard/misdeal.js';

const SHA = 'a'.repeat(64);

/** A small version 1 4-player record: the deal (East 14, the others 13), East's discard, a count check, an entry, a ruling. */
const standard: GameRecordV1 = {
  header: {
    format: 'mjhub.game-record',
    version: 1,
    kind: 'standard',
    tableId: 't1',
    gameNo: 2,
    players: ['Ann', 'Bea', 'Cat', 'Dot'],
    cards: [{ id: 'sample-standard', sha256: SHA }],
    scoring: structuredClone(SETTINGS_000) as ScoringSettings,
  },
  lines: [
    { action: { type: 'deal', hands: [Array(14).fill('1B'), Array(13).fill('2B'), Array(13).fill('3B'), Array(13).fill('4B')], at: 10, ref: '1' } },
    { action: { type: 'discard', player: 0, tile: '1B', at: 20, ref: '2' } },
    { count: { at: 30, ref: '3', skip: [], counted: [13, 13, 13, 13] } },
    { entry: { entry: 'looked-at-stolen-tile', player: 2, rack: 0, by: 'Judy', at: 40, ref: '4' } },
    { ruling: { flagId: 'g2-tile-count-3.1', ruling: 'dismiss', by: 'Judy', at: 50 } },
  ],
};

/** A small version 1 Siamese record: a pick, a count check, a stop. */
const siamese: GameRecordV1 = {
  header: {
    format: 'mjhub.game-record',
    version: 1,
    kind: 'siamese',
    tableId: 't1',
    gameNo: 1,
    players: ['Ann', 'Bea'],
    cards: [{ id: 'sample-siamese', sha256: SHA }],
    racksPerPlayer: 2,
    tilesPerWall: 38,
    wallOrder: [0, 1, 2, 3],
    walls: [['5B#1', 'J#3'], [], [], []],
    scoring: { name: 'Royale Siamese (seed 003 rule 17)', countRule: '18D' },
  },
  lines: [
    { action: { type: 'pick', player: 0, wall: 0, to: { area: 'rack', player: 0, rack: 0 }, tile: '5B#1', at: 1, ref: '7' } },
    { action: { type: 'count-check', skipPlayers: [], at: 2, ref: '8' } },
    { stop: { at: 3, ref: '9', reason: 'scored as it stood when the hub restarted (director Judy)', choice: 'score' } },
  ],
};

/** A record of either version as text, one JSON object a line (what writeGameRecord does for version 2). */
const textOf = (r: AnyGameRecord): string => [r.header, ...r.lines].map((l) => JSON.stringify(l)).join('\n') + '\n';

/** The record's text with line `n` (1-based) replaced by `obj` as JSON (or by raw text). */
function withLine(r: AnyGameRecord, n: number, obj: unknown): string {
  const lines = textOf(r).split('\n');
  lines[n - 1] = typeof obj === 'string' ? obj : JSON.stringify(obj);
  return lines.join('\n');
}

/** The error parseGameRecord throws for `text`. */
function errorOf(text: string): GameRecordError {
  try {
    parseGameRecord(text);
  } catch (e) {
    if (e instanceof GameRecordError) return e;
    throw e;
  }
  throw new Error('the record was read without an error');
}

describe('reading a version 1 game record', () => {
  it('reads it back as written', () => {
    const text = textOf(standard);
    expect(text.split('\n')).toHaveLength(1 + 5 + 1); // header, 5 lines, the final newline
    expect(parseGameRecord(text)).toEqual(standard);
    expect(parseGameRecord(textOf(siamese))).toEqual(siamese);
  });

  it('reads 4-player tiles named by id as well as by kind (version 1 writes kinds; a joker exchange may name the joker)', () => {
    const byId = [
      `${textOf({ ...standard, lines: standard.lines.slice(0, 1) })}`.trimEnd(),
      JSON.stringify({ action: { type: 'discard', player: 0, tile: '1B#2', at: 20, ref: '2' } }),
      JSON.stringify({ action: { type: 'joker-exchange', player: 0, owner: 1, exposure: 0, joker: 'J#4', tile: '2B#1', at: 25, ref: '2b' } }),
    ].join('\n');
    const lines = parseGameRecord(byId).lines;
    expect(lines[1]).toEqual({ action: { type: 'discard', player: 0, tile: '1B#2', at: 20, ref: '2' } });
    expect(lines[2]).toEqual({ action: { type: 'joker-exchange', player: 0, owner: 1, exposure: 0, joker: 'J#4', tile: '2B#1', at: 25, ref: '2b' } });
    // 5B has 4 copies: 5B#9 is neither a kind nor an id
    const e = errorOf(withLine(standard, 3, { action: { type: 'discard', player: 0, tile: '5B#9', at: 20, ref: '2' } }));
    expect(e.message).toBe('line 3, field action.tile: must be a tile kind such as "5B", not "5B#9" (or a tile id such as "5B#3")');
  });

  it('names the line and the field of bad input', () => {
    const deal = standard.lines[0]! as unknown as { action: Record<string, unknown> };
    const cases: [string, number, string, string][] = [
      [withLine(standard, 3, '{"action": '), 3, '', 'line 3: not JSON'],
      [withLine(standard, 3, { action: { type: 'discard', player: 4, tile: '1B', at: 20, ref: '2' } }), 3, 'action.player', 'line 3, field action.player: must be a whole number 0-3, not 4'],
      [withLine(standard, 3, { action: { type: 'discard', player: 0, tile: '1X', at: 20, ref: '2' } }), 3, 'action.tile', 'line 3, field action.tile: must be a tile kind such as "5B", not "1X"'],
      [withLine(standard, 2, { action: { ...deal.action, hands: [['1B']] } }), 2, 'action.hands', 'line 2, field action.hands: must have 4 entries (one per seat), not 1'],
      [withLine(standard, 4, { count: { at: 30, ref: '3', skip: [], counted: [13, 13, 13, 13] }, stop: {} }), 4, '', 'exactly one of the keys'],
      [
        withLine(standard, 6, { ruling: { flagId: 'g1-tile-count-3.1', ruling: 'dismiss', by: 'Judy', at: 50 } }),
        6,
        'ruling.flagId',
        'line 6, field ruling.flagId: "g1-tile-count-3.1" is not a flag of game 2',
      ],
      [withLine(standard, 1, { ...standard.header, version: 3 }), 1, 'version', 'line 1, field version: this reader knows versions 1 and 2, not 3'],
      [withLine(standard, 1, { ...standard.header, format: 'something' }), 1, 'format', 'line 1, field format: must be "mjhub.game-record"'],
      [
        withLine(standard, 1, { ...standard.header, scoring: { ...SETTINGS_000, selfPicked: '10' } }),
        1,
        'scoring.selfPicked',
        'line 1, field scoring.selfPicked: must be a whole number of points, not "10"',
      ],
      [withLine(standard, 1, { ...standard.header, cards: [{ id: 'x', sha256: 'abc' }] }), 1, 'cards[0].sha256', 'line 1, field cards[0].sha256: must be 64 lowercase hex digits'],
      [withLine(standard, 3, ''), 3, '', 'line 3: a blank line inside the record'],
      [
        withLine(siamese, 2, { action: { type: 'pick', player: 0, wall: 0, to: { area: 'shelf' }, tile: '5B#1', at: 1, ref: '7' } }),
        2,
        'action.to.area',
        'line 2, field action.to.area: must be one of wall, rack, top, floor, not "shelf"',
      ],
      [
        withLine(siamese, 2, { action: { type: 'pick', player: 0, wall: 0, to: { area: 'floor' }, tile: '5B#9', at: 1, ref: '7' } }),
        2,
        'action.tile',
        'line 2, field action.tile: must be a tile id such as "5B#3", not "5B#9"',
      ],
      [
        withLine(siamese, 2, { action: { type: 'pick', player: 0, wall: 0, to: { area: 'floor' }, tile: '5B#1', at: 1, ref: '7', extra: 1 } }),
        2,
        'action.extra',
        'line 2, field action.extra: is not a field of this line',
      ],
      [
        withLine(siamese, 3, { count: { at: 30, ref: '3', skip: [], counted: [27, 27] } }),
        3,
        '',
        "a siamese record's line is an object with exactly one of the keys action, stop, ruling; this one has count",
      ],
      [withLine(siamese, 1, { ...siamese.header, players: ['Ann'] }), 1, 'players', 'line 1, field players: a siamese table has 2 players, not 1'],
      [withLine(siamese, 1, { ...siamese.header, walls: [['5B#1', 'Q#1']] }), 1, 'walls[0][1]', 'line 1, field walls[0][1]: must be a tile id such as "5B#3", not "Q#1"'],
    ];
    for (const [text, line, field, words] of cases) {
      const e = errorOf(text);
      expect([e.line, e.field]).toEqual([line, field]);
      expect(e.message).toContain(words);
    }
    expect(errorOf('').message).toBe('line 1: the record is empty (line 1 is its header)');
  });
});

const SET = fullTileSet();
const wallsOf38 = () => [SET.slice(0, 38), SET.slice(38, 76), SET.slice(76, 114), SET.slice(114)];
const rack = (player: number) => ({ area: 'rack' as const, player, rack: 0 });

/** A small version 2 4-player record: the deal by id, East's discard, a count check with the readers' counts, an entry, a ruling. */
const standardV2: GameRecord = {
  header: { ...standard.header, version: 2, walls: wallsOf38() },
  lines: [
    { action: { type: 'deal', hands: [[SET.slice(0, 14)], [SET.slice(14, 27)], [SET.slice(27, 40)], [SET.slice(40, 53)]], walls: [SET.slice(53), []], at: 10, ref: '1' } },
    { action: { type: 'discard', player: 0, tile: SET[0]!, from: rack(0), at: 20, ref: '2' } },
    { action: { type: 'count-check', skipPlayers: [], counted: [[13], [13], [13], [13]], at: 30, ref: '3' } },
    { action: { type: 'director-entry', entry: 'looked-at-stolen-tile', player: 2, rack: 0, by: 'Judy', at: 40, ref: '4' } },
    { action: { type: 'stray', tile: SET[1]!, from: rack(0), to: rack(1), at: 45, ref: '4b' } },
    { action: { type: 'stop', reason: 'the table was cleared', choice: 'void', at: 48, ref: '5' } },
    { ruling: { flagId: 'g2-tile-count-3.1', ruling: 'dismiss', by: 'Judy', at: 50 } },
  ],
};

/** A small version 2 Siamese record: a pick, an exposure, a count check, a director's entry. */
const siameseV2: GameRecord = {
  header: { ...siamese.header, version: 2, walls: wallsOf38() },
  lines: [
    {
      action: {
        type: 'pick',
        player: 0,
        wall: 0,
        to: rack(0),
        tile: SET[0]!,
        at: 1,
        ref: '7',
        hearing: { players: [], racks: [{ player: 1, rack: 0 }], zones: 'unheard', left: { from: 0, to: 1 } },
      },
    },
    { action: { type: 'expose', player: 0, rack: 1, tiles: [SET[0]!], at: 2, ref: '8' } },
    { action: { type: 'count-check', skipPlayers: [1], at: 3, ref: '9' } },
    { action: { type: 'director-entry', entry: 'misnamed-exposure', player: 1, rack: 0, named: '5D', unseenRacks: [1], at: 4, ref: '10' } },
  ],
};

describe('writing and reading a version 2 game record', () => {
  it('writes one JSON object a line, the header first (version 2, the walls), and reads it back the same', () => {
    const text = writeGameRecord(standardV2);
    expect(text.split('\n')).toHaveLength(1 + 7 + 1); // header, 7 lines, the final newline
    expect(text.startsWith('{"format":"mjhub.game-record","version":2,"kind":"standard"')).toBe(true);
    expect(parseGameRecord(text)).toEqual(standardV2);
    expect(parseGameRecord(writeGameRecord(siameseV2))).toEqual(siameseV2);
  });

  it("carries a 4-player table's NMJL practice only when it differs from the defaults (all on), and reads it back", () => {
    const off = { ...NMJL_PRACTICE_DEFAULTS, misdeal: false };
    expect(practiceHeader(NMJL_PRACTICE_DEFAULTS)).toEqual({});
    expect(practiceHeader(off)).toEqual({ nmjlPractice: off });
    const r = { ...standardV2, header: { ...standardV2.header, ...practiceHeader(off) } };
    const back = parseGameRecord(writeGameRecord(r));
    expect(back).toEqual(r);
    expect(practiceOfHeader(back.header as StandardHeader)).toEqual(off);
    expect(practiceOfHeader(standardV2.header as StandardHeader)).toEqual(NMJL_PRACTICE_DEFAULTS);
  });

  it('names the line and the field of bad input', () => {
    const cases: [string, number, string, string][] = [
      [
        withLine(standardV2, 3, { action: { type: 'discard', player: 0, tile: '1B', from: rack(0), at: 20, ref: '2' } }),
        3,
        'action.tile',
        'line 3, field action.tile: must be a tile id such as "5B#3", not "1B"',
      ],
      [withLine(standardV2, 3, { action: { type: 'discard', player: 0, tile: '1B#1', at: 20, ref: '2' } }), 3, 'action.from', 'line 3, field action.from: must be an object, not undefined'],
      [withLine(standardV2, 3, { action: { type: 'second-charleston', wants: [true, true, true, true], at: 20, ref: '2' } }), 3, 'action.type', 'must be one of deal, pass, charleston-vote'],
      [
        withLine(standardV2, 4, { count: { at: 30, ref: '3', skip: [], counted: [13, 13, 13, 13] } }),
        4,
        '',
        `a version 2 record's line is an object with exactly one of the keys action, ruling, correction; this one has count ("count" is a version 1 line; in version 2 it is an action)`,
      ],
      [
        withLine(standardV2, 4, { action: { type: 'count-check', skipPlayers: [], counted: [[13], [13]], at: 30, ref: '3' } }),
        4,
        'action.counted',
        'line 4, field action.counted: must have 4 entries (one per seat), not 2',
      ],
      [
        withLine(standardV2, 5, { action: { type: 'director-entry', entry: 'misnamed-exposure', player: 2, rack: 0, at: 40, ref: '4' } }),
        5,
        'action.entry',
        'line 5, field action.entry: must be one of looked-at-stolen-tile, dead-declared-in-error, announced-line, declared-dead, misnamed-discard, not "misnamed-exposure"',
      ],
      [withLine(standardV2, 1, { ...standardV2.header, walls: [[SET[0], SET[0]]] }), 1, 'walls[0][1]', `line 1, field walls[0][1]: ${SET[0]} is in the walls twice`],
      [
        withLine(standardV2, 1, { ...standardV2.header, nmjlPractice: { misdeal: false, shortTakesNextTile: true, twoHandsIntact: true, replayFewerThanTwoIntact: 'no', misnamedDiscard: true } }),
        1,
        'nmjlPractice.replayFewerThanTwoIntact',
        'line 1, field nmjlPractice.replayFewerThanTwoIntact: must be true or false, not "no"',
      ],
      [
        withLine(siameseV2, 2, { action: { type: 'pick', player: 2, wall: 0, to: rack(0), tile: SET[0], at: 1, ref: '7' } }),
        2,
        'action.player',
        'line 2, field action.player: must be a whole number 0-1, not 2',
      ],
      [
        withLine(siameseV2, 2, { action: { type: 'pick', player: 0, wall: 0, to: rack(0), tile: SET[0], at: 1, ref: '7', hearing: { players: [], racks: [{ player: 1 }] } } }),
        2,
        'action.hearing.racks[0].rack',
        'must be a whole number',
      ],
      [withLine(siameseV2, 3, { action: { type: 'deal', hands: [[], []], at: 2, ref: '8' } }), 3, 'action.type', 'line 3, field action.type: must be one of build, pick, discard'],
      [
        withLine(siameseV2, 4, { action: { type: 'count-check', skipPlayers: [], unheard: true, at: 3, ref: '9' } }),
        4,
        'action.unheard',
        'line 4, field action.unheard: is not a field of this line',
      ],
    ];
    for (const [text, line, field, words] of cases) {
      const e = errorOf(text);
      expect([e.line, e.field, e.message]).toEqual([line, field, expect.stringContaining(words)]);
    }
  });
});
