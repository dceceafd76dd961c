/**
 * The game record's writer and validating reader (rules/GAME-RECORD.md): a record written is read
 * back the same; bad input is refused naming the line and the field.
 */
import { describe, expect, it } from 'vitest';
import { SETTINGS_000, type ScoringSettings } from '../scoring/settings.js';
import { GameRecordError, parseGameRecord, writeGameRecord, type GameRecord } from './game-record.js';

const SHA = 'a'.repeat(64);

/** A small 4-player record: the deal (East 14, the others 13), East's discard, a count check, a ruling. */
const standard: GameRecord = {
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

/** A small Siamese header with two actions. */
const siamese: GameRecord = {
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

/** The record's text with line `n` (1-based) replaced by `obj` as JSON (or by raw text). */
function withLine(r: GameRecord, n: number, obj: unknown): string {
  const lines = writeGameRecord(r).split('\n');
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

describe('writing and reading a game record', () => {
  it('writes one JSON object a line, the header first, and reads it back the same', () => {
    const text = writeGameRecord(standard);
    expect(text.split('\n')).toHaveLength(1 + 5 + 1); // header, 5 lines, the final newline
    expect(text.startsWith('{"format":"mjhub.game-record","version":1,"kind":"standard"')).toBe(true);
    expect(parseGameRecord(text)).toEqual(standard);
    expect(parseGameRecord(writeGameRecord(siamese))).toEqual(siamese);
  });

  it('reads 4-player tiles named by id as well as by kind (version 1 writes kinds; a joker exchange may name the joker)', () => {
    const byId = [
      `${writeGameRecord({ ...standard, lines: standard.lines.slice(0, 1) })}`.trimEnd(),
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
      [withLine(standard, 1, { ...standard.header, version: 2 }), 1, 'version', 'line 1, field version: this reader knows version 1, not 2'],
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
