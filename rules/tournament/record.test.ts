import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SETTINGS_000 } from '../scoring/settings.js';
import { TOURNAMENT_000, scoreTournamentGame } from '../scoring/tournament.js';
import { TournamentError } from './errors.js';
import { doneCard } from './fixtures.test-helpers.js';
import { RECORD_FORMAT, gameRecords, parseJsonLines, replayGameRecord, toJsonLines } from './record.js';
import { applyCardEvent } from './scorecard.js';

const wall = { winner: null, wallGame: true };

function cards() {
  const t1 = doneCard(
    1,
    1,
    ['ann', 'bea', 'cat', 'dot'],
    [
      { winner: 0, value: 25, discarder: 1, winnerExposures: 1 },
      { winner: 2, value: 30, selfPicked: true, jokerless: true, lookedAtStolenTile: [3] },
      { winner: null, mahJonggInError: { caller: 1, exposedBy: [2, 3] } },
    ],
  );
  // the director corrects game 1 of table 2: the winner had 2 exposures, not 1
  let t2 = doneCard(1, 2, ['eve', 'fay', 'gil', 'hal'], [{ winner: 1, value: 50, singlesAndPairs: true, jokerless: true, discarder: 3, winnerExposures: 1 }, wall, wall, wall]);
  t2 = applyCardEvent(t2, {
    type: 'correct',
    game: 1,
    outcome: { winner: 1, value: 50, singlesAndPairs: true, jokerless: true, discarder: 3, winnerExposures: 2 },
    reason: 'Fay had 2 exposures',
    director: 'Rose',
  });
  return [t2, t1];
}

describe('game record (JSON lines, RECORD-FORMAT.md)', () => {
  it('one line per scored game, sorted by round, table, game; every field a replayer needs', () => {
    const recs = gameRecords(cards());
    expect(recs.map((r) => `${r.round}/${r.table}/${r.game}`)).toEqual(['1/1/1', '1/1/2', '1/1/3', '1/1/4', '1/2/1', '1/2/2', '1/2/3', '1/2/4']);
    const text = toJsonLines(recs);
    expect(text.split('\n')).toHaveLength(9); // 8 lines, each ended by \n
    expect(JSON.parse(text.split('\n')[0]!)).toEqual({
      format: 'mjhub.tournament-game/2',
      tournament: 'Spring Open',
      round: 1,
      table: 1,
      game: 1,
      seats: [
        { seat: 'East', player: 'ann' },
        { seat: 'South', player: 'bea' },
        { seat: 'West', player: 'cat' },
        { seat: 'North', player: 'dot' },
      ],
      settings: SETTINGS_000,
      profile: { ...TOURNAMENT_000 },
      outcome: { winner: 0, value: 25, discarder: 1, winnerExposures: 1 },
      points: [25, -10, 0, 0],
      marks: ['25', '-10', 'X', 'X'],
      by: 'table',
      corrections: [],
    });
  });

  it('replaying the JSON lines (parse + scoreTournamentGame) gives the same points as the cards', () => {
    const cs = cards();
    const parsed = parseJsonLines(toJsonLines(gameRecords(cs)));
    expect(parsed).toHaveLength(8);
    for (const r of parsed) {
      const replay = replayGameRecord(r);
      expect(replay.agrees).toBe(true);
      const card = cs.find((c) => c.round === r.round && c.table === r.table)!;
      expect(replay.points).toEqual(card.games[r.game - 1]!.points);
      // and directly, as another program would
      expect(scoreTournamentGame(r.outcome, r.profile).points).toEqual(r.points);
    }
    expect(parsed.map((r) => r.points)).toEqual([
      [25, -10, 0, 0],
      [0, 0, 60, -10], // Cat 30 + 10 + 20; Dot looked at a stolen tile −10
      [10, 0, 0, 0], // Bea's Mah Jongg in error, West and North exposed: East's intact hand +10
      [0, 0, 0, 0], // time up
      [0, 50, 0, -20], // Singles and Pairs: no jokerless bonus; 2 exposures → discarder −20
      [10, 10, 10, 10],
      [10, 10, 10, 10],
      [10, 10, 10, 10],
    ]);
  });

  it("keeps a correction's reason, director and what it replaced", () => {
    const r = parseJsonLines(toJsonLines(gameRecords(cards())))[4]!;
    expect(r.by).toBe('director');
    expect(r.corrections).toEqual([
      {
        reason: 'Fay had 2 exposures',
        director: 'Rose',
        before: { outcome: { winner: 1, value: 50, singlesAndPairs: true, jokerless: true, discarder: 3, winnerExposures: 1 }, points: [0, 50, 0, -10] },
      },
    ]);
  });

  it('a tampered line does not agree', () => {
    const [r] = parseJsonLines(toJsonLines(gameRecords(cards())));
    expect(replayGameRecord({ ...r!, points: [35, -10, 0, 0] })).toEqual({ points: [25, -10, 0, 0], marks: ['25', '-10', 'X', 'X'], agrees: false });
  });

  it('the example in RECORD-FORMAT.md parses and replays', () => {
    const md = readFileSync(new URL('./RECORD-FORMAT.md', import.meta.url), 'utf8');
    const example = /```jsonl\n([\s\S]*?)```/.exec(md)![1]!;
    const recs = parseJsonLines(example);
    expect(recs.length).toBeGreaterThanOrEqual(2);
    for (const r of recs) expect(replayGameRecord(r).agrees).toBe(true);
    // East 25 on South's discard with 3 exposures: South −25 (the example's own tier)
    expect(recs[0]!.points).toEqual([25, -25, 0, 0]);
    expect(recs[0]!.settings.scheme === 'tournament' && recs[0]!.settings.discarderPenalty).toEqual({ noneOrOne: -10, two: -20, threeOrMore: -25 });
    // the version-1 example is still read and replays: its profile on three tiers
    const v1 = parseJsonLines(/```jsonl-v1\n([\s\S]*?)```/.exec(md)![1]!);
    expect(v1.map((r) => r.format)).toEqual(['mjhub.tournament-game/1', 'mjhub.tournament-game/1', 'mjhub.tournament-game/1', 'mjhub.tournament-game/1']);
    expect(v1[0]!.settings).toEqual(SETTINGS_000);
    // East 25 on South's discard with 1 exposure: South −10
    expect(v1[0]!.points).toEqual([25, -10, 0, 0]);
    for (const r of v1) expect(replayGameRecord(r).agrees).toBe(true);
  });

  it('bad lines: clear errors naming the line', () => {
    const good = toJsonLines(gameRecords(cards())).split('\n')[0]!;
    expect(() => parseJsonLines(`${good}\n{oops`)).toThrow(new TournamentError('line 2: not JSON: {oops'));
    expect(() => parseJsonLines(good.replace(RECORD_FORMAT, 'other/9'))).toThrow('line 1: format must be "mjhub.tournament-game/2", not "other/9"');
    expect(() => parseJsonLines(good.replace('"game":1', '"game":5'))).toThrow('line 1: game must be 1-4, not 5');
    expect(() => parseJsonLines(good.replace('"seat":"South"', '"seat":"West"'))).toThrow('line 1: seats[1] must be {"seat":"South","player":"…"}');
    expect(() => parseJsonLines('[1,2]')).toThrow('line 1: not a JSON object');
    expect(parseJsonLines(`\r\n${good}\r\n\n`)).toHaveLength(1);
    const r = parseJsonLines(good.replace('"discarder":1', '"discarder":0'))[0]!;
    expect(() => replayGameRecord(r)).toThrow('round 1 table 1 game 1: East cannot win on their own discard');
  });
});
