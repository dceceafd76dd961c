/**
 * Seeded pseudo-random numbers for the simulator (mulberry32: 32-bit state, period 2^32).
 * The same seed always gives the same sequence, so a seeded game is replayed exactly.
 */

/** A generator of floats in [0, 1). */
export type Rng = () => number;

/**
 * mulberry32 seeded with `seed` (any number; taken modulo 2^32).
 * Example: `mulberry32(1)()` is always the same float in [0, 1).
 */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates shuffle of a copy of `items` with `rng`. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
