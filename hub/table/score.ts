/**
 * The score shown on the views: the Siamese scorer (rules/scoring/siamese.ts, 003 rules 12 and
 * 17) applied to the engine's state (rules/game/state.ts `GameState`). While the game runs it is the running score of the Mah
 * Jonggs already exposed; once the game has ended it is final.
 */
import { scoreSiamese, type SiameseMahJongg } from '../../rules/scoring/siamese.js';
import type { GameState } from '../../rules/game/state.js';
import type { ScoreView } from '../api/views.js';

/**
 * @param lowestCardValue the lowest hand value on the table's cards (points), for rule 12
 * @returns null before a game has started and for a misdeal (the game does not count, 003 rule 18B)
 */
export function scoreView(s: GameState, table: { players: readonly { name: string }[] }, lowestCardValue: number): ScoreView | null {
  if (s.gameNo === 0 || s.phase === 'waiting' || s.misdeal) return null;
  const mahJonggs: (SiameseMahJongg & { at: number })[] = [];
  s.seats.forEach((p, player) => {
    const made = p.racks.map((r) => r.mahJongg).filter((m) => m !== null);
    for (const m of made) {
      mahJonggs.push({
        player: player as 0 | 1,
        value: m.value,
        jokerless: m.jokerless,
        singlesAndPairs: m.singlesAndPairs,
        order: m.order,
        sameTurnAsOther: made.length === 2 && made[0]!.turnNo === made[1]!.turnNo,
        claimedFrom: m.claimedFrom as 0 | 1 | null,
        misnamedDiscard: m.misnamedDiscard,
        at: m.at,
      });
    }
  });
  mahJonggs.sort((a, b) => a.at - b.at);
  const names = table.players.map((p) => p.name) as [string, string];
  const score = scoreSiamese({
    mahJonggs: mahJonggs.map(({ at: _at, ...m }) => m),
    bothHandsDead: s.bothDead as 0 | 1 | null,
    wallGame: s.phase === 'ended' && s.wallGame,
    lowestCardValue,
    names,
  });
  return {
    points: [...score.points],
    payment: score.payment,
    breakdown: score.breakdown.map((b) => [...b]),
    final: s.phase === 'ended',
  };
}
