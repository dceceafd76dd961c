/**
 * Measures what a pulled reader cable does to the hub, fast: seeded games of both table kinds
 * (the Royale Siamese table, 003; the 4-player table, 000) played in-process on a virtual
 * clock (./measure.ts `runVirtualTable`, no line noise), with one reader unplugged at a chosen moment
 * for 10 s, 60 s or 300 s: a rack reader (its inside and its top together), a wall reader, the floor
 * reader. The moments cover a pick into the unheard rack, a discard from it and an exposure on it
 * (a wall reader: the first, a middle and the last pick from its wall; the floor reader: a discard,
 * a call and a discard later in the game).
 *
 *   node --import tsx hub/simulator/measure-unplug.ts [--games 4] [--seed 1] [--kind siamese standard]
 *                                                     [--durations 10 60 300] [--verbose] [--json]
 *
 * Game i (1-based) uses seed + i - 1 and the demo's violations (run.ts `demoInjection`,
 * standard/run.ts `standardDemoInjection`). Each game is first played with no outage (the
 * baseline: the hub's flags, with their times, and its final counts and points, checked against the
 * simulator's record), then once per outage. Counted per outage run:
 * - false flags: flags the baseline did not raise (kind and player);
 * - missed outside: flags of the baseline raised outside every outage window that this run did not raise;
 * - inside: flags of the baseline inside an outage window: raised (after the reconciling snapshot)
 *   or listed for the director (the director view's `notSeen`), or neither (missed inside);
 * - listed: runs whose director view lists something the referee could not judge (its `notSeen`
 *   less the moves seen only across the reconnect, `changed-offline`, which every outage over a
 *   move has);
 * - exact: runs with nothing listed whose final counts and points equal the simulator's record.
 */
import { fileURLToPath } from 'node:url';
import type { Card } from '../../rules/card/types.js';
import { loadHubConfig } from '../config/load.js';
import type { TableConfig } from '../config/types.js';
import { TableEngine } from '../table/engine.js';
import type { TableMachine } from '../table/machine.js';
import { playGame, tableZones, type Step, type Zone } from './game.js';
import { runVirtualTable, type Outage } from './measure.js';
import { NO_NOISE } from './noise.js';
import { demoInjection } from './run.js';
import { playStandardGame } from './standard/game.js';
import { standardDemoInjection, DEMO_BLIND_CHANCE } from './standard/run.js';

/** The table kinds measured. */
export type TableKind = 'siamese' | 'standard';

/** Which reader is pulled: a rack reader (inside and top), a wall reader, the floor reader. */
export type PulledKind = 'rack' | 'wall' | 'floor';

/** One played game, ready to replay with outages. */
interface PlayedGame {
  seed: number;
  walls: import('../../rules/tiles.js').TileId[][];
  steps: Step[];
  /** final tile counts per player and points per player, as the simulator recorded them (points null: none recorded) */
  record: { counts: number[] | null; points: number[] | null };
}

/** What the hub made of one run. */
interface HubResult {
  flags: { label: string; at: number }[];
  counts: (number | null)[];
  points: number[] | null;
  notSeen: number;
}

/** The figures of one outage run. */
export interface UnplugRun {
  kind: TableKind;
  seed: number;
  pulled: PulledKind;
  reader: string;
  moment: string;
  ms: number;
  falseFlags: string[];
  missedOutside: string[];
  insideFlagged: string[];
  insideListed: string[];
  insideMissed: string[];
  /** items on the director's "not seen" list */
  listed: number;
  /** final counts and points equal the simulator's record */
  exact: boolean;
  /** counts and points: the hub's, then the record's */
  detail: string;
}

function hubResult(engine: TableMachine): HubResult {
  const v = engine.directorView();
  return {
    flags: v.flags.map((f) => ({ label: `${f.kind} player ${f.player}`, at: f.at })),
    counts: v.players.map((p) => p.count),
    points: v.score?.points ?? null,
    // what the referee could not judge (the moves seen only across the reconnect are listed too, `changed-offline`: not counted here)
    notSeen: v.notSeen?.filter((n) => n.kind !== 'changed-offline').length ?? 0,
  };
}

