/**
 * Director authentication: a fixed bearer token (scripts, tests), the login secret (stored only as
 * an scrypt hash), and sessions as HMAC-signed tokens reached by an HttpOnly cookie or a bearer
 * token, which outlive a hub restart when the hub has a data folder (hub/api/session-state.ts).
 */
import { createHash, createHmac, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { FileRevocations, loadOrCreateSessionKey, MemoryRevocations, type RevocationList } from './session-state.js';

function sha256(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

/**
 * A checker for one secret token. Both sides are hashed first (SHA-256), so the comparison takes
 * the same time whatever the length or content of the guess.
 * @throws Error when the token is not a non-empty string
 */
export function tokenChecker(token: string): (candidate: unknown) => boolean {
  if (typeof token !== 'string' || token.length === 0) {
    throw new Error('directorToken must be a non-empty string');
  }
  const want = sha256(token);
  return (candidate) => typeof candidate === 'string' && timingSafeEqual(sha256(candidate), want);
}

/** The token in an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return m ? m[1]! : null;
}

// ---------------------------------------------------------------------------------------------
// Director login: a secret stored only as an scrypt hash, and server-side sessions.
// ---------------------------------------------------------------------------------------------

/** scrypt parameters of the stored secret: 32-byte key, N = 2^14, r = 8, p = 1 (~16 MiB, ~50 ms). */
const SCRYPT_KEYLEN = 32;
const SCRYPT_OPTS = { N: 1 << 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

function scryptAsync(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, SCRYPT_KEYLEN, SCRYPT_OPTS, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/**
 * The director secret, kept in memory only as `scrypt(secret, salt)` with a random 16-byte salt.
 * A candidate is derived the same way and compared with `timingSafeEqual` over the two 32-byte
 * keys, so the time taken says nothing about how much of the guess was right.
 */
export class SecretChecker {
  readonly #salt: Buffer;
  readonly #hash: Buffer;

  /**
   * @param secret the configured director secret (env MJHUB_DIRECTOR_SECRET, a secret file, or generated)
   * @throws Error when the secret is not a non-empty string
   */
  constructor(secret: string) {
    if (typeof secret !== 'string' || secret.length === 0) throw new Error('the director secret must be a non-empty string');
    this.#salt = randomBytes(16);
    this.#hash = scryptSync(secret, this.#salt, SCRYPT_KEYLEN, SCRYPT_OPTS);
  }

  /** What is kept (copies): the salt and the derived key; never the secret. */
  get stored(): { salt: Buffer; hash: Buffer } {
    return { salt: Buffer.from(this.#salt), hash: Buffer.from(this.#hash) };
  }

  /**
   * True when `candidate` is the secret. Anything that is not a string of 1-1024 characters is
   * false (after the same derivation of an empty string, so it costs the same time).
   */
  async check(candidate: unknown): Promise<boolean> {
    const ok = typeof candidate === 'string' && candidate.length > 0 && candidate.length <= 1024;
    const key = await scryptAsync(ok ? candidate : '', this.#salt);
    return timingSafeEqual(key, this.#hash) && ok;
  }
}

/** One logged-in director. */
export interface DirectorSession {
  /** the cookie value: a signed session token (83 base64url characters, see {@link SessionStore}); never logged */
  readonly id: string;
  /** the bearer token for scripts returned by the login: the same session signed as a bearer token (83 characters) */
  readonly bearer: string;
  /** a short public handle for the event log: the first 12 hex digits of sha256(session id) */
  readonly handle: string;
  /** ms since epoch */
  readonly createdAt: number;
  /** ms since epoch; the session is refused from then on */
  readonly expiresAt: number;
}

/** Default session lifetime: 12 h in ms (a tournament day). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** Options of {@link SessionStore}. */
export interface SessionStoreOptions {
  /** the signing key of session tokens (at least 32 bytes); default: 32 random bytes for this run */
  key?: Uint8Array | undefined;
  /** lifetime of a session in ms (default 12 h); a token older than this is refused even if signed for longer */
  ttlMs?: number | undefined;
  /** where logouts are kept (hub/api/session-state.ts); default: in memory */
  revocations?: RevocationList | undefined;
  /** the clock, ms since epoch */
  now?: (() => number) | undefined;
}

const TOKEN_VERSION = 1;
const KIND_COOKIE = 0x63; // 'c'
const KIND_BEARER = 0x62; // 'b'
/** bytes: version 1, kind 1, session id 16, createdAt 6, expiresAt 6, HMAC-SHA256 32 */
const TOKEN_BYTES = 62;
const SIGNED_BYTES = 30;
/** the base64url length of a token */
export const SESSION_TOKEN_LENGTH = 83;
const TOKEN_RE = /^[A-Za-z0-9_-]{83}$/;

/**
 * Director sessions as signed tokens, so a hub restarted with the same key (hub/api/session-state.ts
 * and {@link deriveSessionKey}) still knows them. A session is 16 random bytes (its id), its
 * createdAt and expiresAt (ms); it is reached by two tokens, the cookie one and the bearer one,
 * each `base64url(version ‖ kind ‖ id ‖ createdAt ‖ expiresAt ‖ HMAC-SHA256(key, the 30 bytes before))`
 * (83 characters). A token is accepted when its MAC matches (compared with `timingSafeEqual`), it
 * is of the kind asked for (a bearer token is not a cookie), `now < expiresAt` and
 * `now < createdAt + ttlMs`, and its session is not revoked. Another key (another installation, a
 * changed director secret) makes every old token fail its MAC. Nothing is thrown on garbage: it is
 * simply not a session.
 */
export class SessionStore {
  readonly ttlMs: number;
  readonly #key: Buffer;
  private readonly revocations: RevocationList;
  private readonly now: () => number;
  /** sessions met by this process (made or verified), by id hex: what {@link size} counts */
  private readonly seen = new Map<string, DirectorSession>();

  /** @throws Error when the key is shorter than 32 bytes or ttlMs is not a positive number of ms */
  constructor(opts: SessionStoreOptions = {}) {
    this.ttlMs = opts.ttlMs ?? SESSION_TTL_MS;
    if (!Number.isFinite(this.ttlMs) || this.ttlMs <= 0) throw new Error(`session lifetime must be a positive number of ms, got ${String(opts.ttlMs)}`);
    this.#key = opts.key ? Buffer.from(opts.key) : randomBytes(32);
    if (this.#key.length < 32) throw new Error(`the session signing key must be at least 32 bytes, got ${this.#key.length}`);
    this.now = opts.now ?? Date.now;
    this.revocations = opts.revocations ?? new MemoryRevocations(this.now);
  }

  private sign(kind: number, sid: Buffer, createdAt: number, expiresAt: number): string {
    const b = Buffer.alloc(TOKEN_BYTES);
    b[0] = TOKEN_VERSION;
    b[1] = kind;
    sid.copy(b, 2);
    b.writeUIntBE(createdAt, 18, 6);
    b.writeUIntBE(expiresAt, 24, 6);
    createHmac('sha256', this.#key).update(b.subarray(0, SIGNED_BYTES)).digest().copy(b, SIGNED_BYTES);
    return b.toString('base64url');
  }

  private session(sid: Buffer, createdAt: number, expiresAt: number): DirectorSession {
    const id = this.sign(KIND_COOKIE, sid, createdAt, expiresAt);
    return {
      id,
      bearer: this.sign(KIND_BEARER, sid, createdAt, expiresAt),
      handle: sha256(sid.toString('hex')).toString('hex').slice(0, 12),
      createdAt,
      expiresAt,
    };
  }

  /** Opens a new session now, for `ttlMs`. */
  create(): DirectorSession {
    const at = this.now();
    this.prune(at);
    const sid = randomBytes(16);
    const s = this.session(sid, at, at + this.ttlMs);
    this.seen.set(sid.toString('hex'), s);
    return s;
  }

  private prune(at: number): void {
    for (const [k, s] of this.seen) if (s.expiresAt <= at) this.seen.delete(k);
  }

  /** The live session a token of `kind` stands for, or null (never throws). */
  private verify(token: unknown, kind: number): DirectorSession | null {
    if (typeof token !== 'string' || !TOKEN_RE.test(token)) return null;
    const b = Buffer.from(token, 'base64url');
    if (b.length !== TOKEN_BYTES || b[0] !== TOKEN_VERSION || b[1] !== kind) return null;
    // one spelling per token: a last character that differs only in its unused low bits decodes to
    // the same bytes, and is refused like any other changed character
    if (b.toString('base64url') !== token) return null;
    const mac = createHmac('sha256', this.#key).update(b.subarray(0, SIGNED_BYTES)).digest();
    if (!timingSafeEqual(mac, b.subarray(SIGNED_BYTES))) return null;
    const sid = b.subarray(2, 18);
    const createdAt = b.readUIntBE(18, 6);
    const expiresAt = b.readUIntBE(24, 6);
    const at = this.now();
    const sidHex = sid.toString('hex');
    if (at >= expiresAt || at >= createdAt + this.ttlMs || this.revocations.has(sidHex)) {
      this.seen.delete(sidHex);
      return null;
    }
    const s = this.seen.get(sidHex) ?? this.session(Buffer.from(sid), createdAt, expiresAt);
    this.seen.set(sidHex, s);
    return s;
  }

  /** The live session whose cookie token this is, or null. */
  byCookieId(id: unknown): DirectorSession | null {
    return this.verify(id, KIND_COOKIE);
  }

  /** The live session whose bearer token this is, or null. */
  byBearerToken(token: unknown): DirectorSession | null {
    return this.verify(token, KIND_BEARER);
  }

  /**
   * Ends a session (a logout): its cookie and its bearer token are refused from now on, also after
   * a restart when the revocation list is kept in the data folder.
   * @throws Error when the revocation list cannot be saved (the session is refused by this process anyway)
   */
  revoke(s: DirectorSession): void {
    const b = Buffer.from(s.id, 'base64url');
    const sidHex = b.subarray(2, 18).toString('hex');
    this.seen.delete(sidHex);
    this.revocations.add(sidHex, s.expiresAt);
  }

  /** Live sessions this process has made or verified since it started and not seen revoked or expired. */
  get size(): number {
    this.prune(this.now());
    return this.seen.size;
  }
}

/**
 * The signing key of director sessions for one installation and one director secret:
 * `HMAC-SHA256(installationKey, scrypt(secret, HMAC-SHA256(installationKey, "mjhub director session salt")))`.
 * The same on every start of the same hub with the same secret, so its tokens survive a restart;
 * another secret gives another key, so changing the secret ends every session. The secret is
 * reached from the key only through scrypt (N = 2^14), as with the login check.
 * @returns 32 bytes
 * @throws Error when the secret is empty or the installation key is shorter than 32 bytes
 */
export function deriveSessionKey(installationKey: Uint8Array, secret: string): Buffer {
  if (typeof secret !== 'string' || secret.length === 0) throw new Error('the director secret must be a non-empty string');
  if (installationKey.length < 32) throw new Error(`the installation key must be at least 32 bytes, got ${installationKey.length}`);
  const salt = createHmac('sha256', installationKey).update('mjhub director session salt').digest();
  const stretched = scryptSync(secret, salt, SCRYPT_KEYLEN, SCRYPT_OPTS);
  return createHmac('sha256', installationKey).update(stretched).digest();
}

/** The name of the director's session cookie. */
export const SESSION_COOKIE = 'mjhub_director';

/** The value of cookie `name` in a `Cookie:` header, or null. Never throws. */
export function cookieValue(header: string | string[] | undefined, name: string): string | null {
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const v = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(v);
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * True when a request carrying a cookie comes from the hub's own pages: no `Origin` header (a
 * same-origin GET, a script) or an Origin whose host is the request's `Host`. Guards the cookie
 * path against cross-site requests in browsers that would send the cookie anyway.
 */
export function sameOrigin(headers: { origin?: string | string[] | undefined; host?: string | string[] | undefined }): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  if (typeof origin !== 'string' || typeof headers.host !== 'string') return false;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false;
  }
}

/** Options of {@link DirectorAuth}. */
export interface DirectorAuthOptions {
  /** the fixed bearer token for scripts and tests (the `directorToken` of createHubServer) */
  token: string;
  /** the login secret; default: `token` */
  secret?: string | undefined;
  /** session lifetime in ms (default 12 h) */
  sessionTtlMs?: number | undefined;
  /**
   * the hub's data folder: sessions survive a restart (the installation key and the logouts are
   * kept there, hub/api/session-state.ts); omitted: sessions last as long as this process
   */
  dataDir?: string | undefined;
  /**
   * several hubs, one event (docs/several-hubs.md, hub/api/event-keys.ts): the installation key and
   * the logouts every hub of the event shares, in place of the data folder's: a login at one hub
   * is a login at every hub given the same secret, and a logout at one is refused by all
   */
  shared?: { installationKey: Uint8Array; revocations: RevocationList } | undefined;
  /** the clock, ms since epoch */
  now?: (() => number) | undefined;
}

/**
 * Who is the director: the fixed bearer token, a session's bearer token, or a session cookie.
 * One instance per hub, shared by the HTTP routes and the `/director` and `/relay` namespaces.
 */
export class DirectorAuth {
  readonly secret: SecretChecker;
  readonly sessions: SessionStore;
  private readonly fixed: (candidate: unknown) => boolean;

  /**
   * With `dataDir`, session tokens are signed with {@link deriveSessionKey} of the installation key
   * in that folder and the secret, and logouts are kept there: a restarted hub with the same
   * secret accepts the sessions of the last one, minus those logged out; with another secret, none.
   * @throws Error when the token or the secret is empty, the session lifetime is not positive, or a
   *   file in `dataDir` is damaged (the message names it)
   */
  constructor(opts: DirectorAuthOptions) {
    this.fixed = tokenChecker(opts.token);
    const secret = opts.secret ?? opts.token;
    this.secret = new SecretChecker(secret);
    const now = opts.now ?? Date.now;
    const ttlMs = opts.sessionTtlMs ?? SESSION_TTL_MS;
    this.sessions = opts.shared
      ? new SessionStore({ key: deriveSessionKey(opts.shared.installationKey, secret), revocations: opts.shared.revocations, ttlMs, now })
      : opts.dataDir !== undefined
        ? new SessionStore({
            key: deriveSessionKey(loadOrCreateSessionKey(opts.dataDir), secret),
            revocations: new FileRevocations(opts.dataDir, now),
            ttlMs,
            now,
          })
        : new SessionStore({ ttlMs, now });
  }

  /** True for the fixed token or a live session's bearer token (the `isDirectorToken` of realtime/relay). */
  readonly isBearer = (candidate: unknown): boolean => this.fixed(candidate) || this.sessions.byBearerToken(candidate) !== null;

  /** The live session of a request's `Cookie:` header, or null. */
  sessionOfCookie(cookieHeader: string | string[] | undefined): DirectorSession | null {
    return this.sessions.byCookieId(cookieValue(cookieHeader, SESSION_COOKIE));
  }

  /**
   * True when the headers carry a live session cookie and come from the hub's own origin (see
   * {@link sameOrigin}); the `isDirectorCookie` of realtime/relay (socket.io handshake headers).
   */
  readonly isCookie = (headers: Record<string, string | string[] | undefined>): boolean => sameOrigin(headers) && this.sessionOfCookie(headers.cookie) !== null;
}
