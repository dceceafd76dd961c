/**
 * A Royale Siamese referee flag as the views and the game-record referee show it: the public
 * fields only (no evidence, no tiles), the same on the live table and in `mjhub referee`.
 */
import type { Flag } from '../../rules/referee/siamese.js';
import type { PublicFlag } from '../api/views.js';

/** `f`'s public fields (its game number is the caller's to add). */
export function siameseFlagView(f: Flag): Omit<PublicFlag, 'gameNo'> {
  return {
    id: f.id,
    kind: f.kind,
    code: f.code,
    params: f.params,
    rule: f.rule,
    title: f.title,
    player: f.player,
    rack: f.rack,
    at: f.at,
    status: f.status,
    consequence: f.consequence,
    ...(f.deadRackChoice ? { deadRackChoice: f.deadRackChoice } : {}),
  };
}
