/**
 * The tournament's players at the desk and on their phones: check-in, the personal code, and the
 * one device each code is bound to (README "A tournament day: check-in to claim").
 *
 * - Check-in ({@link TournamentPlayers.checkIn}) gives the player a personal code: 12 characters of
 *   Crockford's base 32 (60 random bits, printed `K7QM-3XPA-9RTD`), shown once on the director's
 *   check-in answer / slip and never again. The log keeps only its SHA-256.
 * - A claim ({@link TournamentPlayers.claim}) with that code binds one device: the hub makes a device
 *   secret (32 random bytes, base64url) the phone keeps; the log keeps its SHA-256. A second device
 *   is refused (409) until the director reissues the code ({@link TournamentPlayers.reissue}), which
 *   makes a new code and revokes the bound device: that device's link then answers 410 "revoked".
 * - Guessing: 60 bits are far beyond guessing, and the claim route takes at most 10 tries a minute
 *   from one address (hub/api/player-routes.ts, which also maps each {@link PlayerLinkRefusal} to HTTP).
 *
 * The event log is the truth: events of tableId {@link PLAYERS_LOG} ({@link PlayerEventType}),
 * folded again by a new instance, so a restart keeps every check-in, code and binding.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { EventStore } from '../store/types.js';
import { CODE_NOT_FOUND, DEVICE_UNKNOWN, codeAlreadyBound, codeMalformed, linkRevoked } from '../../rules/wording/player-link.js';

/** The tableId of the players' events in the hub's store. */
export const PLAYERS_LOG = 'tournament-players';

/** The types of the players' events (tableId "tournament-players"). */
export type PlayerEventType =
  /** `{ player, code, issue: 1, by }` checked in; `code` the SHA-256 (hex) of the personal code */
  | 'player-check-in'
  /** `{ player, code, issue, by }` a new code, `issue` counting the codes given (the second is 2); the device bound to the old one is revoked */
  | 'player-code-reissued'
  /** `{ player, device, issue }` the code of `issue` bound a device; `device` the SHA-256 (hex) of its secret */
  | 'player-device-bound';

/** Why the desk or the player link refused: hub/api/player-routes.ts answers each with its HTTP status. */
export type PlayerLinkRefusal =
  /** the typed code is not 12 characters of the alphabet */
  | 'malformed-code'
  /** no player of this tournament has that id */
  | 'no-such-player'
  /** no player holds that code (wrong, or reissued since) */
  | 'no-such-code'
  /** check-in of a player already checked in (the code cannot be shown again) */
  | 'checked-in'
  /** reissue for a player not checked in */
  | 'not-checked-in'
  /** the code already bound another device */
  | 'bound-elsewhere'
  /** the device's binding was revoked by a reissue */
  | 'revoked'
  /** a device secret the hub never bound */
  | 'unknown-device';

/** A refusal of the desk or the player link, in words a player or director reads (rules/wording/player-link.ts). */
export class PlayerLinkError extends Error {
  constructor(
    readonly refusal: PlayerLinkRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'PlayerLinkError';
  }
}

/** Crockford's base 32: no I, L, O, U (a code read aloud or typed from a slip). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters in a personal code (5 bits each: 60 bits). */
export const CODE_LENGTH = 12;

const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

/** A new personal code, printed in groups of four: "K7QM-3XPA-9RTD". */
export function newPlayerCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!).join('');
  return chars.replace(/(.{4})(?=.)/g, '$1-');
}

/**
 * A typed code as the hub compares it: upper case, without dashes or spaces, O read as 0 and I, L
 * as 1 (Crockford).
 * @throws PlayerLinkError 'malformed-code' when it is not 12 characters of the alphabet
 */
export function normalizeCode(typed: string): string {
  const c = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (c.length !== CODE_LENGTH || [...c].some((ch) => !ALPHABET.includes(ch))) throw new PlayerLinkError('malformed-code', codeMalformed(typed));
  return c;
}

/** One player at the desk, as the director's room lists them (never a code). */
export interface PlayerDeskRow {
  player: string;
  name: string;
  /** ms since epoch, or null: not checked in */
  checkedInAt: number | null;
  /** how many codes the player has been given (0 not checked in, 1, then one more per reissue) */
  issue: number;
  /** ms since epoch the current code bound a device, or null (no device yet) */
  boundAt: number | null;
}

interface PlayerState {
  checkedInAt: number | null;
  code: string | null;
  issue: number;
  device: { hash: string; at: number } | null;
}

/** What a device secret opens: the player and the binding (player and issue), which a reissue revokes. */
export interface DeviceBinding {
  player: string;
  /** `"<player>#<issue>"`: written into the seat tokens the link hands out, so a reissue revokes them too */
  binding: string;
}

/**
 * The players' check-in, codes and devices of one tournament, folded from the store.
 */
export class TournamentPlayers {
  private readonly state = new Map<string, PlayerState>();
  /** device hash → who it was bound to and when the director revoked it (ms) */
  private readonly revoked = new Map<string, { player: string; at: number }>();
  private readonly listeners = new Set<(binding: string, message: string) => void>();
  /** events that could not be folded (should stay empty) */
  readonly problems: string[] = [];

  /**
   * @param players the tournament's players (id, name)
   * @param store the hub's event store: its {@link PLAYERS_LOG} events are folded at once
   */
  constructor(
    private readonly players: readonly { id: string; name: string }[],
    private readonly store: EventStore,
    private readonly now: () => number = Date.now,
  ) {
    for (const p of players) this.state.set(p.id, { checkedInAt: null, code: null, issue: 0, device: null });
    for (const ev of store.events(PLAYERS_LOG)) {
      try {
        this.fold(ev.type, ev.data as Record<string, unknown>, ev.at);
      } catch (e) {
        this.problems.push(`event seq ${ev.seq} (${ev.type}): ${(e as Error).message}`);
      }
    }
  }

