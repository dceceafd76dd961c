import { describe, expect, it } from 'vitest';
import { sampleDirectorView } from './fake-runtime.js';
import { PUBLIC_VIEW_KEYS, toDirector, toPublic } from './public-view.js';
import type { PublicTableView } from './views.js';

describe('toPublic', () => {
  it('keeps exactly the PublicTableView keys, dropping concealed and evidence', () => {
    const dir = sampleDirectorView();
    const pub = toPublic(dir);
    expect(Object.keys(pub)).toEqual(['tableId', 'variant', 'gameNo', 'phase', 'endReason', 'turn', 'players', 'walls', 'discards', 'flags', 'score', 'readers', 'updatedAt']);
    expect(PUBLIC_VIEW_KEYS).toHaveLength(20); // and scoring, results, clock, round, charleston, tileFaces and hub where a view has them
    expect(pub).not.toHaveProperty('concealed');
    expect(pub).not.toHaveProperty('evidence');
    const { concealed: _c, evidence: _e, ...expected } = dir;
    expect(pub).toEqual(expected);
    // no concealed tile id (e.g. "RD#1") anywhere in what goes out
    expect(JSON.stringify(pub)).not.toMatch(/#\d/);
  });

  it("another hub's table keeps its hub mark, picked key by key (docs/several-hubs.md)", () => {
    const pub = toPublic({ ...sampleDirectorView(), hub: { id: 'hall-b', online: false, url: 'x' } as { id: string; online: boolean } });
    expect(pub.hub).toEqual({ id: 'hall-b', online: false });
  });

  it('strips leaked fields at every level: flags, players, racks, score, readers, walls', () => {
    const dir = sampleDirectorView();
    const leaky = {
      ...dir,
      secret: 'x',
      flags: [{ ...dir.flags[0]!, evidence: dir.evidence[0], lines: ['GONE 04a1b2c3'] }],
      players: [{ ...dir.players[0]!, concealed: ['1B#1'], racks: [{ ...dir.players[0]!.racks[0]!, tiles: ['1B#1'] }] }],
      walls: [{ wall: 0, left: 3, current: true, tiles: ['J#1'] }],
      score: {
        points: [25, 0],
        payment: { from: 1, to: 0, amount: 25, hand: ['J#1'] },
        breakdown: [['line 3: 25'], []],
        final: true,
        concealed: [['J#1']],
      },
      readers: [{ id: 'RK-E1', state: 'connected', lastMessageAt: 5, discarded: 2, lastLine: 'TAG 1B#1' }],
    } as unknown as PublicTableView;
    const pub = toPublic(leaky);
    expect(pub).not.toHaveProperty('secret');
    expect(pub.flags[0]).toEqual({
      id: 'g1-f1',
      kind: 'wrong-wall',
      rule: '003 rule 20',
      title: 'Bea picked from wall 3 while wall 1 is current',
      player: 1,
      rack: 0,
      at: 1_700_000_100_000,
      status: 'awaiting-director',
      consequence: "Bea's hand is dead (rule 20)",
      gameNo: 1,
    });
    expect(pub.players[0]).toEqual({
      index: 0,
      name: 'Ann',
      seat: 'East',
      count: 28,
      racks: [{ rack: 0, count: 14, concealedCount: 11, exposed: ['5B', '5B', 'J'], dead: false, deadReason: null, mahJongg: null }],
    });
    expect(pub.walls).toEqual([{ wall: 0, left: 3, current: true }]);
    expect(pub.score).toEqual({ points: [25, 0], payment: { from: 1, to: 0, amount: 25 }, breakdown: [['line 3: 25'], []], final: true });
    expect(pub.readers).toEqual([{ id: 'RK-E1', state: 'connected', lastMessageAt: 5, discarded: 2 }]);
    expect(JSON.stringify(pub)).not.toMatch(/#\d/);
  });

  it('keeps a verified Mah Jongg on a rack (its public keys only)', () => {
    const dir = sampleDirectorView();
    dir.players[0]!.racks[0]!.mahJongg = { lineId: 'L3', lineText: 'FF 2222 4444 6666', value: 25, jokerless: false, order: 1 };
    (dir.players[0]!.racks[0]!.mahJongg as unknown as Record<string, unknown>).tiles = ['J#1'];
    expect(toPublic(dir).players[0]!.racks[0]!.mahJongg).toEqual({ lineId: 'L3', lineText: 'FF 2222 4444 6666', value: 25, jokerless: false, order: 1 });
  });
});

describe('toDirector', () => {
  it('keeps concealed and evidence, drops unknown keys', () => {
    const dir = sampleDirectorView();
    const out = toDirector({ ...dir, junk: 1 } as typeof dir);
    expect(out).toEqual(dir);
    expect(out).not.toHaveProperty('junk');
  });

  it('a reader: the director gets its port, firmware and error counts, the public view only its slot, state, last heard and bad lines; the refused moves go to the director only', () => {
    const dir = sampleDirectorView();
    dir.readers = [
      {
        id: 'RK-E1',
        state: 'stale',
        lastMessageAt: 5,
        discarded: 3,
        port: '/dev/rfcomm0',
        physicalId: 'ESP-7F',
        firmware: '1.4.2',
        errors: { 'bad-checksum': 3 },
        gaps: 1,
        duplicates: 0,
        reconnects: 2,
      },
    ];
    dir.unplaced = [{ at: 9, action: 'pass', reason: 'pass: Bea passed 1 blind in the first right', ref: '41' }];
    const out = toDirector(dir);
    expect(out.readers).toEqual(dir.readers);
    expect(out.unplaced).toEqual(dir.unplaced);
    const pub = toPublic(dir);
    expect(pub.readers).toEqual([{ id: 'RK-E1', state: 'stale', lastMessageAt: 5, discarded: 3 }]);
    expect(pub).not.toHaveProperty('unplaced');
  });
});
