/**
 * The standard table's director entries (000), folded from the log like rulings: a look at a stolen
 * tile (−10 at the end of that game) and a dead-hand declaration made in error (the declarer's hand
 * is dead). Whole simulated games (hub/simulator/standard) are fed to the engine as the settled
 * moves a perfect tracker would log; the scores are checked by hand against 000's scoring.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TileId } from '../../rules/tiles.js';
import { loadHubConfig } from '../config/load.js';
import { playStandardGame } from '../simulator/standard/game.js';
import { idealMoves } from '../simulator/standard/settle.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { EventStore } from '../store/types.js';
import { RulingError } from '../api/runtime.js';
import { zonePlaces } from './moves/zones.js';
import { TableEngine } from './engine.js';
import { isDead, turnHasOf, wallLeftOf, winnerOf } from '../../rules/variants/standard/play.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const zoneOf = new Map([...zonePlaces(table)].map(([zone, place]) => [JSON.stringify(place), zone]));
const tag = (t: TileId) => `TAG-${t}`;
const registry = new Map<string, TileId>(
  playStandardGame({ seed: 1, cards, table })
    .walls.flat()
    .map((t) => [tag(t), t]),
);
const readers = { statuses: () => [], untrusted: () => [] };

/** The settled moves of seed `seed`'s game as the store's `tile-moved` events (data only). */
function movesOf(seed: number) {
  const g = playStandardGame({ seed, cards, table });
  return idealMoves(table, g.walls, g.steps).map((m) => ({
    tile: m.tile,
    tag: tag(m.tile),
    from: m.from === null ? null : zoneOf.get(JSON.stringify(m.from))!,
    to: zoneOf.get(JSON.stringify(m.to))!,
    lines: [],
  }));
}

const stores: EventStore[] = [];
const engines: TableEngine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  for (const s of stores.splice(0)) s.close();
});

function storeWith(moves: ReturnType<typeof movesOf>): EventStore {
  const store = openSqliteStore(':memory:');
  stores.push(store);
  moves.forEach((m, i) => store.append(table.id, 'tile-moved', 1000 + i, m));
  return store;
}
function engineOn(store: EventStore): TableEngine {
  const e = new TableEngine({ table, cards, registry, store, readers, now: () => 5_000_000 });
  engines.push(e);
  return e;
}
const points = (e: TableEngine) => e.publicView().score?.points;

