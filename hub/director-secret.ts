/**
 * The director's login secret for `npm start` (hub/main.ts), in this order:
 * 1. env `MJHUB_DIRECTOR_SECRET` (when not empty);
 * 2. the first line of `--director-secret-file F`;
 * 3. else the hub's own generated secret, kept in `<dataDir>/director-secret` (one line: 24
 *    base64url characters from 18 random bytes, mode 0600), made on the first start and read again
 *    on every later start. A director session is signed with the secret (hub/api/auth.ts), so
 *    keeping it keeps the director logged in across a restart (hub/api/session-state.ts). Delete
 *    the file to get a new secret: every director is logged out.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

/** File name of the generated director secret in the data folder. */
export const DIRECTOR_SECRET_FILE = 'director-secret';

/** The shortest director secret `npm start` accepts from MJHUB_DIRECTOR_SECRET or --director-secret-file (characters). */
export const MIN_DIRECTOR_SECRET_LENGTH = 8;

/** The director's secret and where it came from. */
export interface DirectorSecret {
  /** the secret itself (the hub keeps only its scrypt hash once started) */
  value: string;
  /** 'env' MJHUB_DIRECTOR_SECRET, 'file' --director-secret-file, 'data' the generated one in the data folder */
  source: 'env' | 'file' | 'data';
  /** true only on the start that made `<dataDir>/director-secret` */
  created: boolean;
  /** for the banner, e.g. "from MJHUB_DIRECTOR_SECRET", "from /etc/mjhub/secret", "kept in data/director-secret" */
  from: string;
}

/**
 * The generated director secret of a data folder: read from `<dataDir>/director-secret` (its first
 * line; a mode looser than 0600 is tightened to 0600), or made there on first use (18 random bytes
 * as 24 base64url characters, mode 0600, fsync'd; the folder is made if missing).
 * @returns the secret and whether this call created the file
 * @throws Error naming the file when it exists but its first line is empty, or it cannot be
 *   read or written
 */
export function loadOrCreateDirectorSecret(dataDir: string): { value: string; created: boolean; file: string } {
  const file = path.join(dataDir, DIRECTOR_SECRET_FILE);
  if (existsSync(file)) return { value: readSecretFile(file), created: false, file };
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(18).toString('base64url');
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600); // never over a file another start made meanwhile
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return { value: readSecretFile(file), created: false, file };
    throw new Error(`${file}: cannot create the director secret (${(e as Error).message})`);
  }
  try {
    writeSync(fd, value + '\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  chmodSync(file, 0o600); // whatever the umask
  return { value, created: true, file };
}

function readSecretFile(file: string): string {
  const value = (readFileSync(file, 'utf8').split(/\r?\n/)[0] ?? '').trim();
  if (value === '') throw new Error(`${file}: the first line is empty: write the director secret there, or delete the file to have one generated`);
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return value;
}

/**
 * The director's secret for a start of the hub (order at the top of this file).
 * @param opts.env the value of MJHUB_DIRECTOR_SECRET (empty = not set)
 * @param opts.file --director-secret-file
 * @param opts.dataDir the hub's data folder (--data)
 * @throws Error naming the file when --director-secret-file cannot be read or its first line is
 *   empty; naming MJHUB_DIRECTOR_SECRET or the file when the secret is shorter than
 *   {@link MIN_DIRECTOR_SECRET_LENGTH} (8) characters (anyone in the room could guess it); or as
 *   {@link loadOrCreateDirectorSecret}
 */
export function directorSecretFor(opts: { env?: string | undefined; file?: string | undefined; dataDir: string }): DirectorSecret {
  if (opts.env !== undefined && opts.env !== '') {
    if (opts.env.length < MIN_DIRECTOR_SECRET_LENGTH) {
      throw new Error(`MJHUB_DIRECTOR_SECRET is ${opts.env.length} characters long: the director secret must have at least ${MIN_DIRECTOR_SECRET_LENGTH} (or unset it to have one generated)`);
    }
    return { value: opts.env, source: 'env', created: false, from: 'from MJHUB_DIRECTOR_SECRET' };
  }
  if (opts.file !== undefined) {
    let text: string;
    try {
      text = readFileSync(opts.file, 'utf8');
    } catch (e) {
      throw new Error(`--director-secret-file ${opts.file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    const value = (text.split(/\r?\n/)[0] ?? '').trim();
    if (value === '') throw new Error(`--director-secret-file ${opts.file}: the first line is empty (write the secret there)`);
    if (value.length < MIN_DIRECTOR_SECRET_LENGTH) {
      throw new Error(`--director-secret-file ${opts.file}: the secret is ${value.length} characters long: it must have at least ${MIN_DIRECTOR_SECRET_LENGTH}`);
    }
    return { value, source: 'file', created: false, from: `from ${opts.file}` };
  }
  const kept = loadOrCreateDirectorSecret(opts.dataDir);
  return { value: kept.value, source: 'data', created: kept.created, from: `${kept.created ? 'generated, kept in' : 'kept in'} ${kept.file}` };
}
