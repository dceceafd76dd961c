/**
 * The 4-player table (000 on NMJL play) as a live table plays it (../variant.ts `TableVariant`):
 * four players with one rack each, the one engine with `STANDARD` (rules/variants/standard.ts),
 * the moves held while a zone is not heard and judged in the table's order (`hold-and-reorder`),
 * the readers' counts checked in play (`rack-count`), the scoring settings in force, the
 * director's entries of what no reader can witness (rules/variants/standard/entries.ts).
 */
import type { Action } from '../../../rules/game/actions.js';
import { initialGameState } from '../../../rules/game/state.js';
import { practiceHeader, type StandardEntry } from '../../../rules/record/game-record.js';
import { setOrderWalls } from '../../../rules/record/upgrade.js';
import { checkScoringConfig } from '../../../rules/scoring/settings.js';
import { standardEngine, type StandardConfig } from '../../../rules/variants/standard.js';
import { EntryError } from '../../../rules/variants/standard/entries.js';
import { STANDARD_SHAPE } from '../../../rules/variants/standard/play.js';
import { RulingError } from '../../api/runtime.js';
import { practiceOf } from '../../config/practice.js';
import { MoveReader, STANDARD_MOVES } from '../moves/moves.js';
import type { TableEngineOptions, TableVariant } from '../variant.js';
import { standardMoveView } from './move-view.js';
import { standardViews } from './views.js';

/**
 * The 4-player table of `opts` (000).
 * @throws Error when the table is not a standard 4-player table of one rack each
 */
export function standardVariant(opts: TableEngineOptions): TableVariant {
  const t = opts.table;
  if (t.variant !== 'standard' || t.players.length !== 4 || t.racksPerPlayer !== 1) {
    throw new Error(`table ${t.id}: the standard engine plays 4 players with 1 rack each (variant "standard"), not ${t.players.length} players × ${t.racksPerPlayer} racks (${t.variant})`);
  }
  const settings = opts.scoring ?? checkScoringConfig(t.scoring ?? 'tournament', `table ${t.id}: scoring`);
  const notCompleted = '(000: a game not completed scores zero)';
  /** a director entry as the engine's `director-entry` action (what it says beside its kind and player kept: the line, the declared hand, the mis-named discard's claim) */
  const entryAction = (entry: Record<string, unknown>, ref: string, at: number): Action => {
    const { entry: kind, player, rack, ...rest } = entry;
    return { type: 'director-entry', entry: kind as StandardEntry['entry'], player: player as number, rack: (rack as number | undefined) ?? 0, ...rest, at, ref } as Action;
  };
  return {
    kind: 'standard',
    seed: '000',
    settleByArea: opts.settleByArea ?? null,
    engine: (cards) => {
      const config: StandardConfig = {
        names: t.players.map((p) => p.name),
        cards,
        settings,
        killingExposureJokersInPlay: t.killingExposureJokersInPlay ?? false,
        practice: practiceOf(t),
        tableId: t.id,
      };
      return { engine: standardEngine(config), config: { ...config, racksPerPlayer: 1, tilesPerWall: 152, wallOrder: [0] } };
    },
    initialState: () => initialGameState(STANDARD_SHAPE),
    // the 4-player reading, moves not heard held and put in order (`hold-and-reorder`, ../moves/held.ts), each player's rack reader
    moveReader: (readerOfRack) => new MoveReader(STANDARD_MOVES, { playersOf: (readers) => t.players.map((_, p) => p).filter((p) => readers.includes(readerOfRack(p, 0) ?? '')) }),
    moveView: standardMoveView,
    views: () => standardViews(settings),
    movesAsOne: false,
    readersCount: true,
    wallsBuilt: (_state, moves) => moves.builtWalls ?? undefined,
    stoppedReason: (stopped) => `${stopped} ${notCompleted}`,
    restartReason: (endReason, choice) => (choice === 'score' ? `${endReason} ${notCompleted}` : endReason),
    checkEntry: (entry, c, trial) => {
      try {
        trial(entryAction(entry as unknown as Record<string, unknown>, 'new', c.now));
      } catch (err) {
        if (err instanceof EntryError) throw new RulingError(err.status, err.message);
        throw err;
      }
      // what the entry says beside its kind and player: the line announced, the declared hand, the mis-named discard's claim
      const { entry: kind, player, rack, ...extra } = entry as typeof entry & Record<string, unknown>;
      return { entry: kind, player, rack: rack ?? 0, ...extra };
    },
    entryAction: (data, at, ref) => {
      const { by, rack, ...d } = data;
      const sent = { ...d, rack: rack ?? 0, by: by ?? 'director' };
      const action = entryAction(sent, ref, at);
      const { entry: kind, player, rack: r, ...rest } = { ...sent, at, ref } as Record<string, unknown>;
      return { action, line: { type: 'director-entry', entry: kind, player, rack: r, ...rest } as Action };
    },
    header: (walls) => ({
      // the walls as built (a game dealt by a script, with no walls built: the set in set order)
      walls: (walls ?? setOrderWalls()).map((w) => [...w]),
      scoring: structuredClone(settings),
      ...(t.killingExposureJokersInPlay ? { killingExposureJokersInPlay: true } : {}),
      // the NMJL practice settings the table plays, when any differs from the defaults (rules/GAME-RECORD.md)
      ...practiceHeader(practiceOf(t)),
    }),
    director: () => ({}),
    scoring: settings,
  };
}
