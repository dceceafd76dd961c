/**
 * What a director session needs to outlive a hub restart, kept in the data folder:
 *
 * - `<dataDir>/director-session.key`: the installation key (32 random bytes as 64 hex digits, mode
 *   0600), made on first start. Session tokens are signed with a key derived from it and from the
 *   director secret (hub/api/auth.ts), so a restarted hub can verify the tokens it gave out before.
 * - `<dataDir>/director-revoked.json`: the sessions ended by a logout before they expired,
 *   `{ "revoked": { "<sha256 of the session id, hex>": <expiresAt, ms since epoch> } }` (mode 0600),
 *   written (fsync, then an atomic rename) before the logout answers, so a logout survives a
 *   restart. Entries are dropped once their session would have expired anyway.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

/** File name of the installation key in the data folder. */
export const SESSION_KEY_FILE = 'director-session.key';
/** File name of the revocation list in the data folder. */
export const REVOKED_FILE = 'director-revoked.json';

/**
 * The installation key of director sessions, `<dataDir>/director-session.key` (64 hex digits,
 * mode 0600; a looser mode is tightened to 0600); made on first use.
 * @returns 32 bytes
 * @throws Error naming the file when it exists but does not hold 64 hex digits
 */
export function loadOrCreateSessionKey(dataDir: string): Buffer {
  const file = path.join(dataDir, SESSION_KEY_FILE);
  if (existsSync(file)) {
    const hex = readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/i.test(hex)) {
      throw new Error(`${file}: expected 64 hex digits (the director session key); delete it to make a new one (every director is logged out)`);
    }
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return Buffer.from(hex, 'hex');
  }
  const key = randomBytes(32);
  mkdirSync(dataDir, { recursive: true });
  writeDurably(file, key.toString('hex') + '\n');
  return key;
}

/** Writes `text` to `file` with mode 0600: a temporary file, fsync, then rename over `file`. */
function writeDurably(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/** The list of sessions ended before their expiry (a logout), by session id. */
export interface RevocationList {
  /** true when the session with this id (the 16 random bytes of its tokens, hex) was revoked */
  has(sessionId: string): boolean;
  /**
   * Revokes a session until `expiresAt` (ms since epoch), after which its tokens are refused anyway.
   * @throws Error when the list cannot be saved (the revocation still holds in this process)
   */
  add(sessionId: string, expiresAt: number): void;
}

/** How a revocation list keeps a session: the SHA-256 of its id (hex), e.g. 64 hex digits; never the id itself. */
export const sessionHash = (sessionId: string): string => createHash('sha256').update(sessionId, 'utf8').digest('hex');

/** A revocation list in memory only (a hub without a data folder): forgotten on restart. */
export class MemoryRevocations implements RevocationList {
  protected readonly revoked = new Map<string, number>();

  /** @param now the clock, ms since epoch */
  constructor(protected readonly now: () => number = Date.now) {}

  has(sessionId: string): boolean {
    return this.revoked.has(sessionHash(sessionId));
  }

  add(sessionId: string, expiresAt: number): void {
    const at = this.now();
    for (const [k, exp] of this.revoked) if (exp <= at) this.revoked.delete(k);
    this.revoked.set(sessionHash(sessionId), expiresAt);
  }

  /** Revocations kept now (expired ones not yet dropped included). */
  get size(): number {
    return this.revoked.size;
  }
}

/**
 * The revocation list in `<dataDir>/director-revoked.json`, read once at start and written on
 * every {@link add} before it returns.
 */
export class FileRevocations extends MemoryRevocations {
  readonly file: string;

  /**
   * @param dataDir the hub's data folder (made if missing)
   * @param now the clock, ms since epoch
   * @throws Error naming the file and what is wrong when it exists but is not a revocation list
   *   (deleting it would let logged-out sessions back in: delete director-session.key with it)
   */
  constructor(dataDir: string, now: () => number = Date.now) {
    super(now);
    this.file = path.join(dataDir, REVOKED_FILE);
    if (!existsSync(this.file)) return;
    const fix = `; delete it together with ${SESSION_KEY_FILE} (every director is logged out)`;
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch (e) {
      throw new Error(`${this.file}: not JSON (${(e as Error).message})${fix}`);
    }
    const revoked = (raw as { revoked?: unknown } | null)?.revoked;
    if (revoked === null || typeof revoked !== 'object' || Array.isArray(revoked)) {
      throw new Error(`${this.file}: expected { "revoked": { "<session hash>": <expiresAt ms> } }${fix}`);
    }
    for (const [k, v] of Object.entries(revoked as Record<string, unknown>)) {
      if (!/^[0-9a-f]{64}$/.test(k) || typeof v !== 'number' || !Number.isFinite(v)) {
        throw new Error(`${this.file}: revoked["${k.slice(0, 80)}"] must be a 64-hex-digit session hash with a number (expiresAt ms)${fix}`);
      }
      this.revoked.set(k, v);
    }
  }

  override add(sessionId: string, expiresAt: number): void {
    super.add(sessionId, expiresAt);
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeDurably(this.file, JSON.stringify({ revoked: Object.fromEntries(this.revoked) }, null, 1) + '\n');
  }
}
