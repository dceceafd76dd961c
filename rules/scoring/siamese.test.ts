import { describe, expect, it } from 'vitest';
import { ScoringError, scoreSiamese, type SiameseMahJongg, type SiameseOutcome } from './siamese.js';

const names: [string, string] = ['Ann', 'Bea'];
const mj = (m: Partial<SiameseMahJongg> & Pick<SiameseMahJongg, 'player' | 'value' | 'order'>): SiameseMahJongg => ({
  jokerless: false,
  singlesAndPairs: false,
  sameTurnAsOther: false,
  claimedFrom: null,
  ...m,
});
const game = (o: Partial<SiameseOutcome>): SiameseOutcome => ({ mahJonggs: [], bothHandsDead: null, wallGame: false, lowestCardValue: 25, names, ...o });

describe('Siamese scoring (003)', () => {
  it('17A: 1st Mah Jongg scores the card value; self-picked adds nothing; the discarder is not penalised', () => {
    // Ann: 1st MJ 30, from Bea's discard: Ann 30, Bea 0 → Bea pays 30
    const s = scoreSiamese(game({ mahJonggs: [mj({ player: 0, value: 30, order: 1, claimedFrom: 1 })] }));
    expect(s.points).toEqual([30, 0]);
    expect(s.payment).toEqual({ from: 1, to: 0, amount: 30 });
    expect(s.breakdown[0]).toEqual(['1st Mah Jongg 30 = 30', 'Total 30']);
    expect(s.breakdown[1]).toEqual(['Total 0']);
    // self-picked: still 30
    expect(scoreSiamese(game({ mahJonggs: [mj({ player: 0, value: 30, order: 1 })] })).points).toEqual([30, 0]);
  });
  it('17A: jokerless doubles the 1st Mah Jongg, but not Singles and Pairs', () => {
    // 25 jokerless ×2 = 50
    const s = scoreSiamese(game({ mahJonggs: [mj({ player: 0, value: 25, order: 1, jokerless: true })] }));
    expect(s.points).toEqual([50, 0]);
    expect(s.breakdown[0]![0]).toBe('1st Mah Jongg 25, jokerless ×2 (17A), self-picked = 50');
    // Singles and Pairs 50 jokerless: stays 50
    expect(scoreSiamese(game({ mahJonggs: [mj({ player: 0, value: 50, order: 1, jokerless: true, singlesAndPairs: true })] })).points).toEqual([50, 0]);
  });
  it('17B: winning with the 2nd Mah Jongg doubles it, again if jokerless', () => {
    // Ann 1st 25 (= 25), Bea 1st 30 (= 30), Ann 2nd 35 self-picked jokerless: 35 ×2 ×2 = 140
    // Ann 25 + 140 = 165, Bea 30 → Bea pays 135
    const s = scoreSiamese(
      game({
        mahJonggs: [mj({ player: 0, value: 25, order: 1 }), mj({ player: 1, value: 30, order: 1 }), mj({ player: 0, value: 35, order: 2, jokerless: true })],
      }),
    );
    expect(s.points).toEqual([165, 30]);
    expect(s.payment).toEqual({ from: 1, to: 0, amount: 135 });
    expect(s.breakdown[0]![1]).toBe('2nd Mah Jongg 35 ×2 (2nd, 17B), jokerless ×2 (17B), self-picked = 140');
  });
  it('17C: two Mah Jonggs at the same time: double the score for both hands', () => {
    // Ann puts up 25 and 30 in one turn, self-picked: 25 ×2 = 50, 30 ×2 = 60 → 110
    const s = scoreSiamese(
      game({
        mahJonggs: [mj({ player: 0, value: 25, order: 1, sameTurnAsOther: true }), mj({ player: 0, value: 30, order: 2, sameTurnAsOther: true })],
      }),
    );
    expect(s.points).toEqual([110, 0]);
    expect(s.breakdown[0]).toEqual(['1st Mah Jongg 25 ×2 (both at the same time, 17C), self-picked = 50', '2nd Mah Jongg 30 ×2 (2nd, 17B), self-picked = 60', 'Total 110']);
  });
  it('17D: the discarder of a tile claimed for the opponent’s 2nd Mah Jongg: −20', () => {
    // Ann 1st 25; Ann 2nd 25 from Bea's discard: 25 ×2 = 50 → Ann 75; Bea −20 → Bea pays 95
    const s = scoreSiamese(
      game({
        mahJonggs: [mj({ player: 0, value: 25, order: 1 }), mj({ player: 0, value: 25, order: 2, claimedFrom: 1 })],
      }),
    );
    expect(s.points).toEqual([75, -20]);
    expect(s.payment).toEqual({ from: 1, to: 0, amount: 95 });
    expect(s.breakdown[1]).toEqual(["Discard claimed for Ann's 2nd Mah Jongg −20 (17D)", 'Total -20']);
  });
  it('17E: −20 also when the claimed tile is used in the 1st of two Mah Jonggs put up in one turn', () => {
    // Bea claims Ann's discard for her 1st (30 ×2 = 60) and puts up her 2nd (25 ×2 = 50) in that turn
    // Bea 110, Ann −20 → Ann pays 130
    const s = scoreSiamese(
      game({
        mahJonggs: [mj({ player: 1, value: 30, order: 1, sameTurnAsOther: true, claimedFrom: 0 }), mj({ player: 1, value: 25, order: 2, sameTurnAsOther: true })],
      }),
    );
    expect(s.points).toEqual([-20, 110]);
    expect(s.payment).toEqual({ from: 0, to: 1, amount: 130 });
    expect(s.breakdown[0]![0]).toBe("Discard claimed for Bea's 1st of two Mah Jonggs put up in one turn −20 (17E)");
  });
  it('17F: a wall game gives each player +10', () => {
    const s = scoreSiamese(game({ wallGame: true }));
    expect(s.points).toEqual([10, 10]);
    expect(s.payment).toBeNull();
    expect(s.breakdown[0]).toEqual(['Wall game +10 (17F)', 'Total 10']);
  });
  it('12: dead for both hands pays 4 × the opponent’s Mah Jongg', () => {
    // Ann has a 1st MJ 30; Bea dies for both hands: Ann 4 × 30 = 120 → Bea pays 120
    const s = scoreSiamese(game({ mahJonggs: [mj({ player: 0, value: 30, order: 1 })], bothHandsDead: 1 }));
    expect(s.points).toEqual([120, 0]);
    expect(s.payment).toEqual({ from: 1, to: 0, amount: 120 });
    expect(s.breakdown[0]![0]).toBe('1st Mah Jongg 30, self-picked = 30; opponent dead for both hands: ×4 (rule 12) = 120');
  });
  it('12: or 4 × the lowest value on the card when the opponent has none', () => {
    // no Mah Jongg: 4 × 25 = 100 from Ann to Bea
    const s = scoreSiamese(game({ bothHandsDead: 0, lowestCardValue: 25 }));
    expect(s.points).toEqual([0, 100]);
    expect(s.payment).toEqual({ from: 0, to: 1, amount: 100 });
    expect(s.breakdown[1]![0]).toBe('Ann dead for both hands: 4 × lowest card value 25 = 100 (rule 12)');
  });
  it('19C: a mis-named discard claimed for Mah Jongg costs the discarder −25', () => {
    // Bea 1st 25 from Ann's mis-named discard: Bea 25, Ann −25 → Ann pays 50
    const s = scoreSiamese(game({ mahJonggs: [mj({ player: 1, value: 25, order: 1, claimedFrom: 0, misnamedDiscard: true })] }));
    expect(s.points).toEqual([-25, 25]);
    expect(s.payment).toEqual({ from: 0, to: 1, amount: 50 });
  });
  it('19D: and −20 more when it is claimed for a 2nd Mah Jongg', () => {
    // Bea 1st 25 (25), 2nd 30 from Ann's mis-named discard: 30 ×2 = 60 → Bea 85; Ann −25 −20 = −45 → Ann pays 130
    const s = scoreSiamese(
      game({
        mahJonggs: [mj({ player: 1, value: 25, order: 1 }), mj({ player: 1, value: 30, order: 2, claimedFrom: 0, misnamedDiscard: true })],
      }),
    );
    expect(s.points).toEqual([-45, 85]);
    expect(s.payment).toEqual({ from: 0, to: 1, amount: 130 });
    expect(s.breakdown[0]).toEqual(["Mis-named discard claimed for Bea's Mah Jongg −25 (19C)", "Discard claimed for Bea's 2nd Mah Jongg −20 (17D, 19D)", 'Total -45']);
  });
  it('the lesser total pays the difference; equal totals pay nothing', () => {
    const s = scoreSiamese(game({ mahJonggs: [mj({ player: 0, value: 30, order: 1 }), mj({ player: 1, value: 30, order: 1 })] }));
    expect(s.points).toEqual([30, 30]);
    expect(s.payment).toBeNull();
  });
  it('rejects outcomes that cannot happen', () => {
    expect(() => scoreSiamese(game({ wallGame: true, mahJonggs: [mj({ player: 0, value: 25, order: 1 })] }))).toThrow(ScoringError);
    expect(() => scoreSiamese(game({ mahJonggs: [mj({ player: 0, value: 25, order: 1, claimedFrom: 0 })] }))).toThrow(/own discard/);
    expect(() => scoreSiamese(game({ mahJonggs: [mj({ player: 0, value: 25, order: 1 }), mj({ player: 0, value: 25, order: 1 })] }))).toThrow(/two 1st/);
  });
});
