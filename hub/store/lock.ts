/**
 * One hub per SQLite event log: the writer lock of a data folder.
 *
 * Two hubs writing the same `events.sqlite` interleave sequence numbers and then fail every write
 * with `UNIQUE constraint failed: events.seq` (a log has a single writer). The lock is a
 * RESERVED lock of SQLite on a small file beside the log (`<log>.lock`), taken with
 * `BEGIN IMMEDIATE` and held, uncommitted, for the store's whole life. It is a POSIX lock of the
 * kernel: it goes with the process, so a hub killed with SIGKILL leaves no stale lock and the next
 * start takes it at once. It is also honoured between two stores of one process (SQLite tracks its
 * own connections' locks). Readers of `events.sqlite` are not affected.
 *
 * Who holds it is written, for the refusal message only, to `<log>.owner` (JSON
 * `{ pid, startedAt, host }`); the lock, not that file, decides.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

/** Who holds a data folder's lock, as written in `<log>.owner`. */
export interface LockOwner {
  /** the holder's process id */
  pid: number;
  /** when it took the lock, ms since epoch */
  startedAt: number;
  /** the machine it runs on */
  host: string;
}

/** A held lock: release it once, when the store closes (a second call does nothing). */
export interface LogLock {
  /** the lock file, `<log>.lock` */
  readonly file: string;
  release(): void;
}

/** How long a start waits for a lock that is being released (a hub closing right now), ms. */
const WAIT_MS = 500;

const hhmmss = (ms: number): string => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

function readOwner(file: string): LockOwner | null {
  try {
    const o = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof o.pid !== 'number' || typeof o.startedAt !== 'number') return null;
    return { pid: o.pid, startedAt: o.startedAt, host: typeof o.host === 'string' ? o.host : '?' };
  } catch {
    return null;
  }
}

/** The refusal: names the folder and the other hub (pid, start time), and the way out. */
function inUse(logFile: string, owner: LockOwner | null): Error {
  const folder = path.dirname(path.resolve(logFile));
  let who = 'pid unknown';
  if (owner) {
    who = `pid ${owner.pid}${owner.pid === process.pid ? ' (this process)' : ''}, started ${hhmmss(owner.startedAt)}`;
    if (owner.host !== hostname()) who += ` on ${owner.host}`;
  }
  return new Error(`data folder ${folder} is in use by another hub (${who}); stop it or use --data`);
}

/**
 * Takes the single-writer lock of the SQLite log `logFile` (its folder must exist).
 * @param logFile the log's path, e.g. `data/events.sqlite`; the lock is `data/events.sqlite.lock`
 * @returns the held lock; release it when the store closes
 * @throws Error `data folder /x/data is in use by another hub (pid 1234, started 10:41:02); stop it
 *   or use --data` when another store (another process, or this one) holds it; Error
 *   `cannot lock data folder …: …` when the lock file cannot be opened (permissions, not a file)
 */
export function lockLog(logFile: string): LogLock {
  const file = `${logFile}.lock`;
  const ownerFile = `${logFile}.owner`;
  let db: Database.Database;
  try {
    db = new Database(file, { timeout: WAIT_MS });
  } catch (err) {
    throw new Error(`cannot lock data folder ${path.dirname(path.resolve(logFile))}: ${(err as Error).message} (${file})`, { cause: err });
  }
  try {
    db.pragma('journal_mode = OFF'); // nothing is ever written to it: no -journal file beside the log
    db.exec('BEGIN IMMEDIATE');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY')) throw inUse(logFile, readOwner(ownerFile));
    throw new Error(`cannot lock data folder ${path.dirname(path.resolve(logFile))}: ${(err as Error).message} (${file})`, { cause: err });
  }
  const owner: LockOwner = { pid: process.pid, startedAt: Date.now(), host: hostname() };
  try {
    writeFileSync(ownerFile, `${JSON.stringify(owner)}\n`);
  } catch {
    // the owner file only words the refusal of another hub: the lock holds without it
  }
  let held = true;
  return {
    file,
    release() {
      if (!held) return;
      held = false;
      // the owner file goes first: once the lock is free, the next hub writes its own
      if (readOwner(ownerFile)?.pid === process.pid) rmSync(ownerFile, { force: true });
      try {
        db.close(); // ends the open transaction: the lock is free
      } catch {
        // closing a lock connection cannot lose data; the process's end frees the lock anyway
      }
    },
  };
}

/**
 * Refuses at once when another hub holds the data folder's log (taken and released): lets a start
 * stop before it spawns anything (e.g. the reader simulator). The lock itself is taken by the store.
 * @param dataDir the hub's data folder (`--data`); the log is `<dataDir>/events.sqlite`
 * @throws the same errors as {@link lockLog}; nothing when the folder does not exist yet
 */
export function assertDataFolderFree(dataDir: string): void {
  if (dataDir === ':memory:' || !existsSync(dataDir)) return; // no folder yet: nobody holds it
  lockLog(path.join(dataDir, 'events.sqlite')).release();
}
