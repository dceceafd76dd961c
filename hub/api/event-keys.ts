/**
 * Several hubs, one event (docs/several-hubs.md): the keys every hub of the event shares, kept in
 * the event's PostgreSQL database, so that what one hub signs every other hub verifies.
 *
 * - `mjhub_event_keys (name, key)`: one row per key, made once by the first hub that starts
 *   (`INSERT … ON CONFLICT DO NOTHING`, then every hub reads the row that won): `director-session`,
 *   the installation key director sessions are signed with (hub/api/auth.ts `deriveSessionKey`,
 *   with the director secret: a login at one hub is a login at every hub given the same secret),
 *   and `seat`, the seat-token secret (hub/api/seat.ts: a seat code from any hub opens its seat at
 *   any hub). `PUBLIC` is refused every right on it: only the role the hubs connect as reads it.
 * - `mjhub_director_revoked (session_hash, expires_at)`: the director sessions ended by a logout
 *   at any hub (the SHA-256 of the session id, as hub/api/session-state.ts keeps them), refused
 *   by every hub until they would have expired anyway.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { deriveSessionKey } from './auth.js';
import type pg from 'pg';
import { MemoryRevocations, sessionHash } from './session-state.js';

/** The table of the event's shared keys. */
export const EVENT_KEYS_TABLE = 'mjhub_event_keys';
/** The table of the director sessions logged out at any hub of the event. */
export const REVOKED_TABLE = 'mjhub_director_revoked';

/** The keys the hubs of one event share (each 32 bytes). */
export interface EventKeys {
  /** the installation key of director sessions (hub/api/auth.ts `deriveSessionKey`) */
  directorSession: Buffer;
  /** the seat-token secret (hub/api/seat.ts `SeatTokens`) */
  seat: Buffer;
}

/** True for the errors of two hubs making the same table at once (duplicate type or table). */
export const isMadeMeanwhile = (err: unknown): boolean => ['23505', '42P07', '42710'].includes(String((err as { code?: unknown } | null)?.code));

/** Runs `CREATE TABLE IF NOT EXISTS …`, taking the table another hub made meanwhile as made. */
export async function createShared(pool: pg.Pool, sql: string): Promise<void> {
  try {
    await pool.query(sql);
  } catch (err) {
    if (!isMadeMeanwhile(err)) throw err;
  }
}

/**
 * The event's shared keys: made once (32 random bytes each, by whichever hub comes first), read by every hub.
 * @throws Error (the database's) when the tables cannot be made or read
 */
export async function loadEventKeys(pool: pg.Pool): Promise<EventKeys> {
  await createShared(pool, `CREATE TABLE IF NOT EXISTS ${EVENT_KEYS_TABLE} (name text PRIMARY KEY, key bytea NOT NULL)`);
  // only its owner may revoke: a hub connecting as another role (given the rights) goes on
  await pool.query(`REVOKE ALL ON ${EVENT_KEYS_TABLE} FROM PUBLIC`).catch((err: unknown) => {
    if ((err as { code?: unknown } | null)?.code !== '42501') throw err;
  });
  await createShared(pool, `CREATE TABLE IF NOT EXISTS ${REVOKED_TABLE} (session_hash text PRIMARY KEY, expires_at bigint NOT NULL)`);
  const keyOf = async (name: string): Promise<Buffer> => {
    await pool.query(`INSERT INTO ${EVENT_KEYS_TABLE} (name, key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, randomBytes(32)]);
    const r = await pool.query<{ key: Buffer }>(`SELECT key FROM ${EVENT_KEYS_TABLE} WHERE name = $1`, [name]);
    return r.rows[0]!.key;
  };
  return { directorSession: await keyOf('director-session'), seat: await keyOf('seat') };
}

/**
 * Tells whether this hub was given the same director secret as the other hubs of the event: each
 * hub keeps a check of its secret in {@link EVENT_KEYS_TABLE} (`director-check:<hub id>`, an HMAC
 * under the session key the secret gives, never the secret), and this answers the hubs whose
 * last check differs from this one's. A login at one of them is refused here, and this hub's there.
 * @param installationKey the event's `director-session` key ({@link EventKeys})
 * @returns the ids of the other hubs started with another secret, e.g. `["hall-b"]`; [] when all agree
 * @throws Error (the database's) when the table cannot be written or read
 */
export async function otherDirectorSecrets(pool: pg.Pool, hubId: string, installationKey: Uint8Array, secret: string): Promise<string[]> {
  const check = createHmac('sha256', deriveSessionKey(installationKey, secret)).update('mjhub director secret check').digest();
  const name = `director-check:${hubId}`;
  await pool.query(`INSERT INTO ${EVENT_KEYS_TABLE} (name, key) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET key = EXCLUDED.key`, [name, check]);
  const r = await pool.query<{ name: string; key: Buffer }>(`SELECT name, key FROM ${EVENT_KEYS_TABLE} WHERE name LIKE 'director-check:%' AND name <> $1 ORDER BY name`, [name]);
  return r.rows.filter((row) => !row.key.equals(check)).map((row) => row.name.slice('director-check:'.length));
}

/**
 * The logouts of every hub of the event: a logout here is refused here at once, written to
 * {@link REVOKED_TABLE} and told to the other hubs (`told`); what the others wrote is read with
 * {@link EventRevocations.reload}.
 */
export class EventRevocations extends MemoryRevocations {
  /**
   * @param pool the event's database
   * @param told tells the other hubs of a logout at once (the session's hash and expiry)
   * @param onError reports a logout the database did not take (the other hubs still hear it through `told`)
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly told: (hash: string, expiresAt: number) => void,
    private readonly onError: (err: Error) => void,
    now: () => number = Date.now,
  ) {
    super(now);
  }

  override add(sessionId: string, expiresAt: number): void {
    super.add(sessionId, expiresAt);
    const hash = sessionHash(sessionId);
    this.told(hash, expiresAt);
    this.pool.query(`INSERT INTO ${REVOKED_TABLE} (session_hash, expires_at) VALUES ($1, $2) ON CONFLICT (session_hash) DO NOTHING`, [hash, expiresAt]).catch((err: Error) => this.onError(err));
  }

  /** Takes a logout another hub told of (the session's hash, as {@link REVOKED_TABLE} holds it). */
  heard(hash: string, expiresAt: number): void {
    if (/^[0-9a-f]{64}$/.test(hash) && Number.isFinite(expiresAt)) this.revoked.set(hash, expiresAt);
  }

  /** Reads every logout of the event not yet expired from the database (at start, and now and then). */
  async reload(): Promise<void> {
    const r = await this.pool.query<{ session_hash: string; expires_at: string }>(`SELECT session_hash, expires_at FROM ${REVOKED_TABLE} WHERE expires_at > $1`, [this.now()]);
    for (const row of r.rows) this.heard(row.session_hash, Number(row.expires_at));
  }
}
