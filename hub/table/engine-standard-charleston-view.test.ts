/**
 * The Charleston on the 4-player table's public view (000, NMJL), from reader lines of a seeded
 * simulated game (seed 1, with blind passes): which pass, its direction, who has passed (tiles so
 * far), the blind tiles, the vote (a second Charleston under way) and the courtesy across.
 */
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { playStandardGame } from '../simulator/standard/game.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { toPublic } from '../api/public-view.js';
import type { CharlestonView } from '../api/views.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();

describe('the Charleston on the public view', () => {
  it('seed 1: every pass in order with its direction, 3 tiles from each player, the blind tiles of the first left, the second Charleston, 1 across at the courtesy', () => {
    const game = playStandardGame({ seed: 1, cards, table, blindChance: 0.3 });
    const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
    b.build(game);
    const firstDiscard = game.steps.findIndex((s) => / discards /.test(s.label));
    const seen: CharlestonView[] = [];
    for (const s of game.steps.slice(0, firstDiscard - 1)) {
      b.step(s);
      const c = toPublic(b.engine.publicView()).charleston;
      if (c) seen.push(c);
    }
    // per stage: its direction, the most each player had passed at once, the most passed blind, the vote
    const stages = new Map<string, { direction: string | null; passed: number[]; blind: number[]; second: string | null; blindAllowed: boolean }>();
    for (const c of seen) {
      const st = stages.get(c.stage) ?? { direction: c.direction, passed: [0, 0, 0, 0], blind: [0, 0, 0, 0], second: c.secondCharleston, blindAllowed: c.blindAllowed };
      st.passed = st.passed.map((n, i) => Math.max(n, c.passed[i]!));
      st.blind = st.blind.map((n, i) => Math.max(n, c.blind[i]!));
      stages.set(c.stage, st);
    }
    expect([...stages.keys()]).toEqual(['first right', 'first across', 'first left', 'vote', 'second left', 'second across', 'last right', 'courtesy']);
    // a pass closes with its last tile (the view then shows the next stage): each player's 3 are seen
    // while the others are still passing, the last player's (here Dot's, all 3 racked in one step) never
    const S = (direction: string | null, passed: number[], blind: number[], second: string | null, blindAllowed: boolean) => ({ direction, passed, blind, second, blindAllowed });
    expect(Object.fromEntries(stages)).toEqual({
      'first right': S('right', [3, 3, 3, 0], [0, 0, 0, 0], null, false),
      'first across': S('across', [3, 3, 3, 0], [0, 0, 0, 0], null, false),
      // the first left passes [3, 0, 3, 0] blind (the inferred action): Ann's 3 and one of Cat's are seen before it closes
      'first left': S('left', [3, 3, 1, 3], [3, 0, 1, 0], null, true),
      vote: S(null, [0, 0, 0, 0], [0, 0, 0, 0], null, false),
      'second left': S('left', [3, 3, 3, 0], [0, 0, 0, 0], 'yes', false),
      'second across': S('across', [3, 3, 3, 0], [0, 0, 0, 0], 'yes', false),
      'last right': S('right', [3, 2, 3, 3], [0, 0, 0, 0], 'yes', true),
      // the courtesy across after the second Charleston: Ann and Cat 1 tile each (the smaller wish), Bea and Dot none
      courtesy: S('across', [1, 0, 1, 0], [0, 0, 0, 0], 'yes', false),
    });
  });

  it('seed 7: the vote says no (no second Charleston), the courtesy across follows it: the view says "no" and 1 tile across between East and West', () => {
    const game = playStandardGame({ seed: 7, cards, table, blindChance: 0.3 });
    expect(game.record.charleston).toEqual({ second: false, courtesy: [1, 0] });
    const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
    b.build(game);
    const firstDiscard = game.steps.findIndex((s) => / discards /.test(s.label));
    const seen: CharlestonView[] = [];
    for (const s of game.steps.slice(0, firstDiscard - 1)) {
      b.step(s);
      const c = toPublic(b.engine.publicView()).charleston;
      if (c) seen.push(c);
    }
    expect([...new Set(seen.map((c) => c.stage))]).toEqual(['first right', 'first across', 'first left', 'vote', 'courtesy']);
    const courtesy = seen.filter((c) => c.stage === 'courtesy');
    expect(new Set(courtesy.map((c) => c.secondCharleston))).toEqual(new Set(['no']));
    expect(new Set(seen.filter((c) => c.stage === 'vote').map((c) => c.secondCharleston))).toEqual(new Set([null]));
    // East (Ann) and West (Cat) pass 1 across each, South and North none: the most seen at once
    expect(courtesy.reduce((m, c) => m.map((n, i) => Math.max(n, c.passed[i]!)), [0, 0, 0, 0])).toEqual([1, 0, 1, 0]);
  });
});
