import { describe, expect, it } from 'vitest';
import { HOME_NMJL, ScoringError, scoreHomeGame, type HomeProfile } from './home.js';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('home scoring (the NMJL card)', () => {
  it('on a discard: the discarder pays double, the other two single', () => {
    // East wins a 25 hand on South's discard: South pays 25 × 2 = 50, West 25, North 25; East collects 100
    const s = scoreHomeGame({ winner: 0, value: 25, discarder: 1 });
    expect(s.points).toEqual([100, -50, -25, -25]);
    expect(sum(s.points)).toBe(0);
    expect(s.breakdown[0]).toEqual(["Mah Jongg 25, on South's discard: collects 100", 'Total 100']);
    expect(s.breakdown[1]).toEqual(['Pays East: 25 × 2 (discarder) = 50', 'Total -50']);
    expect(s.breakdown[2]).toEqual(['Pays East: 25 × 1 (on a discard) = 25', 'Total -25']);
  });

  it('a mis-named winning discard (NMJL practice): the discarder pays for all, 4 × the hand; jokerless doubles it', () => {
    // East wins a 25 hand on South's mis-named discard: South pays 25 × (2 + 1 + 1) = 100, West and North nothing
    const s = scoreHomeGame({ winner: 0, value: 25, discarder: 1, misnamed: true });
    expect(s.points).toEqual([100, -100, 0, 0]);
    expect(s.breakdown[1]).toEqual(['Pays East: 25 × 4 (mis-named discard: pays for all) = 100', 'Total -100']);
    expect(s.breakdown[2]).toEqual(['Pays nothing: South named the discard wrongly and pays for all', 'Total 0']);
    // jokerless: 25 × 4 × 2 = 200
    expect(scoreHomeGame({ winner: 0, value: 25, discarder: 1, misnamed: true, jokerless: true }).points).toEqual([200, -200, 0, 0]);
    expect(() => scoreHomeGame({ winner: 0, value: 25, selfPicked: true, misnamed: true })).toThrow(
      'a mis-named discard needs the discarder of the winning tile (a self-picked Mah Jongg has none)',
    );
  });

  it('self-picked: all three pay double', () => {
    // West self-picks a 30 hand: each pays 30 × 2 = 60; West collects 180
    const s = scoreHomeGame({ winner: 2, value: 30, selfPicked: true });
    expect(s.points).toEqual([-60, -60, 180, -60]);
    expect(sum(s.points)).toBe(0);
  });

  it('jokerless doubles again: on a discard', () => {
    // North wins a 25 jokerless on East's discard: East 25 × 2 × 2 = 100, South and West 25 × 2 = 50; North 200
    const s = scoreHomeGame({ winner: 3, value: 25, discarder: 0, jokerless: true });
    expect(s.points).toEqual([-100, -50, -50, 200]);
    expect(s.breakdown[0]![0]).toBe('Pays North: 25 × 2 (discarder) × 2 (jokerless) = 100');
  });

  it('jokerless doubles again: self-picked', () => {
    // East self-picks a 35 jokerless: each pays 35 × 2 × 2 = 140; East 420
    expect(scoreHomeGame({ winner: 0, value: 35, selfPicked: true, jokerless: true }).points).toEqual([420, -140, -140, -140]);
  });

  it('Singles and Pairs are never doubled for jokerless', () => {
    // South wins a 50 S&P (always jokerless) on West's discard: West 50 × 2 = 100, East and North 50; South 200
    const s = scoreHomeGame({ winner: 1, value: 50, discarder: 2, jokerless: true, singlesAndPairs: true });
    expect(s.points).toEqual([-50, 200, -100, -50]);
    expect(s.breakdown[2]![0]).toBe('Pays South: 50 × 2 (discarder) (jokerless but Singles and Pairs: not doubled) = 100');
  });

  it('wall game: nobody pays', () => {
    expect(scoreHomeGame({ winner: null }).points).toEqual([0, 0, 0, 0]);
  });

  it('the multipliers are profile settings', () => {
    const p: HomeProfile = { ...HOME_NMJL, discarder: 3, othersOnDiscard: 0 };
    // 25 on South's discard: South 25 × 3 = 75, others 0; East 75
    expect(scoreHomeGame({ winner: 0, value: 25, discarder: 1 }, p).points).toEqual([75, -75, 0, 0]);
  });

  it('throws ScoringError on an impossible outcome', () => {
    expect(() => scoreHomeGame({ winner: 0, value: 25 })).toThrow(ScoringError);
    expect(() => scoreHomeGame({ winner: 0, value: 25, selfPicked: true, discarder: 1 })).toThrow(ScoringError);
    expect(() => scoreHomeGame({ winner: 0, value: 25, discarder: 0 })).toThrow('East cannot win on their own discard');
    expect(() => scoreHomeGame({ winner: 7, value: 25, selfPicked: true })).toThrow(ScoringError);
    expect(() => scoreHomeGame({ winner: 0, value: 2.5, selfPicked: true })).toThrow(ScoringError);
    expect(() => scoreHomeGame({ winner: null, discarder: 1 })).toThrow(ScoringError);
  });
});
