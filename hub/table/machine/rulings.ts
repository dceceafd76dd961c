/**
 * The ruling log of a table: the director's `director-ruling` events as they stand (the latest
 * ruling on a flag replaces the one before), the standing rulings a fold begins with
 * (`GameState.rulings`, rules/game/state.ts), and the checks a new ruling must pass.
 */
import type { FlagStatus } from '../../api/views.js';
import { RulingError } from '../../api/runtime.js';
import type { RecordRuling } from '../../../rules/record/game-record.js';
import type { StoredEvent } from '../../store/types.js';
import { statusText } from '../../../rules/wording/flags.js';
import { type GameState, standingRulings } from '../../../rules/game/state.js';

/**
 * Payload of a `director-ruling` event. The latest ruling on a flag stands: the fold uses it alone
 * (a director may change a ruling while the game is the current one).
 */
export interface RulingData {
  flagId: string;
  ruling: 'confirm' | 'dismiss';
  by: string;
  /**
   * with `confirm` on a wrong-wall flag where 003 rule 20 is silent (the flag's `deadRackChoice`):
   * the rack (index, 0 = rack 1) the director chose to die instead of the default
   */
  deadRack?: number;
  /** the ruling this one replaces, when the flag was already ruled on */
  changes?: { ruling: 'confirm' | 'dismiss'; deadRack?: number; by: string };
}

/** A flag as the ruling code needs it (see TableMachine.rule, hub/table/machine.ts). */
export interface RulableFlag {
  id: string;
  status: string;
  /** e.g. `"wrong-wall"` */
  kind?: string;
  /** e.g. `"003 rule 20"` */
  rule?: string;
  /** the rack dead now, when the flag kills one */
  rack?: number | null;
  /** set when the rule leaves the dead hand to the director (003 rule 20 with no exposures) */
  deadRackChoice?: { default: number; racks: number[] };
}

/** The latest ruling on a flag, as {@link RulingLog.latestOf} gives it (`at` ms since epoch). */
export interface LatestRuling {
  flagId: string;
  ruling: 'confirm' | 'dismiss';
  by: string;
  at: number;
}

export { gameOfFlag } from '../../../rules/game/flags.js';

/** The standing rulings of one table's log (see the module comment). */
export class RulingLog {
  /** flag id → the standing (latest) ruling on it, when it was made (ms) and its event's sequence number (from the log) */
  private readonly rulings = new Map<string, RulingData & { at: number; seq: number }>();
  /** the standing rulings as the engine's state holds them (a new map at each ruling noted, else the same one) */
  private inState: GameState['rulings'] = new Map();

  /** Forgets every ruling (before the log is read again). */
  clear(): void {
    this.rulings.clear();
    this.inState = new Map();
  }

  /** A `director-ruling` event: the latest ruling on a flag stands (a changed ruling replaces the one before). */
  note(e: StoredEvent): void {
    const d = e.data as RulingData;
    this.rulings.set(d.flagId, { ...d, at: e.at, seq: e.seq });
    this.inState = standingRulings(this.rulings.values());
  }

  /**
   * The standing rulings, as `GameState.rulings` (rules/game/state.ts): what a fold begins with
   * and keeps when it is put back at a checkpoint, so every game is folded with the rulings on its
   * flags from its start.
   */
  standing(): GameState['rulings'] {
    return this.inState;
  }

  /** Whether `e`, a `director-ruling` event, is the ruling standing on its flag (a later one replaces it: the fold skips it). */
  stands(e: StoredEvent): boolean {
    return this.rulings.get((e.data as RulingData).flagId)?.seq === e.seq;
  }

