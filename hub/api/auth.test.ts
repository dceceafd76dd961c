import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// spy on node:crypto's timingSafeEqual to see that the checker compares through it
vi.mock('node:crypto', async (importOriginal) => {
  const orig = await importOriginal<typeof import('node:crypto')>();
  return { ...orig, timingSafeEqual: vi.fn(orig.timingSafeEqual) };
});
const crypto = await import('node:crypto');
const { DirectorAuth, SecretChecker, SessionStore, cookieValue, deriveSessionKey, sameOrigin, SESSION_COOKIE } = await import('./auth.js');

describe('SecretChecker (director login secret)', () => {
  it('accepts the secret and nothing else', async () => {
    const c = new SecretChecker('red dragon at dawn');
    expect(await c.check('red dragon at dawn')).toBe(true);
    expect(await c.check('red dragon at dawn ')).toBe(false);
    expect(await c.check('Red dragon at dawn')).toBe(false);
    expect(await c.check('')).toBe(false);
    expect(await c.check(7)).toBe(false);
    expect(await c.check(undefined)).toBe(false);
    expect(await c.check('x'.repeat(2000))).toBe(false);
  });

  it('compares the two 32-byte scrypt keys with timingSafeEqual, even for a non-string guess', async () => {
    const c = new SecretChecker('sesame');
    const spy = vi.mocked(crypto.timingSafeEqual);
    spy.mockClear();
    await c.check('sesamE');
    await c.check(42);
    expect(spy).toHaveBeenCalledTimes(2);
    for (const [a, b] of spy.mock.calls) {
      expect((a as Buffer).length).toBe(32);
      expect((b as Buffer).length).toBe(32);
    }
    // the stored side is the derived key, not the secret
    expect(Buffer.compare(spy.mock.calls[0]![1] as Buffer, c.stored.hash)).toBe(0);
  });

  it('keeps only a salted scrypt hash: not the secret, and a new salt each time', () => {
    const a = new SecretChecker('sesame');
    const b = new SecretChecker('sesame');
    const sa = a.stored;
    expect(sa.salt.length).toBe(16);
    expect(sa.hash.length).toBe(32);
    expect(sa.hash.includes(Buffer.from('sesame'))).toBe(false);
    expect(sa.hash.toString('utf8')).not.toBe('sesame');
    expect(sa.salt.equals(b.stored.salt)).toBe(false);
    expect(sa.hash.equals(b.stored.hash)).toBe(false);
    // nothing on the object holds the secret in clear
    expect(JSON.stringify(a)).not.toContain('sesame');
    expect(Object.values(a).some((v) => v === 'sesame')).toBe(false);
  });

  it('refuses an empty secret', () => {
    expect(() => new SecretChecker('')).toThrow('the director secret must be a non-empty string');
  });
});

