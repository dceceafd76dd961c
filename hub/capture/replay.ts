/**
 * Replays a capture (firmware-protocol/CAPTURE.md) into a real reader supervisor and the table's
 * engine, wired as the hub wires them (hub/hub.ts), on a virtual clock: each `in` line reaches the
 * supervisor at its own time, the engine ticking every {@link REPLAY_TICK_MS} in between, as the
 * hub's timers would. What the hub made of the wire comes out: the tile moves it logged, the
 * referee's actions of each game (its game records), the flags with their status, each game's
 * points and each reader's state at the end; and whether the replayed supervisor wrote the readers
 * the commands the capture says the hub wrote (`commands.differ`).
 */
import type { Card } from '../../rules/card/types.js';
import type { TileId } from '../../rules/tiles.js';
import type { ReaderStatus } from '../api/views.js';
import type { TableConfig } from '../config/types.js';
import { ReaderSupervisor, type Connection } from '../readers/supervisor.js';
import type { SupervisorTimers } from '../readers/snap-retry.js';
import { openSqliteStore } from '../store/sqlite.js';
import { TableEngine } from '../table/engine.js';
import type { TileMovedData } from '../table/machine.js';
import { countRulesInForce } from '../tournament/config.js';
import type { Capture } from './format.js';

/** The engine's tick on the virtual clock (ms): as often as the hub's timers look at a table. */
export const REPLAY_TICK_MS = 50;
/** How long the clock runs on after the last line (ms), so moves settle and count checks fall due. */
export const REPLAY_TAIL_MS = 5000;

/** What a replay prints (`mjhub replay`). */
export interface ReplayResult {
  table: string;
  /** every `tile-moved` event: ms since the capture's start, tile, zones (`reader/zone`) */
  moves: { t: number; tile: TileId; from: string | null; to: string }[];
  /** each game's referee actions, as its game record has them (rules/GAME-RECORD.md) */
  actions: { game: number; lines: unknown[] }[];
  /** the flags a director may rule on at the end, with their status */
  flags: { id: string; kind: string; rule: string; title: string; status: string }[];
  /** each finished game's points by seat (from the public view's results, else the current score) */
  points: { game: number; points: number[] | null }[];
  /** each reader's state at the capture's last line, with its counts at the end */
  readers: Pick<ReaderStatus, 'id' | 'state' | 'discarded' | 'gaps' | 'duplicates'>[];
  /**
   * lines: `in` fed to the supervisor; `out` the commands the capture held; `sent` the commands the
   * replayed supervisor wrote by the capture's last line; `differ` where the two differ ({@link compareCommands})
   */
  commands: { in: number; out: number; sent: number; differ: CommandDifference[] };
}

/** One command of a reader's connection, as the capture held it or the replay wrote it: `t` ms since the capture's start. */
export interface ReplayCommand {
  t: number;
  line: string;
}

/**
 * The `n`th command (1-based) the hub wrote to `reader`, where the capture's (`captured`) and the
 * replay's (`replayed`) are not the same line; null on the side that has no `n`th command.
 */
export interface CommandDifference {
  reader: string;
  n: number;
  captured: ReplayCommand | null;
  replayed: ReplayCommand | null;
}

/**
 * Compares, reader by reader (in `readers` order), the commands the capture says the hub wrote with
 * those the replay wrote: the `n`th of each, by its text (times differ, a capture's ran on a real
 * clock, and are there to read). A command one side has and the other has not is a difference too.
 */
export function compareCommands(readers: readonly string[], captured: ReadonlyMap<string, ReplayCommand[]>, replayed: ReadonlyMap<string, ReplayCommand[]>): CommandDifference[] {
  const differ: CommandDifference[] = [];
  for (const reader of readers) {
    const c = captured.get(reader) ?? [];
    const r = replayed.get(reader) ?? [];
    for (let i = 0; i < Math.max(c.length, r.length); i++) if (c[i]?.line !== r[i]?.line) differ.push({ reader, n: i + 1, captured: c[i] ?? null, replayed: r[i] ?? null });
  }
  return differ;
}

/** Appends `x` to the list of `key` in `m`. */
function push<T>(m: Map<string, T[]>, key: string, x: T): void {
  const list = m.get(key);
  if (list) list.push(x);
  else m.set(key, [x]);
}

/**
 * Replays `capture` on `table` with `cards` (default the capture's own: the header's table, cards
 * and tags).
 * @param tailMs how long the clock runs on after the last line (ms)
 * @throws Error from the engine for a table config it cannot play
 */