  /**
   * The `director-ruling` payload of a new ruling on `flagId`, checked against the flag as it
   * stands (`flag`: undefined when it is not rulable now) and the ruling standing on it (the
   * arguments and errors of TableMachine.rule, hub/table/machine.ts).
   * @throws RulingError 404 unknown flag; 409 a flag of an earlier game already ruled on (final); 400 a
   *   `deadRack` with a dismiss, on a flag whose rule names the hand, or not one of the flag's
   *   racks; 409 the flag is no longer `was`, or the same ruling as the standing one
   */
  check(tableId: string, flag: RulableFlag | undefined, flagId: string, ruling: 'confirm' | 'dismiss', by: string, deadRack: number | undefined, was: FlagStatus): RulingData {
    const ruled = this.rulings.get(flagId);
    if (!flag && ruled) {
      // a flag of an earlier game leaves the list once ruled on: that ruling is final
      const how = ruled.ruling === 'confirm' ? 'confirmed' : 'dismissed';
      throw new RulingError(409, `flag '${flagId}' was ${how} by ${ruled.by}; its game is over, so that ruling stands (the director corrects the score card if need be)`);
    }
    if (!flag) throw new RulingError(404, `unknown flag '${flagId}' on table '${tableId}' (only the current game's flags and the open flags of earlier games can be ruled on)`);
    const choice = flag.deadRackChoice;
    if (deadRack !== undefined) {
      if (ruling !== 'confirm') throw new RulingError(400, `deadRack goes only with a confirm, not with '${ruling}' (flag '${flagId}')`);
      if (!choice) {
        throw new RulingError(
          400,
          `flag '${flagId}' (${flag.kind ?? 'flag'}, ${flag.rule ?? 'no rule'}) leaves the director no choice of the dead hand: only a wrong-wall flag where 003 rule 20 is silent (no exposures on either rack) does`,
        );
      }
      if (!choice.racks.includes(deadRack)) {
        throw new RulingError(
          400,
          `deadRack ${deadRack} is not a rack that can die for flag '${flagId}': choose ${choice.racks.join(' or ')} (${choice.racks.map((r) => `rack ${r + 1}`).join(' or ')})`,
        );
      }
    }
    // the rack a ruling kills on a flag with a choice (a confirm with no deadRack: the default)
    const dies = (r: { ruling: string; deadRack?: number }) => (r.ruling === 'confirm' && choice ? (r.deadRack ?? choice.default) : null);
    const standing = this.rulings.get(flagId);
    if (standing && standing.ruling === ruling && dies(standing) === dies({ ruling, deadRack })) {
      const rackText = dies(standing) !== null ? ` with rack ${dies(standing)! + 1} dead` : '';
      throw new RulingError(409, `flag '${flagId}' was already ${ruling === 'confirm' ? 'confirmed' : 'dismissed'}${rackText} by ${standing.by}`);
    }
    if (flag.status !== was) {
      // ruled on by someone else since this director looked: the first ruling stands
      const saw = statusText(was);
      const how = standing ? `was ${flag.status} by ${standing.by} meanwhile` : `is ${flag.status}`;
      throw new RulingError(409, `flag '${flagId}' ${how}: this ruling was made on it ${saw}. Look at the flag again; to change that ruling, rule with was: '${flag.status}'`);
    }
    return {
      flagId,
      ruling,
      by,
      ...(deadRack !== undefined ? { deadRack } : {}),
      ...(standing ? { changes: { ruling: standing.ruling, ...(standing.deadRack !== undefined ? { deadRack: standing.deadRack } : {}), by: standing.by } } : {}),
    };
  }

  /** The latest ruling on a flag of game `gameNo` (flag ids are `g<game>-…`), or null. */
  latestOf(gameNo: number): LatestRuling | null {
    let out: LatestRuling | null = null;
    for (const [flagId, r] of this.rulings) if (flagId.startsWith(`g${gameNo}-`) && (!out || r.at >= out.at)) out = { flagId, ruling: r.ruling, by: r.by, at: r.at };
    return out;
  }

  /** The standing ruling (the latest) on each flag of game `gameNo` (flag ids `g<game>-…`), in the order they were made. */
  ofGame(gameNo: number): { ruling: RecordRuling }[] {
    return [...this.rulings]
      .filter(([flagId]) => flagId.startsWith(`g${gameNo}-`))
      .map(([flagId, r]) => ({ ruling: { flagId, ruling: r.ruling, ...(r.deadRack !== undefined ? { deadRack: r.deadRack } : {}), by: r.by, at: r.at } }))
      .sort((a, b) => a.ruling.at - b.ruling.at);
  }
}