/** Plays game `i` (1-based, for the demo's violations) of a table kind with `seed`, with its record. */
export function play(kind: TableKind, table: TableConfig, cards: Card[], i: number, seed: number): PlayedGame {
  if (kind === 'siamese') {
    const inject = demoInjection(i);
    const g = playGame({ seed, cards, table, ...(inject ? { inject, injectAt: 5 } : {}) });
    return { seed, walls: g.walls, steps: g.steps, record: { counts: g.record.finalCounts, points: g.record.expectedFlags.length === 0 ? g.record.pointsIfNoFlags : null } };
  }
  const inject = standardDemoInjection(i);
  const g = playStandardGame({ seed, cards, table, blindChance: DEMO_BLIND_CHANCE, ...(inject ? { inject } : {}) });
  return { seed, walls: g.walls, steps: g.steps, record: { counts: null, points: g.record.points } };
}

function runHub(table: TableConfig, cards: Card[], g: PlayedGame, outages: Outage[]): { hub: HubResult; pulled: { from: number; to: number }[] } {
  const run = runVirtualTable({
    table,
    seed: g.seed,
    walls: g.walls,
    steps: g.steps,
    noise: NO_NOISE,
    outages,
    engine: (base): TableMachine => new TableEngine({ ...base, cards }),
  });
  const hub = hubResult(run.engine);
  run.engine.close();
  return { hub, pulled: run.pulled };
}

const same = (a: readonly unknown[] | null, b: readonly unknown[] | null) => a !== null && b !== null && a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The outage moments of one game for one pulled reader: step indices (0-based) one step before
 * the move named (the outage then covers it), with the reader and a name. A move is followed tile
 * by tile (a pick is a lift off the wall, then the tile racked).
 */
export function moments(steps: readonly Step[], walls: readonly (readonly string[])[], pulled: PulledKind, zones: ReturnType<typeof tableZones>): { reader: string; name: string; step: number }[] {
  const key = (z: Zone) => `${z.reader}/${z.zone}`;
  const wallKeys = new Set(zones.walls.map(key));
  const floorKey = key(zones.floor);
  // every placement with where its tile came from
  const where = new Map<string, string>();
  walls.forEach((tiles, w) => tiles.forEach((t) => where.set(t, key(zones.walls[w]!))));
  const placed: { step: number; from: string | null; to: string }[] = [];
  steps.forEach((s, k) => {
    for (const m of s.moves) {
      if (!m.to) continue;
      const to = key(m.to);
      placed.push({ step: k, from: where.get(m.tile) ?? null, to });
      where.set(m.tile, to);
    }
  });
  const firstDiscard = placed.find((p) => p.to === floorKey)?.step ?? 0;
  const find = (pred: (p: (typeof placed)[number]) => boolean, after = firstDiscard) => {
    const p = placed.find((x) => x.step > after && pred(x));
    return p ? Math.max(0, p.step - 1) : null;
  };
  const out: { reader: string; name: string; step: number }[] = [];
  const add = (reader: string, name: string, step: number | null) => step !== null && out.push({ reader, name, step });
  const rackReaders = zones.rackIn.flat().map((z) => z.reader);
  if (pulled === 'rack') {
    const reader = rackReaders[0]!;
    const mine = (z: string | null) => z !== null && z.startsWith(`${reader}/`);
    add(
      reader,
      'pick into it',
      find((p) => p.from !== null && wallKeys.has(p.from) && mine(p.to)),
    );
    add(
      reader,
      'discard from it',
      find((p) => mine(p.from) && p.to === floorKey, firstDiscard + 10),
    );
    // the first exposure of the game, on whichever rack it is
    const exp = placed.find((p) => p.step > firstDiscard && p.to.endsWith('/top') && p.from !== null && !wallKeys.has(p.from));
    if (exp) add(exp.to.split('/')[0]!, 'exposure on it', Math.max(0, exp.step - 1));
    return out;
  }
  if (pulled === 'wall') {
    const wall = key(zones.walls[1]!);
    const picks = placed.filter((p) => p.step > firstDiscard && p.from === wall).map((p) => p.step);
    const reader = wall.split('/')[0]!;
    if (picks.length) {
      add(reader, 'first pick from it', Math.max(0, picks[0]! - 1));
      add(reader, 'a middle pick from it', Math.max(0, picks[Math.floor(picks.length / 2)]! - 1));
      add(reader, 'last pick from it', Math.max(0, picks.at(-1)! - 1));
    }
    return out;
  }
  const reader = zones.floor.reader;
  add(
    reader,
    'a discard',
    find((p) => p.to === floorKey, firstDiscard + 4),
  );
  add(
    reader,
    'a call',
    find((p) => p.from === floorKey),
  );
  add(
    reader,
    'a later discard',
    find((p) => p.to === floorKey, Math.floor(steps.length * 0.6)),
  );
  return out;
}

