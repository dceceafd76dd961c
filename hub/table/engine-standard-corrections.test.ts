/**
 * The director corrects what the readers saw of a committed move (hub/table/machine/corrections.ts)
 * on the 4-player table, over reader lines into the engine (hub/table/test-bench.ts `SimBench`,
 * ./scripted.test-helpers.ts).
 *
 * The game of ./engine-misnamed.test.ts: after the first Charleston Bea (South) holds
 * 1B 1B F 1C 1C 1C 1D 1D 1D 9C RD RD RD; she calls Ann's 1B (exposure 1B 1B 1B) and discards 9C;
 * Cat picks and discards a tile the tile set names N; Bea calls it for "FF 111a 111b 111c DDD"
 * (X 30, jokerless). With the tag read as N the Mah Jongg is in error; the tag is in truth a flower.
 */
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from '../config/load.js';
import { simulatedTileSet } from '../tilesets/simulated.js';
import { CorrectionRefused } from './machine/corrections.js';
import type { TileId } from '../../rules/tiles.js';
import { closedAfterEach, SimBench } from './test-bench.js';
import { TableEngine } from './engine.js';
import { parseGameRecord, writeGameRecord } from '../../rules/record/game-record.js';
import { refereeRecord } from '../record/replay.js';
import { EAST, ScriptedGame, SOUTH, WEST } from './standard/scripted.test-helpers.js';