export function replayCapture(capture: Capture, loaded?: { table: TableConfig; cards: Card[] }, tailMs = REPLAY_TAIL_MS): ReplayResult {
  const table = loaded?.table ?? capture.header.table;
  const cards = loaded?.cards ?? capture.header.cards;
  const start = capture.header.startedAt;
  let clock = start;
  const store = openSqliteStore(':memory:');
  const registry = new Map(Object.entries(capture.header.tags)) as Map<string, TileId>;
  let sup: ReaderSupervisor | null = null;
  // the supervisor's own timers (its snapshot retries) run on the replay's virtual clock too
  const pending = new Map<object, { at: number; fn: () => void }>();
  const timers: SupervisorTimers = {
    set: (fn, ms) => {
      const handle = {};
      pending.set(handle, { at: clock + ms, fn });
      return handle;
    },
    clear: (handle) => void pending.delete(handle as object),
  };
  const ids = table.readers.map((r) => r.id);
  const common = {
    table,
    cards,
    registry,
    ...(table.timing.settleByArea ? { settleByArea: table.timing.settleByArea } : {}),
    store,
    now: () => clock,
    readers: { statuses: (n: number) => sup?.statuses(n, ids) ?? [], untrusted: (n: number) => sup?.untrusted(n, ids) ?? [] },
  };
  const countRule = countRulesInForce('the capture', [table]).get(table.id);
  const engine = new TableEngine({ ...common, ...(countRule ? { countRule } : {}) });
  const supervisor = (sup = new ReaderSupervisor(
    new Map(table.readers.map((r) => [r.id, Object.keys(r.zones)])),
    store,
    {
      snapshot: (z, tags, t, l, rssi) => engine.snapshot(z, tags, t, l, rssi),
      add: (z, tag, t, l, rssi) => engine.add(z, tag, t, l, rssi),
      remove: (z, tag, t, l) => engine.remove(z, tag, t, l),
      status: () => engine.readerStatusChanged(),
    },
    table.timing.staleMs,
    { now: () => clock, timers },
  ));
  const advance = (to: number) => {
    while (clock < to) {
      clock = Math.min(to, clock + REPLAY_TICK_MS);
      for (const [handle, due] of [...pending]) {
        if (due.at > clock) continue;
        pending.delete(handle);
        due.fn();
      }
      engine.tick();
    }
  };
  const captured = new Map<string, ReplayCommand[]>();
  const replayed = new Map<string, ReplayCommand[]>();
  const conns = new Map<string, Connection>();
  const count = { in: 0, out: 0 };
  for (const l of capture.lines) {
    advance(start + l.t);
    // a reader's port opens at its first line either way: the hub's `CMD snap` on opening it is
    // often before the reader says anything (a reader still booting), and its retries count from then
    const port = l.port ?? `capture:${l.reader}`;
    let conn = conns.get(l.reader);
    if (conn && conn.name !== port) {
      supervisor.closed(conn, 'capture: the reader came back on another port');
      conn = undefined;
    }
    if (!conn) {
      const reader = l.reader;
      conn = { name: port, write: (line) => push(replayed, reader, { t: clock - start, line }) };
      conns.set(l.reader, conn);
      supervisor.opened(conn);
    }
    if (l.dir === 'out') {
      count.out += 1;
      push(captured, l.reader, { t: l.t, line: l.line });
      continue;
    }
    count.in += 1;
    supervisor.line(conn, l.line, clock);
  }
  // the capture ends where it was downloaded, not where its readers fell silent: their state is
  // taken at its last line, before the tail (else every reader would go stale in the tail)
  const lastLineAt = clock;
  advance(clock + tailMs);
  // the commands compared are those written by the capture's last line: what the hub wrote after
  // it, the capture cannot hold (in the tail a reader goes stale and is asked for its snapshots)
  const upToLastLine = new Map([...replayed].map(([reader, cmds]) => [reader, cmds.filter((c) => c.t <= lastLineAt - start)]));
  const games = engine.publicView().gameNo;
  const actions: ReplayResult['actions'] = [];
  for (let g = 1; g <= games; g++) {
    const r = engine.gameRecord(g);
    if (r) actions.push({ game: g, lines: r.lines });
  }
  const view = engine.directorView();
  const points: ReplayResult['points'] = (view.results ?? []).map((r) => ({ game: r.gameNo, points: r.points }));
  if (view.score && !points.some((p) => p.game === view.gameNo)) points.push({ game: view.gameNo, points: view.score.points });
  const out: ReplayResult = {
    table: table.id,
    moves: store
      .events(table.id)
      .filter((e) => e.type === 'tile-moved')
      .map((e) => {
        const d = e.data as TileMovedData;
        return { t: e.at - start, tile: d.tile, from: d.from, to: d.to };
      }),
    actions,
    flags: view.flags.map((f) => ({ id: f.id, kind: f.kind, rule: f.rule, title: f.title, status: f.status })),
    points,
    readers: supervisor.statuses(lastLineAt, ids).map((r) => ({ id: r.id, state: r.state, discarded: r.discarded, gaps: r.gaps, duplicates: r.duplicates })),
    commands: { ...count, sent: [...upToLastLine.values()].reduce((n, c) => n + c.length, 0), differ: compareCommands([...new Set([...ids, ...captured.keys()])], captured, upToLastLine) },
  };
  // the engine's own timer (a real one, set for a check the virtual clock has not reached) must not keep the process alive
  engine.close();
  supervisor.close();
  store.close();
  return out;
}
