/**
 * A round's blank score cards from the seating (000: one table score card per table per round,
 * East is responsible for it).
 */
import type { TournamentScoringSettings } from '../scoring/settings.js';
import { newScoreCard, type ScoreCard } from './scorecard.js';
import { newSiameseCard, type SiameseScoreCard } from './siamese-card.js';
import { pairSeatingForRound, seatingForRound, type Player } from './seating.js';

/**
 * One empty score card per table for `round`, seated by {@link seatingForRound}.
 * @param tournament the tournament's name
 * @param players every player in round-1 seat order (a multiple of 4)
 * @param round 1-based round number
 * @param settings the tournament's scoring settings (default 000's)
 * @throws TournamentError as {@link seatingForRound}
 */
export function scoreCardsForRound(tournament: string, players: readonly Player[], round: number, settings?: TournamentScoringSettings): ScoreCard[] {
  return seatingForRound(players, round).map((t) => newScoreCard({ tournament, round, table: t.table, seats: t.seats, ...(settings ? { settings } : {}) }));
}

/**
 * One empty Siamese score card per table for `round`, seated by {@link pairSeatingForRound} (circle
 * method: a new opponent each round). Each card seats the table's East and West (003).
 * @param players every player in round-1 order (an even number)
 * @throws TournamentError as {@link pairSeatingForRound}
 */
export function siameseCardsForRound(tournament: string, players: readonly Player[], round: number): SiameseScoreCard[] {
  return pairSeatingForRound(players, round).map((t) => newSiameseCard({ tournament, round, table: t.table, seats: t.seats }));
}
