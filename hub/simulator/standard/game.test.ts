/**
 * The standard simulator's games: seeded and repeatable, every move starts where the tile is, the
 * deal is East 14 and the others 13, and the bots' own referee sees the game the hub should see.
 */
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../../config/load.js';
import { applySteps, tableZones, wallPositions } from '../game.js';
import { playStandardGame } from './game.js';
import { standardDemoInjection } from './run.js';
import { kindOf } from '../../../rules/tiles.js';

/** The passes of a game's actions, tiles read as kinds (the actions name ids). */
const passesInKinds = (actions: ReturnType<typeof playStandardGame>['record']['actions']) =>
  actions.flatMap((a) => (a.type === 'pass' ? [{ ...a, tiles: a.tiles.map((t) => t.map(kindOf)) }] : []));

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

  it("seed 3: the deal is East 14, the others 13; Bea calls Dot's discard for a concealed jokerless Mah Jongg: 0, 70, 0, −10 (000)", () => {
    const r = playStandardGame({ seed: 3, cards, table }).record;
    const deal = r.actions[0]!;
    expect(deal.type === 'deal' && deal.hands.map((h) => h.flat().length)).toEqual([14, 13, 13, 13]);
    // 152 − 53 dealt = 99 left to pick (wall 0), none out of play (wall 1)
    expect(deal.type === 'deal' && deal.walls?.map((w) => w.length)).toEqual([99, 0]);
    expect(r.actions.filter((x) => x.type === 'pass')).toHaveLength(r.charleston.second ? 6 : 3);
    expect(r.winner).toEqual({ player: 1, lineId: 'sample-standard:10', value: 50, jokerless: true, selfPicked: false, discarder: 3 });
    // 50 (the card) + 20 (jokerless) for Bea; Dot threw the Mah Jongg tile to a hand with 1 exposure: −10
    expect(r.points).toEqual([0, 70, 0, -10]);
    expect(r.flags).toEqual([]);
    // Bea takes Dot's last discard onto her top for Mah Jongg, then declares
    const lastDiscard = r.actions.filter((x) => x.type === 'discard').at(-1)!;
    expect(lastDiscard.type === 'discard' && lastDiscard.player).toBe(3);
    expect(r.actions.at(-2)).toEqual({ type: 'call', player: 1, tile: lastDiscard.type === 'discard' && lastDiscard.tile, to: { area: 'top', player: 1, rack: 0 }, for: 'mah-jongg', rivals: [] });
    expect(r.actions.at(-1)).toEqual({ type: 'mah-jongg', player: 1, rack: 0 });
  });

  it("each injection is flagged by the bots' referee (seed 2, at the 2nd pick)", () => {
    const flags = (inject: Parameters<typeof playStandardGame>[0]['inject']) => playStandardGame({ seed: 2, cards, table, inject, injectAt: 2 }).record.flags.map((f) => [f.kind, f.title]);
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

  it('no blind pass unless asked (blindChance 0, the default): seeds 1-4 pass no `blind`', () => {
    for (let seed = 1; seed <= 4; seed++) {
      const r = playStandardGame({ seed, cards, table }).record;
      expect(r.actions.filter((a) => a.type === 'pass' && a.blind !== undefined)).toEqual([]);
    }
  });

  it("seed 1, blindChance 0.3: real blind passes (NMJL: first left and last right), shown both ways; the referee's racks are the physical racks", () => {
    const g = playStandardGame({ seed: 1, cards, table, blindChance: 0.3 });
    const passes = passesInKinds(g.record.actions);
    // first left: Ann passes on Bea's 3 tiles unseen, Cat passes on Dot's 3; Bea and Dot pass 3 of their own
    expect(passes[2]).toEqual({ type: 'pass', tiles: [[], ['1B', '2D', '8D'], [], ['3C', '3C', '3D']], blind: [3, 0, 3, 0] });
    // last right: Bea passes on 1 of Ann's (1D) and 2 of her own
    expect(passes[5]).toEqual({
      type: 'pass',
      tiles: [
        ['1D', '1B', 'S'],
        ['1B', '3B'],
        ['3D', '7C', '7C'],
        ['1D', '7B', '8D'],
      ],
      blind: [0, 1, 0, 0],
    });
    const labels = g.steps.map((s) => s.label);
    // (a) straight from the giver's rack to the rack two seats on; (b) racked by the blind passer, then passed on
    expect(labels).toContain("Bea's left pass lands: 8D#1 → Ann, 1B#3 → Dot (passed on blind), 2D#2 → Ann");
    expect(labels).toContain("Dot's left pass lands: 3D#3 → Bea (passed on blind), 3C#1 → Cat, 3C#2 → Cat");
    expect(labels).toContain('Ann lifts 8D#1 2D#2 to pass on blind (left)');
    expect(labels).toContain('Dot racks 8D#1 2D#2 (passed on blind by Ann)');
    expect(labels).toContain('Cat racks 1D#2 (passed on blind by Bea)');
    // every move starts where its tile is, and no tile is left in a hand
    const where = wallPositions(g.walls, tableZones(table));
    applySteps(where, g.steps);
    expect([...where.values()].every((z) => z !== null)).toBe(true);
    // never a joker passed blind (Cat held two jokers and passed none)
    expect(passes.flatMap((a) => a.tiles.flat())).not.toContain('J');
    expect(g.record.flags).toEqual([]);
    expect(g.record.points).toEqual([-20, 0, 0, 30]);
    // the same seed without blind passes: Bea and Dot pass the same tiles, Ann and Cat 3 of their own
    expect(passesInKinds(playStandardGame({ seed: 1, cards, table }).record.actions)[2]).toEqual({
      type: 'pass',
      tiles: [
        ['4B', '1C', '1B'],
        ['8D', '1B', '2D'],
        ['1D', '8D', '4B'],
        ['3D', '3C', '3C'],
      ],
    });
  });

  it('a bad blindChance is refused with its value', () => {
    expect(() => playStandardGame({ seed: 1, cards, table, blindChance: 1.5 })).toThrow('blindChance must be 0-1, not 1.5');
  });

  it('the demo schedule: game 1 clean, games 2-6 each injection, then every other game', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(standardDemoInjection)).toEqual([undefined, 'joker', 'ahead', 'into-rack', 'late-call', 'count', 'joker', undefined, 'ahead']);
  });
});
