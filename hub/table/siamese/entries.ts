/**
 * The director's entries on a Royale Siamese table (003 rule 19), checked before they are logged:
 * what no reader can witness, a discard the discarder named wrongly, claimed for a Mah Jongg
 * (`misnamed-discard`, rule 19C/D) or for an exposure (`misnamed-exposure`, rule 19A/B). The engine
 * (rules/game/apply.ts, rules/game/misnamed.ts) judges them when the log is folded.
 */
import type { GameState } from '../../../rules/game/state.js';
import { isTileKind, kindOf } from '../../../rules/tiles.js';
import { type AnyDirectorEntry, type DirectorEntry, RulingError } from '../../api/runtime.js';

/** What an entry is checked against: the table's players and racks, the engine's state, the racks whose reader the hub cannot trust now. */
export interface SiameseEntryContext {
  tableId: string;
  names: readonly string[];
  racksPerPlayer: number;
  state: GameState;
  /** the racks (0 = rack 1) of `player` whose reader the hub cannot trust now */
  untrustedRacks(player: number): number[];
}

/**
 * The entry to log for `any` (its `by` is the caller's to add): a mis-named discard claimed for a
 * Mah Jongg (003 rule 19C/D) or for an exposure (19A/B, with the discarder's racks the hub cannot
 * trust now, `unseenRacks`, where the engine will not look for the tile named).
 * @throws RulingError 400 an entry of another kind, a player or rack not of the table, `named` not
 *   a tile kind or the kind of the tile called; 409 no Mah Jongg on a called discard on that rack,
 *   already entered, no discard called by `player` this turn, the called tile not on a rack's top
 *   of theirs, or its rack a Mah Jongg (that is 19C: `misnamed-discard`)
 */
export function siameseEntry(any: AnyDirectorEntry, c: SiameseEntryContext): DirectorEntry {
  if (any.entry === 'misnamed-exposure') return misnamedExposure(any, c);
  if (any.entry !== 'misnamed-discard' || typeof any.rack !== 'number') {
    throw new RulingError(400, `a Siamese table takes only a mis-named discard entry (003 rule 19), not '${any.entry}'`);
  }
  const entry: DirectorEntry = { entry: 'misnamed-discard', player: any.player, rack: any.rack };
  const nP = c.names.length;
  const nR = c.racksPerPlayer;
  if (!Number.isInteger(entry.player) || entry.player < 0 || entry.player >= nP) throw new RulingError(400, `table ${c.tableId} has players 0-${nP - 1}, not ${String(entry.player)}`);
  if (!Number.isInteger(entry.rack) || entry.rack < 0 || entry.rack >= nR)
    throw new RulingError(400, `table ${c.tableId}: player ${entry.player} has racks 1-${nR} (rack 0-${nR - 1} in the entry), not rack ${String(entry.rack)}`);
  const mj = c.state.seats[entry.player]?.racks[entry.rack]?.mahJongg;
  if (!mj || mj.claimedFrom === null) {
    throw new RulingError(409, `no Mah Jongg on a called discard on player ${entry.player}'s rack ${entry.rack + 1} of table '${c.tableId}'`);
  }
  if (mj.misnamedDiscard) throw new RulingError(409, 'that mis-named discard was already entered');
  return entry;
}

/**
 * A mis-named discard claimed for an exposure (003 rule 19A/B): `player` called the discard this
 * turn and the discarder had named it `named`.
 */
function misnamedExposure(any: Extract<AnyDirectorEntry, { entry: 'misnamed-exposure' }>, c: SiameseEntryContext): DirectorEntry {
  const s = c.state;
  const nP = c.names.length;
  if (!Number.isInteger(any.player) || any.player < 0 || any.player >= nP) throw new RulingError(400, `table ${c.tableId} has players 0-${nP - 1}, not ${String(any.player)}`);
  const who = c.names[any.player]!;
  if (typeof any.named !== 'string' || !isTileKind(any.named)) throw new RulingError(400, `named: ${JSON.stringify(any.named)} is not a tile kind (e.g. "5D", "N", "RD", "F")`);
  const called = s.phase === 'play' && s.turn === any.player ? s.seats[any.player]?.calledTile : null;
  if (!called)
    throw new RulingError(409, `${who} has called no discard this turn at table '${c.tableId}': a mis-named discard claimed for an exposure is entered during the claimer's turn (003 rule 19A/B)`);
  const at = s.where.get(called.tile);
  if (at?.area !== 'top' || at.player !== any.player) throw new RulingError(409, `the discard ${who} called (${called.tile}) is not on a rack's top of ${who}'s: no exposure to put right`);
  if (s.seats[any.player]!.racks[at.rack]!.mahJongg) {
    throw new RulingError(409, `the discard ${who} called (${called.tile}) completed a Mah Jongg on rack ${at.rack + 1}: enter misnamed-discard (003 rule 19C)`);
  }
  if (kindOf(called.tile) === any.named) throw new RulingError(400, `the discard ${who} called is a ${any.named} (${called.tile}): named ${any.named}, it was not mis-named`);
  if (s.misnamed.some((m) => m.tile === called.tile && m.claimer === any.player)) throw new RulingError(409, `that mis-named discard (${called.tile}) was already entered`);
  return { entry: 'misnamed-exposure', player: any.player, rack: at.rack, named: any.named, unseenRacks: c.untrustedRacks(called.from) };
}
