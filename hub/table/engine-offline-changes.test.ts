/**
 * What changed while a reader was offline joins the director's list of what the hub could not
 * reconcile (`notSeen`, hub/table/machine/offline-changes.ts), with its window: on the Royale
 * Siamese table through a real ReaderSupervisor on a hand-driven clock (hub/table/test-bench.ts).
 */
import { describe, expect, it } from 'vitest';
import type { TileMovedData } from './machine.js';
import { HandBench } from './test-bench.js';

describe('what changed while a reader was offline (003)', () => {
  it("wall 2's reader unplugged over Bea's pick: the pick is listed with its window, for Bea, and stays listed after the replug", () => {
    const b = new HandBench({ namedByClock: true });
    b.build();
    b.deal();
    b.turn('RK-E1/in');
    expect(b.engine.directorView().notSeen).toBeUndefined();
    const lastHeard = b.lastLine.get('WL-2/wall')!; // Ann's pick: the wall's last line
    b.unplug('WL-2');
    b.advance(200);
    const pick = b.nextFrom(1);
    b.move(pick, 'RK-W1/in'); // the wall's DEL is never sent; the rack's ADD is the only evidence
    const readAt = b.lastLine.get('RK-W1/in')!;
    b.advance(1000);
    const listed = () => b.engine.directorView().notSeen ?? [];
    const ref = String(b.store.events('t1').find((e) => e.type === 'tile-moved' && (e.data as TileMovedData).tile === pick && (e.data as TileMovedData).to === 'RK-W1/in')!.seq);
    const want = {
      kind: 'changed-offline',
      rule: 'changed while a reader was offline',
      player: 1,
      tiles: [pick],
      // from the wall's last line to the rack's read: when in it the tile left the wall is not known
      window: { from: lastHeard, to: readAt },
      title: `${pick} went from wall 2 to Bea's rack 1 while reader WL-2 could not be heard: seen only in the snapshot after, not when in the window`,
      ref,
    };
    expect(listed()).toEqual([want]);
    b.move(pick, 'FL-1/floor');
    b.replug('WL-2');
    b.settle();
    expect(listed()).toEqual([want]);
    expect(b.flags()).toEqual([]);
  });

  it("Ann's rack 1 reader unplugged while she lays a tile from inside it on its top: nothing listed while it is out; at the replug the move its snapshots reveal is listed with the window the hub heard nothing of it", () => {
    const b = new HandBench({ namedByClock: true });
    b.build();
    b.deal();
    b.turn('RK-E1/in');
    // the window opens at the earlier of the two zones' last lines: the top's was its snapshot at the build
    const lastHeard = Math.min(b.lastLine.get('RK-E1/in')!, b.lastLine.get('RK-E1/top')!);
    const tile = [...b.at].find(([, z]) => z === 'RK-E1/in')![0];
    b.unplug('RK-E1');
    b.advance(500);
    // Ann slides a tile from rack 1 onto the top of rack 1: both zones of the unplugged reader
    b.at.set(tile, 'RK-E1/top');
    b.advance(2000);
    expect(b.engine.directorView().notSeen).toBeUndefined();
    b.replug('RK-E1');
    const back = b.clock;
    b.settle();
    const n = b.engine.directorView().notSeen ?? [];
    expect(n.map((x) => [x.kind, x.player, x.tiles, x.window])).toEqual([['changed-offline', 0, [tile], { from: lastHeard, to: back }]]);
    expect(n[0]!.title).toBe(`${tile} went from Ann's rack 1 to top of Ann's rack 1 while reader RK-E1 could not be heard: seen only in the snapshot after, not when in the window`);
  });
});
