/**
 * The table engine fed with hand-written reader lines (as the firmware would print them), on a
 * hand-driven clock: counts, both Siamese flags, evidence, a director's dismissal, and a restart.
 */
import { describe, expect, it } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import type { ReaderMessage } from '../../firmware-protocol/messages.js';
import { fullTileSet, type TileId } from '../../rules/tiles.js';
import { loadHubConfig } from '../config/load.js';
import type { ReaderSupervisor, Connection } from '../readers/supervisor.js';
import { openSqliteStore } from '../store/sqlite.js';
import type { EventStore } from '../store/types.js';
import { simulatedTileSet, tagOfTile } from '../tilesets/simulated.js';
import { TableEngine } from './engine.js';
import { engineOnReaders } from './readers.test-helpers.js';

const [{ table, cards }] = loadHubConfig(new URL('../config/tables/siamese-demo.json', import.meta.url).pathname) as [ReturnType<typeof loadHubConfig>[0]];
const SETTLE = table.timing.settleMs;
const CHECK = table.timing.countCheckMs;

/** A table whose readers are driven by hand. */
class Bench {
  clock = 1_000_000;
  readonly store: EventStore;
  readonly engine: TableEngine;
  readonly supervisor: ReaderSupervisor;
  private readonly conns = new Map<string, Connection>();
  private readonly seqs = new Map<string, number>();
  /** where each tile is: `reader/zone` */
  readonly at = new Map<TileId, string>();
  sent: string[] = [];

  constructor(store?: EventStore) {
    this.store = store ?? openSqliteStore(':memory:');
    const wired = engineOnReaders(
      table,
      this.store,
      (readers) => new TableEngine({ table, cards, registry: simulatedTileSet(), store: this.store, readers, now: () => this.clock }),
      60_000,
    );
    this.engine = wired.engine;
    this.supervisor = wired.supervisor;
  }

  send(reader: string, msg: ReaderMessage): void {
    let conn = this.conns.get(reader);
    if (!conn) {
      conn = { name: `/dev/pts-${reader}`, write: (l) => this.sent.push(`${reader} <- ${l}`) };
      this.conns.set(reader, conn);
    }
    this.supervisor.line(conn, encodeLine(msg), this.clock);
  }

  seq(reader: string): number {
    const s = (this.seqs.get(reader) ?? -1) + 1;
    this.seqs.set(reader, s);
    return s;
  }

  /** Every reader says HELLO and sends its snapshots: the walls are built (38 tiles each, in set order). */
  build(order: TileId[] = fullTileSet()): void {
    order.forEach((tile, i) => this.at.set(tile, `WL-${Math.floor(i / 38) + 1}/wall`));
    this.reconnect();
  }

  /** Every reader says HELLO and sends a snapshot of each of its zones as things are now. */
  reconnect(): void {
    for (const r of table.readers) {
      this.send(r.id, { type: 'HELLO', reader: r.id, firmware: '0.1.0', protocol: 0, zones: Object.keys(r.zones) });
      for (const zone of Object.keys(r.zones)) {
        const key = `${r.id}/${zone}`;
        const tags = [...this.at].filter(([, z]) => z === key).map(([t]) => tagOfTile(t));
        this.send(r.id, { type: 'SNAP', seq: this.seq(r.id), zone, tags });
      }
    }
    this.advance(SETTLE + 10);
  }

  /** A tile is lifted from its zone and put down in `to` 60 ms later. */
  move(tile: TileId, to: string): void {
    const from = this.at.get(tile)!;
    const [fr, fz] = from.split('/') as [string, string];
    const [tr, tz] = to.split('/') as [string, string];
    this.send(fr, { type: 'DEL', seq: this.seq(fr), zone: fz, tag: tagOfTile(tile) });
    this.advance(60);
    this.send(tr, { type: 'ADD', seq: this.seq(tr), zone: tz, tag: tagOfTile(tile) });
    this.at.set(tile, to);
    this.advance(60);
  }

  advance(ms: number): void {
    const end = this.clock + ms;
    while (this.clock < end) {
      this.clock = Math.min(end, this.clock + 50);
      this.engine.tick();
    }
  }

  /** Lets every move settle and any count check fall due. */
  settle(): void {
    this.advance(SETTLE + CHECK + SETTLE + 100);
  }

  nextFromWall(): TileId {
    const wall = [0, 1, 2, 3].find((w) => [...this.at.values()].includes(`WL-${w + 1}/wall`))!;
    return this.nextFrom(wall);
  }

  nextFrom(wall: number): TileId {
    const key = `WL-${wall + 1}/wall`;
    return [...this.at].find(([, z]) => z === key)![0];
  }

  /** 003 rule 5: 4 at a time, East first, to 27 each; East to rack RK-E1/2 alternately, West to RK-W1/2. */
  deal(): void {
    for (let round = 0; round < 7; round++) {
      for (const who of ['E', 'W']) {
        for (let i = 0; i < (round < 6 ? 4 : 3); i++) this.move(this.nextFromWall(), `RK-${who}${(i % 2) + 1}/in`);
      }
    }
    this.settle();
  }

  count(player: number): number | null {
    return this.engine.publicView().players[player]!.count;
  }
}