/** Summary of runs (one line of the README table). */
export interface UnplugSummary {
  kind: TableKind;
  pulled: PulledKind;
  ms: number;
  runs: number;
  falseFlags: number;
  missedOutside: number;
  insideFlagged: number;
  insideListed: number;
  insideMissed: number;
  listedRuns: number;
  exactRuns: number;
  unlistedRuns: number;
  /** baselines (no outage) whose counts or points differ from the record (a bug outside this measure) */
  baselineOff: number;
}

/** Runs every outage of every game. */
export function measureUnplug(o: { kinds: TableKind[]; games: number; seed: number; durations: number[]; onRun?: (r: UnplugRun) => void }): UnplugSummary[] {
  const sums = new Map<string, UnplugSummary>();
  for (const kind of o.kinds) {
    const [{ table, cards }] = loadHubConfig(kind === 'siamese' ? 'hub/config/tables/siamese-demo.json' : 'hub/config/tables/standard-demo.json') as [ReturnType<typeof loadHubConfig>[0]];
    const zones = tableZones(table);
    for (let i = 1; i <= o.games; i++) {
      const seed = o.seed + i - 1;
      const g = play(kind, table, cards, i, seed);
      const base = runHub(table, cards, g, []).hub;
      const baseOff = !same(base.points, g.record.points ?? base.points) || (g.record.counts !== null && !same(base.counts, g.record.counts));
      const wantCounts = g.record.counts ?? base.counts;
      const wantPoints = g.record.points ?? base.points;
      for (const pulled of ['rack', 'wall', 'floor'] as PulledKind[]) {
        const ms0 = moments(g.steps, g.walls, pulled, zones);
        for (const ms of o.durations) {
          const key = `${kind} ${pulled} ${ms}`;
          let sum = sums.get(key);
          if (!sum)
            sums.set(
              key,
              (sum = {
                kind,
                pulled,
                ms,
                runs: 0,
                falseFlags: 0,
                missedOutside: 0,
                insideFlagged: 0,
                insideListed: 0,
                insideMissed: 0,
                listedRuns: 0,
                exactRuns: 0,
                unlistedRuns: 0,
                baselineOff: 0,
              }),
            );
          for (const moment of ms0) {
            const { hub, pulled: windows } = runHub(table, cards, g, [{ reader: moment.reader, atStep: moment.step, ms }]);
            const inside = (at: number) => windows.some((w) => at >= w.from && at <= w.to);
            const got = hub.flags.map((f) => f.label);
            const falseFlags = multisetMinus(
              got,
              base.flags.map((f) => f.label),
            );
            const missed = multisetMinus(
              base.flags.map((f) => f.label),
              got,
            );
            const missedOutside = base.flags.filter((f) => !inside(f.at) && missed.includes(f.label)).map((f) => f.label);
            const insideAll = base.flags.filter((f) => inside(f.at));
            const insideFlagged = insideAll.filter((f) => !missed.includes(f.label)).map((f) => f.label);
            const insideRest = insideAll.filter((f) => missed.includes(f.label)).map((f) => f.label);
            const run: UnplugRun = {
              kind,
              seed,
              pulled,
              reader: moment.reader,
              moment: moment.name,
              ms,
              falseFlags,
              missedOutside,
              insideFlagged,
              insideListed: hub.notSeen > 0 ? insideRest : [],
              insideMissed: hub.notSeen > 0 ? [] : insideRest,
              listed: hub.notSeen,
              exact: hub.notSeen === 0 && same(hub.counts, wantCounts) && same(hub.points, wantPoints),
              detail: `counts ${JSON.stringify(hub.counts)} points ${JSON.stringify(hub.points)}; record ${JSON.stringify(wantCounts)} ${JSON.stringify(wantPoints)}`,
            };
            sum.runs += 1;
            sum.falseFlags += run.falseFlags.length;
            sum.missedOutside += run.missedOutside.length;
            sum.insideFlagged += run.insideFlagged.length;
            sum.insideListed += run.insideListed.length;
            sum.insideMissed += run.insideMissed.length;
            if (run.listed > 0) sum.listedRuns += 1;
            else {
              sum.unlistedRuns += 1;
              if (run.exact) sum.exactRuns += 1;
            }
            if (baseOff) sum.baselineOff += 1;
            o.onRun?.(run);
          }
        }
      }
    }
  }
  return [...sums.values()];
}

