/**
 * A throw-away PostgreSQL server for tests: initdb into a temp folder, start on a free port on
 * 127.0.0.1 (unix socket in the same folder), trust auth, fsync off (speed: these are tests).
 * As root (CI) every server command runs as the `postgres` user through `runuser` (initdb
 * refuses root) and the temp folder is chowned to it. Needs Debian's `postgresql` package
 * (`/usr/lib/postgresql/<version>/bin/initdb`, `pg_ctl`); `PG_BIN` overrides the folder.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** A running test server. */
export interface TestPostgres {
  /** e.g. `postgres://postgres@127.0.0.1:41234/postgres` */
  adminUrl: string;
  /** ms from initdb to accepting connections */
  startMs: number;
  /** the server's version, e.g. `"15"` (the bin folder's) */
  version: string;
  /** creates an empty database and returns its url */
  createDatabase(name: string): Promise<string>;
  /** stops the server (fast shutdown), keeping its data: connections are cut */
  pause(): Promise<void>;
  /** starts the paused server again on the same port */
  resume(): Promise<void>;
  /** stops the server (immediate) and removes the temp folder */
  stop(): Promise<void>;
}

/** The bin folder of the newest installed PostgreSQL, or null. */
export function findPostgresBin(): string | null {
  const env = process.env.PG_BIN;
  if (env) return existsSync(join(env, 'initdb')) && existsSync(join(env, 'pg_ctl')) ? env : null;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')) && existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions.length > 0 ? join(base, versions[0]!, 'bin') : null;
}

function uidGid(user: string): { uid: number; gid: number } | null {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${user}:`));
    if (!line) return null;
    const f = line.split(':');
    return { uid: Number(f[2]), gid: Number(f[3]) };
  } catch {
    return null;
  }
}

/**
 * Why the PostgreSQL tests cannot run here, or null when they can (binaries found; as root, the
 * `postgres` user and `runuser` exist).
 */
export function postgresSkipReason(): string | null {
  if (!findPostgresBin()) return 'PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/initdb, pg_ctl): apt-get install -y postgresql, or set PG_BIN';
  if (process.getuid?.() === 0) {
    if (!uidGid('postgres')) return 'running as root and there is no "postgres" user to run initdb as (initdb refuses root)';
    if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser') && !existsSync('/usr/bin/runuser')) return 'running as root and runuser is missing';
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts a fresh server.
 * @throws Error with the server's log when initdb or pg_ctl fails (call {@link postgresSkipReason} first)
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(postgresSkipReason() ?? 'no PostgreSQL');
  const t0 = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'mjhub-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const pgUser = uidGid('postgres')!;
    chownSync(dir, pgUser.uid, pgUser.gid);
  }
  const as = async (cmd: string, args: string[]): Promise<void> => {
    const file = join(bin, cmd);
    const env = { ...process.env, LC_ALL: 'C' };
    if (asRoot) await run('runuser', ['-u', 'postgres', '--', file, ...args], { env, cwd: dir });
    else await run(file, args, { env, cwd: dir });
  };
  const logText = (): string => (existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '(no server log)');

  try {
    await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '-N']);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${(err as { stderr?: string }).stderr ?? (err as Error).message}`);
  }
  const startOn = (p: number): Promise<void> =>
    as('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', '-o', `-p ${p} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`, 'start']);
  let port = 0;
  let lastErr: unknown;
  for (let attempt = 0; attempt < 3 && port === 0; attempt++) {
    const p = await freePort();
    try {
      await startOn(p);
      port = p;
    } catch (err) {
      lastErr = err; // the port was taken meanwhile: try another
    }
  }
  if (port === 0) {
    const text = logText();
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`pg_ctl start failed: ${(lastErr as { stderr?: string }).stderr ?? String(lastErr)}\n${text}`);
  }
  const startMs = Date.now() - t0;
  const urlOf = (db: string): string => `postgres://postgres@127.0.0.1:${port}/${db}`;

  return {
    adminUrl: urlOf('postgres'),
    startMs,
    version: bin.split('/').at(-2) ?? '?',
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`createDatabase: "${name}" is not a plain lower-case name`);
      const c = new pg.Client({ connectionString: urlOf('postgres') });
      await c.connect();
      try {
        await c.query(`CREATE DATABASE ${name}`);
      } finally {
        await c.end();
      }
      return urlOf(name);
    },
    async pause() {
      await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async resume() {
      await startOn(port);
    },
    async stop() {
      try {
        await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs one SQL statement on `url` over a connection of its own; its rows (tests read what a store wrote). */
export async function sqlRows(url: string, statement: string): Promise<Record<string, unknown>[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(statement)).rows as Record<string, unknown>[];
  } finally {
    await c.end();
  }
}
