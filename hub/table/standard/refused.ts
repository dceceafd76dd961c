/**
 * What the 4-player table (000 on NMJL play) lists under "Moves the hub could not place" beside
 * the engine's flags, the same on the live table (./engine.ts) and for a game record read back
 * (hub/record/replay.ts): an action the engine refuses as impossible (its `ActionError`) or throws
 * on, a Charleston pass refused with blind tiles (the engine's `blind-pass` flag: NMJL allows blind
 * passes only on the first left and the last right; the game goes on from the racks as read), and
 * a Mah Jongg not paid at the line its winner announced.
 */
import type { Action } from '../../../rules/game/actions.js';
import type { EngineResult } from '../../../rules/game/apply.js';
import { announcedNotPaid } from '../../../rules/variants/standard/entries.js';
import { said } from '../../../rules/variants/standard/play.js';
import type { StandardConfig } from '../../../rules/variants/standard.js';
import type { TableRecords } from '../records.js';

/** `a` thrown on by the engine (`err`): listed in `records` as the current game's, with the error's words. */
export function listThrown(records: TableRecords, a: Action, err: unknown): void {
  records.unplaced.push({ at: a.at, action: said(a), reason: err instanceof Error ? err.message : String(err), ref: a.ref });
}

/**
 * What `a`'s result `r` leaves to list: a `blind-pass` flag (the refusal in full, its `why`), or
 * the winner's announced line not paid (rules/variants/standard/entries.ts `announcedNotPaid`).
 * @returns the `blind-pass` flag raised, if any (the live table then goes on from the racks as read)
 */
export function listRefused(records: TableRecords, a: Action, r: EngineResult, config: Pick<StandardConfig, 'names' | 'cards' | 'settings'>): EngineResult['flags'][number] | undefined {
  const refused = r.flags.find((f) => f.code === 'blind-pass');
  if (refused) records.unplaced.push({ at: a.at, action: said(a), reason: refused.why ?? refused.title, ref: a.ref });
  const notPaid = a.type === 'mah-jongg' ? announcedNotPaid(config, r.state) : null;
  if (notPaid) records.unplaced.push({ at: a.at, action: 'mah-jongg', reason: notPaid, ref: a.ref });
  return refused;
}
