/**
 * Either kind of score card: the 4-seat card of a tournament table (scorecard.ts, 000) or the
 * 2-seat card of a Royale Siamese table (siamese-card.ts, 003 rule 17 points). The
 * scorekeeper's functions (standings, records) take either through these.
 */
import { cardMissing, cardTotal, isCardComplete, type ScoreCard } from './scorecard.js';
import { isSiameseCard, isSiameseCardComplete, siameseCardMissing, siameseCardTotal, type SiameseScoreCard } from './siamese-card.js';
import type { Seat } from './errors.js';

/** A 4-seat card (no `kind`) or a Siamese card (`kind: 'siamese'`). */
export type AnyScoreCard = ScoreCard | SiameseScoreCard;

/** What keeps either card from being complete, in words (empty when complete). */
export function anyCardMissing(card: AnyScoreCard): string[] {
  return isSiameseCard(card) ? siameseCardMissing(card) : cardMissing(card);
}

/** True when either card is complete (games, verifications, initials). */
export function isAnyCardComplete(card: AnyScoreCard): boolean {
  return isSiameseCard(card) ? isSiameseCardComplete(card) : isCardComplete(card);
}

/** Each seated player's total on either card, in seat order: `[{ player, total }]` (points). */
export function anyCardTotals(card: AnyScoreCard): { player: string; total: number }[] {
  return isSiameseCard(card)
    ? card.seats.map((player, s) => ({ player, total: siameseCardTotal(card, s as 0 | 1) }))
    : card.seats.map((player, s) => ({ player, total: cardTotal(card, s as Seat) }));
}