describe('SessionStore (signed session tokens)', () => {
  const KEY = Buffer.alloc(32, 7);

  it('a session is found by cookie token and by bearer token, until it expires (12 h) or is revoked', () => {
    let now = 1_000;
    const s = new SessionStore({ key: KEY, now: () => now });
    const a = s.create();
    expect(a.createdAt).toBe(1_000);
    expect(a.expiresAt).toBe(1_000 + 12 * 3600 * 1000);
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{83}$/);
    expect(a.bearer).toMatch(/^[A-Za-z0-9_-]{83}$/);
    expect(a.bearer).not.toBe(a.id);
    expect(a.handle).toMatch(/^[0-9a-f]{12}$/);
    expect(s.byCookieId(a.id)).toEqual(a);
    expect(s.byBearerToken(a.bearer)).toEqual(a);
    expect(s.byCookieId(a.bearer)).toBeNull(); // the two are not interchangeable
    expect(s.byBearerToken(a.id)).toBeNull();
    expect(s.size).toBe(1);
    now = a.expiresAt - 1;
    expect(s.byCookieId(a.id)).toEqual(a);
    now = a.expiresAt;
    expect(s.byCookieId(a.id)).toBeNull();
    expect(s.byBearerToken(a.bearer)).toBeNull();
    expect(s.size).toBe(0);

    const b = s.create();
    s.revoke(b);
    expect(s.byCookieId(b.id)).toBeNull();
    expect(s.byBearerToken(b.bearer)).toBeNull();
    expect(s.size).toBe(0);
  });

  it('another store with the same key (a restarted hub) accepts the token; another key does not', () => {
    const a = new SessionStore({ key: KEY }).create();
    const again = new SessionStore({ key: KEY });
    expect(again.byCookieId(a.id)).toEqual(a);
    expect(again.byBearerToken(a.bearer)).toEqual(a);
    const other = new SessionStore({ key: Buffer.alloc(32, 8) });
    expect(other.byCookieId(a.id)).toBeNull();
    expect(other.byBearerToken(a.bearer)).toBeNull();
  });

  it('a tampered token is refused: any changed character, a longer expiry, garbage', () => {
    const s = new SessionStore({ key: KEY });
    const a = s.create();
    for (const i of [0, 3, 30, 41, 60, 82]) {
      const c = a.id[i] === 'A' ? 'B' : 'A';
      expect(s.byCookieId(a.id.slice(0, i) + c + a.id.slice(i + 1))).toBeNull();
    }
    // the last character carries 2 unused bits: every other spelling of the same bytes is refused too
    const last = a.id.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBits = [...alphabet].filter((ch) => ch !== last && alphabet.indexOf(ch) >> 2 === alphabet.indexOf(last) >> 2);
    expect(sameBits).toHaveLength(3);
    for (const ch of sameBits) expect(s.byCookieId(a.id.slice(0, -1) + ch)).toBeNull();
    // a forged expiry a year later, with the old MAC
    const raw = Buffer.from(a.id, 'base64url');
    raw.writeUIntBE(a.expiresAt + 365 * 24 * 3600 * 1000, 24, 6);
    expect(s.byCookieId(raw.toString('base64url'))).toBeNull();
    for (const junk of ['', 'x', a.id + 'A', a.id.slice(1), 'é'.repeat(83), 7, null, undefined, { id: a.id }]) {
      expect(s.byCookieId(junk)).toBeNull();
      expect(s.byBearerToken(junk)).toBeNull();
    }
    expect(s.byCookieId(a.id)).toEqual(a);
  });

  it('a shorter lifetime after a restart also shortens the sessions already given out', () => {
    let now = 0;
    const a = new SessionStore({ key: KEY, now: () => now }).create(); // 12 h
    const short = new SessionStore({ key: KEY, ttlMs: 60 * 60 * 1000, now: () => now }); // 1 h
    now = 60 * 60 * 1000 - 1;
    expect(short.byCookieId(a.id)).not.toBeNull();
    now = 60 * 60 * 1000;
    expect(short.byCookieId(a.id)).toBeNull();
  });

  it('refuses a short key and a lifetime that is not positive', () => {
    expect(() => new SessionStore({ key: Buffer.alloc(16) })).toThrow('the session signing key must be at least 32 bytes, got 16');
    expect(() => new SessionStore({ ttlMs: 0 })).toThrow('session lifetime must be a positive number of ms, got 0');
  });
});

