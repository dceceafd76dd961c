/**
 * The one action vocabulary of both tables (docs/one-engine.md §1): what players do at the table,
 * by tile id, as the engine (./apply.ts) takes it. The version 1 game record's actions convert to
 * it: the Royale Siamese table's `GameAction` (rules/record/v1-actions.ts, through ./convert.ts)
 * and the 4-player line (rules/record/upgrade-standard.ts `StandardLineV1`).
 *
 * Every action carries `at` (ms since epoch, when it settled) and `ref` (the evidence it rests on:
 * the hub's event sequence number), so a flag id stays `g<game>-<kind>-<ref>`. What the hub could
 * not hear at an action is in one field, `hearing`.
 */
import type { TileId, TileKind } from '../tiles.js';
import type { Place } from './places.js';

/** A time window (ms since epoch): the earliest and the latest a thing can have happened. */
export interface Window {
  from: number;
  to: number;
}

/** `player`'s rack `rack` (index 0 = the rack closest to the player). */
export interface RackRef {
  player: number;
  rack: number;
}

/**
 * What the hub could not hear at an action (absent: every zone heard, every top seen whole).
 * - `players`: players whose rack the hub could not hear (the 4-player `unheard`): the turn order
 *   between them and the others is not judged from the action, nor their counts (000);
 * - `racks`: racks whose top the hub had not seen whole (the Siamese `unseen`): their exposures
 *   are not judged at this action (003 rule 11);
 * - `zones`: `'unheard'` when the move was seen while some zone was not heard, or only across a
 *   reconnect (the Siamese `unheard: true`): what depends on the unheard zones (the current wall,
 *   003 rule 20) waits for `readers-heard`. A Siamese move can have `racks` with every zone heard
 *   now (a reader back, its first snapshot not in yet), so this is its own field.
 *   `'reconciling'` when every zone is heard again but `readers-heard` has not come since one was
 *   not: the moves the first snapshots reveal may still be settling, so the current wall is not
 *   known yet either; a pick's wall waits for `readers-heard` as under `'unheard'`, and nothing
 *   else about the move is held back (003 rule 20);
 * - `left`: when the tile left its place, where the hub knows it better than `at` (the Siamese `left`).
 */
export interface Hearing {
  players: number[];
  racks: RackRef[];
  zones?: 'unheard' | 'reconciling';
  left?: Window;
}

interface Base {
  /** ms since epoch */
  at: number;
  /** evidence reference (the hub's event sequence number) */
  ref: string;
  hearing?: Hearing;
}

/** What a discard is called for. Only the first five are legal (NMJL); the Siamese table leaves it out. */
export type CallFor = 'pung' | 'kong' | 'quint' | 'sextet' | 'mah-jongg' | 'pair' | 'single';

/** What a director enters (no reader can see it): 003 rule 19 on the Siamese table; 000 and NMJL practice on the 4-player one. */
export type EntryKind = 'misnamed-discard' | 'misnamed-exposure' | 'looked-at-stolen-tile' | 'dead-declared-in-error' | 'declared-dead' | 'announced-line';

/**
 * One action. By type:
 * - `build`: a tile put into wall `wall` (the walls being built; the 152nd starts a game).
 * - `deal`: `hands[player][rack]` dealt at once, `walls` the rest by wall (absent: the rest of the
 *   set in set order); scripted tests and v1 records only, the live tables deal by picks.
 * - `pick`: a tile taken from wall `wall` to `to` (during the deal: dealing).
 * - `pass`: one Charleston stage, `tiles[player]` given, `blind[player]` passed on unseen (NMJL).
 * - `charleston-vote`: each player's wish for the second Charleston (any `false` stops it, NMJL).
 * - `courtesy`: the optional pass across, `wishes[player]` 0-3, `tiles[player]` given (000).
 * - `discard`: a tile from `from` to the floor.
 * - `call`: the last discard taken to `to` (`to.area === 'rack'`: into the rack, 000), called
 *   `for`; `rivals` the other claims on the same discard (`to`: where each rival would put it).
 * - `expose`: `tiles` laid on `player`'s rack `rack` top, with the `called` tile when there is one.
 * - `arrange`: a tile moved between places of one player (rack↔rack, top→rack).
 * - `exchange`: `player` gives `given` for the joker `joker` of `owner`'s rack `rack` top
 *   (`exposure`: which group, 4-player; `to`: where the joker went, one of `player`'s racks, on the
 *   Royale Siamese table, where the action is the joker's move, `given` already on the top).
 * - `mah-jongg`: `player` declares on rack `rack`; `exposedBy` the players who threw in their hands for it (000).
 *   On the Royale Siamese table it follows the move that made that rack's top 14 tiles, with the
 *   move's `ref` (003 rules 10, 11).
 * - `wall-game`: the wall is used up and the last discard stood uncalled.
 * - `stray`: a move with no game meaning (a tile put back, a wall tile moved).
 * - `count-check`: a turn boundary settled: counts are judged, but `skipPlayers`; `counted`
 *   the readers' counts per player and rack (4-player `rack-count`).
 * - `readers-heard`: every zone is heard again, what it missed reconciled: waiting judgments are made (003 rule 20).
 * - `director-entry`, `director-ruling`, `stop`: a director's entry, ruling, and the hub ending a game.
 */
export type Action = Base &
  (
    | { type: 'build'; wall: number; tile: TileId; from: Place | null }
    | { type: 'deal'; hands: TileId[][][]; walls?: TileId[][] }
    | { type: 'pick'; player: number; wall: number; tile: TileId; to: Place }
    | { type: 'pass'; tiles: TileId[][]; blind?: number[] }
    | { type: 'charleston-vote'; wants: boolean[] }
    | { type: 'courtesy'; wishes: number[]; tiles: TileId[][] }
    | { type: 'discard'; player: number; tile: TileId; from: Place }
    | { type: 'call'; player: number; tile: TileId; to: Place; for?: CallFor; rivals?: { player: number; for: CallFor; to?: Place }[] }
    | { type: 'expose'; player: number; rack: number; tiles: TileId[]; called?: TileId }
    | { type: 'arrange'; player: number; tile: TileId; from: Place; to: Place }
    | { type: 'exchange'; player: number; owner: number; rack: number; exposure?: number; joker: TileId; given: TileId; to?: Place }
    | { type: 'mah-jongg'; player: number; rack: number; exposedBy?: number[] }
    | { type: 'wall-game' }
    | { type: 'stray'; tile: TileId; from: Place | null; to: Place }
    | { type: 'count-check'; skipPlayers: number[]; counted?: number[][] }
    | { type: 'readers-heard' }
    | {
        type: 'director-entry';
        entry: EntryKind;
        player: number;
        rack: number;
        /** who entered it (the director's name, as the game record keeps it; the engine does not read it) */
        by?: string;
        named?: TileKind;
        for?: 'mah-jongg' | 'exposure';
        ruling?: 'keep-exposure' | 'dead';
        declared?: number;
        line?: string;
        unseenRacks?: number[];
      }
    | { type: 'director-ruling'; flagId: string; ruling: 'confirm' | 'dismiss'; deadRack?: number }
    | { type: 'stop'; reason: string; choice?: 'score' | 'void' | 'replay' }
  );

/** The action of one type, e.g. `ActionOf<'pick'>`. */
export type ActionOf<T extends Action['type']> = Extract<Action, { type: T }>;
