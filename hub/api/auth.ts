/**
 * Director authentication: a fixed bearer token (scripts, tests), the login secret (stored only as
 * an scrypt hash), and server-side sessions reached by an HttpOnly cookie or a bearer token.
 */
import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

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
  /** the cookie value (256 random bits, base64url); never logged */
  readonly id: string;
  /** the bearer token for scripts returned by the login (256 random bits, base64url) */
  readonly bearer: string;
  /** a short public handle for the event log: the first 12 hex digits of sha256(id) */
  readonly handle: string;
  /** ms since epoch */
  readonly createdAt: number;
  /** ms since epoch; the session is refused from then on */
  readonly expiresAt: number;
}

/** Default session lifetime: 12 h in ms (a tournament day). */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/**
 * Server-side director sessions, each reachable by its cookie id or by its bearer token. Both are
 * looked up by their SHA-256 (a map lookup on a hash of a 256-bit random value leaks nothing
 * useful). Expired sessions are dropped as they are met and on every new login; beyond `max`
 * sessions the oldest is dropped.
 */
export class SessionStore {
  private readonly byCookie = new Map<string, DirectorSession>();
  private readonly byBearer = new Map<string, DirectorSession>();

  /**
   * @param ttlMs lifetime of a session in ms (default 12 h)
   * @param max most sessions kept at once (default 1000)
   * @param now the clock, ms since epoch
   */
  constructor(
    readonly ttlMs: number = SESSION_TTL_MS,
    private readonly max: number = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Opens a new session now. */
  create(): DirectorSession {
    const at = this.now();
    for (const s of [...this.byCookie.values()]) if (s.expiresAt <= at) this.revoke(s);
    while (this.byCookie.size >= this.max) this.revoke(this.byCookie.values().next().value!);
    const id = randomBytes(32).toString('base64url');
    const s: DirectorSession = {
      id,
      bearer: randomBytes(32).toString('base64url'),
      handle: sha256(id).toString('hex').slice(0, 12),
      createdAt: at,
      expiresAt: at + this.ttlMs,
    };
    this.byCookie.set(sha256(s.id).toString('hex'), s);
    this.byBearer.set(sha256(s.bearer).toString('hex'), s);
    return s;
  }

  private live(map: Map<string, DirectorSession>, key: unknown): DirectorSession | null {
    if (typeof key !== 'string' || key.length === 0 || key.length > 128) return null;
    const s = map.get(sha256(key).toString('hex'));
    if (!s) return null;
    if (s.expiresAt <= this.now()) {
      this.revoke(s);
      return null;
    }
    return s;
  }

  /** The live session with this cookie id, or null. */
  byCookieId(id: unknown): DirectorSession | null {
    return this.live(this.byCookie, id);
  }

  /** The live session with this bearer token, or null. */
  byBearerToken(token: unknown): DirectorSession | null {
    return this.live(this.byBearer, token);
  }

  /** Ends a session: its cookie and its bearer token are refused from now on. */
  revoke(s: DirectorSession): void {
    this.byCookie.delete(sha256(s.id).toString('hex'));
    this.byBearer.delete(sha256(s.bearer).toString('hex'));
  }

  /** Sessions open now (expired ones not yet dropped included). */
  get size(): number {
    return this.byCookie.size;
  }
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
    const v = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
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

  /** @throws Error when the token or the secret is empty */
  constructor(opts: DirectorAuthOptions) {
    this.fixed = tokenChecker(opts.token);
    this.secret = new SecretChecker(opts.secret ?? opts.token);
    this.sessions = new SessionStore(opts.sessionTtlMs ?? SESSION_TTL_MS, 1000, opts.now ?? Date.now);
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
  readonly isCookie = (headers: Record<string, string | string[] | undefined>): boolean =>
    sameOrigin(headers) && this.sessionOfCookie(headers.cookie) !== null;
}