describe('DirectorAuth with a data folder: sessions survive a restart, safely', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const dataDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'mjhub-auth-'));
    dirs.push(d);
    return d;
  };

  it('makes a 0600 installation key on first start; a new DirectorAuth on the same folder accepts the session', () => {
    const dir = dataDir();
    const a = new DirectorAuth({ token: 'tok', secret: 'east wind', dataDir: dir });
    const keyFile = path.join(dir, 'director-session.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    const s = a.sessions.create();
    const b = new DirectorAuth({ token: 'tok', secret: 'east wind', dataDir: dir });
    expect(b.sessionOfCookie(`${SESSION_COOKIE}=${s.id}`)).toEqual(s);
    expect(b.isBearer(s.bearer)).toBe(true);
    // the key file holds neither the secret nor the signing key
    expect(readFileSync(keyFile, 'utf8')).not.toContain('east wind');
  });

  it('an expired session is refused after a restart too', () => {
    const dir = dataDir();
    let now = 5_000;
    const s = new DirectorAuth({ token: 'tok', secret: 's', dataDir: dir, now: () => now }).sessions.create();
    now = 5_000 + 12 * 3600 * 1000;
    const b = new DirectorAuth({ token: 'tok', secret: 's', dataDir: dir, now: () => now });
    expect(b.sessionOfCookie(`${SESSION_COOKIE}=${s.id}`)).toBeNull();
    expect(b.isBearer(s.bearer)).toBe(false);
  });

  it('a logout is saved (0600) and still holds after a restart, for that session only', () => {
    const dir = dataDir();
    const a = new DirectorAuth({ token: 'tok', secret: 's', dataDir: dir });
    const out = a.sessions.create();
    const kept = a.sessions.create();
    a.sessions.revoke(out);
    const file = path.join(dir, 'director-revoked.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { revoked: Record<string, number> };
    expect(Object.values(saved.revoked)).toEqual([out.expiresAt]);
    expect(readFileSync(file, 'utf8')).not.toContain(out.id);
    const b = new DirectorAuth({ token: 'tok', secret: 's', dataDir: dir });
    expect(b.sessionOfCookie(`${SESSION_COOKIE}=${out.id}`)).toBeNull();
    expect(b.isBearer(out.bearer)).toBe(false);
    expect(b.sessionOfCookie(`${SESSION_COOKIE}=${kept.id}`)).toEqual(kept);
  });

  it('a changed director secret ends every session (changing it back brings them back; a logout still holds)', () => {
    const dir = dataDir();
    const s = new DirectorAuth({ token: 'tok', secret: 'old secret', dataDir: dir }).sessions.create();
    const changed = new DirectorAuth({ token: 'tok', secret: 'new secret', dataDir: dir });
    expect(changed.sessionOfCookie(`${SESSION_COOKIE}=${s.id}`)).toBeNull();
    expect(changed.isBearer(s.bearer)).toBe(false);
    expect(changed.isBearer('tok')).toBe(true); // the fixed script token is not a session
    const back = new DirectorAuth({ token: 'tok', secret: 'old secret', dataDir: dir });
    expect(back.sessionOfCookie(`${SESSION_COOKIE}=${s.id}`)).toEqual(s);
    back.sessions.revoke(s);
    expect(new DirectorAuth({ token: 'tok', secret: 'old secret', dataDir: dir }).sessionOfCookie(`${SESSION_COOKIE}=${s.id}`)).toBeNull();
  });

  it('another installation (another data folder) does not accept the token', () => {
    const s = new DirectorAuth({ token: 'tok', secret: 's', dataDir: dataDir() }).sessions.create();
    expect(new DirectorAuth({ token: 'tok', secret: 's', dataDir: dataDir() }).sessionOfCookie(`${SESSION_COOKIE}=${s.id}`)).toBeNull();
  });

  it('damaged files are refused with the file named', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'director-session.key'), 'not hex\n');
    expect(() => new DirectorAuth({ token: 'tok', dataDir: dir })).toThrow(
      `${path.join(dir, 'director-session.key')}: expected 64 hex digits (the director session key); delete it to make a new one (every director is logged out)`,
    );
    const dir2 = dataDir();
    writeFileSync(path.join(dir2, 'director-revoked.json'), '{"revoked": [1]}');
    expect(() => new DirectorAuth({ token: 'tok', dataDir: dir2 })).toThrow(
      `${path.join(dir2, 'director-revoked.json')}: expected { "revoked": { "<session hash>": <expiresAt ms> } }; delete it together with director-session.key (every director is logged out)`,
    );
    writeFileSync(path.join(dir2, 'director-revoked.json'), '{"revoked": {"abc": 1}}');
    expect(() => new DirectorAuth({ token: 'tok', dataDir: dir2 })).toThrow('revoked["abc"] must be a 64-hex-digit session hash with a number (expiresAt ms)');
  });

  it('deriveSessionKey: 32 bytes, the same for the same inputs, different for another secret or installation', () => {
    const k = Buffer.alloc(32, 1);
    expect(deriveSessionKey(k, 'a').length).toBe(32);
    expect(deriveSessionKey(k, 'a').equals(deriveSessionKey(k, 'a'))).toBe(true);
    expect(deriveSessionKey(k, 'a').equals(deriveSessionKey(k, 'b'))).toBe(false);
    expect(deriveSessionKey(k, 'a').equals(deriveSessionKey(Buffer.alloc(32, 2), 'a'))).toBe(false);
    expect(() => deriveSessionKey(k, '')).toThrow('the director secret must be a non-empty string');
  });
});

describe('cookies and origins', () => {
  it('cookieValue reads one cookie of a Cookie header', () => {
    expect(cookieValue('a=1; mjhub_director=abc-_9; b=2', SESSION_COOKIE)).toBe('abc-_9');
    expect(cookieValue('mjhub_directorx=1', SESSION_COOKIE)).toBeNull();
    expect(cookieValue(undefined, SESSION_COOKIE)).toBeNull();
    expect(cookieValue('mjhub_director=%E0%A4%A', SESSION_COOKIE)).toBeNull();
  });

  it('sameOrigin: no Origin, or an Origin whose host is the Host header', () => {
    expect(sameOrigin({ host: '127.0.0.1:8080' })).toBe(true);
    expect(sameOrigin({ origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' })).toBe(true);
    expect(sameOrigin({ origin: 'http://evil.example', host: '127.0.0.1:8080' })).toBe(false);
    expect(sameOrigin({ origin: 'null', host: '127.0.0.1:8080' })).toBe(false);
  });

  it('DirectorAuth: the fixed token and a session bearer are bearer credentials; the secret is not', async () => {
    const auth = new DirectorAuth({ token: 'fixed-token', secret: 'the secret' });
    expect(auth.isBearer('fixed-token')).toBe(true);
    expect(auth.isBearer('the secret')).toBe(false);
    const s = auth.sessions.create();
    expect(auth.isBearer(s.bearer)).toBe(true);
    expect(auth.isCookie({ cookie: `${SESSION_COOKIE}=${s.id}`, host: 'h:1', origin: 'http://h:1' })).toBe(true);
    expect(auth.isCookie({ cookie: `${SESSION_COOKIE}=${s.id}`, host: 'h:1', origin: 'http://other:1' })).toBe(false);
    expect(auth.isCookie({ cookie: `${SESSION_COOKIE}=nope` })).toBe(false);
    expect(await auth.secret.check('the secret')).toBe(true);
    expect(await auth.secret.check('fixed-token')).toBe(false);
  });
});
