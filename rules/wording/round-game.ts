/**
 * The room's words for where a tournament table is in its round (000, "GAME PLAY": "Four games
 * constitute one round"), one wording for the table display, the room and the broadcast. Pure.
 */

/** A table's place in its round, as the views carry it (hub/contract/views.ts TournamentRoundViewSchema). */
export interface RoundGame {
  /** 1-based round */
  round: number;
  /** 1-based game in play at the table; above `of` after the round's games */
  game: number;
  /** games in a round (4) */
  of: number;
  /** true when the game comes after the round's `of` games: it goes on no score card */
  extra?: boolean | undefined;
}

/** The words for a game after the round's games: it is on no score card (000). */
export const EXTRA_GAME_WORDS = 'does not count';

/**
 * "Round 2 · Game 3 of 4"; a game after the round's games (000: four a round) says what it is:
 * "Round 1 · Game 5, after the round's 4 · does not count".
 */
export function roundGameWords(r: RoundGame): string {
  return r.extra || r.game > r.of ? `Round ${r.round} · Game ${r.game}, after the round's ${r.of} · ${EXTRA_GAME_WORDS}` : `Round ${r.round} · Game ${r.game} of ${r.of}`;
}
