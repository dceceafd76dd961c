/**
 * Five times the realistic reader noise: the chains that made false flags in
 * `npm run measure:noise -- --noise x5` (README "Noise"), in miniature, on the Royale Siamese engine
 * fed with hand-written protocol v1 lines through a real ReaderSupervisor, on a hand-driven clock.
 *
 * - seeds 35, 50, 70, 192: a discard whose DEL and ADD were both missed (no sequence gap) reaches the
 *   log from the snapshots after the next player's pick, which the hub saw live; the referee gave
 *   that pick to the discarder's turn and the check found 28 off turn (003 rule 18C). Now the move
 *   is `unreported` and the count checks of the next 3 s skip its readers' players;
 * - seeds 120, 184: an exposed tile's DEL and ADD both missed: the discard that followed judged a
 *   top the hub had not seen whole (003 rule 11, "fit no hand"). Now a top changed by deltas no
 *   snapshot has confirmed is judged at a later boundary;
 * - seed 28: the tile's ADD on the top corrupted (a sequence gap), the inside antenna read it weakly
 *   and a snapshot still read it weakly: it "rested" inside, and its move to the top came after the
 *   discard. Now the gap tells the tracker that reader's zones are incomplete.
 */
import { describe, expect, it } from 'vitest';
import { fullTileSet, kindOf } from '../../rules/tiles.js';
import { tagOfTile } from '../tilesets/simulated.js';
import { RECENT_GAP_MS, UNCONFIRMED_TOP_MS } from './machine.js';
import { HandBench, STRONG_DBM } from './test-bench.js';

const STRONG = STRONG_DBM; // dBm: every read in these tests lies on its own antenna but the cross-reads
const WEAK = -71;

/** A table of v1 readers driven by hand (hub/table/test-bench.ts): each read can be lost, snapshots are sent on demand; a move takes 100 ms. */
class Bench extends HandBench {
  constructor() {
    super({ protocol: 1, moveMs: 100 });
  }
}

describe('x5 noise: a discard no line reported (seed 35)', () => {
  it('Ann\'s discard seen only by the snapshots, after Bea\'s pick: the check is not judged (before: "Bea has 28 tiles off turn"); the next one is, and the counts are right', () => {
    const b = new Bench();
    b.build();
    b.deal();
    b.turn('RK-E1/in'); // East's first pick and discard
    b.turn('RK-W1/in'); // Bea
    expect([b.view().turn, b.counts(), b.flags()]).toEqual([0, [27, 27], []]);

    // Ann picks (seen), then discards a tile from rack 2: its DEL and its ADD are both missed
    const annPick = b.nextFrom(1);
    b.move(annPick, 'RK-E1/in');
    b.advance(300);
    b.snap('RK-E2/in'); // the rack's periodic inventory: the tile to go is still there
    const gone = [...b.at].find(([, z]) => z === 'RK-E2/in')![0];
    b.move(gone, 'FL-1/floor', { missDel: true, missAdd: true });
    b.advance(1000);
    // Bea picks from wall 2 (seen live) before any snapshot shows the discard
    const beaPick = b.nextFrom(1);
    b.send('WL-2', (seq) => ({ type: 'DEL', seq, zone: 'wall', tag: tagOfTile(beaPick) }));
    b.advance(100);
    b.at.set(beaPick, 'RK-W2/in');
    b.snap('FL-1/floor'); // the floor's inventory holds Ann's discard
    b.snap('RK-E2/in'); // rack 2's no longer does
    b.advance(100);
    b.send('RK-W2', (seq) => ({ type: 'ADD', seq, zone: 'in', tag: tagOfTile(beaPick), rssi: STRONG }));
    b.settle();

    expect(b.flags()).toEqual([]);
    const log = b.moves();
    const d = log.findIndex((m) => m.tile === gone && m.to === 'FL-1/floor');
    expect([log[d]!.from, log[d]!.unreported !== undefined]).toEqual(['RK-E2/in', true]);
    expect(log.findIndex((m) => m.tile === beaPick && m.to === 'RK-W2/in')).toBe(d - 1); // the log has her pick first
    expect(b.flags()).toEqual([]);
    expect(b.checks().at(-1)!.skipReaders).toEqual(['FL-1', 'RK-E2']);
    expect(b.counts()).toEqual([27, 28]);

    // Bea discards, Ann plays a turn, Bea plays a turn: past RECENT_GAP_MS every check is judged again, and right
    b.advance(RECENT_GAP_MS);
    b.move(beaPick, 'FL-1/floor');
    b.settle();
    b.turn('RK-E1/in');
    b.turn('RK-W1/in');
    expect(b.checks().at(-1)!.skipReaders).toEqual([]);
    expect([b.view().turn, b.counts(), b.flags()]).toEqual([0, [27, 27], []]);
    expect(b.view().discards.length).toBe(6);
  });

  it('a real extra tile a while after an unreported discard is still flagged (003 rule 18C)', () => {
    const b = new Bench();
    b.build();
    b.deal();
    b.turn('RK-E1/in');
    const gone = [...b.at].find(([, z]) => z === 'RK-W2/in')![0];
    const pick = b.nextFrom(1);
    b.move(pick, 'RK-W1/in');
    b.advance(300);
    b.move(gone, 'FL-1/floor', { missDel: true, missAdd: true });
    b.advance(1000);
    b.snap('FL-1/floor');
    b.snap('RK-W2/in');
    b.settle();
    expect(b.moves().find((m) => m.tile === gone && m.to === 'FL-1/floor')!.unreported).toBeDefined();
    b.advance(RECENT_GAP_MS);
    b.turn('RK-E1/in');
    b.turnWithExtraPick('RK-W1/in', 'RK-W2/in'); // Bea: one too many
    expect(b.flags()).toEqual(['003 rule 18C: Bea has 28 tiles off turn (should be 27): both hands dead']);
  });
});

