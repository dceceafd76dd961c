/**
 * The 4-player variant (NMJL, as 000 plays it): its numbers and the rules that are the 4-player
 * table's own. {@link STANDARD} gives them to the one engine (rules/game/apply.ts) as its hooks.
 * Every number comes from rules/standard-game.ts (one fact in one place): 4 seats of one rack,
 * East dealt 14 and the others 13, 13 tiles off turn and 14 after picking, the Charleston's stages.
 */
import type { Card } from '../card/types.js';
import { createEngine, type Engine } from '../game/apply.js';
import type { ScoringSettings } from '../scoring/settings.js';
import type { TournamentProfile } from '../scoring/tournament.js';
import { CHARLESTON, COURTESY_STAGE, DEALT, HAND, SEATS, VOTE_STAGE } from '../standard-game.js';
import type { NmjlPractice } from './standard/misdeal.js';
import { standardPlay } from './standard/play.js';
import type { Variant } from './types.js';

/**
 * The 4-player table's hooks (000 on NMJL): 4 players of one rack each; East 14 dealt, the others
 * 13 (`DEALT`); 13 tiles off turn, 14 after picking or calling (NMJL; 000 "13/14"); the first
 * Charleston, the vote on the second, the courtesy pass across (`CHARLESTON`, `VOTE_STAGE`,
 * `COURTESY_STAGE`); no wall order judged (000 names none). Its handlers are rules/variants/standard/play.ts.
 */
export const STANDARD: Variant = {
  id: 'standard',
  seed: '000',
  seats: SEATS,
  racksPerSeat: 1,
  charleston: { stages: CHARLESTON, voteStage: VOTE_STAGE, courtesyStage: COURTESY_STAGE },
  dealt: (seat) => {
    const n = DEALT[seat];
    if (n === undefined) throw new Error(`the 4-player deal: seat must be 0-${SEATS - 1}, not ${seat}`);
    return n;
  },
  hand: (onTurn) => HAND + (onTurn ? 1 : 0),
  wrongWallHand: null,
  play: standardPlay,
};

/** Settings of one 4-player table's engine (what differs from table to table). */
export interface StandardConfig {
  /** player names, index 0 is East */
  names: readonly string[];
  cards: readonly Card[];
  /** scoring numbers (default 000's); ignored when `settings` are given */
  profile?: Readonly<TournamentProfile>;
  /** may the jokers of the exposure that made a hand dead be exchanged? (default false, 000) */
  killingExposureJokersInPlay?: boolean;
  /** the event's scoring settings (rules/scoring/settings.ts) */
  settings?: Readonly<ScoringSettings>;
  /** NMJL practice not in 000 (./standard/misdeal.ts); omitted, every setting off */
  practice?: Readonly<Partial<NmjlPractice>>;
  /** the table's id, named in the engine's errors */
  tableId?: string;
}

/**
 * The one engine (rules/game/apply.ts `createEngine`) with the 4-player variant: one rack a
 * player, the walls counted as one of 152 tiles (000 judges no wall order). The director's rulings are in the state (`GameState.rulings`).
 * @returns the engine: `apply(state, action)` on `GameState` (throws `ActionError` for an action that cannot happen)
 */
export function standardEngine(config: StandardConfig): Engine {
  return createEngine(STANDARD, {
    names: config.names,
    racksPerPlayer: 1,
    tilesPerWall: 152,
    wallOrder: [0],
    cards: config.cards,
    ...(config.profile ? { profile: config.profile } : {}),
    ...(config.killingExposureJokersInPlay !== undefined ? { killingExposureJokersInPlay: config.killingExposureJokersInPlay } : {}),
    ...(config.settings ? { settings: config.settings } : {}),
    ...(config.practice ? { practice: config.practice } : {}),
    ...(config.tableId ? { tableId: config.tableId } : {}),
  });
}
