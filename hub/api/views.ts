/**
 * The shapes the hub sends to displays, as TypeScript types. Each is derived from its zod schema
 * in hub/contract/views.ts (the one place a view's shape and its field docs are written); this
 * module keeps the names the rest of the code imports. The public view never holds a concealed
 * tile; the director view adds every concealed tile and each flag's evidence.
 */
import type { z } from 'zod';
import type * as V from '../contract/views.js';

/** A reader's connection state (hub/contract/views.ts `ReaderStateSchema`). */
export type ReaderState = z.infer<typeof V.ReaderStateSchema>;
/** One reader's state for the table and the director. */
export type ReaderStatus = z.infer<typeof V.ReaderStatusSchema>;
/** A run of sequence numbers a reader sent that never reached the hub (hub/contract/views.ts `LostRangeSchema`). */
export type LostRange = z.infer<typeof V.LostRangeSchema>;
/** A director's browser page relaying a reader (hub/api/relay.ts). */
export type RelayPage = z.infer<typeof V.RelayPageSchema>;
/** A reader that said HELLO with an id the table config does not know: it waits for the director. */
export type UnknownReader = z.infer<typeof V.UnknownReaderSchema>;
/** A flag as the public sees it: the rule, who, where, when. No tiles, no reader lines. */
export type PublicFlag = z.infer<typeof V.PublicFlagSchema>;
/** The flag state a ruling is made on (`was` of a ruling): a ruling made on a flag ruled on meanwhile is refused. */
export type FlagStatus = z.infer<typeof V.FlagStatusSchema>;
/** The result of one game of the table that has ended, as the table scores it now. */
export type GameResultView = z.infer<typeof V.GameResultViewSchema>;
/** One exposure group on top of a rack, as laid out (face up, public). */
export type ExposureView = z.infer<typeof V.ExposureViewSchema>;
/** One rack as the public sees it. */
export type RackView = z.infer<typeof V.RackViewSchema>;
/** One player as the public sees them. */
export type PlayerView = z.infer<typeof V.PlayerViewSchema>;
/** The score of a game. */
export type ScoreView = z.infer<typeof V.ScoreViewSchema>;
/** The Charleston of a 4-player table as the players see it (counts only). */
export type CharlestonView = z.infer<typeof V.CharlestonViewSchema>;
/** The public table view. */
export type PublicTableView = z.infer<typeof V.PublicTableViewSchema>;
/** The round clock as a table shows it (seed 000, "GAME PLAY": fifty minutes a round). */
export type TournamentClockView = z.infer<typeof V.TournamentClockViewSchema>;
/** Where the table is in the tournament: "round 2, game 3 of 4". */
export type TournamentRoundView = z.infer<typeof V.TournamentRoundViewSchema>;
/** What a flag rests on: the tile, the zones, the time, and the raw reader lines. Director only. */
export type FlagEvidence = z.infer<typeof V.FlagEvidenceSchema>;
/** The director's choice for a game the readers no longer show as the log has it: `score`, `replay` or `void`. */
export type RestartChoice = z.infer<typeof V.RestartChoiceSchema>;
/** The restart check as the director view shows it (`restart`). */
export type RestartCheckView = z.infer<typeof V.RestartCheckViewSchema>;
/** The director's view: everything, including concealed tiles and evidence. */
export type DirectorTableView = z.infer<typeof V.DirectorTableViewSchema>;
/** One mis-named discard claimed for an exposure, for the director (003 rule 19A/B). */
export type MisnamedExposureView = z.infer<typeof V.MisnamedExposureViewSchema>;
/** One of the seat's own tiles inside a rack (concealed). */
export type SeatTile = z.infer<typeof V.SeatTileSchema>;
/** One of the seat's own racks: concealed tiles (this seat only) plus what the table sees of it. */
export type SeatRackView = z.infer<typeof V.SeatRackViewSchema>;
/** How far one card line is from the seat's hand on one rack (practice help, rules/howfar.ts). */
export type PracticeLine = z.infer<typeof V.PracticeLineSchema>;
/** What one player's phone sees (`/seat/:token`). Never holds another seat's concealed tile. */
export type SeatView = z.infer<typeof V.SeatViewSchema>;