describe('looked-at-stolen-tile (000: −10 at the end of that game)', () => {
  it('seed 6, Bea self-picked jokerless 30 + 10 + 20 = 60: Cat looked at a stolen tile in play → Cat −10; kept over a restart', () => {
    const moves = movesOf(6);
    const half = moves.length - 10; // a few turns before Bea's Mah Jongg
    const store = storeWith(moves.slice(0, half));
    const first = engineOn(store);
    expect(first.gameState().phase).toBe('play');
    first.enter({ entry: 'looked-at-stolen-tile', player: 2 }, 'director');
    expect(points(first)).toBeUndefined(); // no score before the end
    moves.slice(half).forEach((m, i) => store.append(table.id, 'tile-moved', 1000 + half + i, m));
    const again = engineOn(store); // the log refolded, entry in its place
    expect(winnerOf(again.gameState())).toMatchObject({ player: 1, mahJongg: { value: 30, selfPicked: true, jokerless: true } });
    expect(points(again)).toEqual([0, 60, -10, 0]);
    expect(again.gameState().result?.outcome.lookedAtStolenTile).toEqual([2]);
    expect(again.publicView().score?.breakdown[2]).toEqual(['Bea won: 0', 'Looked at a stolen tile −10 (000)', 'Total -10']);
  });

  it('entered after the end, the score changes at once: seed 6, Ann and Dot → −10 each; a second entry for Ann is refused (409)', () => {
    const e = engineOn(storeWith(movesOf(6)));
    expect(points(e)).toEqual([0, 60, 0, 0]);
    e.enter({ entry: 'looked-at-stolen-tile', player: 0 }, 'director');
    e.enter({ entry: 'looked-at-stolen-tile', player: 3, rack: 0 }, 'director');
    expect(points(e)).toEqual([-10, 60, 0, -10]);
    expect(e.publicView().score?.final).toBe(true);
    expect(() => e.enter({ entry: 'looked-at-stolen-tile', player: 0 }, 'director')).toThrow(/Ann's look at a stolen tile in game 1 was already entered/);
    const events = stores[0]!.events(table.id).filter((x) => x.type === 'director-entry');
    expect(events.map((x) => x.data)).toEqual([
      { entry: 'looked-at-stolen-tile', player: 0, rack: 0, by: 'director' },
      { entry: 'looked-at-stolen-tile', player: 3, rack: 0, by: 'director' },
    ]);
  });
});

describe('dead-declared-in-error (000: "if you declare a hand dead in error, then your hand is dead")', () => {
  /** Seed 4's moves (the wall is used up, Dot's last discard on the floor) and the store's wall-game move: a tile of Ann's rack back to wall 0. */
  function wallGameOf(seed: number) {
    const moves = movesOf(seed);
    const e = engineOn(storeWith(moves));
    const s = e.gameState();
    expect([s.phase, wallLeftOf(s)]).toEqual(['play', 0]);
    const tile = e.directorView().concealed![0]![0]![0]!;
    const wall0 = zoneOf.get(JSON.stringify({ area: 'wall', wall: 0 }))!;
    return { e, store: stores.at(-1)!, end: { tile, tag: tag(tile), from: zoneOf.get(JSON.stringify({ area: 'rack', player: 0, rack: 0 }))!, to: wall0, lines: [] } };
  }

  it('seed 4, a wall game (000: 10 each): Cat declared a hand dead in error in play → Cat 0; then Dot after the end → 0', () => {
    const { e, store, end } = wallGameOf(4);
    e.enter({ entry: 'dead-declared-in-error', player: 2 }, 'director');
    const s = e.gameState();
    expect(s.seats.map((_, p) => isDead(s, p))).toEqual([false, false, true, false]);
    store.append(table.id, 'tile-moved', 9_000_000, end);
    const after = engineOn(store); // refolded: the entry before the wall game
    expect(after.gameState().endReason).toBe('wall game: the wall is used up');
    expect(points(after)).toEqual([10, 10, 0, 10]);
    after.enter({ entry: 'dead-declared-in-error', player: 3 }, 'director');
    expect(points(after)).toEqual([10, 10, 0, 0]);
    const dot = after.publicView().players[3]!.racks[0]!;
    expect([dot.dead, dot.deadReason]).toEqual([true, 'declared a hand dead in error (000)']);
    expect(points(engineOn(store))).toEqual([10, 10, 0, 0]); // restart
    expect(() => after.enter({ entry: 'dead-declared-in-error', player: 3 }, 'director')).toThrow(/Dot's hand is already dead/);
  });

  it('a dead player on turn: the turn passes on to the next live hand (NMJL)', () => {
    const moves = movesOf(6);
    const e = engineOn(storeWith(moves.slice(0, moves.length - 10)));
    const turn = e.gameState().turn!;
    e.enter({ entry: 'dead-declared-in-error', player: turn }, 'director');
    expect(e.gameState().turn).toBe((turn + 1) % 4);
    expect(turnHasOf(e.gameState())).toBe('nothing');
  });

  it("the winner and the discarder of the winning tile cannot die after the Mah Jongg (409): seed 3, Bea won on Dot's discard", () => {
    const e = engineOn(storeWith(movesOf(3)));
    expect(points(e)).toEqual([0, 70, 0, -10]);
    for (const p of [1, 3]) {
      try {
        e.enter({ entry: 'dead-declared-in-error', player: p }, 'director');
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(RulingError);
        expect((err as RulingError).status).toBe(409);
      }
    }
    e.enter({ entry: 'dead-declared-in-error', player: 2 }, 'director'); // Cat: 0 either way
    expect(points(e)).toEqual([0, 70, 0, -10]);
    expect(e.publicView().players[2]!.racks[0]!.dead).toBe(true);
  });
});

describe('refusals', () => {
  it('no game yet (409), a Siamese entry (400), a bad player or rack (400); nothing is logged', () => {
    const empty = engineOn(storeWith([]));
    expect(() => empty.enter({ entry: 'looked-at-stolen-tile', player: 0 }, 'director')).toThrow(/no game has begun on table/);
    const e = engineOn(storeWith(movesOf(6)));
    const status = (f: () => void) => {
      try {
        f();
      } catch (err) {
        return (err as RulingError).status;
      }
      return null;
    };
    expect(status(() => e.enter({ entry: 'misnamed-discard', player: 1, rack: 0 }, 'director'))).toBe(400);
    expect(status(() => e.enter({ entry: 'looked-at-stolen-tile', player: 4 }, 'director'))).toBe(400);
    expect(status(() => e.enter({ entry: 'looked-at-stolen-tile', player: 1, rack: 1 }, 'director'))).toBe(400);
    expect(stores[1]!.events(table.id).filter((x) => x.type === 'director-entry')).toEqual([]);
  });
});
