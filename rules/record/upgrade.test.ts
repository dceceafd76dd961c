/**
 * `upgradeV1` (rules/record/upgrade.ts) on small version 1 records written by hand: a Royale
 * Siamese wall→floor move becomes the pick and discard of the player on turn with the move's ref,
 * 4-player kinds become the ids the referee gives them, and the 4-player lines of their own
 * (`count`, `entry`, `stop`, `asRead`) become actions. The fixtures' whole games are
 * hub/record/replay-v1.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../game/actions.js';
import { SETTINGS_000, type ScoringSettings } from '../scoring/settings.js';
import { fullTileSet, type TileId } from '../tiles.js';
import type { GameRecordV1 } from './game-record.js';
import { racksAfterStrays, setOrderWalls, straysToRacks, upgradeV1 } from './upgrade.js';

const SHA = 'a'.repeat(64);
const SET = fullTileSet();
const rack = (player: number, r = 0) => ({ area: 'rack' as const, player, rack: r });

describe('a version 1 Royale Siamese record upgraded', () => {
  // The walls hold the set in set order, 38 a wall. The first move takes a tile from wall 1 straight
  // to the floor (never racked): Ann (East) is on turn from the game's start (003 rule 8), so it is
  // her pick into rack 1 and her discard.
  const walls = setOrderWalls();
  const record: GameRecordV1 = {
    header: {
      format: 'mjhub.game-record',
      version: 1,
      kind: 'siamese',
      tableId: 't1',
      gameNo: 1,
      players: ['Ann', 'Bea'],
      cards: [{ id: 'sample-siamese', sha256: SHA }],
      racksPerPlayer: 2,
      tilesPerWall: 38,
      wallOrder: [0, 1, 2, 3],
      walls,
      scoring: { name: 'Royale Siamese (seed 003 rule 17)', countRule: '18D' },
    },
    lines: [
      { action: { type: 'other-move', from: { area: 'wall', wall: 0 }, to: { area: 'floor' }, tile: walls[0]![0]!, at: 10, ref: '7' } },
      { action: { type: 'arrange', player: 1, from: rack(1, 0), to: { area: 'top', player: 1, rack: 1 }, tile: walls[0]![1]!, at: 11, ref: '8', unheard: true } },
      { stop: { at: 12, ref: '9', reason: 'the table was cleared', choice: 'void' } },
      { ruling: { flagId: 'g1-tile-count-8', ruling: 'dismiss', by: 'Judy', at: 13 } },
    ],
  };

  it('the wall→floor move is Ann’s pick and discard, both with ref 7; an arrange to her own top an expose; the stop an action', () => {
    const up = upgradeV1(record);
    expect(up.header).toEqual({ ...record.header, version: 2 });
    const t = walls[0]![0]!;
    expect(up.lines).toEqual([
      { action: { type: 'pick', player: 0, wall: 0, tile: t, to: rack(0, 0), at: 10, ref: '7' } },
      { action: { type: 'discard', player: 0, tile: t, from: rack(0, 0), at: 10, ref: '7' } },
      { action: { type: 'expose', player: 1, rack: 1, tiles: [walls[0]![1]!], at: 11, ref: '8', hearing: { players: [], racks: [], zones: 'unheard' } } },
      { action: { type: 'stop', reason: 'the table was cleared', choice: 'void', at: 12, ref: '9' } },
      { ruling: { flagId: 'g1-tile-count-8', ruling: 'dismiss', by: 'Judy', at: 13 } },
    ]);
  });
});

describe('a version 1 4-player record upgraded', () => {
  // The deal by kinds, East 14 and the others 13: each kind gets its lowest copies (rules/game/ids.ts idsFor)
  const hands = [
    ['1B', '1B', '1B', '1B', '2B', '2B', '2B', '2B', '3B', '3B', '3B', '3B', '4B', '4B'],
    ['5B', '5B', '5B', '5B', '6B', '6B', '6B', '6B', '7B', '7B', '7B', '7B', '8B'],
    ['1C', '1C', '1C', '1C', '2C', '2C', '2C', '2C', '3C', '3C', '3C', '3C', '4C'],
    ['1D', '1D', '1D', '1D', '2D', '2D', '2D', '2D', '3D', '3D', '3D', '3D', '4D'],
  ] as const;
  const record: GameRecordV1 = {
    header: {
      format: 'mjhub.game-record',
      version: 1,
      kind: 'standard',
      tableId: 't1',
      gameNo: 1,
      players: ['Ann', 'Bea', 'Cat', 'Dot'],
      cards: [{ id: 'sample-standard', sha256: SHA }],
      scoring: structuredClone(SETTINGS_000) as ScoringSettings,
    },
    lines: [
      { action: { type: 'deal', hands: hands.map((h) => [...h]), at: 10, ref: '1' } },
      { count: { at: 20, ref: '2', skip: [3], counted: [14, 13, 13, 12] } },
      { entry: { entry: 'looked-at-stolen-tile', player: 2, rack: 0, by: 'Judy', at: 30, ref: '3' } },
    ],
  };

  it('the deal by id (the lowest copies, the rest of the set in set order left to pick), the count and the entry as actions, the walls in set order', () => {
    const up = upgradeV1(record);
    expect(up.header).toEqual({ ...record.header, version: 2, walls: setOrderWalls() });
    expect(up.header.walls.map((w) => w.length)).toEqual([38, 38, 38, 38]);
    const deal = up.lines[0]!;
    if (!('action' in deal) || deal.action.type !== 'deal') throw new Error('not a deal');
    expect(deal.action.hands[0]![0]!.slice(0, 5)).toEqual(['1B#1', '1B#2', '1B#3', '1B#4', '2B#1']);
    expect(deal.action.hands.map((h) => h[0]!.length)).toEqual([14, 13, 13, 13]);
    // 152 − 53 dealt = 99 left to pick (rules/standard-game.ts WALL_AFTER_DEAL), none out of play
    expect(deal.action.walls!.map((w) => w.length)).toEqual([99, 0]);
    expect(up.lines.slice(1)).toEqual([
      { action: { type: 'count-check', skipPlayers: [3], counted: [[14], [13], [13], [12]], at: 20, ref: '2' } },
      { action: { type: 'director-entry', entry: 'looked-at-stolen-tile', player: 2, rack: 0, by: 'Judy', at: 30, ref: '3' } },
    ]);
  });
});

describe('the racks as read, as stray moves', () => {
  const [a, b, c, d] = SET as [TileId, TileId, TileId, TileId];
  it('a tile to the rack it was read in, from a rack to the floor when read in none, from nowhere when the referee had it in none; applied back, the racks as read', () => {
    const racks = [[a, b], [c]];
    const read = [[a], [c, b, d]];
    const strays = straysToRacks(racks, read, 5, '9');
    expect(strays).toEqual<Action[]>([
      { type: 'stray', tile: b, from: rack(0), to: rack(1), at: 5, ref: '9' },
      { type: 'stray', tile: d, from: null, to: rack(1), at: 5, ref: '9' },
    ]);
    expect(racksAfterStrays(racks, strays)).toEqual(read);
    const gone = straysToRacks([[a, b]], [[a]], 5, '9');
    expect(gone).toEqual([{ type: 'stray', tile: b, from: rack(0), to: { area: 'floor' }, at: 5, ref: '9' }]);
    expect(racksAfterStrays([[a, b]], gone)).toEqual([[a]]);
  });
});
