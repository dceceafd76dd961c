/**
 * A simple greedy Royale Siamese bot (003) for the simulator. Pure and deterministic: the same
 * racks and cards always give the same decisions.
 *
 * How it plays:
 * - it ranks card lines with rules/howfar.ts on all its concealed tiles (both racks, 003 rule 6/11:
 *   tiles are interchangeable IN the racks) and picks one target line per rack that is not finished,
 *   trying both rack orders and the best few lines for the first rack, keeping the pair of targets
 *   with the fewest tiles missing in all;
 * - it keeps what the targets use, discards the least useful other tile (never a joker if it can help it);
 * - it calls a discard when it completes a pung, kong, quint or sextet of a target (jokers only in
 *   groups of 3 or more), and calls for Mah Jongg when the discard completes a line;
 * - it declares Mah Jongg as soon as a rack's line is complete (003 rule 10: in order to be paid,
 *   a Mah Jongg must be ON the rack).
 */
import type { Card, CardLine, Group, Variation } from '../../rules/card/types.js';
import { howFar } from '../../rules/howfar.js';
import { kindOf, type TileId, type TileKind } from '../../rules/tiles.js';

/** One exposure on the top of a rack: the tiles (jokers included) standing for `size` tiles of `kind`. */
export interface TopGroup {
  kind: TileKind;
  size: number;
  tiles: TileId[];
  /** true when made by calling a discard */
  called: boolean;
}

/** A rack as its owner sees it. */
export interface RackView {
  /** concealed tiles inside the rack */
  inside: TileId[];
  /** exposures on the top of the rack (before a Mah Jongg) */
  top: TopGroup[];
  /** set once the rack holds an exposed Mah Jongg (14 tiles on its top): the rack is finished */
  mahJongg: { line: CardLine; tiles: TileId[] } | null;
  /** the director ruled this hand dead (e.g. 003 rule 20): it makes no Mah Jongg and no exposure */
  dead?: boolean;
}

/** One target: a card line variation for one rack and which concealed tiles it uses. */
export interface RackPlan {
  rack: number;
  line: CardLine;
  variation: Variation;
  /** tiles still missing (0 = the line is complete) */
  need: number;
  /** concealed tiles the plan uses (naturals and jokers) */
  keep: TileId[];
  /** every group of the variation with the tiles assigned to it (exposed ones included) */
  groups: { group: Group; tiles: TileId[]; exposed: boolean }[];
}

/** The bot's decision to declare Mah Jongg on a rack. */
export interface MahJonggDecision {
  rack: number;
  line: CardLine;
  variation: Variation;
  /** concealed tiles (and the called discard, when calling) that go up on the top of the rack */
  tiles: TileId[];
}

/** The bot's decision to call a discard. */
export type CallDecision =
  | { purpose: 'mahjongg'; mahJongg: MahJonggDecision }
  | { purpose: 'exposure'; rack: number; kind: TileKind; size: number /** concealed tiles that join the called tile */; tiles: TileId[] };

/** Tuning knobs; the defaults are what the tests measured. */
export interface BotTuning {
  /** how many of the best lines for the first rack are tried when pairing targets */
  candidates: number;
}

export const DEFAULT_TUNING: BotTuning = { candidates: 4 };

/** Kinds of a list of tiles. */
function kinds(tiles: readonly TileId[]): TileKind[] {
  return tiles.map(kindOf);
}

/**
 * Assigns concealed tiles (`pool`) to the groups of `variation` for a rack whose top already holds
 * `exposures` (each must be one group of the variation: same kind, same size).
 * Naturals first (to singles and pairs first), then jokers into groups of 3+ that allow them, the nearest to complete first.
 * @returns the plan's groups, the tiles kept and the tiles still missing, or null when the exposures
 *   do not fit the variation (or the line is concealed and the rack has exposures).
 */
