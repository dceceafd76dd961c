/** Test helpers shared by the tournament tests (not part of the model). */
import type { TournamentOutcome } from '../scoring/tournament.js';
import { applyCardEvents, newScoreCard, type CardEvent, type ScoreCard } from './scorecard.js';

/** A complete card: the games given (the rest unfinished at time up), verified and initialed by all. */
export function doneCard(round: number, table: number, seats: [string, string, string, string], outcomes: TournamentOutcome[], tournament = 'Spring Open'): ScoreCard {
  const events: CardEvent[] = outcomes.map((outcome, i) => ({ type: 'game', game: i + 1, outcome }));
  if (outcomes.length < 4) events.push({ type: 'time-up' });
  for (const s of [0, 1, 2, 3] as const) events.push({ type: 'verify', seat: s, player: seats[s], of: ((s + 2) % 4) as 0 });
  for (const s of [0, 1, 2, 3] as const) events.push({ type: 'initial', seat: s, player: seats[s], initials: seats[s].toUpperCase() });
  return applyCardEvents(newScoreCard({ tournament, round, table, seats }), events);
}
