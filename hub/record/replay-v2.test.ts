/**
 * Version 2 Royale Siamese records written before the move layer declared Mah Jonggs and read
 * jokers taken (test/fixtures/records/*.v2-7fa29c8.jsonl, written by commit `7fa29c8`: no
 * `mah-jongg` line, a Mah Jongg only the move that left a top at 14): refereed now, they give the
 * flags, outcome, points and payment that commit's referee gave them (the golden beside each), and
 * the hub's record of the same game today is the same lines with a `mah-jongg` after each Mah
 * Jongg's move (rules/variants/siamese-readings.ts `asReadNow`, docs/one-engine.md stage 5).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isVersion1, parseGameRecord, writeGameRecord, type GameRecord } from '../../rules/record/game-record.js';
import { playGame } from '../simulator/game.js';
import { TableEngine } from '../table/engine.js';
import { closedAfterEach, siameseDemo, SimBench } from '../table/test-bench.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { refereeRecord } from './replay.js';

const { table, cards } = siameseDemo;
const fixture = (name: string) => new URL(`../../test/fixtures/records/${name}`, import.meta.url).pathname;
const keep = closedAfterEach<SimBench<TableEngine>>();

/** The fixture read (version 2, as written then), and its golden result. */
function before(name: string): { record: GameRecord; golden: unknown } {
  const record = parseGameRecord(readFileSync(fixture(`${name}.v2-7fa29c8.jsonl`), 'utf8'));
  if (isVersion1(record)) throw new Error(`${name} is not a version 2 record`);
  return { record, golden: JSON.parse(readFileSync(fixture(`${name}.v2-7fa29c8.golden.json`), 'utf8')) };
}

/** What the golden files hold of a refereed record. */
const result = (r: ReturnType<typeof refereeRecord>) => JSON.parse(JSON.stringify({ flags: r.flags, outcome: r.outcome, points: r.points, payment: r.payment })) as unknown;

/** The same seeded game played over reader lines through today's hub: its record of game 1. */
function today(seed: number, inject?: 'wall'): GameRecord {
  const game = playGame({ seed, cards, table, ...(inject ? { inject, injectAt: 3 } : {}) });
  const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
  b.build(game);
  for (const s of game.steps) b.step(s);
  b.advance(3000);
  return b.engine.gameRecord(1)!;
}

const CASES = [
  // 003 rule 20: Ann picks from wall 4 while wall 2 is current (rack 1 dies until the director chooses);
  // Ann 30 on rack 2, Bea 30 then 30 × 2 (2nd Mah Jongg, 17B) = 90; Ann pays 90 − 30 = 60
  { name: 'siamese-seed6-wrong-wall', seed: 6, inject: 'wall' as const, points: [30, 90], flags: ['g1-wrong-wall-213'], declared: ['311 1/0', '340 0/1', '498 1/1'] },
  // played clean: Ann's two Mah Jonggs end the game (003 rule 14): Ann 160, Bea 15
  { name: 'siamese-seed1', seed: 1, inject: undefined, points: [160, 15], flags: [], declared: null },
];

describe('version 2 Royale Siamese records written before the mah-jongg lines (003)', () => {
  for (const c of CASES) {
    it(`${c.name}: refereed now gives its golden result (points ${c.points.join(', ')}), and today's record of the game is the same lines with a mah-jongg after each Mah Jongg's move`, () => {
      const { record, golden } = before(c.name);
      expect(record.lines.some((l) => 'action' in l && l.action.type === 'mah-jongg')).toBe(false);
      const got = refereeRecord(record, cards);
      expect(result(got)).toEqual(golden);
      expect(got.points).toEqual(c.points);
      expect(got.flags.map((f) => f.id)).toEqual(c.flags);
      expect(got.unplaced).toEqual([]);
      // written as text and read back: the same
      expect(result(refereeRecord(parseGameRecord(writeGameRecord(record)), cards))).toEqual(golden);

      const now = today(c.seed, c.inject);
      const declared = now.lines.flatMap((l) => ('action' in l && l.action.type === 'mah-jongg' ? [`${l.action.ref} ${l.action.player}/${l.action.rack}`] : []));
      // one declaration a Mah Jongg, with its move's ref (the flag ids rest on the move)
      expect(declared).toHaveLength(Object.values((golden as { outcome: { racks: { mahJongg: unknown }[][] } }).outcome.racks.flat()).filter((r) => r.mahJongg).length);
      if (c.declared) expect(declared).toEqual(c.declared);
      expect(JSON.parse(JSON.stringify(now.header))).toEqual(JSON.parse(JSON.stringify(record.header)));
      expect(JSON.parse(JSON.stringify(now.lines.filter((l) => !('action' in l && l.action.type === 'mah-jongg'))))).toEqual(JSON.parse(JSON.stringify(record.lines)));
      expect(result(refereeRecord(now, cards))).toEqual(golden);
    });
  }
});
