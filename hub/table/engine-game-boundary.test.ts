/**
 * Flags and rulings across a game boundary on a Royale Siamese table (003), from hand-written
 * reader lines on a hand-driven clock (hub/table/test-bench.ts):
 * - a flag still awaiting the director when the next game begins stays listed, with its game
 *   number, until ruled on;
 * - a ruling on it re-scores that game as it stood when play stopped; the next game is untouched;
 * - a game that ended and whose table has been cleared is never reopened for play by a ruling:
 *   the moves after the end stay in the next game; the discard that completes the turn the game
 *   ended in is not clearing;
 * - a ruling names the state of the flag it expects: a ruling made on a flag someone else has
 *   ruled on meanwhile is refused (409).
 */
import { describe, expect, it } from 'vitest';
import { HandBench, closedAfterEach } from './test-bench.js';
import type { TileId } from '../../rules/tiles.js';

const keep = closedAfterEach<HandBench>();

/**
 * Game 1: the deal, then Ann (East) picks one tile too many and discards: 28 tiles off turn, a 003
 * rule 18C flag, both of Ann's hands dead, the game over. Rule 12: Ann pays 4 × the lowest value on
 * the cards (25) = 100: Ann 0, Bea 100.
 */
function endedOn18C(): { b: HandBench; flagId: string } {
  const b = keep(new HandBench({ staleMs: 60_000 }));
  b.build();
  b.deal();
  b.turnWithExtraPick('RK-E1/in', 'RK-E2/in');
  const v = b.view();
  expect(v.flags.map((f) => [f.kind, f.rule, f.status])).toEqual([['tile-count', '003 rule 18C', 'awaiting-director']]);
  expect([v.gameNo, v.phase, v.score?.points, v.score?.final]).toEqual([1, 'ended', [0, 100], true]);
  return { b, flagId: v.flags[0]!.id };
}

