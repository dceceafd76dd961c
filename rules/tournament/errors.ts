/**
 * The one error of the tournament model (000): a wrong seat, a double initial, a card sent to
 * the scorekeeper incomplete, a bad record line… The message names what was wrong and where
 * (round, table, seat, game or line), so a director can read it as it is.
 */
export class TournamentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TournamentError';
  }
}

/** The four seats of a tournament table, in the order a score card lists them (0 is East). */
export const SEAT_NAMES = ['East', 'South', 'West', 'North'] as const;

/** A seat's name: "East", "South", "West" or "North". */
export type SeatName = (typeof SEAT_NAMES)[number];

/** Seats are 0 … 3: East, South, West, North (the order of `scoreTournamentGame`). */
export type Seat = 0 | 1 | 2 | 3;

/** Games in a round (000 "GAME PLAY": "Four games constitute one round"). */
export const GAMES_PER_ROUND = 4;

/** The seat's name, or "seat N" for anything that is not a seat (for error messages). */
export function seatName(seat: unknown): string {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < 4 ? SEAT_NAMES[seat]! : `seat ${String(seat)}`;
}
