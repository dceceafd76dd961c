/**
 * The 4-player variant (NMJL, as 000 plays it): its numbers and the rules that are the 4-player
 * table's own. {@link STANDARD} gives them to the one engine (rules/game/apply.ts) as its hooks.
 * Every number comes from rules/standard-game.ts (one fact in one place): 4 seats of one rack,
 * East dealt 14 and the others 13, 13 tiles off turn and 14 after picking, the Charleston's stages.
 */
import { CHARLESTON, COURTESY_STAGE, DEALT, HAND, SEATS, VOTE_STAGE } from '../standard-game.js';
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
