import { describe, expect, it } from 'vitest';
import { fullTileSet, kindOf } from '../../rules/tiles.js';
import { checkTag, EnrollError, isRandomUid, LAYOUT_ORDER, layoutStart, TileSetRegistry } from './registry.js';

/** A made-up 7-byte NXP-style tag for tile index i. */
const tag = (i: number) => `04C0FFEE${i.toString(16).toUpperCase().padStart(6, '0')}`;

/** A full set enrolled one by one in card order, except the tiles whose index is in `skip`. */
function setWithout(skip: number[] = []): TileSetRegistry {
  const r = new TileSetRegistry('club-set-3');
  fullTileSet().forEach((t, i) => {
    if (!skip.includes(i)) r.enrol(tag(i), kindOf(t));
  });
  return r;
}

describe('make-up check', () => {
  it('a full set is complete: 152 of 152', () => {
    const m = setWithout().makeup();
    expect(m).toEqual({ enrolled: 152, total: 152, spares: 0, missing: [], complete: true, text: 'complete: 152 of 152 (0 spares)' });
  });

  it('one 5 Dot missing: "missing 5D ×1"', () => {
    const i = fullTileSet().indexOf('5D#3');
    const m = setWithout([i]).makeup();
    expect(m.enrolled).toBe(151);
    expect(m.complete).toBe(false);
    expect(m.missing).toEqual([{ kind: '5D', count: 1 }]);
    expect(m.text).toBe('missing 5D ×1');
  });

  it('lists every kind short, in card order, with counts', () => {
    const r = new TileSetRegistry('s');
    r.enrol(tag(1), 'N');
    r.enrol(tag(2), 'J');
    const m = r.makeup();
    expect(m.enrolled).toBe(2);
    expect(m.missing).toHaveLength(36); // every kind is still short
    expect(m.missing.slice(0, 2)).toEqual([
      { kind: '1B', count: 4 },
      { kind: '2B', count: 4 },
    ]);
    expect(m.missing.find((x) => x.kind === 'N')).toEqual({ kind: 'N', count: 3 });
    expect(m.missing.slice(-5).map((x) => x.kind)).toEqual(['RD', 'GD', 'WD', 'F', 'J']);
    expect(m.missing.find((x) => x.kind === 'F')).toEqual({ kind: 'F', count: 8 });
    expect(m.missing.find((x) => x.kind === 'J')).toEqual({ kind: 'J', count: 7 });
  });

  it('assigns copy numbers 1.. in turn; past 4 a tag is a spare (5D#5), counted apart', () => {
    const r = new TileSetRegistry('s');
    expect(r.enrol(tag(1), '5d')).toEqual({ tag: tag(1), tile: '5D#1', spare: false });
    expect(r.enrol(tag(2), '5D').tile).toBe('5D#2');
    r.enrol(tag(3), '5D');
    r.enrol(tag(4), '5D');
    expect(r.enrol(tag(5), '5D')).toEqual({ tag: tag(5), tile: '5D#5', spare: true });
    const m = r.makeup();
    expect(m.enrolled).toBe(4);
    expect(m.spares).toBe(1);
    expect(m.missing.some((x) => x.kind === '5D')).toBe(false);
    // a removed copy number is the next one given
    r.remove(tag(2));
    expect(r.enrol(tag(6), '5D').tile).toBe('5D#2');
    // flowers and jokers have 8 copies
    for (let i = 0; i < 8; i++) expect(r.enrol(tag(100 + i), 'F').spare).toBe(false);
    expect(r.enrol(tag(108), 'F')).toEqual({ tag: tag(108), tile: 'F#9', spare: true });
  });

  it('a full set with spares is still complete and its tag map holds them', () => {
    const r = setWithout();
    r.enrol('04AAAAAAAAAAAA', 'J');
    expect(r.makeup().text).toBe('complete: 152 of 152 (1 spare)');
    expect(r.tagMap().size).toBe(153);
    expect(r.tagMap().get('04AAAAAAAAAAAA')).toBe('J#9');
    expect(r.tagMap().get(tag(0))).toBe('1B#1');
  });
});

