/**
 * `npm start` (the built hub, dist/hub/main.js, as `npm start` runs it) as a newcomer meets it: a wrong option is named with its value, in one
 * line of one form (`mjhub: …`, commander's own errors too), and nothing is started (exit 1, no simulator, no socat left behind); an error after the simulator
 * started stops it; a hub killed with SIGKILL takes its simulator (and socat) with it; an
 * unreachable reader is logged once; the seat links carry --public-url. Every hub here listens on
 * 127.0.0.1 only, each run has its own data folder, and we look for leftovers by that folder.
 *
 * The refusals run several at once (each is its own process and data folder, and none depends on
 * another), two processes at a time; their limits (45 s) hold the wait for a turn and the 15 s a
 * run is given. The running hubs run one after the other.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ID_RULE } from '../../hub/config/ids.js';
import { ensureBuiltHub } from '../support/built-hub.js';
import { EXTRA_PICK_COUNT } from './harness.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'dist/hub/main.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dirs: string[] = [];
/** The hubs started by {@link startHub} (and simulators), killed after each test. */
const running = new Set<ChildProcess>();
/** The refusing hubs of {@link runHub}: several run at once, so none is killed by another test's end. */
const refusing = new Set<ChildProcess>();
beforeAll(() => ensureBuiltHub(), 300_000);
afterEach(() => {
  for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  running.clear();
});
afterAll(() => {
  for (const c of refusing) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) {
    for (const pid of pidsMentioning(d)) process.kill(pid, 'SIGKILL');
    rmSync(d, { recursive: true, force: true });
  }
});

function dataDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'mjhub-start-options-'));
  dirs.push(d);
  return d;
}

/** Pids of processes whose command line mentions `text` (the hub, its simulators, their socat). */
function pidsMentioning(text: string): number[] {
  const r = spawnSync('pgrep', ['-f', text], { encoding: 'utf8' });
  return r.stdout
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((p) => p !== process.pid);
}

/** The environment of a newcomer's shell: no secret, no port, no host, no public URL set. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['MJHUB_DIRECTOR_SECRET', 'MJHUB_DIRECTOR_TOKEN', 'PORT', 'HOST', 'MJHUB_PUBLIC_URL', 'MJHUB_DATABASE_URL']) delete env[k];
  return { ...env, ...extra };
}

/**
 * Refusing hubs running at once, at most: two (this machine's cores; more only queue for the CPU
 * and stretch each run towards its 15 s limit).
 */
const REFUSING_AT_ONCE = 2;
const waiting: (() => void)[] = [];
let refusingNow = 0;

/**
 * Runs the built hub to its end (it must end: every case here is an error), once fewer than
 * {@link REFUSING_AT_ONCE} others run; resolves its status and output. Killed after 15 s of its own.
 */
async function runHub(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  if (refusingNow >= REFUSING_AT_ONCE) await new Promise<void>((r) => waiting.push(r));
  refusingNow++;
  try {
    return await runToEnd(args, env);
  } finally {
    refusingNow--;
    waiting.shift()?.();
  }
}

function runToEnd(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    refusing.add(c);
    let stdout = '';
    let stderr = '';
    c.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    c.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const t = setTimeout(() => c.kill('SIGKILL'), 15_000);
    c.on('close', (status) => {
      clearTimeout(t);
      resolve({ status, stdout, stderr });
    });
  });
}

/** Starts hub/main.ts and waits for its banner's last line. */
async function startHub(args: string[], env: Record<string, string> = {}): Promise<{ hub: ChildProcess; out: () => string }> {
  const hub = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(hub);
  let out = '';
  hub.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  hub.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await vi.waitFor(
    () => {
      if (hub.exitCode !== null) throw new Error(`the hub exited before it started:\n${out}`);
      if (!/director secret[^\n]*\n/.test(out)) throw new Error(`the hub did not start:\n${out}`);
    },
    { timeout: 20_000, interval: 50 },
  );
  if (hub.exitCode !== null) throw new Error(`the hub did not start:\n${out}`);
  return { hub, out: () => out };
}

