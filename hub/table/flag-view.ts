/**
 * A Royale Siamese referee flag as the views and the game-record referee show it: the public
 * fields only (no evidence, no tiles), the same on the live table and in `mjhub referee`.
 */
import type { GameFlag } from '../../rules/game/flags.js';
import { idKindOf } from '../../rules/wording/flags.js';
import type { PublicFlag } from '../api/views.js';

/**
 * `f`'s public fields (its game number is the caller's to add). `kind` is the catalogue's id
 * segment for its code (`illegal-exposure` for `rack-exposures-fit-no-hand`, `joker-exchange` for
 * `joker-not-exchangeable`, else the code), the word the flag's id has always carried.
 */
export function siameseFlagView(f: GameFlag): Omit<PublicFlag, 'gameNo'> {
  return {
    id: f.id,
    kind: idKindOf(f.code),
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
