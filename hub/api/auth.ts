/**
 * Director authentication: one shared bearer token, compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

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