function multisetMinus(a: readonly string[], b: readonly string[]): string[] {
  const left = [...b];
  const out: string[] = [];
  for (const x of a) {
    const k = left.indexOf(x);
    if (k >= 0) left.splice(k, 1);
    else out.push(x);
  }
  return out;
}

async function main(argv: string[]): Promise<void> {
  const { Command } = await import('commander');
  const program = new Command()
    .name('measure:unplug')
    .description('Plays seeded games of both table kinds in-process with one reader cable pulled, and counts what the hub got wrong')
    .option('--games <n>', 'games per table kind', '4')
    .option('--seed <n>', 'seed of game 1', '1')
    .option('--kind <kind...>', 'table kinds (siamese, standard)', ['siamese', 'standard'])
    .option('--durations <s...>', 'outage lengths (s)', ['10', '60', '300'])
    .option('--verbose', 'print every run that went wrong', false)
    .option('--json', 'print the summaries as JSON', false)
    .parse(argv);
  const o = program.opts<{ games: string; seed: string; kind: string[]; durations: string[]; verbose: boolean; json: boolean }>();
  for (const k of o.kind) if (k !== 'siamese' && k !== 'standard') throw new Error(`--kind "${k}": expected siamese or standard`);
  const durations = o.durations.map((d) => {
    const s = Number(d);
    if (!Number.isFinite(s) || s <= 0 || s > 600) throw new Error(`--durations "${d}": expected seconds, 1-600`);
    return Math.round(s * 1000);
  });
  const t0 = Date.now();
  const sums = measureUnplug({
    kinds: o.kind as TableKind[],
    games: Number(o.games),
    seed: Number(o.seed),
    durations,
    onRun: (r) => {
      if (!o.verbose) return;
      const bad = r.falseFlags.length + r.missedOutside.length + r.insideMissed.length > 0 || !r.exact;
      if (bad)
        console.log(
          `${r.kind} seed ${r.seed} ${r.reader} ${r.ms / 1000} s before ${r.moment}: false ${JSON.stringify(r.falseFlags)} missed outside ${JSON.stringify(r.missedOutside)} inside missed ${JSON.stringify(r.insideMissed)} listed ${r.listed} exact ${r.exact} (${r.detail})`,
        );
    },
  });
  if (o.json) console.log(JSON.stringify(sums, null, 1));
  else {
    console.log(
      '| table | reader pulled | for | runs | false flags | missed outside an outage | inside: flagged / listed / missed | runs with something listed | runs with nothing listed: counts and points exact |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const s of sums) {
      console.log(
        `| ${s.kind === 'siamese' ? 'Siamese' : '4-player'} | ${s.pulled} | ${s.ms / 1000} s | ${s.runs} | ${s.falseFlags} | ${s.missedOutside} | ${s.insideFlagged} / ${s.insideListed} / ${s.insideMissed} | ${s.listedRuns} | ${s.exactRuns} of ${s.unlistedRuns} |${s.baselineOff ? ` (baseline off the record in ${s.baselineOff})` : ''}`,
      );
    }
    console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv).catch((e) => {
    console.error((e as Error).message);
    process.exit(1);
  });
}
