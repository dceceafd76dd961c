/**
 * A rules-engine flag as the views and the game-record referee show it: the public fields only
 * (no evidence, no tiles), the same on the live table and in `mjhub referee`. The Royale Siamese
 * table (003) shows each flag as raised ({@link siameseFlagView}); the 4-player table (000) lists
 * its flags in the order it always has, its own flags' words made at the view
 * ({@link standardFlagViews}).
 */
import type { GameFlag } from '../../rules/game/flags.js';
import type { GameState } from '../../rules/game/state.js';
import { ENTRY_FLAG_CODES } from '../../rules/variants/standard/entries.js';
import { consequenceOf, type FlagParamsByCode, idKindOf, titleOf } from '../../rules/wording/flags.js';
import type { PublicFlag } from '../api/views.js';
import type { ListedFlag } from './past.js';

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

/**
 * The 4-player flags a view lists last, group by group, in the order the hub has always listed
 * them: after the engine's other flags, the refused blind passes, the rack-count mismatches, then
 * the flags of the director's entries (each group in the order raised).
 */
const LISTED_LAST: readonly (readonly string[])[] = [['blind-pass'], ['rack-count'], ENTRY_FLAG_CODES];

/**
 * The current game's flags of a 4-player state `s` (000), in the order the hub lists them
 * ({@link LISTED_LAST}), each with its public view: its status from the director's rulings (the
 * engine's); a `blind-pass` or `rack-count` flag's title and consequence made here from its params
 * and the status now; every flag on rack 0 (one rack a player).
 * @param names the players' names, index 0 is East
 */
export function standardListedFlags(s: GameState, names: readonly string[]): ListedFlag[] {
  const last = (f: GameFlag) => LISTED_LAST.findIndex((codes) => codes.includes(f.code));
  const ordered = [...s.flags.filter((f) => last(f) < 0), ...LISTED_LAST.flatMap((_, i) => s.flags.filter((f) => last(f) === i))];
  return ordered.map((f) => {
    const view = {
      id: f.id,
      kind: f.code,
      code: f.code,
      params: f.params,
      rule: f.rule,
      title: f.title,
      player: f.player,
      rack: 0,
      at: f.at,
      status: f.status,
      consequence: f.consequence,
      gameNo: s.gameNo,
    };
    if (f.code !== 'blind-pass' && f.code !== 'rack-count') return { flag: f, view };
    // the hub's own flags: words at the view, from the rulings now
    const params = f.params as FlagParamsByCode['rack-count'] & FlagParamsByCode['blind-pass'];
    return { flag: f, view: { ...view, title: titleOf(f.code, params, names), consequence: consequenceOf(f.code, params, names, f.status) } };
  });
}

/** The public views of {@link standardListedFlags}, in the order listed. */
export function standardFlagViews(s: GameState, names: readonly string[]): PublicFlag[] {
  return standardListedFlags(s, names).map((x) => x.view);
}