describe('tags refused', () => {
  it('the same tag twice, naming both tiles', () => {
    const r = new TileSetRegistry('s');
    r.enrol('04a1b2c3d4e5f6', '5D');
    expect(() => r.enrol('04A1B2C3D4E5F6', '7B')).toThrow('tag 04A1B2C3D4E5F6 is already enrolled as 5D#1; it cannot also be 7B (the same tag twice)');
    expect(r.size).toBe(1);
  });

  it('an ISO 14443 random UID (4 bytes starting 08)', () => {
    const r = new TileSetRegistry('s');
    expect(isRandomUid('08123456')).toBe(true);
    expect(isRandomUid('04123456')).toBe(false);
    expect(isRandomUid('08123456789ABC')).toBe(false); // 7-byte UIDs are never random
    expect(() => r.enrol('08a1b2c3', '1B')).toThrow(/tag 08A1B2C3 is a random UID \(ISO 14443-3/);
    // a fixed 4-byte UID is fine
    expect(r.enrol('1FA1B2C3', '1B').tile).toBe('1B#1');
  });

  it('a tag that is not a UID, and a kind that is not a tile', () => {
    const r = new TileSetRegistry('s');
    expect(() => r.enrol('XYZ', '1B')).toThrow('tag "XYZ" is not a tag UID: 4-12 bytes as 8-24 hex digits (even count), e.g. 04A1B2C3D4E5F6');
    expect(() => r.enrol('04A1B2C', '1B')).toThrow(/is not a tag UID/);
    try {
      r.enrol('04A1B2C3D4E5F6', '10B');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EnrollError);
      expect((e as EnrollError).field).toBe('kind');
      expect((e as EnrollError).message).toBe('kind "10B" is not a tile kind: use 1B-9B, 1C-9C, 1D-9D, N E W S, RD GD WD, F, J');
    }
    expect(checkTag(' 04a1b2c3d4e5f6 ')).toBe('04A1B2C3D4E5F6');
  });

  it('bad entries given to the constructor, naming the entry', () => {
    expect(
      () =>
        new TileSetRegistry('s', [
          { tag: '04A1B2C3D4E5F6', tile: '5D#1', spare: false },
          { tag: '04A1B2C3D4E5F7', tile: '5D#1', spare: false },
        ]),
    ).toThrow('entries[1]: tile 5D#1 already has tag 04A1B2C3D4E5F6; it cannot also have 04A1B2C3D4E5F7');
    expect(() => new TileSetRegistry('s', [{ tag: '04A1B2C3D4E5F6', tile: '5D#5', spare: false }])).toThrow(/entries\[0\]: 5D#5 is a spare/);
    expect(() => new TileSetRegistry('my set')).toThrow(/tile set id "my set" has " ", which is not a letter, digit/);
  });
});

describe('layout order', () => {
  it('is 1B×4 … 9D×4, N E W S, RD GD WD, F×8, J×8: 152 positions', () => {
    expect(LAYOUT_ORDER).toHaveLength(152);
    expect(LAYOUT_ORDER.slice(0, 5)).toEqual(['1B', '1B', '1B', '1B', '2B']);
    expect(layoutStart('1C')).toBe(36);
    expect(layoutStart('N')).toBe(108);
    expect(LAYOUT_ORDER.slice(108, 124).join(' ')).toBe('N N N N E E E E W W W W S S S S');
    expect(layoutStart('RD')).toBe(124);
    expect(layoutStart('WD')).toBe(132);
    expect(layoutStart('F')).toBe(136);
    expect(layoutStart('J')).toBe(144);
  });

  it('enrols tags laid out from a kind, all or nothing', () => {
    const r = new TileSetRegistry('s');
    const made = r.enrolLayout([tag(1), tag(2), tag(3), tag(4), tag(5)], layoutStart('9D'));
    expect(made.map((e) => e.tile)).toEqual(['9D#1', '9D#2', '9D#3', '9D#4', 'N#1']);
    expect(() => r.enrolLayout([tag(10), '08123456'], 0)).toThrow(/tags\[1\] 08123456 is a random UID/);
    expect(() => r.enrolLayout([tag(10), tag(10)], 0)).toThrow('tags[1] ' + tag(10) + ' is the same tag as tags[0]: it cannot be both 1B and 1B');
    expect(() => r.enrolLayout([tag(10), tag(1)], 0)).toThrow(`tags[1] ${tag(1)} is already enrolled as 9D#1; it cannot also be 1B`);
    expect(r.size).toBe(5); // nothing half-done
    expect(() => r.enrolLayout([tag(20), tag(21)], 151)).toThrow(/run past the 152nd tile/);
  });
});

describe('weak tags by read rate', () => {
  it('a tag read in 6 of 10 scans of its zone is weak (0.6); one read in all 10 is not', () => {
    const r = new TileSetRegistry('s');
    r.enrol(tag(1), '5D');
    r.enrol(tag(2), 'J');
    for (let s = 0; s < 10; s++) {
      const at = 1000 + s * 500;
      r.noteScan('RK-E1/in', at);
      r.noteRead(tag(1), 'RK-E1/in', at);
      if (s % 5 !== 1 && s % 5 !== 3) r.noteRead(tag(2), 'RK-E1/in', at);
    }
    // the same read twice counts once
    r.noteRead(tag(2), 'RK-E1/in', 1000);
    // a tag not in the set is ignored
    r.noteRead('04FFFFFFFFFFFF', 'RK-E1/in', 1000);
    expect(r.weakTags()).toEqual([{ tag: tag(2), tile: 'J#1', zone: 'RK-E1/in', reads: 6, expected: 10, rate: 0.6 }]);
    expect(r.weakTags({ minRate: 0.5 })).toEqual([]);
  });

  it('expects reads only while the tile rests in the zone, and judges after minScans', () => {
    const r = new TileSetRegistry('s');
    r.enrol(tag(1), '1B');
    for (let s = 0; s < 20; s++) r.noteScan('W0/wall', s * 100);
    // in the zone from scan 5 to scan 8, read in 3 of those 4 scans
    for (const s of [5, 6, 8]) r.noteRead(tag(1), 'W0/wall', s * 100);
    expect(r.weakTags()).toEqual([]); // 4 expected < 5
    expect(r.weakTags({ minScans: 4 })).toEqual([{ tag: tag(1), tile: '1B#1', zone: 'W0/wall', reads: 3, expected: 4, rate: 0.75 }]);
    // a zone never scanned cannot be judged
    r.noteRead(tag(1), 'FL/floor', 50);
    expect(r.weakTags({ minScans: 1 }).map((w) => w.zone)).toEqual(['W0/wall']);
  });

  it('a tile that leaves its zone and comes back is not weak: the scans while it was away are not expected', () => {
    const r = new TileSetRegistry('s');
    r.enrol(tag(1), '5D');
    r.enrol(tag(2), 'J');
    // scans every 2 s; 5D#1 rests in the rack for scans 0-5, is away for scans 6-13 (8 scans), back for 14-19
    for (let s = 0; s < 20; s++) {
      const at = 1000 + s * 2000;
      r.noteScan('RK-E1/in', at);
      if (s <= 5 || s >= 14) r.noteRead(tag(1), 'RK-E1/in', at);
      // J#1: missed twice in a row (scans 3, 4) and once (scan 9): 17 of 20, and still one stay
      if (s !== 3 && s !== 4 && s !== 9) r.noteRead(tag(2), 'RK-E1/in', at);
    }
    expect(r.weakTags()).toEqual([{ tag: tag(2), tile: 'J#1', zone: 'RK-E1/in', reads: 17, expected: 20, rate: 0.85 }]);
    expect(r.weakTags({ minRate: 1.01 }).find((w) => w.tag === tag(1))).toEqual({ tag: tag(1), tile: '5D#1', zone: 'RK-E1/in', reads: 12, expected: 12, rate: 1 });
  });
});