/** True once `ok()` holds (polled every 100 ms), false after `ms`. */
async function waitUntil(ok: () => boolean, ms: number): Promise<boolean> {
  return vi
    .waitFor(
      () => {
        if (!ok()) throw new Error('not yet');
      },
      { timeout: ms, interval: 100 },
    )
    .then(
      () => true,
      () => false,
    );
}

describe.concurrent('npm start refuses a wrong option, naming it and its value, before starting anything', () => {
  const cases: [string, string[], Record<string, string>, string][] = [
    ['--port abc', ['--port', 'abc'], {}, `mjhub: option '--port <n>' argument 'abc' is invalid. --port must be an integer 0-65535, not "abc"`],
    ['--bogus', ['--bogus'], {}, "mjhub: unknown option '--bogus'"],
    [
      '--broadcast-delay-min 0',
      ['--broadcast-delay-min', '0'],
      {},
      'mjhub: --broadcast-delay-min 0 would show every concealed hand live at /broadcast: give a delay above 0 (15 as chess championships, 30 as poker streams), or add --broadcast-no-delay if that is what you mean',
    ],
    ['--port 99999', ['--port', '99999'], {}, '--port must be an integer 0-65535, not "99999"'],
    ['PORT=http', [], { PORT: 'http' }, 'mjhub: PORT must be an integer 0-65535, not "http"'],
    ['--settle-ms xyz', ['--settle-ms', 'xyz'], {}, '--settle-ms must be an integer >= 0, not "xyz"'],
    ['--count-check-ms 1.5', ['--count-check-ms', '1.5'], {}, '--count-check-ms must be an integer >= 0, not "1.5"'],
    ['--director-session-hours soon', ['--director-session-hours', 'soon'], {}, '--director-session-hours must be a number of hours above 0 (e.g. 12), not "soon"'],
    ['--sim-pace fast', ['--sim-pace', 'fast'], {}, '--sim-pace must be an integer >= 0, not "fast"'],
    ['--sim-seed east', ['--sim-seed', 'east'], {}, '--sim-seed must be an integer >= 0, not "east"'],
    ['--log-level nonsense', ['--log-level', 'nonsense'], {}, '--log-level must be one of trace, debug, info, warn, error, fatal, silent, not "nonsense"'],
    ['--sim-transport usb', ['--sim-transport', 'usb'], {}, '--sim-transport must be "pty" or "tcp", not "usb"'],
    ['--table-kind western', ['--table-kind', 'western'], {}, '--table-kind must be "siamese" or "standard", not "western"'],
    ['--public-url 192.168.1.20:8080', ['--public-url', '192.168.1.20:8080'], {}, '--public-url must be an http:// or https:// URL such as http://192.168.1.20:8080, not "192.168.1.20:8080"'],
    ['MJHUB_PUBLIC_URL=phone', [], { MJHUB_PUBLIC_URL: 'phone' }, 'mjhub: MJHUB_PUBLIC_URL must be an http:// or https:// URL such as http://192.168.1.20:8080, not "phone"'],
    ['--host "my hub"', ['--host', 'my hub'], {}, '--host must be an address of this machine such as 127.0.0.1 or 0.0.0.0, not "my hub"'],
    [
      'MJHUB_DIRECTOR_SECRET=joker',
      [],
      { MJHUB_DIRECTOR_SECRET: 'joker' },
      'mjhub: MJHUB_DIRECTOR_SECRET is 5 characters long: the director secret must have at least 8 (or unset it to have one generated)',
    ],
    ['--director-secret-file /nonexistent', ['--director-secret-file', '/nonexistent'], {}, 'mjhub: --director-secret-file /nonexistent: cannot read it (ENOENT)'],
    [
      '--tournament /nonexistent.json',
      ['--tournament', '/nonexistent.json'],
      {},
      `mjhub: /nonexistent.json: cannot read the tournament config (ENOENT: no such file or directory, open '/nonexistent.json')`,
    ],
    ['--tournament <a table config>', ['--tournament', 'hub/config/tables/siamese-demo.json'], {}, 'mjhub: hub/config/tables/siamese-demo.json: name must be a non-empty string'],
    [
      '--tournament of 4-player tables over the Siamese room',
      ['--room', '--tournament', 'hub/config/tournament-room.json'],
      {},
      `mjhub: hub/config/tournament-room.json: tournament table 1: hub table 't1' is a Royale Siamese table; a 4-player (seed 000) tournament needs 4-player tables`,
    ],
    [
      '--tournament over a table the hub lacks',
      ['--tournament', 'hub/config/tournament-siamese-room.json'],
      {},
      `mjhub: hub/config/tournament-siamese-room.json: tournament table 2: hub table 't2' is not in the hub's table config (tables: t1)`,
    ],
  ];

  it.for(cases)('%s: exit 1, the exact message, no simulator started, nothing left running', { timeout: 45_000 }, async ([_name, args, env, expected], { expect }) => {
    const data = dataDir();
    const r = await runHub(['--port', '0', '--data', data, ...args], env);
    expect(r.stderr.includes(expected) ? expected : r.stderr.trim()).toBe(expected);
    // one form for every start-up error (hub/cli/errors.ts): a single line `mjhub: <what was wrong, where>`
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^mjhub: /)]);
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain('simulator for table');
    expect(pidsMentioning(data)).toEqual([]);
  });

  it.for(['..', '.hidden', 'con', 'NUL'])(
    'a table id %j that would name a wrong file or URL: exit 1 naming the config, the field and the value; no simulator, nothing written',
    { timeout: 45_000 },
    async (id, { expect }) => {
      const data = dataDir();
      const demo = JSON.parse(readFileSync(path.join(ROOT, 'hub/config/tables/siamese-demo.json'), 'utf8'));
      demo.tables[0].id = id;
      demo.tables[0].cards = demo.tables[0].cards.map((c: string) => path.resolve(ROOT, 'hub/config/tables', c));
      const config = path.join(data, 'hub.json');
      writeFileSync(config, JSON.stringify(demo));
      const r = await runHub(['--port', '0', '--data', data, '--config', config]);
      const problem = id.startsWith('.') ? `${JSON.stringify(id)} must start with a letter or digit` : `${JSON.stringify(id)} is a Windows device name`;
      expect(r.stderr.trim()).toBe(`mjhub: ${config}: tables.0.id: ${problem} (${ID_RULE})`);
      expect(r.status).toBe(1);
      expect(r.stdout).not.toContain('simulator for table');
      expect(readdirSync(data)).toEqual(['hub.json']); // no links, no ports.json, no sim folder
      expect(pidsMentioning(data)).toEqual([]);
    },
  );

  it("a Siamese table's count rule 18A in a tournament that says 18D (003 rule 18): exit 1 naming both files and fields; no simulator, nothing written", { timeout: 45_000 }, async ({
    expect,
  }) => {
    const data = dataDir();
    const room = JSON.parse(readFileSync(path.join(ROOT, 'hub/config/tables/siamese-room.json'), 'utf8'));
    for (const t of room.tables) t.cards = t.cards.map((c: string) => path.resolve(ROOT, 'hub/config/tables', c));
    room.tables[0].countRule = '18A';
    const config = path.join(data, 'hub.json');
    writeFileSync(config, JSON.stringify(room));
    const tour = JSON.parse(readFileSync(path.join(ROOT, 'hub/config/tournament-siamese-room.json'), 'utf8'));
    tour.countRule = '18D';
    const tournament = path.join(data, 'tournament.json');
    writeFileSync(tournament, JSON.stringify(tour));
    const r = await runHub(['--port', '0', '--data', data, '--config', config, '--tournament', tournament]);
    expect(r.stderr.trim()).toBe(
      `mjhub: ${tournament}: countRule is "18D", but ${config}: tables.0.countRule (table t1, tournament table 1) is "18A": set the 003 rule 18 count rule in one file, or the same in both`,
    );
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain('simulator for table');
    expect(readdirSync(data).sort()).toEqual(['hub.json', 'tournament.json']);
    expect(pidsMentioning(data)).toEqual([]);
  });

  it("scoring settings: a table whose own differ from the tournament's, and a tournament with a wrong-typed key: exit 1 naming them", { timeout: 60_000 }, async ({ expect }) => {
    const data = dataDir();
    const room = JSON.parse(readFileSync(path.join(ROOT, 'hub/config/tables/standard-room.json'), 'utf8'));
    room.tables[0].scoring = 'home';
    for (const t of room.tables) t.cards = t.cards.map((c: string) => path.resolve(ROOT, 'hub/config/tables', c));
    const config = path.join(data, 'hub.json');
    writeFileSync(config, JSON.stringify(room));
    const r = await runHub(['--port', '0', '--data', data, '--config', config, '--tournament', 'hub/config/tournament-room.json']);
    expect(r.stderr.trim()).toBe(
      `mjhub: hub/config/tournament-room.json: tournament table 1: hub table 't1' has scoring settings of its own that differ from the tournament's (scheme: table "home", tournament "tournament"): remove the table's "scoring" or make it the tournament's`,
    );
    expect(r.status).toBe(1);
    const tournament = JSON.parse(readFileSync(path.join(ROOT, 'hub/config/tournament-room.json'), 'utf8'));
    tournament.scoring = { discarderPenalty: { threeOrMore: '-25' } };
    const file = path.join(data, 'tournament.json');
    writeFileSync(file, JSON.stringify(tournament));
    const r2 = await runHub(['--port', '0', '--data', data, '--room', '--table-kind', 'standard', '--tournament', file]);
    expect(r2.stderr.trim()).toBe(`mjhub: ${file}: scoring.discarderPenalty.threeOrMore: must be a whole number of points (e.g. -10), not "-25"`);
    expect(r2.status).toBe(1);
    expect(r2.stdout).not.toContain('simulator for table');
  });

  it('a taken port: exit 1 naming it, before the simulator starts', { timeout: 45_000 }, async ({ expect }) => {
    const srv = net.createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
    const port = (srv.address() as net.AddressInfo).port;
    try {
      const data = dataDir();
      const r = await runHub(['--port', String(port), '--host', '127.0.0.1', '--data', data]);
      expect(r.status).toBe(1);
      expect(r.stderr.trim()).toBe(`mjhub: --port ${port} on 127.0.0.1 is taken (EADDRINUSE): stop what uses it or pick another --port`);
      expect(r.stdout).not.toContain('simulator for table');
      expect(pidsMentioning(data)).toEqual([]);
    } finally {
      await new Promise<void>((r) => srv.close(() => r()));
    }
  });
});

