import { describe, expect, it, vi } from 'vitest';

// spy on node:crypto's timingSafeEqual to see that the checker compares through it
vi.mock('node:crypto', async (importOriginal) => {
  const orig = await importOriginal<typeof import('node:crypto')>();
  return { ...orig, timingSafeEqual: vi.fn(orig.timingSafeEqual) };
});
const crypto = await import('node:crypto');
const { DirectorAuth, SecretChecker, SessionStore, cookieValue, sameOrigin, SESSION_COOKIE } = await import('./auth.js');

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

describe('SessionStore', () => {
  it('a session is found by cookie id and by bearer, until it expires (12 h) or is revoked', () => {
    let now = 1_000;
    const s = new SessionStore(undefined, 1000, () => now);
    const a = s.create();
    expect(a.expiresAt).toBe(1_000 + 12 * 3600 * 1000);
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.bearer).not.toBe(a.id);
    expect(s.byCookieId(a.id)).toBe(a);
    expect(s.byBearerToken(a.bearer)).toBe(a);
    expect(s.byCookieId(a.bearer)).toBeNull(); // the two are not interchangeable
    expect(s.byBearerToken(a.id)).toBeNull();
    now = a.expiresAt - 1;
    expect(s.byCookieId(a.id)).toBe(a);
    now = a.expiresAt;
    expect(s.byCookieId(a.id)).toBeNull();
    expect(s.byBearerToken(a.bearer)).toBeNull();
    expect(s.size).toBe(0);

    const b = s.create();
    s.revoke(b);
    expect(s.byCookieId(b.id)).toBeNull();
    expect(s.byBearerToken(b.bearer)).toBeNull();
  });

  it('keeps at most `max` sessions, dropping the oldest', () => {
    const s = new SessionStore(60_000, 2);
    const a = s.create();
    const b = s.create();
    const c = s.create();
    expect(s.size).toBe(2);
    expect(s.byCookieId(a.id)).toBeNull();
    expect(s.byCookieId(b.id)).toBe(b);
    expect(s.byCookieId(c.id)).toBe(c);
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