describe('x5 noise: exposures judged on a top the hub saw whole (seeds 120, 184)', () => {
  // 1B#2 swapped into the undealt part of wall 2: Ann is dealt 1B#1 and 1B#3 into rack 1 (RK-E1)
  const order = fullTileSet();
  [order[1], order[60]] = [order[60]!, order[1]!];

  it("a pung of 1 bams whose third tile's DEL and ADD were missed: no rule 11 flag at Ann's discard; the snapshot brings the tile and Bea's discard judges the pung whole", () => {
    const b = new Bench();
    b.build(order);
    b.deal();
    expect([b.at.get('1B#1'), b.at.get('1B#3'), b.at.get('1B#2')]).toEqual(['RK-E1/in', 'RK-E1/in', 'WL-2/wall']);
    b.turn('RK-E1/in');
    b.turn('RK-W1/in');

    b.move('1B#2', 'RK-E1/in'); // Ann picks the third 1 bam
    b.advance(300);
    b.snap('RK-E1/top');
    b.move('1B#2', 'RK-E1/top');
    b.move('1B#1', 'RK-E1/top');
    b.move('1B#3', 'RK-E1/top', { missDel: true, missAdd: true }); // no line for this one
    b.advance(300);
    const discard = [...b.at].find(([t, z]) => z === 'RK-E1/in' && kindOf(t) !== '1B')![0];
    b.move(discard, 'FL-1/floor');
    b.settle();
    // before: "The exposures on Ann's rack 1 fit no hand on the cards" (it saw 1B 1B)
    expect(b.flags()).toEqual([]);
    const d = b.moves().find((m) => m.tile === discard && m.to === 'FL-1/floor')!;
    expect(d.unconfirmed).toEqual(['RK-E1']);
    expect(b.view().players[0]!.racks[0]!.exposed).toEqual(['1B', '1B']);

    b.snap('RK-E1/top'); // the top's next inventory
    b.snap('RK-E1/in');
    b.settle();
    expect(b.view().players[0]!.racks[0]!.exposed).toEqual(['1B', '1B', '1B']);
    const m = b.moves().find((x) => x.tile === '1B#3' && x.to === 'RK-E1/top')!;
    expect([m.from, m.to, m.unreported !== undefined]).toEqual(['RK-E1/in', 'RK-E1/top', true]);
    b.turn('RK-W2/in');
    expect(b.flags()).toEqual([]);
    expect(b.moves().at(-1)!.unconfirmed).toBeUndefined();
    expect(b.view().players[0]!.racks[0]!.dead).toBe(false);
    expect(b.counts()).toEqual([27, 27]);
  });

  it('a pair left on a top: judged once the top is confirmed or its last change is 2.5 s old, and flagged (003 rule 11)', () => {
    const b = new Bench();
    b.build(order);
    b.deal();
    b.turn('RK-E1/in');
    b.turn('RK-W1/in');
    b.advance(200);
    b.snap('RK-E1/top');
    b.move('1B#1', 'RK-E1/top');
    b.move('1B#3', 'RK-E1/top'); // exposed as a pair: fits no exposed line
    b.advance(300);
    b.turn('RK-E1/in', [...b.at].find(([t, z]) => z === 'RK-E1/in' && kindOf(t) !== '1B')![0]);
    expect(b.flags()).toEqual([]); // not yet: no snapshot of that top since the pair came
    b.advance(UNCONFIRMED_TOP_MS);
    b.turn('RK-W2/in'); // no snapshot either, but the top's last change is older than 2.5 s
    expect(b.flags()).toEqual(["003 rule 11: The exposures on Ann's rack 1 fit no hand on the cards: that hand is dead"]);
  });
});

