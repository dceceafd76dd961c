/**
 * The Royale Siamese actions of a version 1 game record (rules/GAME-RECORD.md, "Version 1"): one
 * action per settled move, as the hub's old table inference gave them. `./upgrade.ts` reads them
 * into the one vocabulary (rules/game/convert.ts `fromGameAction`, `./upgrade.ts`
 * `siameseLineActions`); the Siamese engine tests written in them (rules/variants/siamese-play.test.ts)
 * read them the same way. The live table no longer makes them.
 *
 * Every action carries `at` (ms since epoch, when it settled) and `ref`, an opaque reference to the
 * evidence it rests on (the hub uses the event's sequence number), so a flag can point back at it.
 */
import type { TileId, TileKind } from '../tiles.js';
import type { Place } from '../game/places.js';

interface Base {
  /** ms since epoch */
  at: number;
  /** evidence reference (the hub's event sequence number) */
  ref: string;
  /**
   * set when the hub could not hear every zone of the table at this move (a reader offline,
   * rebooting or silent, or the move seen only across a reconnect): what depends on the unheard
   * zones (the current wall, the turn) is not judged from it; it waits for a move seen with every
   * zone heard (003 rule 20: see the Siamese referee's deferred picks)
   */
  unheard?: true;
  /**
   * when the tile left the place it came from (ms window), where the hub knows it better than `at`
   * (a tile picked into a rack the hub could not hear left the wall when the wall reader saw it go)
   */
  left?: { from: number; to: number };
}

/** A tile was taken from a wall and racked (inside the rack or on its top). During the deal this is dealing. */
export interface PickAction extends Base {
  type: 'pick';
  player: number;
  wall: number;
  to: Place;
  tile: TileId;
}

/**
 * A rack the hub could not see at an action's time (its reader unplugged, rebooting or silent):
 * `player`'s rack `rack` (index 0 = closest to the player).
 */
export interface UnseenRack {
  player: number;
  rack: number;
}

/** A tile went from a player's rack (or its top) to the floor. */
export interface DiscardAction extends Base {
  type: 'discard';
  player: number;
  from: Place;
  tile: TileId;
  /** racks whose top the hub could not see at this discard: their exposures are not judged at it (003 rule 11) */
  unseen?: UnseenRack[];
}

/** A tile was taken from the floor onto (or into) a player's rack: a call of the last discard. */
export interface CallAction extends Base {
  type: 'call';
  player: number;
  to: Place;
  tile: TileId;
}

/** A tile moved between places of the same player (rack to rack, rack to top: an exposure, top to rack). */
export interface ArrangeAction extends Base {
  type: 'arrange';
  player: number;
  from: Place;
  to: Place;
  tile: TileId;
}

/** A tile was put into a wall (the walls are being built for a new game). */
export interface BuildAction extends Base {
  type: 'build';
  wall: number;
  from: Place | null;
  tile: TileId;
}

/** Any other move (e.g. a tile from one player's rack to another's: a joker exchange, or a tile put back). */
export interface OtherMoveAction extends Base {
  type: 'other-move';
  from: Place | null;
  to: Place;
  tile: TileId;
  /** racks whose top the hub could not see at this move (see {@link DiscardAction.unseen}) */
  unseen?: UnseenRack[];
}

/**
 * The tile counts are checked now: a turn boundary has settled (003 rule 18C).
 * `skipPlayers`: players one of whose readers is not trustworthy now (stale, unsynced): never flagged.
 */
export interface CountCheckAction extends Base {
  type: 'count-check';
  skipPlayers: number[];
}

/**
 * What no reader can witness, entered by the director: a discard that was named wrongly and then
 * claimed for the Mah Jongg on `player`'s `rack` (`misnamed-discard`, 003 rule 19C/D), or claimed
 * by `player` for an exposure on `rack` (`misnamed-exposure`, 19A/B: the discard called this turn).
 */
export interface DirectorEntryAction extends Base {
  type: 'director-entry';
  entry: 'misnamed-discard' | 'misnamed-exposure';
  /** the player whose Mah Jongg (or exposure) took the mis-named discard */
  player: number;
  rack: number;
  /** `misnamed-exposure`: the kind the discarder named (the correct tile) */
  named?: TileKind;
  /** `misnamed-exposure`: the discarder's racks (index) the hub could not see when it was entered */
  unseenRacks?: number[];
}

/**
 * Every zone of the table is heard again after a reader was not, and what it missed has been
 * reconciled from its first snapshot: the judgments that waited for it are made now (003 rule 20:
 * the picks made meanwhile).
 */
export interface ReadersHeardAction extends Base {
  type: 'readers-heard';
}

/** Anything the referee accepts. */
export type GameAction = PickAction | DiscardAction | CallAction | ArrangeAction | BuildAction | OtherMoveAction | CountCheckAction | DirectorEntryAction | ReadersHeardAction;
