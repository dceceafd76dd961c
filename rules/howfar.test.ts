import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCard } from './card/parse.js';
import type { Card } from './card/types.js';
import { howFar } from './howfar.js';
import { matchTiles } from './match.js';
import { TILE_KINDS, copiesOf, parseKinds as k, type TileKind } from './tiles.js';

const cardsDir = fileURLToPath(new URL('./cards/', import.meta.url));
const cards: Card[] = ['sample-standard', 'sample-siamese'].map((id) => loadCard(readFileSync(`${cardsDir}${id}.card`, 'utf8'), { id }));
const card = (lines: string): Card[] => [loadCard(`title: T\nkind: standard\n[T]\n${lines}\n`, { id: 't' })];

describe('howFar', () => {
  it('a complete hand needs 0', () => {
    const r = howFar(cards, { tiles: k('F F F F 5B 5B 5B J 5C 5C 5C 5C 5D 5D') });
    expect(r[0]!.need).toBe(0);
    expect(r[0]!.missing).toEqual([]);
    expect(
      r
        .filter((x) => x.need === 0)
        .map((x) => x.line.id)
        .sort(),
    ).toEqual(['sample-siamese:8', 'sample-standard:19']);
  });
  it('counts the tiles still needed, jokers filling only groups of 3+', () => {
    const c = card('FFFF 1111a 1111b 11c | any like numbers, any 3 suits | X 25');
    // 5B kong short 1, 5C kong short 2, 5D pair short 1, flowers short 1; one joker fills a kong tile
    const r = howFar(c, { tiles: k('F F F 5B 5B 5B 5C 5C 5D J N E') });
    expect(r).toHaveLength(1);
    expect(r[0]!.variation.groups.map((g) => g.kind)).toEqual(['F', '5B', '5C', '5D']);
    expect(r[0]!.need).toBe(4); // 1 F + 1 5B + 2 5C + 1 5D = 5 short, minus 1 joker
    expect(r[0]!.missing.filter((m) => m === '5D')).toEqual(['5D']); // the pair tile must be real
  });
  it('dead tiles rule out a line needing real ones; exposures must be whole groups', () => {
    const c = card('NN EE WW SS 11a 22a 33a | any 3 consecutive numbers, any 1 suit | X 50');
    const tiles = k('N N E E W W S 1B 1B 2B 2B 3B 3B');
    expect(howFar(c, { tiles })[0]!.missing).toEqual(['S']);
    expect(howFar(c, { tiles, dead: k('S S S') })).toEqual([]);
    const f = card('FFFF 1111a 1111b 11c | any like numbers, any 3 suits | X 25');
    const ok = howFar(f, { tiles: k('F F F F 2B 2B 2B 2B 2D 2D'), exposures: [k('2C 2C J 2C')] });
    expect(ok[0]!.need).toBe(0);
    expect(howFar(f, { tiles: k('F F F F 2B 2B 2B 2B 2D'), exposures: [k('2C 2C 2C')] })).toEqual([]); // a pung is not a kong
  });
  it('a concealed line is out once there are exposures', () => {
    const r = howFar(cards, { tiles: k('1B 1B 1B 1B 2B 2B 2B 2B 3B 3B 3B 3B'), exposures: [k('F F')] });
    expect(r.some((x) => x.line.concealed)).toBe(false);
  });
  it('is sorted by need then value, and a whole card takes a few ms for 28 tiles', () => {
    const all: TileKind[] = TILE_KINDS.flatMap((t) => Array<TileKind>(copiesOf(t)).fill(t));
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    const tiles = all.slice(0, 28);
    const r = howFar(cards, { tiles });
    for (let i = 1; i < r.length; i++) {
      expect(r[i]!.need >= r[i - 1]!.need).toBe(true);
      if (r[i]!.need === r[i - 1]!.need) expect(r[i]!.line.value <= r[i - 1]!.line.value).toBe(true);
      expect(r[i]!.missing).toHaveLength(r[i]!.need);
    }
    for (let i = 0; i < 50; i++) howFar(cards, { tiles }); // warm up
    let best = Infinity;
    for (let b = 0; b < 5; b++) {
      const t0 = performance.now();
      for (let i = 0; i < 20; i++) howFar(cards, { tiles });
      best = Math.min(best, (performance.now() - t0) / 20);
    }
    expect(best).toBeLessThan(5);
  });
  it('adding the missing tiles completes the hand', () => {
    const tiles = k('F F 3B 3B 3B 4C 4C 5D 5D 5D N J');
    for (const r of howFar(cards, { tiles }).slice(0, 10)) {
      // take the variation's own tiles that the hand holds, plus the missing ones
      const pool = [...tiles];
      const hand: TileKind[] = [];
      for (const g of r.variation.groups)
        for (let i = 0; i < g.size; i++) {
          const at = pool.indexOf(g.kind);
          if (at >= 0) hand.push(pool.splice(at, 1)[0]!);
        }
      let jokers = pool.filter((t) => t === 'J').length;
      const want = r.variation.groups.reduce((n, g) => n + g.size, 0);
      while (hand.length + r.missing.length < want && jokers-- > 0) hand.push('J');
      expect(matchTiles(cards, [...hand, ...r.missing]).map((m) => m.line.id)).toContain(r.line.id);
    }
  });
});