describe('table engine from reader lines', () => {
  it('counts 27 each after the deal, then 28 and 27 across East\'s first turn', () => {
    const b = new Bench();
    b.build();
    const v0 = b.engine.publicView();
    expect(v0.gameNo).toBe(1);
    expect(v0.phase).toBe('deal');
    expect(v0.walls.map((w) => w.left)).toEqual([38, 38, 38, 38]);
    b.deal();
    expect([b.count(0), b.count(1)]).toEqual([27, 27]);
    expect(b.engine.publicView().walls.map((w) => w.left)).toEqual([0, 22, 38, 38]); // 54 dealt: all 38 of wall 1 and 16 of wall 2
    const pick = b.nextFromWall();
    b.move(pick, 'RK-E1/in');
    b.settle();
    expect(b.count(0)).toBe(28);
    b.move(pick, 'FL-1/floor');
    b.settle();
    const v = b.engine.publicView();
    expect([v.players[0]!.count, v.players[1]!.count]).toEqual([27, 27]);
    expect(v.phase).toBe('play');
    expect(v.turn).toBe(1);
    expect(v.discards).toEqual([pick.slice(0, pick.indexOf('#'))]);
    expect(v.flags).toEqual([]);
  });

  it('an extra pick: flagged after the turn boundary with its evidence; the game ends with rule 12\'s payment', () => {
    const b = new Bench();
    b.build();
    b.deal();
    const pick = b.nextFromWall();
    b.move(pick, 'RK-E1/in');
    b.move(b.nextFromWall(), 'RK-E2/in'); // one too many
    b.move(pick, 'FL-1/floor');
    b.settle();
    const v = b.engine.publicView();
    expect(v.flags.map((f) => [f.kind, f.rule, f.player, f.status])).toEqual([['tile-count', '003 rule 18C', 0, 'awaiting-director']]);
    expect(v.flags[0]!.title).toBe('Ann has 28 tiles off turn (should be 27): both hands dead');
    expect(v.phase).toBe('ended');
    // rule 12: Ann pays 4 × the lowest value on the cards; the sample cards' lowest hand is 25 → 100
    expect(v.score?.payment).toEqual({ from: 0, to: 1, amount: 100 });
    const d = b.engine.directorView();
    expect(d.evidence[0]!.counts).toEqual([[14, 14], [14, 13]]);
    expect(d.evidence[0]!.lines.length).toBeGreaterThan(0);
    expect(d.evidence[0]!.lines.every((l) => /\*[0-9A-F]{4}$/.test(l.line))).toBe(true);
    // no concealed tile in the public view: only counts
    expect(JSON.stringify(v)).not.toContain('#');
  });

  it('a pick from the wrong wall kills one hand (rule 20); a director dismissal rebuilds every view from the log', () => {
    const b = new Bench();
    b.build();
    b.deal();
    const pick = b.nextFromWall();
    b.move(pick, 'RK-E1/in');
    b.move(pick, 'FL-1/floor');
    b.settle();
    const wrong = b.nextFrom(3); // wall 4; the current wall is 2
    b.move(wrong, 'RK-W1/in');
    b.settle();
    let v = b.engine.publicView();
    expect(v.flags.map((f) => [f.kind, f.rule, f.player, f.rack])).toEqual([['wrong-wall', '003 rule 20', 1, 0]]);
    expect(v.players[1]!.racks[0]!.dead).toBe(true);
    expect(v.phase).toBe('play');
    b.engine.rule(v.flags[0]!.id, 'dismiss', 'director');
    v = b.engine.publicView();
    expect(v.flags[0]!.status).toBe('dismissed');
    expect(v.players[1]!.racks[0]!.dead).toBe(false);
    expect(() => b.engine.rule(v.flags[0]!.id, 'dismiss', 'director')).toThrow(/already dismissed/);
    // a different ruling changes it (the latest ruling stands): confirmed, the hand on rack 1 dead again
    b.engine.rule(v.flags[0]!.id, 'confirm', 'director');
    v = b.engine.publicView();
    expect(v.flags[0]!.status).toBe('confirmed');
    expect(v.players[1]!.racks[0]!.dead).toBe(true);
  });

  it('a hub restarted mid-round rebuilds the identical view from the log', () => {
    const b = new Bench();
    b.build();
    b.deal();
    const pick = b.nextFromWall();
    b.move(pick, 'RK-E1/in');
    b.move(pick, 'FL-1/floor');
    b.settle();
    const before = b.engine.publicView();
    b.store.flush();
    const events = b.store.events('t1').length;
    const again = new Bench(b.store);
    again.clock = b.clock + 5000;
    // until the readers are back, the counts are unknown, never stale numbers shown as live
    expect(again.engine.publicView().players.map((p) => p.count)).toEqual([null, null]);
    expect(again.engine.publicView().discards).toEqual(before.discards);
    // the readers reconnect and send their snapshots: the same tiles where they were, so no move
    for (const [tile, zone] of b.at) again.at.set(tile, zone);
    again.reconnect();
    const after = again.engine.publicView();
    expect(b.store.events('t1').length).toBe(events);
    expect({ ...after, readers: [], updatedAt: 0 }).toEqual({ ...before, readers: [], updatedAt: 0 });
  });

  it('a director entry that does not apply is refused with the reason, and logs nothing', () => {
    const b = new Bench();
    b.build();
    b.deal();
    const before = b.store.events('t1').length;
    expect(() => b.engine.enter({ entry: 'misnamed-discard', player: 1, rack: 0 }, 'director')).toThrow(
      "no Mah Jongg on a called discard on player 1's rack 1 of table 't1'",
    );
    expect(b.store.events('t1').length).toBe(before);
  });
});
