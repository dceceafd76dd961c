/**
 * The 4-player table's own parts of its views (000 on NMJL play): four players with one rack each,
 * every count and wall from the move layer (where the readers have the tiles), the Charleston, one
 * Mah Jongg, the game's score once it has ended, its flags in the order the hub lists them
 * (../flag-view.ts), the scoring settings in force.
 */
import { groupsAsOnCard } from '../../../rules/card-groups.js';
import type { Card } from '../../../rules/card/types.js';
import type { Action } from '../../../rules/game/actions.js';
import { describeScoringSettings, type ScoringSettings } from '../../../rules/scoring/settings.js';
import { CHARLESTON, COURTESY_STAGE, VOTE_STAGE } from '../../../rules/standard-game.js';
import { winnerOf } from '../../../rules/variants/standard/play.js';
import { kindOf } from '../../../rules/tiles.js';
import type { CharlestonView } from '../../api/views.js';
import { standardListedFlags } from '../flag-view.js';
import type { VariantViews } from '../variant-views.js';

/** The 4-player views of a table scored with `settings` (rules/scoring/settings.ts). */
export function standardViews(settings: ScoringSettings): VariantViews {
  return {
    flags: (s, names) => standardListedFlags(s, names),
    points: (s) => (s.result ? [...s.result.score.points] : null),
    // the game's score once it has ended (000); a restart choice is the engine's `stop`
    score: (s) => {
      const r = s.result;
      return r ? { points: [...r.score.points], payment: null, breakdown: r.score.breakdown.map((b) => [...b]), final: true } : null;
    },
    // the readers' counts now
    evidenceCounts: (_flag, { moves }) => moves.counts().total.map((n) => [n]),
    players: ({ table: t, cards, state: s, moves, untrusted, readerOfRack }) => {
      const counts = moves.counts();
      return t.players.map((p, i) => {
        const r = s.seats[i]?.racks[0];
        const won = winnerOf(s);
        const w = won?.player === i ? won.mahJongg : null;
        const trusted = !untrusted.has(readerOfRack(i, 0) ?? '');
        const exposed = moves.tilesAt('top', i).map(kindOf);
        return {
          index: i,
          name: p.name,
          seat: p.seat,
          count: trusted ? counts.total[i]! : null,
          racks: [
            {
              rack: 0,
              count: trusted ? counts.total[i]! : null,
              concealedCount: trusted ? counts.inside[i]! : null,
              exposed,
              groups: groupsAsOnCard(cards, exposed, w ? w.lineId : null),
              dead: r?.dead ?? false,
              deadReason: r?.deadReason ?? null,
              mahJongg: w ? { lineId: w.lineId, lineText: lineText(cards, w.lineId), value: w.value, jokerless: w.jokerless, order: 1 } : null,
            },
          ],
        };
      });
    },
    walls: ({ table: t, moves }) => {
      const walls = moves.wallCounts(Math.max(0, ...t.wallOrder) + 1);
      const current = t.wallOrder.find((w) => (walls[w] ?? 0) > 0);
      return t.wallOrder.map((w) => ({ wall: w, left: walls[w] ?? 0, current: w === current }));
    },
    // where the readers have them
    concealed: ({ moves }, player) => [moves.tilesAt('rack', player)],
    noticeTiles: (tiles) => tiles.map(kindOf),
    own: ({ state: s, moves, inferred }) => ({
      charleston: s.phase === 'charleston' ? charlestonView(s.stage, moves.passInProgress(), charlestonVote(inferred)) : null,
      scoring: describeScoringSettings(settings),
    }),
  };
}

/** The text of line `lineId` on `cards` (the id when no card has it). */
function lineText(cards: readonly Card[], lineId: string): string {
  for (const c of cards) for (const l of c.lines) if (l.id === lineId) return l.text;
  return lineId;
}

/** The vote on the second Charleston as the move layer read it this game (`inferred`): each player's wish, or null before it. */
function charlestonVote(inferred: readonly Action[]): boolean[] | null {
  for (const a of inferred) if (a.type === 'charleston-vote') return a.wants;
  return null;
}

const DIRECTIONS = { 1: 'right', 2: 'across', 3: 'left' } as const;

/**
 * The vote on the second Charleston as the views say it (000: "the second Charleston is optional";
 * NMJL: any one "no" stops it): 'yes' or 'no' once the vote is known (`wants`, the inferred
 * vote, or a second Charleston's pass under way), null at the vote and before it.
 */
function secondCharlestonVote(shown: number, wants: boolean[] | null): 'yes' | 'no' | null {
  if (wants) return wants.every(Boolean) ? 'yes' : 'no';
  if (shown <= VOTE_STAGE) return null;
  return shown < COURTESY_STAGE ? 'yes' : null;
}

/**
 * The Charleston as the views show it (000, NMJL): stage `stage` of CHARLESTON, and the pass under
 * way (tiles each player has passed so far, of them blind), or none yet. At the vote, a pass to the
 * left starts the second Charleston: the move layer's pass is then the second left. `vote`: each
 * player's wish at the vote as inferred, or null before it (the view's `secondCharleston`).
 */
export function charlestonView(stage: number, pass: { passed: number[]; blind: number[]; courtesy: boolean } | null, vote: boolean[] | null = null): CharlestonView {
  const shown = stage === VOTE_STAGE && pass ? (pass.courtesy ? COURTESY_STAGE : VOTE_STAGE + 1) : stage;
  const c = CHARLESTON[shown] ?? CHARLESTON[COURTESY_STAGE]!;
  return {
    stage: c.name,
    direction: c.offset === 0 ? null : DIRECTIONS[c.offset],
    blindAllowed: c.blind,
    passed: pass?.passed ?? [0, 0, 0, 0],
    blind: pass?.blind ?? [0, 0, 0, 0],
    secondCharleston: secondCharlestonVote(shown, vote),
  };
}
