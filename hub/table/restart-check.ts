/**
 * A game in play when the hub restarts: the log says where every tile was; the readers' first
 * snapshots say where the tiles are now. When every zone's first snapshot shows the tiles the log
 * has there (no tile the log has elsewhere; at most {@link IN_HAND_TILES} missing, in a hand),
 * play goes on from the log. When one does not (tiles moved while the hub was
 * down, the walls rebuilt, a reader never heard), the hub does not guess which moves happened in
 * which order: it logs no move and lists the game for the director, who chooses to score it as it
 * stood, to replay it, or to void it (hub/table/machine.ts `restartChoice`; the views' `RestartChoice`). Nothing is dropped
 * without a word. The check and the choice are the same for every table; what each choice scores
 * is the variant's (hub/table/engine.ts `endByRestart`: 003 keeps the Mah Jonggs made, 000 scores zero).
 *
 * Event types in the table's log:
 * - `restart-check` `{ gameNo, agreed, differences }`: how the readers' first snapshots compared
 * - `restart-ruling` `{ gameNo, choice, by }`: the director's choice ({@link RestartChoice})
 */
import type { ZoneKey } from '../tracking/tracker.js';
import type { RestartCheckView, RestartChoice } from '../api/views.js';

export type { RestartChoice, RestartCheckView } from '../api/views.js';

/** The choices, in the order the director's page shows them. */
export const RESTART_CHOICES: readonly RestartChoice[] = ['score', 'replay', 'void'];

/**
 * How long after the first snapshot following a restart every zone must have sent its own (ms): a
 * zone not heard by then is a difference (the hub cannot say its tiles are where they were).
 * Longer than a reader's HELLO plus its snapshots (a few hundred ms) and a reconnect's back-off.
 */
export const RESTART_CHECK_MS = 10_000;

/**
 * Tiles a zone's first snapshot may lack without being a difference (tiles): tiles in a player's
 * hand while the hub restarted (lifted from a rack or a wall, not yet put down) are read nowhere;
 * a tile read in another zone than the log has it is a difference there.
 */
export const IN_HAND_TILES = 2;

/** One game's check: fed with the first snapshot of every zone. */
export class RestartCheck {
  private readonly heard = new Set<ZoneKey>();
  /** zone → its expected tags changed by live deltas before its first snapshot */
  private readonly adjusted = new Map<ZoneKey, Set<string>>();
  readonly differences: string[] = [];
  /** when the first snapshot came (ms since epoch), or null */
  firstAt: number | null = null;

  /**
   * @param expected each zone's tags as the log has them (zones with none may be left out)
   * @param zones every zone of the table's readers
   * @param known whether a tag is one of the table's tiles (other tags are not compared)
   * @param named the tile a tag is, for the differences' words (director only: they may name concealed tiles)
   */
  constructor(
    readonly gameNo: number,
    private readonly expected: ReadonlyMap<ZoneKey, ReadonlySet<string>>,
    private readonly zones: readonly ZoneKey[],
    private readonly known: (tag: string) => boolean,
    private readonly named: (tag: string) => string = (tag) => tag,
  ) {}

  /**
   * A delta read live before the zone's first snapshot (play went on while the readers came back):
   * the snapshot is compared with the log's tiles changed by it. Ignored once the zone was heard.
   */
  delta(zone: ZoneKey, tag: string, added: boolean): void {
    if (this.heard.has(zone)) return;
    let set = this.adjusted.get(zone);
    if (!set) this.adjusted.set(zone, (set = new Set(this.expected.get(zone) ?? [])));
    if (added) set.add(tag);
    else set.delete(tag);
  }

  /** A zone's snapshot (only its first one counts). */
  snapshot(zone: ZoneKey, tags: readonly string[], at: number): void {
    if (this.firstAt === null) this.firstAt = at;
    if (this.heard.has(zone) || !this.zones.includes(zone)) return;
    this.heard.add(zone);
    const want = this.adjusted.get(zone) ?? this.expected.get(zone) ?? new Set<string>();
    const got = new Set(tags.filter(this.known));
    const missing = [...want].filter((t) => !got.has(t));
    const extra = [...got].filter((t) => !want.has(t));
    if (missing.length <= IN_HAND_TILES && extra.length === 0) return;
    const eg = [missing.length ? `${this.named(missing[0]!)} is not there` : null, extra.length ? `${this.named(extra[0]!)} was not there` : null].filter(Boolean).join(', ');
    this.differences.push(`${zone}: ${want.size} tile${want.size === 1 ? '' : 's'} in the log, ${got.size} read (e.g. ${eg})`);
  }

  /**
   * Once every zone was heard: 'agrees' when each showed its tiles as the log has them, else
   * 'differs'; 'differs' too past {@link RESTART_CHECK_MS} after the first snapshot with a zone not
   * heard; else 'pending'.
   */
  result(now: number): 'pending' | 'agrees' | 'differs' {
    if (this.zones.every((z) => this.heard.has(z))) return this.differences.length > 0 ? 'differs' : 'agrees';
    if (this.firstAt !== null && now - this.firstAt >= RESTART_CHECK_MS) {
      for (const z of this.zones) if (!this.heard.has(z)) this.differences.push(`${z}: not heard within ${RESTART_CHECK_MS / 1000} s of the first snapshot`);
      return 'differs';
    }
    return 'pending';
  }
}

/** Why the game ended, as the views say it, after the director's choice `choice` by `by`. */
export function restartEndReason(choice: RestartChoice, by: string): string {
  const why = 'the readers did not show the game as the log had it when the hub restarted';
  if (choice === 'score') return `scored as it stood when the hub restarted (director ${by})`;
  return `${choice === 'void' ? 'void' : 'to be replayed'}: ${why} (director ${by})`;
}

/**
 * The score the views show for a game ended by a restart choice: `score` keeps the score as it
 * stood (made final); `void` is 0 for every player; `replay` has none (the game counts for nothing,
 * its replay takes its place).
 */
export function restartScore<S extends { points: number[]; payment: unknown; breakdown: unknown[][]; final: boolean }>(
  choice: RestartChoice | undefined,
  score: S | null,
  players: number,
): S | { points: number[]; payment: null; breakdown: never[][]; final: true } | null {
  if (choice === undefined) return score;
  if (choice === 'replay') return null;
  if (choice === 'void') return { points: new Array<number>(players).fill(0), payment: null, breakdown: Array.from({ length: players }, () => []), final: true };
  return score ? { ...score, final: true } : score;
}

/** Payload of a `restart-ruling` event. */
export interface RestartRulingData {
  gameNo: number;
  choice: RestartChoice;
  by: string;
}