describe('a flag of an ended game stays listed and rulable; a ruling re-scores that game only', () => {
  it('the 18C flag of game 1 is still listed (game 1) while game 2 is played; dismissing it re-scores game 1 to 0 / 0, game 2 unchanged', () => {
    const { b, flagId } = endedOn18C();
    // the table is cleared and game 2 built, dealt, and Ann plays a turn
    b.returnToWalls();
    b.deal();
    b.turn('RK-E1/in');
    const before = b.view();
    expect([before.gameNo, before.phase, before.turn, before.players.map((p) => p.count)]).toEqual([2, 'play', 1, [27, 27]]);
    // listed with its game number on the public and the director view, with its evidence
    expect(before.flags.map((f) => [f.id, f.gameNo, f.status])).toEqual([[flagId, 1, 'awaiting-director']]);
    const dv = b.engine.directorView();
    expect(dv.flags.map((f) => f.id)).toEqual([flagId]);
    expect(dv.evidence.map((e) => e.flagId)).toEqual([flagId]);
    expect(dv.evidence[0]!.counts).toEqual([
      [14, 14],
      [14, 13],
    ]); // Ann 28, Bea 27 at the flag
    expect(before.results).toEqual([{ gameNo: 1, endReason: 'Ann had 28 tiles off turn: both hands dead (003 rules 18C and 12)', points: [0, 100], ruling: null }]);

    b.clock += 1000;
    const at = b.clock;
    b.engine.rule(flagId, 'dismiss', 'Dora');
    const after = b.view();
    // game 1 as it stood when play stopped: no Mah Jongg, no dead hand, the walls not used up:
    // nobody made a Mah Jongg, so nobody is paid (003 rule 17: payment strictly by the Mah Jonggs)
    expect(after.results).toEqual([
      {
        gameNo: 1,
        endReason: 'play stopped when the table was cleared for the next game; scored as it stood (003 rule 17)',
        points: [0, 0],
        ruling: { flagId, ruling: 'dismiss', by: 'Dora', at },
      },
    ]);
    // ruled on: no longer listed; game 2 exactly as before the ruling
    expect(after.flags).toEqual([]);
    expect({ ...after, results: [], updatedAt: 0 }).toEqual({ ...before, results: [], flags: [], updatedAt: 0 });
  });

  it('dismissing an 18C flag that ended the game, once the table is being cleared, keeps the game over: the clearing moves stay out of it', () => {
    const { b, flagId } = endedOn18C();
    expect(b.returnToWalls(12)).toBe(12); // the players start clearing the table
    b.settle();
    b.engine.rule(flagId, 'dismiss', 'director');
    const v = b.view();
    expect([v.gameNo, v.phase, v.turn]).toEqual([1, 'ended', null]);
    expect(v.endReason).toBe('play stopped when the table was cleared for the next game; scored as it stood (003 rule 17)');
    expect(v.score).toMatchObject({ points: [0, 0], final: true });
    expect(v.flags.map((f) => [f.id, f.status])).toEqual([[flagId, 'dismissed']]);
    expect(v.players.flatMap((p) => p.racks.map((r) => r.dead))).toEqual([false, false, false, false]);
    // the rest of the clearing and game 2: no flag made of those moves
    b.returnToWalls();
    b.deal();
    b.turn('RK-E1/in');
    const g2 = b.view();
    expect([g2.gameNo, g2.phase, g2.flags, g2.players.map((p) => p.count)]).toEqual([2, 'play', [], [27, 27]]);
    expect(g2.results?.map((r) => [r.gameNo, r.points])).toEqual([[1, [0, 0]]]);
  });

  it('a dismissal before anyone has touched a tile lets the game play on (it was never over)', () => {
    const { b, flagId } = endedOn18C();
    b.engine.rule(flagId, 'dismiss', 'director');
    const v = b.view();
    expect([v.gameNo, v.phase, v.turn]).toEqual([1, 'play', 1]);
    expect(v.results).toEqual([]);
  });

  /**
   * Game 1 to Bea's discard of turn 2; Ann then racks two tiles before the count check of Bea's
   * discard falls due: 27 + 2 = 29 tiles after picking (28 is right), a 003 rule 18C flag at the
   * pick, the game over. Ann has not discarded yet.
   */
  function flaggedAtPick(): { b: HandBench; flagId: string; pick: TileId } {
    const b = keep(new HandBench({ staleMs: 60_000 }));
    b.build();
    b.deal();
    b.turn('RK-E1/in');
    const bea = b.nextFrom(1);
    b.move(bea, 'RK-W1/in');
    b.advance(300);
    b.move(bea, 'FL-1/floor');
    const pick = b.nextFrom(1);
    b.move(pick, 'RK-E1/in');
    b.move(b.nextFrom(1), 'RK-E2/in');
    b.settle();
    const v = b.view();
    expect(v.flags.map((f) => [f.rule, f.title, f.status])).toEqual([['003 rule 18C', 'Ann has 29 tiles after picking (should be 28): both hands dead', 'awaiting-director']]);
    expect([v.phase, v.players.map((p) => p.count), v.score?.points]).toEqual(['ended', [29, 27], [0, 100]]);
    return { b, flagId: v.flags[0]!.id, pick };
  }

  it('an 18C flag at the pick, then the discard that completes that turn: a dismissal still lets play go on (the discard did not clear the table)', () => {
    const { b, flagId, pick } = flaggedAtPick();
    b.move(pick, 'FL-1/floor'); // Ann discards before anyone has read the flag
    b.settle();
    expect([b.view().phase, b.view().players.map((p) => p.count)]).toEqual(['ended', [28, 27]]);
    b.engine.rule(flagId, 'dismiss', 'director');
    const v = b.view();
    // play goes on from Ann's discard: Bea's turn; Ann still holds one tile too many (28 off turn),
    // the discrepancy the director dismissed, so it is not flagged again
    expect([v.phase, v.turn, v.endReason ?? null, v.players.map((p) => p.count)]).toEqual(['play', 1, null, [28, 27]]);
    expect(v.flags.map((f) => [f.id, f.status])).toEqual([[flagId, 'dismissed']]);
    expect(v.score).toMatchObject({ points: [0, 0], final: false });
    // nor at Ann's next pick (29 after picking: the same one tile)
    b.turn('RK-W2/in');
    const pick2 = b.nextFrom(1);
    b.move(pick2, 'RK-E1/in');
    b.settle();
    const w = b.view();
    expect([w.phase, w.turn, w.players.map((p) => p.count), w.flags.length]).toEqual(['play', 0, [29, 27], 1]);
  });

  it('an 18C flag at the pick, the discard, then a tile back into a wall: the table is being cleared and the end stands', () => {
    const { b, flagId, pick } = flaggedAtPick();
    b.move(pick, 'FL-1/floor');
    expect(b.returnToWalls(1)).toBe(1);
    b.settle();
    b.engine.rule(flagId, 'dismiss', 'director');
    const v = b.view();
    expect([v.phase, v.endReason]).toEqual(['ended', 'play stopped when the table was cleared for the next game; scored as it stood (003 rule 17)']);
    expect(v.score).toMatchObject({ points: [0, 0], final: true });
  });

  it('a ruling names the state it expects: a second ruling made on the same open flag is refused (409) and logs nothing', () => {
    const { b, flagId } = endedOn18C();
    b.engine.rule(flagId, 'confirm', 'Ann Director');
    const status = (f: () => void): [number, string] => {
      try {
        f();
      } catch (err) {
        return [(err as { status: number }).status, (err as Error).message];
      }
      return [200, ''];
    };
    // made while the flag was open: it expected 'awaiting-director' (the default)
    expect(status(() => b.engine.rule(flagId, 'dismiss', 'Bo Director'))).toEqual([
      409,
      `flag '${flagId}' was confirmed by Ann Director meanwhile: this ruling was made on it awaiting the director. Look at the flag again; to change that ruling, rule with was: 'confirmed'`,
    ]);
    expect(b.store.events('t1').filter((e) => e.type === 'director-ruling')).toHaveLength(1);
    // naming the ruling it changes, it stands
    b.engine.rule(flagId, 'dismiss', 'Bo Director', undefined, 'confirmed');
    expect(b.view().flags[0]!.status).toBe('dismissed');
  });
});
