import { describe, expect, it } from 'vitest';
import { bamSticks, dotCircles, FACE_H, FACE_W, type Circle, type Stick } from './faceLayout.js';

const RANKS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
/** a stick's box: left, top, right, bottom (face units) */
const box = (s: Stick) => [s.x - s.w / 2, s.y - s.h / 2, s.x + s.w / 2, s.y + s.h / 2] as const;
const sticksOverlap = (a: Stick, b: Stick) => {
  const [al, at, ar, ab] = box(a);
  const [bl, bt, br, bb] = box(b);
  return al < br && bl < ar && at < bb && bt < ab;
};
const circlesOverlap = (a: Circle, b: Circle) => Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r;
const pairs = <T>(xs: T[]): [T, T][] => xs.flatMap((a, i) => xs.slice(i + 1).map((b) => [a, b] as [T, T]));

describe('bamSticks: a Bam has as many sticks as its rank, 1 Bam none (a bird)', () => {
  it('counts 0, 2, 3, … 9 sticks for ranks 1-9', () => {
    expect(RANKS.map((n) => bamSticks(n).length)).toEqual([0, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('keeps every stick on the face (74 × 100) and apart from the others', () => {
    for (const n of RANKS) {
      for (const s of bamSticks(n)) {
        const [l, t, r, b] = box(s);
        expect(l >= 0 && t >= 0 && r <= FACE_W && b <= FACE_H, `${n} Bam stick at ${s.x},${s.y}`).toBe(true);
      }
      expect(
        pairs(bamSticks(n)).filter(([a, b]) => sticksOverlap(a, b)),
        `${n} Bam`,
      ).toEqual([]);
    }
  });

  it('reds the middle stick of the 5, the top of the 7, the middle column of the 9', () => {
    const reds = (n: number) =>
      bamSticks(n)
        .filter((s) => s.red)
        .map((s) => [s.x, s.y]);
    expect(reds(5)).toEqual([[37, 50]]);
    expect(reds(7)).toEqual([[37, 20]]);
    expect(reds(9)).toEqual([
      [37, 20],
      [37, 50],
      [37, 80],
    ]);
    expect([2, 3, 4, 6, 8].flatMap(reds)).toEqual([]);
  });

  it('refuses a rank that is not a tile number, naming it', () => {
    expect(() => bamSticks(0)).toThrow('bamSticks: rank 0 is not a tile number 1-9');
    expect(() => bamSticks(10)).toThrow(RangeError);
    expect(() => bamSticks(2.5)).toThrow('rank 2.5');
  });
});

describe('dotCircles: a Dot has as many circles as its rank', () => {
  it('counts 1-9 circles for ranks 1-9', () => {
    expect(RANKS.map((n) => dotCircles(n).length)).toEqual(RANKS);
  });

  it('keeps every circle on the face and apart from the others', () => {
    for (const n of RANKS) {
      for (const c of dotCircles(n)) expect(c.x - c.r >= 0 && c.y - c.r >= 0 && c.x + c.r <= FACE_W && c.y + c.r <= FACE_H, `${n} Dot circle at ${c.x},${c.y}`).toBe(true);
      expect(
        pairs(dotCircles(n)).filter(([a, b]) => circlesOverlap(a, b)),
        `${n} Dot`,
      ).toEqual([]);
    }
  });

  it('lays the 9 Dot in three rows of three, the 7 Dot a slant of three over two rows of two', () => {
    expect(new Set(dotCircles(9).map((c) => c.y))).toEqual(new Set([20, 50, 80]));
    const seven = dotCircles(7);
    // the slant climbs down left to right: 14, 27, 40; below, rows at 61 and 85
    expect(seven.slice(0, 3).map((c) => c.y)).toEqual([14, 27, 40]);
    expect(seven.slice(3).map((c) => c.y)).toEqual([61, 61, 85, 85]);
  });

  it('refuses a rank that is not a tile number', () => {
    expect(() => dotCircles(-1)).toThrow('dotCircles: rank -1 is not a tile number 1-9');
  });
});
