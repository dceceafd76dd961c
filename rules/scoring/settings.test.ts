import { describe, expect, it } from 'vitest';
import { SETTINGS_000, SETTINGS_HOME, ScoringSettingsError, checkScoringConfig, describeScoringSettings, profileOfSettings, scoreWithSettings, scoringSettingsProblem } from './settings.js';
import { TOURNAMENT_000 } from './tournament.js';

describe('scoring settings', () => {
  it('seed 000 by default: −10 / −20 / −20, +10, +20, +10, joker exchange self-picked, best line', () => {
    expect(checkScoringConfig({})).toEqual({
      scheme: 'tournament',
      discarderPenalty: { noneOrOne: -10, two: -20, threeOrMore: -20 },
      selfPicked: 10,
      jokerless: 20,
      wallGame: 10,
      jokerExchangeSelfPicked: true,
      paidLine: 'best',
    });
    expect(profileOfSettings(SETTINGS_000)).toEqual(TOURNAMENT_000);
  });

  it("a tier of the penalty can be given alone; the others stay 000's", () => {
    const s = checkScoringConfig({ discarderPenalty: { threeOrMore: -25 } });
    expect(s.scheme === 'tournament' && s.discarderPenalty).toEqual({ noneOrOne: -10, two: -20, threeOrMore: -25 });
    expect(profileOfSettings(s as typeof SETTINGS_000).discarderThreeOrMore).toBe(-25);
  });

  it('"home" is the NMJL card\'s multiples', () => {
    expect(checkScoringConfig('home')).toEqual(SETTINGS_HOME);
    expect(SETTINGS_HOME.payments).toEqual({ discarder: 2, othersOnDiscard: 1, selfPicked: 2, jokerless: 2 });
  });

  it('names an unknown or wrong-typed key', () => {
    const err = (x: unknown) => {
      try {
        checkScoringConfig(x, 't.json: scoring');
      } catch (e) {
        expect(e).toBeInstanceOf(ScoringSettingsError);
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(err({ selfPick: 10 })).toBe('t.json: scoring.selfPick: is not a scoring setting (known: scheme, discarderPenalty, selfPicked, jokerless, wallGame, jokerExchangeSelfPicked, paidLine)');
    expect(err({ selfPicked: '10' })).toBe('t.json: scoring.selfPicked: must be a whole number of points, not "10"');
    expect(err({ discarderPenalty: { three: -25 } })).toMatch(/^t\.json: scoring\.discarderPenalty\.three: is not a tier/);
    expect(err({ discarderPenalty: { two: -2.5 } })).toBe('t.json: scoring.discarderPenalty.two: must be a whole number of points (e.g. -10), not -2.5');
    expect(err({ paidLine: 'declared' })).toBe('t.json: scoring.paidLine: must be "best" or "announced", not "declared"');
    expect(err({ jokerExchangeSelfPicked: 'yes' })).toBe('t.json: scoring.jokerExchangeSelfPicked: must be true or false, not "yes"');
    expect(err({ scheme: 'home', wallGame: 10 })).toBe('t.json: scoring.wallGame: is a setting of tournament scoring, not of scheme "home"');
    expect(err('club')).toBe('t.json: scoring: must be "tournament", "home" or an object of settings, not "club"');
  });

  it('scoringSettingsProblem checks a complete value', () => {
    expect(scoringSettingsProblem(SETTINGS_000)).toBeNull();
    expect(scoringSettingsProblem(SETTINGS_HOME)).toBeNull();
    const { wallGame: _w, ...noWall } = SETTINGS_000;
    expect(scoringSettingsProblem(noWall)).toBe('wallGame is missing');
    expect(scoringSettingsProblem({ ...SETTINGS_000, discarderPenalty: { noneOrOne: -10, two: -20 } })).toBe('discarderPenalty.threeOrMore is missing');
    expect(scoringSettingsProblem({ ...SETTINGS_000, paidLine: 1 })).toBe('paidLine must be "best" or "announced", not 1');
  });

  it('home scoring through the settings: discarder double, others single', () => {
    // 25 on South's discard: South pays 25 × 2 = 50, West and North 25 each; East collects 100
    expect(scoreWithSettings({ winner: 0, value: 25, discarder: 1 }, SETTINGS_HOME).points).toEqual([100, -50, -25, -25]);
    // a wall game pays nobody at home
    expect(scoreWithSettings({ winner: null, wallGame: true }, SETTINGS_HOME).marks).toEqual(['X', 'X', 'X', 'X']);
  });

  it('prints the settings in force', () => {
    expect(describeScoringSettings(checkScoringConfig({ discarderPenalty: { threeOrMore: -25 } }))).toEqual([
      'Tournament scoring',
      'Discarder pays: −10 (winner with 0-1 exposures), −20 (2), −25 (3 or more)',
      'Self-picked +10, jokerless +20 (not Singles and Pairs), wall game +10',
      'Joker exchange completing Mah Jongg: counts as self-picked',
      'Hand paid at: the best line its tiles complete',
    ]);
    expect(describeScoringSettings(SETTINGS_000)[0]).toBe('Tournament scoring (seed 000)');
  });
});
