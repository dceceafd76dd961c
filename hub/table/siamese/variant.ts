/**
 * The Royale Siamese table (003) as a live table plays it (../variant.ts `TableVariant`): two
 * players with two racks each, the one engine with `SIAMESE` (rules/variants/siamese.ts), each
 * move read as the actions it is and judged at once (`judge-now`), the 003 rule 18 count rule in
 * force, the settle windows of a rack reader's two antennas, the director's mis-named discards
 * (003 rule 19).
 */
import { createEngine } from '../../../rules/game/apply.js';
import type { Place } from '../../../rules/game/places.js';
import { misnamedText } from '../../../rules/game/misnamed.js';
import { initialGameState } from '../../../rules/game/state.js';
import { SIAMESE_SCORING, wallsOf } from '../../../rules/record/game-record.js';
import { COUNT_RULES, SIAMESE } from '../../../rules/variants/siamese.js';
import type { DirectorEntry } from '../../api/runtime.js';
import { DEFAULT_COUNT_RULE_IN_FORCE, type CountRuleInForce } from '../../tournament/config.js';
import { MoveReader, SIAMESE_MOVES, turnView } from '../moves/moves.js';
import { topsOfReaders } from '../moves/zones.js';
import type { TableEngineOptions, TableVariant } from '../variant.js';
import { siameseEntry } from './entries.js';
import { siameseViews } from './views.js';

/**
 * Settle windows per area (ms), measured with `npm run measure:noise` (README, "Noise"): inside a
 * rack and on its top 400 ms, longer than a cross-read between the two antennas of one rack
 * reader lasts (up to 300 ms), so a cross-read never settles; walls and the floor use the table
 * config's `timing.settleMs` (250 ms in the demo).
 */
export const DEFAULT_SETTLE_BY_AREA: Partial<Record<Place['area'], number>> = { rack: 400, top: 400 };

/**
 * The Royale Siamese table of `opts` (003).
 * @throws Error when the table is not a Siamese table
 */
export function siameseVariant(opts: TableEngineOptions): TableVariant {
  const t = opts.table;
  if (t.variant !== 'siamese') throw new Error(`table ${t.id}: only the Siamese variant is played by this hub version`);
  const own = t.countRule;
  /** the count rule this table plays (003 rule 18A or 18D) and where it was chosen */
  const countRule: CountRuleInForce = opts.countRule ?? (own ? { rule: own, source: 'table', field: `table config: table ${t.id}: countRule` } : DEFAULT_COUNT_RULE_IN_FORCE);
  const names = t.players.map((p) => p.name);
  return {
    kind: 'siamese',
    seed: '003',
    settleByArea: { ...DEFAULT_SETTLE_BY_AREA, ...(opts.settleByArea ?? {}) },
    engine: (cards) => {
      const config = { names, racksPerPlayer: t.racksPerPlayer, tilesPerWall: t.tilesPerWall, wallOrder: t.wallOrder, cards, countRule: countRule.rule };
      return { engine: createEngine(SIAMESE, config), config };
    },
    initialState: () => initialGameState({ variant: 'siamese', seats: t.players.length, racksPerSeat: t.racksPerPlayer }),
    // the Siamese reading, its hearing marked at once (`judge-now`, 003 rules 11 and 20)
    moveReader: () => new MoveReader(SIAMESE_MOVES, { topsOf: (readers) => topsOfReaders(t, readers) }),
    moveView: (s) => turnView(s.phase, s.turn),
    views: (lowestCardValue) => siameseViews(t.players, lowestCardValue),
    movesAsOne: true,
    readersCount: false,
    // the walls as the engine has them when the last wall is built (the game begins there)
    wallsBuilt: (state) => wallsOf(state.where, Math.max(...t.wallOrder) + 1),
    stoppedReason: (stopped) => `${stopped} (003 rule 17)`,
    restartReason: (endReason) => endReason,
    checkEntry: (entry, c) => siameseEntry(entry, c),
    entryAction: (data, at, ref) => {
      const d = data as unknown as DirectorEntry;
      const action = {
        type: 'director-entry' as const,
        entry: d.entry,
        player: d.player,
        rack: d.rack,
        ...(d.entry === 'misnamed-exposure' ? { named: d.named, unseenRacks: d.unseenRacks ?? [] } : {}),
        at,
        ref,
      };
      return { action, line: action };
    },
    // the settings a game record carries in its header (rules/GAME-RECORD.md)
    header: (walls) => ({
      racksPerPlayer: t.racksPerPlayer,
      tilesPerWall: t.tilesPerWall,
      wallOrder: [...t.wallOrder],
      walls: (walls ?? []).map((w) => [...w]),
      scoring: { ...SIAMESE_SCORING, countRule: countRule.rule },
    }),
    // the count rule in force, and this game's mis-named discards claimed for an exposure with what the hub found in the discarder's racks (003 rule 19A/B)
    director: (s) => {
      const misnamed = s.misnamed.map((m) => ({
        claimer: m.claimer,
        rack: m.rack,
        tile: m.tile,
        named: m.named,
        discarder: m.discarder,
        status: m.status,
        holds: m.holds,
        replacement: m.replacement,
        text: misnamedText(m, names),
        at: m.at,
      }));
      return { countRule: { ...countRule, meaning: COUNT_RULES[countRule.rule] }, ...(misnamed.length ? { misnamed } : {}) };
    },
    scoring: null,
  };
}