const [{ table: demo, cards }] = loadHubConfig(new URL('../config/tables/standard-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const keep = closedAfterEach<SimBench<TableEngine>>();
const make = (store: ConstructorParameters<typeof TableEngine>[0]['store'], readers: ConstructorParameters<typeof TableEngine>[0]['readers'], now: () => number) =>
  new TableEngine({ table: demo, cards, registry: simulatedTileSet(), store, readers, now });

const HANDS = ['1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C', 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C', '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D', 'RD RD RD GD GD GD WD WD WD S S S 7C'];
const PASSES = ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'];

const refusal = (f: () => void) => {
  try {
    f();
  } catch (err) {
    return err instanceof CorrectionRefused ? [err.reason, err.message] : err;
  }
  return null;
};

/** The game played up to Bea's Mah Jongg in error on Cat's discard "N". */
function played() {
  const g = new ScriptedGame(demo, HANDS, PASSES);
  g.discard(EAST, '1B').call(SOUTH, '1B 1B').discard(SOUTH, '9C');
  g.pick(WEST, 'N').discard(WEST, 'N').call(SOUTH, 'F 1C 1C 1C 1D 1D 1D RD RD RD');
  const b = keep(new SimBench(demo, make));
  b.build(g);
  for (const s of g.steps) b.step(s);
  b.advance(3000);
  return { b };
}

/** A flower copy still in a wall (its tag then stands for the N the discard was read as). */
function flowerInWall(b: SimBench<TableEngine>): TileId {
  const where = b.engine.loggedTable().tiles;
  return [...where].find(([t, z]) => t.startsWith('F#') && /wall/i.test(z))![0];
}

describe('a tile correction: the tag is another tile', () => {
  it("Cat's discard read as N was a flower: the Mah Jongg in error becomes Bea's 50, Cat pays 10; the log, the record and a restart keep it", () => {
    const { b } = played();
    const before = b.engine.publicView();
    expect(before.flags.map((f) => f.kind)).toEqual(['mah-jongg-in-error']);
    const discard = b
      .moves()
      .filter((m) => m.data.tile.startsWith('N#'))
      .at(-1)!;
    const flower = flowerInWall(b);
    const c = b.engine.correct(discard.seq, { kind: 'tile', tile: flower }, 'Dora');
    expect(c).toMatchObject({ kind: 'tile', ref: discard.seq, tag: discard.data.tag, was: discard.data.tile, tile: flower, swap: { was: flower, tile: discard.data.tile }, by: 'Dora' });
    const v = b.engine.publicView();
    expect(v.phase).toBe('ended');
    expect(v.flags).toEqual([]);
    expect(v.players[SOUTH]!.racks[0]!).toMatchObject({ dead: false, mahJongg: { lineId: 'sample-standard:20', value: 30, jokerless: true } });
    // 000: Bea 30 + 20 jokerless = 50; Cat, whose discard made it, pays as the discarder to a
    // hand with one exposure (1B 1B 1B) before the call: −10; Ann and Dot 0
    expect(v.score?.points).toEqual([0, 50, -10, 0]);
    const events = b.store.events(demo.id);
    expect(events.filter((e) => e.type === 'move-correction').map((e) => (e.data as { ref: number }).ref)).toEqual([discard.seq]);
    expect(events.filter((e) => e.type === 'tag-corrected').map((e) => e.data)).toEqual([
      {
        tags: [
          { tag: discard.data.tag, was: discard.data.tile, tile: flower },
          { tag: c.kind === 'tile' ? c.swap!.tag : '', was: flower, tile: discard.data.tile },
        ],
        correction: c.seq,
        by: 'Dora',
      },
    ]);
    // the move as read stays in the log; the director's view lists both
    expect(b.moves().find((m) => m.seq === discard.seq)!.data.tile).toBe(discard.data.tile);
    const dv = b.engine.directorView();
    expect(dv.corrections).toEqual([
      {
        id: String(c.seq),
        ref: String(discard.seq),
        kind: 'tile',
        text: `move ${discard.seq}: tag ${discard.data.tag} is ${flower}, not ${discard.data.tile} as enrolled; tag ${c.kind === 'tile' ? c.swap!.tag : ''}, enrolled as ${flower}, is ${discard.data.tile} (Dora)`,
        by: 'Dora',
        at: c.at,
      },
    ]);
    // the record: the actions as corrected, and the correction line
    const record = b.engine.gameRecord(1)!;
    const line = { kind: 'tile', ref: String(discard.seq), tag: discard.data.tag, was: discard.data.tile, tile: flower, swap: c.kind === 'tile' ? c.swap : undefined, by: 'Dora', at: c.at };
    expect(record.lines.filter((l) => 'correction' in l)).toEqual([{ correction: line }]);
    // written and read back (rules/GAME-RECORD.md), refereed as \`mjhub referee\` does: the same points, the correction listed
    const read = parseGameRecord(writeGameRecord(record));
    const refereed = refereeRecord(read, cards);
    expect([refereed.points, refereed.flags, refereed.corrections]).toEqual([[0, 50, -10, 0], [], [line]]);
    // the next reads name the tag by its new identity: the tile cleared off Bea's rack to a wall is F, not N
    const last = b
      .moves()
      .filter((m) => m.data.tag === discard.data.tag)
      .at(-1)!;
    const wall = [...b.engine.loggedTable().tiles].find(([, z]) => /wall/i.test(z))![1];
    const [fromReader, fromZone] = last.data.to.split('/') as [string, string];
    const [toReader, toZone] = wall.split('/') as [string, string];
    b.step({ label: 'the table is cleared', moves: [{ tile: discard.data.tile, from: { reader: fromReader, zone: fromZone }, to: { reader: toReader, zone: toZone } }] });
    b.advance(3000);
    expect(b.moves().at(-1)!.data).toMatchObject({ tag: discard.data.tag, tile: flower, to: wall });
    // refolded from the log (a restart): the same end
    expect(b.restarted(make).engine.publicView().score?.points).toEqual([0, 50, -10, 0]);
  });

  it('refused: a move that does not exist, a tile that is not a tile, the tile it already is, every copy enrolled; a game its card has signed', () => {
    const { b } = played();
    const discard = b
      .moves()
      .filter((m) => m.data.tile.startsWith('N#'))
      .at(-1)!;
    expect(refusal(() => b.engine.correct(999_999, { kind: 'tile', tile: 'F' }, 'Dora'))).toEqual([
      'no-move',
      "table 't1' has no committed move 999999 (a move's ref is the sequence number of its tile-moved event)",
    ]);
    expect(refusal(() => b.engine.correct(discard.seq, { kind: 'tile', tile: 'Q' }, 'Dora'))).toEqual(['bad-input', "tile: 'Q' is not a tile: a kind such as 7C or a copy such as 7C#3"]);
    expect(refusal(() => b.engine.correct(discard.seq, { kind: 'tile', tile: discard.data.tile }, 'Dora'))).toEqual([
      'conflict',
      `move ${discard.seq}'s tag ${discard.data.tag} is already ${discard.data.tile}`,
    ]);
    expect(refusal(() => b.engine.correct(discard.seq, { kind: 'tile', tile: 'F' }, 'Dora'))).toEqual([
      'conflict',
      `tile: every copy of F is enrolled (F#1-F#8): name the copy whose tag was mixed up with this one (e.g. F#1); that tag then becomes ${discard.data.tile}`,
    ]);
    // a game whose score card every player has initialed (hub/tournament/service.ts `signedGame` says why)
    expect(refusal(() => b.engine.correct(discard.seq, { kind: 'tile', tile: 'F#2' }, 'Dora', (gameNo) => `game ${gameNo} is signed`))).toEqual(['conflict', 'game 1 is signed']);
    expect(b.store.events(demo.id).filter((e) => e.type === 'move-correction')).toEqual([]);
  });
});