describe('the simulator never outlives its hub', () => {
  it('the event log cannot be opened: exit 1 before any simulator starts (it starts once the log is folded), nothing left running', { timeout: 30_000 }, async () => {
    const data = dataDir();
    mkdirSync(path.join(data, 'events.sqlite')); // a folder where the log file goes
    const r = await runHub(['--port', '0', '--data', data, '--sim-transport', 'pty']);
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain('simulator for table t1');
    expect(r.stderr).toContain('mjhub: ');
    expect(pidsMentioning(data)).toEqual([]);
  });

  it('a hub killed with SIGKILL: its simulator and socat processes are gone within 5 s', { timeout: 40_000 }, async () => {
    const data = dataDir();
    const { hub, out } = await startHub(['--port', '0', '--host', '127.0.0.1', '--data', data, '--sim-transport', 'pty']);
    expect(out()).toContain('simulator for table t1: 9 readers on pseudo-terminals');
    const others = pidsMentioning(data).filter((p) => p !== hub.pid);
    expect(others.length).toBeGreaterThanOrEqual(1 + 9); // the simulator and a socat per reader
    hub.kill('SIGKILL');
    expect(await waitUntil(() => pidsMentioning(data).length === 0, 5000)).toBe(true);
  });
});

describe('the network edge of a running hub', () => {
  it('listens on --host 127.0.0.1, logs an unreachable reader once, and writes --public-url into seat links', { timeout: 30_000 }, async () => {
    const data = dataDir();
    const token = 'start-options-director-token';
    const { hub, out } = await startHub(['--port', '0', '--host', '127.0.0.1', '--data', data, '--reader', 'tcp://127.0.0.1:1', '--public-url', 'http://192.168.1.20:8080/'], {
      MJHUB_DIRECTOR_TOKEN: token,
    });
    const url = /Mah Jongg table hub: (http:\/\/\S+)/.exec(out())![1]!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(out()).toContain('  seat codes:  http://192.168.1.20:8080  (--public-url; the hub itself listens on 127.0.0.1 only)\n');
    expect(out()).not.toContain('warning:'); // a loopback host: nobody else can reach it
    const res = await fetch(`${url}/api/director/tables/t1/seats`, { headers: { authorization: `Bearer ${token}` } });
    const codes = (await res.json()) as { url: string; token: string }[];
    expect(codes.map((c) => c.url)).toEqual(codes.map((c) => `http://192.168.1.20:8080/seat/${c.token}`));
    // an absence: several retries, one line. The attempts after the first come 250, 750 and
    // 1750 ms in (backoff 250 ms, 500 ms, 1 s, …): 2.5 s holds three of them
    await sleep(2500);
    // the terminal's line: time, level, part, then the words
    const lines = out()
      .split('\n')
      .filter((l) => l.includes('reader tcp://127.0.0.1:1:'))
      .map((l) => l.replace(/^\d\d:\d\d:\d\d /, 'HH:MM:SS '));
    expect(lines).toEqual(['HH:MM:SS WARN  transports: reader tcp://127.0.0.1:1: cannot connect (ECONNREFUSED); retrying in 250 ms, backing off to 5 s']);
    hub.kill('SIGTERM');
    expect(await waitUntil(() => hub.exitCode !== null, 5000)).toBe(true);
    expect(hub.exitCode).toBe(0);
  });
});