describe('x5 noise: a weak read while lines of its reader are lost (seed 28)', () => {
  it("a tile's ADD on Ann's rack 1 top is corrupted, the inside antenna reads it weakly and its snapshot still does: no stop inside; the top's snapshot moves it rack 2 → top of rack 1", () => {
    const b = new Bench();
    b.build();
    b.deal();
    b.turn('RK-E1/in');
    b.turn('RK-W1/in');
    const tile = [...b.at].find(([, z]) => z === 'RK-E2/in')![0];
    b.snap('RK-E1/top');
    b.send('RK-E2', (seq) => ({ type: 'DEL', seq, zone: 'in', tag: tagOfTile(tile) }));
    b.advance(200);
    b.at.set(tile, 'RK-E1/top');
    b.corrupt('RK-E1', (seq) => ({ type: 'ADD', seq, zone: 'top', tag: tagOfTile(tile), rssi: STRONG }));
    b.advance(300);
    b.send('RK-E1', (seq) => ({ type: 'ADD', seq, zone: 'in', tag: tagOfTile(tile), rssi: WEAK }));
    b.advance(450);
    const inside = [...b.at].filter(([, z]) => z === 'RK-E1/in').map(([t]) => tagOfTile(t));
    b.send('RK-E1', (seq) => ({ type: 'SNAP', seq, zone: 'in', tags: [...inside, tagOfTile(tile)], rssi: [...inside.map(() => STRONG), WEAK] }));
    b.advance(200);
    // before: the weak read, "confirmed" by that snapshot, made a move rack 2 → inside rack 1
    expect(
      b
        .moves()
        .filter((m) => m.tile === tile && m.from?.startsWith('RK-'))
        .map((m) => `${m.from} → ${m.to}`),
    ).toEqual([]);
    b.snap('RK-E1/top');
    b.send('RK-E1', (seq) => ({ type: 'DEL', seq, zone: 'in', tag: tagOfTile(tile) })); // the cross-read ends
    b.settle();
    expect(
      b
        .moves()
        .filter((m) => m.tile === tile && m.from?.startsWith('RK-'))
        .map((m) => `${m.from} → ${m.to}`),
    ).toEqual(['RK-E2/in → RK-E1/top']);
    expect(b.view().players[0]!.racks[0]!.exposed).toEqual([kindOf(tile)]);
  });
});