export function fillVariation(line: CardLine, variation: Variation, pool: readonly TileId[], exposures: readonly TopGroup[]): { need: number; keep: TileId[]; groups: RackPlan['groups'] } | null {
  if (line.concealed && exposures.length > 0) return null;
  const groups = variation.groups.map((group) => ({ group, tiles: [] as TileId[], exposed: false }));
  for (const x of exposures) {
    const g = groups.find((c) => !c.exposed && c.group.kind === x.kind && c.group.size === x.size);
    if (!g) return null;
    g.exposed = true;
    g.tiles = [...x.tiles];
  }
  const byKind = new Map<TileKind, TileId[]>();
  for (const t of pool) {
    const k = kindOf(t);
    const list = byKind.get(k);
    if (list) list.push(t);
    else byKind.set(k, [t]);
  }
  const keep: TileId[] = [];
  // real tiles go first to the groups jokers may not stand in (singles, pairs), as rules/match.ts does
  const order = [...groups.filter((g) => !g.group.jokersAllowed), ...groups.filter((g) => g.group.jokersAllowed)];
  for (const g of order) {
    if (g.exposed) continue;
    const list = byKind.get(g.group.kind) ?? [];
    while (g.tiles.length < g.group.size && list.length > 0) {
      const t = list.shift()!;
      g.tiles.push(t);
      keep.push(t);
    }
  }
  const jokers = byKind.get('J') ?? [];
  const open = groups.filter((g) => !g.exposed && g.group.jokersAllowed && g.tiles.length < g.group.size).sort((a, b) => a.group.size - a.tiles.length - (b.group.size - b.tiles.length));
  for (const g of open) {
    while (g.tiles.length < g.group.size && jokers.length > 0) {
      const t = jokers.shift()!;
      g.tiles.push(t);
      keep.push(t);
    }
  }
  const need = groups.reduce((n, g) => n + g.group.size - g.tiles.length, 0);
  return { need, keep, groups };
}

/** All concealed tiles of a player (both racks). */
export function concealed(racks: readonly RackView[]): TileId[] {
  return racks.flatMap((r) => r.inside);
}

const memo = new WeakMap<readonly Card[], Map<string, ReturnType<typeof howFar>>>();

/** howFar, remembered for the last few hundred hands of each card set (the bots ask about the same hand several times a turn). */
function measure(cards: readonly Card[], tiles: TileKind[], exposures: TileKind[][]): ReturnType<typeof howFar> {
  let m = memo.get(cards);
  if (!m) memo.set(cards, (m = new Map()));
  const key = `${[...tiles].sort().join(' ')}|${exposures.map((x) => x.join(' ')).join('/')}`;
  const hit = m.get(key);
  if (hit) return hit;
  const r = howFar(cards, { tiles, exposures });
  if (m.size >= 512) m.delete(m.keys().next().value!);
  m.set(key, r);
  return r;
}

/** Lines ranked by howFar for `pool` on a rack with `exposures`, as plans (best first, at most `limit`). */
function rank(cards: readonly Card[], rack: number, pool: readonly TileId[], exposures: readonly TopGroup[], limit: number): RackPlan[] {
  const results = measure(
    cards,
    kinds(pool),
    exposures.map((x) => kinds(x.tiles)),
  );
  const out: RackPlan[] = [];
  for (const r of results) {
    if (out.length >= limit) break;
    const fill = fillVariation(r.line, r.variation, pool, exposures);
    if (!fill) continue;
    out.push({ rack, line: r.line, variation: r.variation, need: fill.need, keep: fill.keep, groups: fill.groups });
  }
  return out.sort((a, b) => a.need - b.need);
}

/**
 * The bot's targets: one plan per rack that has no Mah Jongg yet (index = rack; null for a finished
 * rack). Both rack orders and the best `tuning.candidates` lines of the first rack are tried; the pair
 * with the fewest tiles missing in all wins (ties: the pair whose nearer target is nearer).
 */
export function planRacks(cards: readonly Card[], racks: readonly RackView[], tuning: BotTuning = DEFAULT_TUNING): (RackPlan | null)[] {
  const pool = concealed(racks);
  const open = racks.map((r, i) => (r.mahJongg ? -1 : i)).filter((i) => i >= 0);
  const plans: (RackPlan | null)[] = racks.map(() => null);
  if (open.length === 0) return plans;
  if (open.length === 1) {
    const r = open[0]!;
    plans[r] = rank(cards, r, pool, racks[r]!.top, 1)[0] ?? null;
    return plans;
  }
  let best: { a: RackPlan; b: RackPlan | null; score: [number, number] } | null = null;
  const orders: [number, number][] = [[open[0]!, open[1]!]];
  // with nothing on either top the two racks are alike: the other order gives the same pairs swapped
  if (racks[open[0]!]!.top.length + racks[open[1]!]!.top.length > 0) orders.push([open[1]!, open[0]!]);
  for (const [first, second] of orders) {
    for (const a of rank(cards, first, pool, racks[first]!.top, tuning.candidates)) {
      const rest = without(pool, a.keep);
      const b = rank(cards, second, rest, racks[second]!.top, 1)[0] ?? null;
      const needB = b ? b.need : 99;
      const score: [number, number] = [a.need + needB, Math.min(a.need, needB)];
      if (!best || score[0] < best.score[0] || (score[0] === best.score[0] && score[1] < best.score[1])) {
        best = { a, b, score };
      }
    }
  }
  if (best) {
    plans[best.a.rack] = best.a;
    if (best.b) plans[best.b.rack] = best.b;
  }
  return plans;
}