/** The entries of `<data>/hub.log` (JSON lines), or none while it does not exist. */
function logEntries(data: string): Record<string, unknown>[] {
  const file = path.join(data, 'hub.log');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The readers the director sees, by state (`connected`, `offline`, …). */
async function readerStates(url: string, token: string): Promise<string[]> {
  const res = await fetch(`${url}/api/director/readers`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { readers: { state: string }[] }).readers.map((r) => r.state);
}

describe('the hub log: <data>/hub.log, JSON lines at --log-level; Ctrl-C says what was saved', () => {
  it('info: a reader connect and a flag are logged once as JSON with table and reader; SIGINT prints what was saved', { timeout: 90_000 }, async () => {
    const data = dataDir();
    // our own simulator, a wrong count on purpose (003 rule 18C), held at the flag; the hub reads its pseudo-terminals
    const sim = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(ROOT, 'hub/simulator/main.ts'),
        '--seed',
        '1',
        '--pace',
        '150',
        '--games',
        '1',
        '--linger',
        '600000',
        '--dir',
        path.join(data, 'sim'),
        '--transport',
        'pty',
        '--inject',
        'count',
        '--inject-at',
        '3',
        '--hold-at-flag',
      ],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    running.add(sim);
    const portsFile = path.join(data, 'sim', 'ports.json');
    expect(await waitUntil(() => existsSync(portsFile), 30_000)).toBe(true);
    const ports = (JSON.parse(readFileSync(portsFile, 'utf8')) as { port: string }[]).map((p) => p.port);
    const token = 'hub-log-director-token';
    const { hub, out } = await startHub(['--port', '0', '--data', data, '--settle-ms', '50', '--count-check-ms', '120', '--log-level', 'info', ...ports.flatMap((p) => ['--reader', p])], {
      MJHUB_DIRECTOR_TOKEN: token,
    });
    const url = /Mah Jongg table hub: (http:\/\/\S+)/.exec(out())![1]!;
    const flagged = () => logEntries(data).filter((e) => e.part === 'table' && typeof e.flag === 'string');
    expect(await waitUntil(() => flagged().length > 0, 60_000)).toBe(true);
    expect(statSync(path.join(data, 'hub.log')).mode & 0o777).toBe(0o600);
    // the rack reader of East, rack 1 (hub/config/tables/siamese-demo.json), connected: one entry
    const connects = logEntries(data).filter((e) => e.part === 'readers' && e.reader === 'RK-E1' && /connected/.test(String(e.msg)));
    expect(connects.map((e) => [e.level, e.table, e.reader])).toEqual([[30, 't1', 'RK-E1']]);
    const flag = flagged()[0]!;
    expect([flag.level, flag.table, flag.kind, flag.rule]).toEqual([40, 't1', 'tile-count', '003 rule 18C']);
    // the wrong count made on purpose: one tile too many (28 off turn, or 29 after picking when the check falls after the pick of two), both hands dead (003 rule 18C); the terminal's readable line
    const warned = new RegExp(`WARN  table t1: flag ${String(flag.flag)} \\(003 rule 18C\\): Ann has ${EXTRA_PICK_COUNT.source}: both hands dead;`);
    expect(out()).toMatch(warned);
    expect(flagged()).toHaveLength(1); // logged once, though the view changed many times since
    // the director dismisses it: one ruling entry, with table, flag and who ruled
    const ruled = await fetch(`${url}/api/director/tables/t1/flags/${String(flag.flag)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ruling: 'dismiss', by: 'Dee' }),
    });
    expect(ruled.status).toBe(200);
    const rulings = logEntries(data).filter((e) => e.part === 'table' && e.ruling !== undefined);
    expect(rulings.map((e) => [e.level, e.table, e.flag, e.ruling, e.by, e.msg])).toEqual([[30, 't1', flag.flag, 'dismiss', 'Dee', `director ruling by Dee: flag ${String(flag.flag)} dismissed`]]);
    hub.kill('SIGINT');
    expect(await waitUntil(() => hub.exitCode !== null, 10_000)).toBe(true);
    expect(hub.exitCode).toBe(0);
    const stopped = /hub stopped: (\d+) events and (\d+) raw lines saved in (\S+)\n/.exec(out());
    expect(stopped?.[3]).toBe(path.join(data, 'events.sqlite'));
    // the figures are the log's own: its rows, counted in the file the hub closed
    const db = new Database(stopped![3]!, { readonly: true });
    const rows = (t: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
    expect([Number(stopped![1]), Number(stopped![2])]).toEqual([rows('events'), rows('raw_lines')]);
    expect(rows('events')).toBeGreaterThan(0);
    db.close();
    sim.kill('SIGTERM');
  });

  it('warn: no info entry in hub.log; SIGINT stops the embedded simulator without calling it a failure', { timeout: 60_000 }, async () => {
    const data = dataDir();
    const token = 'log-level-director-token';
    const { hub, out } = await startHub(['--port', '0', '--host', '127.0.0.1', '--data', data, '--sim-transport', 'pty', '--log-level', 'warn'], { MJHUB_DIRECTOR_TOKEN: token });
    const url = /Mah Jongg table hub: (http:\/\/\S+)/.exec(out())![1]!;
    // every reader connected: at info each would be an entry
    await vi.waitFor(async () => expect(await readerStates(url, token)).toEqual(Array(9).fill('connected')), { timeout: 30_000, interval: 100 });
    hub.kill('SIGINT');
    expect(await waitUntil(() => hub.exitCode !== null, 10_000)).toBe(true);
    expect(hub.exitCode).toBe(0);
    expect(existsSync(path.join(data, 'hub.log'))).toBe(true);
    expect(logEntries(data).filter((e) => (e.level as number) < 40)).toEqual([]);
    expect(out()).not.toContain('simulator exited');
    expect(out()).not.toContain('reader disconnected'); // the hub closed its ports itself
    // what it saved: the table as it stood, for the next start to resume (hub/simulator/state.ts)
    expect(out()).toMatch(
      new RegExp(`simulator for table t1 stopped: game 1 (\\(walls built, nothing dealt\\)|at step \\d+ of \\d+ \\(\\d+ picks?\\)) saved in ${path.join(data, 'sim', 't1', 'state.json')}\n`),
    );
    expect(out()).toMatch(/hub stopped: \d+ events and \d+ raw lines saved in /);
  });
});
