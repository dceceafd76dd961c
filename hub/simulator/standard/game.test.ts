/**
 * The standard simulator's games: seeded and repeatable, every move starts where the tile is, the
 * deal is East 14 and the others 13, and the bots' own referee sees the game the hub should see.
 */
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../../config/load.js';
import { applySteps, tableZones, wallPositions } from '../game.js';
import { playStandardGame } from './game.js';
import { standardDemoInjection } from './run.js';

const [{ table, cards }] = loadHubConfig(new URL('../../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];

describe('playStandardGame', () => {
  it('seed 3: the same game every time; every move starts where its tile is; 152 tiles end on the table', () => {
    const a = playStandardGame({ seed: 3, cards, table });
    const b = playStandardGame({ seed: 3, cards, table });
    expect(a.record).toEqual(b.record);
    expect(a.steps.length).toBe(b.steps.length);
    const zones = tableZones(table);
    const where = wallPositions(a.walls, zones);
    applySteps(where, a.steps);
    expect(where.size).toBe(152);
    expect([...where.values()].every((z) => z !== null)).toBe(true); // no tile left in a hand
  });

  it('seed 3: the deal is East 14, the others 13; Bea calls Dot\'s discard for a concealed jokerless Mah Jongg: 0, 70, 0, −10 (000)', () => {
    const r = playStandardGame({ seed: 3, cards, table }).record;
    const deal = r.actions[0]!;
    expect(deal.type === 'deal' && deal.hands.map((h) => h.length)).toEqual([14, 13, 13, 13]);
    expect(deal.type === 'deal' && deal.wallSize).toBe(99);
    expect(r.actions.filter((x) => x.type === 'pass')).toHaveLength(r.charleston.second ? 6 : 3);
    expect(r.winner).toEqual({ player: 1, lineId: 'sample-standard:10', value: 50, jokerless: true, selfPicked: false, discarder: 3 });
    // 50 (the card) + 20 (jokerless) for Bea; Dot threw the Mah Jongg tile to a hand with 1 exposure: −10
    expect(r.points).toEqual([0, 70, 0, -10]);
    expect(r.flags).toEqual([]);
    expect(r.actions.at(-2)).toEqual({ type: 'call', calls: [{ player: 1, for: 'mah-jongg' }] });
    expect(r.actions.at(-1)).toEqual({ type: 'mah-jongg', player: 1 });
  });

  it('each injection is flagged by the bots\' referee (seed 2, at the 2nd pick)', () => {
    const flags = (inject: Parameters<typeof playStandardGame>[0]['inject']) =>
      playStandardGame({ seed: 2, cards, table, inject, injectAt: 2 }).record.flags.map((f) => [f.kind, f.title]);
    expect(flags('joker')).toEqual([
      ['joker-passed', 'Bea passed a joker in the first right pass'],
      ['tile-count', 'Bea has 14 tiles off turn (should be 13)'],
      ['tile-count', 'Cat has 12 tiles off turn (should be 13)'],
    ]);
    expect(flags('ahead')).toEqual([['picking-ahead', 'Dot picked before Cat discarded']]);
    expect(flags('into-rack')).toEqual([['called-into-rack', 'Dot put the called 1D in the rack']]);
    expect(flags('late-call')).toEqual([['call-too-late', 'Dot called after the next pick was racked']]);
    expect(flags('count')).toEqual([['tile-count', 'Bea has 14 tiles off turn (should be 13)']]);
  });

  it('the demo schedule: game 1 clean, games 2-6 each injection, then every other game', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(standardDemoInjection)).toEqual([undefined, 'joker', 'ahead', 'into-rack', 'late-call', 'count', 'joker', undefined, 'ahead']);
  });
});
