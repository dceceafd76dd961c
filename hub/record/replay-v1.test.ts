/**
 * Version 1 game records (test/fixtures/records/, written by the hub before version 2) upgraded to
 * version 2 (rules/record/upgrade.ts `upgradeV1`) and refereed again give the flags, the outcome,
 * the points and the payment the version 1 referee gave them (the `*.v1.golden.json` beside each),
 * and so does the upgraded record written as text and read back.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isVersion1, parseGameRecord, writeGameRecord, type GameRecordV1 } from '../../rules/record/game-record.js';
import { upgradeV1 } from '../../rules/record/upgrade.js';
import { loadHubConfig } from '../config/load.js';
import { siameseDemo } from '../table/test-bench.js';
import { refereeRecord } from './replay.js';

const fixture = (name: string) => new URL(`../../test/fixtures/records/${name}`, import.meta.url).pathname;
const [{ cards: standardCards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];

/** The fixture read (version 1), and its golden result. */
function v1(name: string): { record: GameRecordV1; golden: unknown } {
  const record = parseGameRecord(readFileSync(fixture(`${name}.v1.jsonl`), 'utf8'));
  if (!isVersion1(record)) throw new Error(`${name} is not a version 1 record`);
  return { record, golden: JSON.parse(readFileSync(fixture(`${name}.v1.golden.json`), 'utf8')) };
}

/** What the golden files hold of a refereed record. */
const result = (r: ReturnType<typeof refereeRecord>) => JSON.parse(JSON.stringify({ flags: r.flags, outcome: r.outcome, points: r.points, payment: r.payment })) as unknown;

const CASES = [
  // 003 rule 20: Ann picks from wall 4 while wall 2 is current, the director confirms with rack 2 to die;
  // Bea 30 then 30 × 2 (2nd Mah Jongg, 17B) = 90, Ann 0: Ann pays 90
  { name: 'siamese-seed6-wrong-wall', cards: siameseDemo.cards, points: [0, 90], flags: [['g1-wrong-wall-213', 'confirmed']] },
  // 000: Dot picks ahead (dismissed by the director): Ann's, Bea's and Cat's picks out of turn are flagged;
  // with three hands dead the game is over and replayed (NMJL practice): no points
  {
    name: 'standard-seed2-ahead',
    cards: standardCards,
    points: null,
    flags: [
      ['g1-picking-ahead-292', 'dismissed'],
      ['g1-out-of-turn-296', 'awaiting-director'],
      ['g1-out-of-turn-299', 'awaiting-director'],
      ['g1-out-of-turn-302', 'awaiting-director'],
    ],
  },
  // NMJL: Bea's blind pass on the first right refused, gone on as read; Bea 50 + 20 jokerless = 70 on Dot's discard, Dot −10 (000)
  { name: 'standard-seed3-blind-pass', cards: standardCards, points: [0, 70, 0, -10], flags: [['g1-blind-pass-216', 'awaiting-director']] },
] as const;

describe('version 1 records upgraded (test/fixtures/records)', () => {
  for (const c of CASES) {
    it(`${c.name}: the upgraded record refereed gives the version 1 result (points ${JSON.stringify(c.points)})`, () => {
      const { record, golden } = v1(c.name);
      const upgraded = upgradeV1(record, c.cards);
      expect(upgraded.header.version).toBe(2);
      expect(upgraded.header.walls.flat()).toHaveLength(152);
      const got = result(refereeRecord(upgraded, c.cards));
      expect(got).toEqual(golden);
      expect(refereeRecord(upgraded, c.cards).points).toEqual(c.points);
      expect(refereeRecord(upgraded, c.cards).flags.map((f) => [f.id, f.status])).toEqual(c.flags);
      // written as version 2 and read back, and the version 1 record given to the referee as it is
      expect(result(refereeRecord(parseGameRecord(writeGameRecord(upgraded)), c.cards))).toEqual(golden);
      expect(result(refereeRecord(record, c.cards))).toEqual(golden);
    });
  }

  it('the blind pass gone on as read is the stray moves that make the racks what the readers held', () => {
    const { record } = v1('standard-seed3-blind-pass');
    const upgraded = upgradeV1(record, standardCards);
    const asRead = record.lines.findIndex((l) => 'asRead' in l);
    const ref = (record.lines[asRead] as { asRead: { ref: string } }).asRead.ref;
    const strays = upgraded.lines.flatMap((l) => ('action' in l && l.action.type === 'stray' ? [l.action] : []));
    expect(strays.length).toBeGreaterThan(0);
    expect(strays.every((s) => s.ref === ref)).toBe(true);
    // no other line of the record is lost: every v1 line but the asRead gives one line (the deal, passes, picks ... by id)
    expect(upgraded.lines.length).toBe(record.lines.length - 1 + strays.length);
  });
});
