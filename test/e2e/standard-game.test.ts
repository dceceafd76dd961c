/**
 * The standard 4-player table, end to end: the standard simulator (hub/simulator/standard/) plays a
 * seeded NMJL game with four bots on pseudo-terminals (socat), the hub reads the bytes
 * (hub/table/standard/), and a socket.io client watching the public table view sees the deal, the
 * Charleston, play, a real Mah Jongg and the exact tournament score (000); then each injected
 * violation is flagged: two of them through the pseudo-terminals (as the hub flags the same game
 * read in process), the other three by the hub's engine on the same reader lines in process.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadHubConfig } from '../../hub/config/load.js';
import { playStandardGame, type StandardGameRecord, type StandardInjection } from '../../hub/simulator/standard/game.js';
import { TableEngine } from '../../hub/table/engine.js';
import { short } from '../../hub/table/standard/actions.test-helpers.js';
import { closedAfterEach, SimBench } from '../../hub/table/test-bench.js';
import { simulatedTileSet } from '../../hub/tilesets/simulated.js';
import type { PublicTableView } from '../../hub/api/views.js';
import { hasSocat, startSession, STANDARD_CONFIG as CONFIG, type Session } from './harness.js';

/** The first place two action lists differ, with a few actions each side, or null when they are the same. */
function firstDiff(got: readonly unknown[], expected: readonly unknown[]): { at: number; expected: string[]; got: string[] } | null {
  const g = got.map((x) => JSON.stringify(x));
  const e = expected.map((x) => JSON.stringify(x));
  for (let i = 0; i < Math.max(g.length, e.length); i++) if (g[i] !== e[i]) return { at: i, expected: e.slice(Math.max(0, i - 2), i + 3), got: g.slice(Math.max(0, i - 2), i + 3) };
  return null;
}

type StandardSession = Session<StandardGameRecord> & { engine(): TableEngine };

/** The standard simulator as its own process on pseudo-terminals, the hub in this process, a public socket client (./harness.ts). */
async function startStandardSession(opts: { seed: number; inject?: string; injectAt?: number }): Promise<StandardSession> {
  const s = await startSession<StandardGameRecord>({ ...opts, kind: 'standard' });
  return { ...s, engine: () => s.hub.engines.get('t1') as TableEngine };
}

const sessions: StandardSession[] = [];
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.stop()));
});

/** Tag UIDs and tile ids are what a concealed tile looks like on the wire. */
const CONCEALED = /[0-9A-F]{14}|[1-9][BCD]#\d|\b[NEWSF]#\d|\b[RGW]D#\d|\bJ#\d/;

