/**
 * The Mah Jongg steps both tables share (docs/one-engine.md §3, the core): which line a winning
 * hand is paid at, and the record of a verified Mah Jongg. What a hand is matched against differs
 * by table and stays with it: a rack's top of 14 tiles on the Royale Siamese table (003 rules 10,
 * 11: rules/game/apply.ts `verifyMahJongg`), the concealed tiles and the exposures on the 4-player
 * one (NMJL, 000: rules/variants/standard/play.ts `doMahJongg`).
 */
import type { LineMatch } from '../match.js';
import type { MahJongg } from './state.js';

/**
 * The lines a hand completes, best first: the higher value printed on the card (points), then a
 * jokerless line before one with jokers. The player is paid the first (003 rule 17A; 000 SCORING).
 * @param matches what the card matcher found (rules/match.ts), not changed
 */
export function bestFirst(matches: readonly LineMatch[]): LineMatch[] {
  return [...matches].sort((a, b) => b.value - a.value || Number(b.jokerless) - Number(a.jokerless));
}

/** How a Mah Jongg was made: the fields of {@link MahJongg} that are not the line's. */
export type HowMade = Pick<MahJongg, 'order' | 'claimedFrom' | 'selfPicked' | 'exposuresBefore' | 'jokerExchange' | 'turnNo' | 'at'>;

/**
 * The record of a verified Mah Jongg, paid at the best of `ranked` (from {@link bestFirst}).
 * @param ranked the lines the hand completes, best first; at least one
 * @param listLines whether to keep every line in `lines` (the 4-player table, for a line the player announces later); else none
 * @throws Error when `ranked` is empty (no line: not a Mah Jongg)
 */
export function mahJonggRecord(ranked: readonly LineMatch[], how: HowMade, listLines: boolean): MahJongg {
  const best = ranked[0];
  if (!best) throw new Error('a Mah Jongg record needs a line the hand completes; none was given');
  return {
    lineId: best.line.id,
    lineText: best.line.text,
    category: best.line.category,
    value: best.value,
    jokerless: best.jokerless,
    singlesAndPairs: best.line.singlesAndPairs,
    order: how.order,
    claimedFrom: how.claimedFrom,
    selfPicked: how.selfPicked,
    exposuresBefore: how.exposuresBefore,
    jokerExchange: how.jokerExchange,
    lines: listLines ? ranked.map((m) => ({ lineId: m.line.id, value: m.value, jokerless: m.jokerless, singlesAndPairs: m.line.singlesAndPairs })) : [],
    turnNo: how.turnNo,
    at: how.at,
    misnamedDiscard: false,
  };
}
