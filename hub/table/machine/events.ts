/**
 * The payloads of a live table's own events (hub/table/machine.ts lists every event type of a
 * table's log): `tile-moved`, `game-stopped`, `count-check` (and `not-seen-closed`, ./not-seen.ts).
 */
import type { TileId } from '../../../rules/tiles.js';
import type { ZoneKey } from '../../tracking/tracker.js';
import type { CountWait } from './not-seen.js';

/** Payload of a `tile-moved` event. */
export interface TileMovedData {
  tile: TileId;
  tag: string;
  from: ZoneKey | null;
  to: ZoneKey;
  /** raw reader line ids */
  lines: number[];
  /**
   * set when the move was seen only across a reader's reconnect or reboot (offline, then a
   * snapshot that differs): it happened somewhere in this window (ms since epoch)
   */
  reconciled?: { from: number; to: number };
  /**
   * readers the hub could not hear at the move's time (`at`): offline, rebooting or stale then,
   * or seen again only by a later snapshot. Set only when there are some. The Siamese engine
   * does not judge the exposures on their racks' tops at this move (003 rule 11: see
   * rules/game/apply.ts `checkExposures`)
   */
  unseen?: string[];
  /**
   * set when no line reported this move, only snapshots (its DEL and its ADD both lost): it happened
   * somewhere in this window (ms; see hub/tracking/tracker.ts `SettledMove.unreported`). Count checks
   * whose turn it overlaps skip the players of its readers (RECENT_GAP_MS, ./visibility.ts), as for a gap
   */
  unreported?: { from: number; to: number };
  /**
   * on a move to the floor (a discard): the rack readers whose top had changed by deltas no snapshot
   * had confirmed yet (UNCONFIRMED_TOP_MS, ./visibility.ts). Set only when there are some. The Siamese referee
   * does not judge the exposures on those tops at this discard, as for `unseen`, but at the next
   * turn boundary (003 rule 11: an exposure is judged whole)
   */
  unconfirmed?: string[];
  /**
   * on a move logged with `unseen` or `reconciled`, or before the `readers-heard` that follows a
   * reader not heard: when the tile left `from` (ms window: the exact
   * time when `from`'s reader saw it go, else the window it happened in). The referee judges what
   * depends on the order of moves (the current wall, 003 rule 20) from it, not from `at`
   */
  left?: { from: number; to: number };
  /**
   * when the hub logged the move (ms since epoch): the tile's place in the director's view (and
   * every other view) changes then, a settle window or so after `at`, when the tile came to rest.
   * The spectators' delayed hands count from it (hub/broadcast/delayed-hands.ts). Absent in logs
   * written before it was kept (then `at` stands for it)
   */
  logged?: number;
}

/** Payload of a `game-stopped` event: the game (1-based) whose end stands from this point of the log. */
export interface GameStoppedData {
  gameNo: number;
}

/**
 * Why a game ended when its end was undone by a ruling made after the table was cleared for the
 * next game: it is scored as it stood when play stopped (the rules' scoring of a game not played
 * out: 003 rule 17 pays only the Mah Jonggs made; 000 gives an unfinished game zero).
 */
export const STOPPED_REASON = 'play stopped when the table was cleared for the next game; scored as it stood';

/** Payload of a `count-check` event. */
export interface CountCheckData {
  /** readers not trusted at the check (stale, unsynced, offline): their players are not checked */
  skipReaders: string[];
  /**
   * players whose count is not judged at this check because a tile last seen on their rack is not
   * seen now (an open notice, ./not-seen.ts), with those tiles. Set only when there are some
   */
  waiting?: CountWait[];
  /**
   * a check of its own for players whose count waited on a tile not seen: only these players are
   * judged (the tile was seen again and settled, or the director closed its notice; ./not-seen.ts)
   */
  only?: number[];
}
