/**
 * The Royale Siamese table's own parts of its views (003): two players with two racks each, every
 * count from the engine's tile map (both racks plus exposures, 003 rule 18C), the walls as the
 * engine has them, up to two Mah Jonggs a player (rule 12), the running score (rules 12 and 17),
 * each flag listed as raised.
 */
import { groupsAsOnCard } from '../../../rules/card-groups.js';
import { currentWall, rackCounts, wallLeft } from '../../../rules/game/state.js';
import { kindOf } from '../../../rules/tiles.js';
import { restartScore } from '../restart-check.js';
import { siameseFlagView } from '../flag-view.js';
import { scoreView } from '../score.js';
import type { VariantViews } from '../variant-views.js';

/**
 * The Siamese views of a table whose cards' lowest hand is worth `lowestCardValue` points (003 rule 12).
 * @param players the players' names, in seat order
 */
export function siameseViews(players: readonly { name: string }[], lowestCardValue: number): VariantViews {
  const table = { players };
  return {
    flags: (s) => s.flags.map((flag) => ({ flag, view: { ...siameseFlagView(flag), gameNo: s.gameNo } })),
    // the results are the game as scored, whatever a restart choice made of it
    points: (s) => scoreView(s, table, lowestCardValue)?.points ?? null,
    score: (s, choice) => restartScore(choice, scoreView(s, table, lowestCardValue), players.length),
    // the counts as the engine had them when the flag was raised
    evidenceCounts: (flag) => flag.evidence.counts,
    players: ({ table: t, cards, state: s, untrusted, readerOfRack }) => {
      const counts = rackCounts(s.where, t.players.length, t.racksPerPlayer);
      return t.players.map((p, i) => {
        const racks = Array.from({ length: t.racksPerPlayer }, (_, r) => {
          const rs = s.seats[i]!.racks[r]!;
          const trusted = !untrusted.has(readerOfRack(i, r) ?? '');
          const exposed = s.where.tilesIn({ area: 'top', player: i, rack: r }).map(kindOf);
          return {
            rack: r,
            count: trusted ? counts[i]![r]! : null,
            concealedCount: trusted ? s.where.countIn({ area: 'rack', player: i, rack: r }) : null,
            exposed,
            groups: groupsAsOnCard(cards, exposed, rs.mahJongg?.lineId ?? null),
            dead: rs.dead,
            deadReason: rs.deadReason,
            mahJongg: rs.mahJongg ? { lineId: rs.mahJongg.lineId, lineText: rs.mahJongg.lineText, value: rs.mahJongg.value, jokerless: rs.mahJongg.jokerless, order: rs.mahJongg.order } : null,
          };
        });
        return {
          index: i,
          name: p.name,
          seat: p.seat,
          // both racks plus exposures (003 rule 18C)
          count: racks.every((r) => r.count !== null) ? s.where.heldBy(i) : null,
          racks,
        };
      });
    },
    walls: ({ table: t, state: s }) => {
      const left = wallLeft(s.where, t.wallOrder.length);
      const current = currentWall(s.where, t.wallOrder);
      return t.wallOrder.map((w) => ({ wall: w, left: left[w] ?? 0, current: w === current }));
    },
    concealed: ({ table: t, state: s }, player) => Array.from({ length: t.racksPerPlayer }, (_, r) => s.where.tilesIn({ area: 'rack', player, rack: r })),
    // the tiles the engine deferred, by id (003 rules 17, 19, 20)
    noticeTiles: (tiles) => [...tiles],
    own: () => ({}),
  };
}