/** `pool` without the tiles of `remove` (by tile id). */
export function without(pool: readonly TileId[], remove: readonly TileId[]): TileId[] {
  const gone = new Set(remove);
  return pool.filter((t) => !gone.has(t));
}

/**
 * A complete line for some rack with no Mah Jongg yet, from the concealed tiles (plus `extra`, a
 * discard being considered for a call), or null. A rack whose top holds exposures only takes a line
 * those exposures are groups of. When `extra` is given the line must use it.
 */
export function findMahJongg(cards: readonly Card[], racks: readonly RackView[], extra?: TileId): MahJonggDecision | null {
  const pool = extra ? [...concealed(racks), extra] : concealed(racks);
  // racks with exposures first: their tiles are already committed
  const order = racks
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => !r.mahJongg && !r.dead)
    .sort((x, y) => y.r.top.length - x.r.top.length || x.i - y.i);
  for (const { r, i } of order) {
    const best = rank(cards, i, pool, r.top, 3).find((p) => p.need === 0 && (!extra || p.keep.includes(extra)));
    if (best) return { rack: i, line: best.line, variation: best.variation, tiles: best.keep };
  }
  return null;
}

/**
 * Whether to call `discard` (the last discard, before the other player picks): for Mah Jongg when it
 * completes a line, else for an exposure when it completes a pung/kong/quint/sextet of a target
 * whose line is not concealed. Jokers are never called (a discarded joker is dead).
 */
export function findCall(cards: readonly Card[], racks: readonly RackView[], discard: TileId, tuning: BotTuning = DEFAULT_TUNING): CallDecision | null {
  const k = kindOf(discard);
  if (k === 'J') return null;
  const mj = findMahJongg(cards, racks, discard);
  if (mj) return { purpose: 'mahjongg', mahJongg: mj };
  const plans = planRacks(cards, racks, tuning);
  for (const p of plans) {
    if (!p || p.line.concealed || racks[p.rack]?.dead) continue;
    for (const g of p.groups) {
      if (g.exposed || g.group.kind !== k || g.group.size < 3 || !g.group.jokersAllowed) continue;
      if (g.tiles.length === g.group.size - 1) {
        return { purpose: 'exposure', rack: p.rack, kind: k, size: g.group.size, tiles: [...g.tiles] };
      }
    }
  }
  return null;
}

/**
 * The tile to discard: a concealed tile no target uses, the least useful first (useful = its kind
 * appears in the best lines for the pool); a joker only when nothing else is left; when every tile
 * is kept, a natural tile from the target that is furthest from complete.
 * @throws Error when the player has no concealed tile at all
 */
export function chooseDiscard(cards: readonly Card[], racks: readonly RackView[], tuning: BotTuning = DEFAULT_TUNING): TileId {
  const pool = concealed(racks);
  if (pool.length === 0) throw new Error('chooseDiscard: the player has no concealed tile to discard');
  const plans = planRacks(cards, racks, tuning);
  const kept = new Set(plans.flatMap((p) => (p ? p.keep : [])));
  const spare = pool.filter((t) => !kept.has(t));
  const useful = new Map<TileKind, number>();
  racks.forEach((r, i) => {
    if (r.mahJongg) return;
    for (const p of rank(cards, i, pool, r.top, 8)) {
      for (const g of p.groups) useful.set(g.group.kind, (useful.get(g.group.kind) ?? 0) + g.group.size);
    }
  });
  const score = (t: TileId) => (kindOf(t) === 'J' ? 1000 : (useful.get(kindOf(t)) ?? 0));
  if (spare.length > 0) {
    return [...spare].sort((a, b) => score(a) - score(b))[0]!;
  }
  const worst = plans.filter((p): p is RackPlan => p !== null).sort((a, b) => b.need - a.need)[0];
  const naturals = (worst ? worst.keep : pool).filter((t) => kindOf(t) !== 'J');
  return naturals[0] ?? pool[0]!;
}

/** The rack a new tile goes into: the one with fewer tiles inside (rack 0 on a tie). */
export function rackFor(racks: readonly RackView[]): number {
  let best = 0;
  racks.forEach((r, i) => {
    if (r.inside.length < racks[best]!.inside.length) best = i;
  });
  return best;
}