  private fold(type: string, d: Record<string, unknown>, at: number): void {
    const p = this.state.get(String(d.player));
    if (!p) throw new Error(`unknown player ${JSON.stringify(d.player)}`);
    switch (type as PlayerEventType) {
      case 'player-check-in':
      case 'player-code-reissued':
        if (p.device) this.revoked.set(p.device.hash, { player: String(d.player), at });
        if (p.checkedInAt === null) p.checkedInAt = at;
        p.code = String(d.code);
        p.issue = Number(d.issue);
        p.device = null;
        return;
      case 'player-device-bound':
        p.device = { hash: String(d.device), at };
        return;
      default:
        throw new Error(`unknown player event type "${type}"`);
    }
  }

  private commit(type: PlayerEventType, data: Record<string, unknown>): void {
    const at = this.now();
    this.store.append(PLAYERS_LOG, type, at, data);
    this.fold(type, data, at);
  }

  private player(id: string): PlayerState {
    const p = this.state.get(id);
    if (!p) throw new PlayerLinkError('no-such-player', `no player '${id.slice(0, 64)}' in this tournament (players: ${this.players.map((x) => x.id).join(', ')})`);
    return p;
  }

  private nameOf(id: string): string {
    return this.players.find((p) => p.id === id)?.name ?? id;
  }

  /**
   * Checks a player in and gives them their personal code (shown this once).
   * @returns the code, e.g. "K7QM-3XPA-9RTD"
   * @throws PlayerLinkError 'no-such-player', 'checked-in' (reissue to get a new code)
   */
  checkIn(id: string, by = 'director'): string {
    const p = this.player(id);
    if (p.checkedInAt !== null) throw new PlayerLinkError('checked-in', `${this.nameOf(id)} (${id}) is already checked in: the code cannot be shown again; reissue it to give a new one`);
    const code = newPlayerCode();
    this.commit('player-check-in', { player: id, code: sha256(normalizeCode(code)), issue: 1, by });
    return code;
  }

  /**
   * A new code for a checked-in player; the old code stops working and the device it bound is
   * revoked (its link answers 410, its seat tokens are refused, its seat sockets are closed).
   * @throws PlayerLinkError 'no-such-player', 'not-checked-in'
   */
  reissue(id: string, by = 'director'): string {
    const p = this.player(id);
    if (p.checkedInAt === null) throw new PlayerLinkError('not-checked-in', `${this.nameOf(id)} (${id}) has not checked in: check them in first`);
    const old = p.device ? `${id}#${p.issue}` : null;
    const code = newPlayerCode();
    this.commit('player-code-reissued', { player: id, code: sha256(normalizeCode(code)), issue: p.issue + 1, by });
    if (old) for (const l of [...this.listeners]) l(old, linkRevoked(this.now()));
    return code;
  }

  /**
   * Binds a device to the player whose code this is. The same device claiming again (it sends its
   * secret) gets the same binding.
   * @param device the secret this device already holds, if any
   * @returns the player and the device secret the phone keeps
   * @throws PlayerLinkError 'malformed-code', 'no-such-code', 'bound-elsewhere' (naming the player)
   */
  claim(typed: string, device?: string): { player: string; name: string; device: string } {
    const hash = Buffer.from(sha256(normalizeCode(typed)), 'hex');
    const found = [...this.state].find(([, p]) => p.code !== null && timingSafeEqual(Buffer.from(p.code, 'hex'), hash));
    if (!found) throw new PlayerLinkError('no-such-code', CODE_NOT_FOUND);
    const [id, p] = found;
    if (p.device) {
      if (device !== undefined && sha256(device) === p.device.hash) return { player: id, name: this.nameOf(id), device };
      throw new PlayerLinkError('bound-elsewhere', codeAlreadyBound(this.nameOf(id), id, p.device.at));
    }
    const secret = randomBytes(32).toString('base64url');
    this.commit('player-device-bound', { player: id, device: sha256(secret), issue: p.issue });
    return { player: id, name: this.nameOf(id), device: secret };
  }

  /**
   * The player a device secret opens.
   * @throws PlayerLinkError 'revoked' by a reissue (the message says when), 'unknown-device' never bound
   */
  device(secret: string): DeviceBinding {
    const hash = sha256(secret);
    for (const [id, p] of this.state) if (p.device?.hash === hash) return { player: id, binding: `${id}#${p.issue}` };
    const r = this.revoked.get(hash);
    if (r) throw new PlayerLinkError('revoked', linkRevoked(r.at));
    throw new PlayerLinkError('unknown-device', DEVICE_UNKNOWN);
  }

  /** Null while `binding` ("<player>#<issue>") still holds, else why not (the revoked wording). */
  bindingProblem(binding: string): string | null {
    const hash = binding.lastIndexOf('#');
    const id = binding.slice(0, hash);
    const p = this.state.get(id);
    if (p && p.device && `${id}#${p.issue}` === binding) return null;
    const at = [...this.revoked.values()].filter((r) => r.player === id).reduce((m, r) => Math.max(m, r.at), 0);
    return linkRevoked(at || this.now());
  }

  /** Tells `listener(binding, message)` when a reissue revokes a bound device; returns an unsubscribe function. */
  onRevoke(listener: (binding: string, message: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every player, in the tournament's order: checked in or not, bound or not (never a code). */
  list(): PlayerDeskRow[] {
    return this.players.map((x) => {
      const p = this.state.get(x.id)!;
      return { player: x.id, name: x.name, checkedInAt: p.checkedInAt, issue: p.issue, boundAt: p.device?.at ?? null };
    });
  }
}