describe.skipIf(!hasSocat)('a simulated standard 4-player table over pseudo-terminals', () => {
  // retry: the first session of a cold run has once stalled before the deal (see the report); the game itself is deterministic
  it("seed 3: the deal 14/13/13/13, the Charleston, play, Bea's concealed Mah Jongg on Dot's discard, the exact score", { timeout: 260_000, retry: 1 }, async () => {
    const s = await startStandardSession({ seed: 3 });
    sessions.push(s);
    const end = await s.until((v) => v.phase === 'ended', 120_000);
    const rec = (await s.record())[0]!;
    const state = s.engine().gameState();
    // the hub inferred from the reader bytes exactly the actions the bots made
    const inferred = s.engine().inferredActions();
    expect(firstDiff(inferred.map(short), rec.actions.map(short))).toBeNull();
    expect(s.engine().unexplained).toEqual([]);
    // the deal seen live: East 14, the others 13
    expect(s.counts[0]).toContain(14);
    expect(s.counts[1]).toContain(13);
    expect(state.gameNo).toBe(1);
    // Bea (South) called Dot's (North) discard for "NEWS 2026a 2026b FF" (C 50), jokerless
    expect(end.endReason!.startsWith('Bea declared Mah Jongg: NEWS 2026a 2026b FF')).toBe(true);
    expect(end.players[1]!.racks[0]!.mahJongg).toMatchObject({ lineId: 'sample-standard:10', value: 50, jokerless: true });
    expect(end.players[1]!.racks[0]!.exposed).toHaveLength(14);
    expect(end.flags).toEqual([]);
    // 000 scoring, by hand: Bea 50 + jokerless 20 = 70 (not self-picked); Dot threw the winning tile
    // to a concealed hand (no exposure on the rack before the Mah Jongg call: "none or one") → −10; East and West 0
    expect(end.score?.points).toEqual([0, 70, 0, -10]);
    expect(end.score?.final).toBe(true);
    expect(rec.points).toEqual([0, 70, 0, -10]);
    // the public side never saw a concealed tile
    for (const text of s.received) {
      expect(text).not.toMatch(CONCEALED);
      expect(text).not.toContain('"concealed"');
    }
  });

  const cases: { inject: string; kinds: string[]; dead: boolean; overPorts: boolean }[] = [
    // the passer keeps the joker (NMJL), so the passer holds 14 and the receiver 12 at East's first
    // discard: too many, a misdeal (the table's NMJL practice, on by default)
    { inject: 'joker', kinds: ['joker-passed', 'misdeal'], dead: false, overPorts: true },
    { inject: 'ahead', kinds: ['picking-ahead'], dead: true, overPorts: false },
    { inject: 'into-rack', kinds: ['called-into-rack'], dead: true, overPorts: true },
    { inject: 'late-call', kinds: ['call-too-late'], dead: false, overPorts: false },
    // South dealt 14: a misdeal at East's first discard (NMJL practice)
    { inject: 'count', kinds: ['misdeal'], dead: false, overPorts: false },
  ];
  /**
   * The bots' game read in this process (hub/table/test-bench.ts `SimBench`: the same reader lines
   * as the simulator's, no pseudo-terminal), with the table's NMJL practice (hub/config/practice.ts)
   * where the bots' own referee plays the rules alone, up to the game's end (a misdeal ends it at
   * East's first discard): its engine, for the flags and the actions the hub inferred.
   */
  const keep = closedAfterEach<SimBench<TableEngine>>();
  const readInProcess = (game: ReturnType<typeof playStandardGame>): TableEngine => {
    const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
    b.build(game);
    for (const step of game.steps) b.step(step);
    b.advance(3000);
    return b.engine;
  };
  const flagsOf = (v: { flags: readonly { kind: string; player: number; title: string }[] }) => v.flags.map((f) => ({ kind: f.kind, player: f.player, title: f.title }));
  /** What each case checks of a view and the actions the hub inferred: the kinds, the bots' actions, awaiting the director, the hand dead or not. */
  const expectCase = (c: (typeof cases)[number], v: PublicTableView, inferred: readonly Parameters<typeof short>[0][], actions: readonly Parameters<typeof short>[0][]) => {
    expect(v.flags.map((f) => f.kind)).toEqual(expect.arrayContaining(c.kinds));
    // what the hub inferred so far is the start of what the bots did
    expect(firstDiff(inferred.map(short), actions.slice(0, inferred.length).map(short))).toBeNull();
    const f = v.flags.find((x) => x.kind === c.kinds[0])!;
    expect(f.status).toBe('awaiting-director');
    expect(v.players[f.player]!.racks[0]!.dead).toBe(c.dead);
  };
  // each game is first played here, in-process (the simulator is seeded: the same game), for the flags to expect
  const [{ table, cards }] = loadHubConfig(CONFIG) as [ReturnType<typeof loadHubConfig>[0]];
  // two violations through the pseudo-terminals into the real hub, one in the Charleston (two flags, a misdeal) and one in
  // play (a hand dead); the other three are read by the same engine from the same reader lines in process
  it.each(cases.filter((c) => c.overPorts))(
    "$inject: flagged with its rule, as the hub flags the bots' game read in process (seed 2, at the 2nd pick)",
    { timeout: 200_000, retry: 1 },
    async (c) => {
      const game = playStandardGame({ seed: 2, cards, table, inject: c.inject as StandardInjection, injectAt: 2 });
      const flags = flagsOf(readInProcess(game).publicView());
      const s = await startStandardSession({ seed: 2, inject: c.inject, injectAt: 2 });
      sessions.push(s);
      const v = await s.until((x) => x.flags.length >= flags.length, 90_000);
      expect(flagsOf(v)).toEqual(flags);
      expectCase(c, v, s.engine().inferredActions(), game.record.actions);
      await s.stop();
      sessions.splice(sessions.indexOf(s), 1);
    },
  );
  it.each(cases.filter((c) => !c.overPorts))("$inject: flagged with its rule by the hub's engine reading the bots' reader lines in process (seed 2, at the 2nd pick)", (c) => {
    const game = playStandardGame({ seed: 2, cards, table, inject: c.inject as StandardInjection, injectAt: 2 });
    const engine = readInProcess(game);
    expectCase(c, engine.publicView(), engine.inferredActions(), game.record.actions);
  });
});
