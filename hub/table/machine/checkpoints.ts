/**
 * The per-game fold checkpoints of a table: the fold as it stood where each game began, so that a
 * ruling on a flag of game N folds again from game N's checkpoint only. When game N is an earlier
 * game, the fold stops where game N + 1 began: if the next game begins there exactly as it did, the
 * later games are kept and only game N's record in them is replaced; otherwise the fold goes on to
 * the end of the log. Either way the result is the fold of the whole log (docs/ruling-cost.md).
 */
import type { StoredEvent } from '../../store/types.js';

/**
 * The fold as it stood right after the event a game began with (the Siamese build that put the
 * 152nd tile back in the walls, the standard deal): where a ruling on one of that game's flags
 * folds again from.
 */
export interface FoldCheckpoint<Fold> {
  /** the game that began */
  gameNo: number;
  /** index in the log (`events`) of the event it began with */
  index: number;
  /** the variant's fold (TableMachine.saveFold) */
  fold: Fold;
  /** the turn boundaries whose count check was still due (ms, as `pendingChecks`) */
  pending: number[];
  /** false when that event also raised a flag of the game (a ruling on it then folds the whole log) */
  clean: boolean;
}

/** What the checkpoints need of the table machine (hub/table/machine.ts) and its variant's fold. */
export interface FoldHost<Fold> {
  /** the table's whole log, in order */
  events(): readonly StoredEvent[];
  /** the turn boundaries whose count check is still due (ms) */
  pending(): number[];
  setPending(pending: number[]): void;
  /** the game the fold is in now (0 before the first) */
  foldGameNo(): number;
  saveFold(): Fold;
  restoreFold(saved: Fold): void;
  sameGameStart(a: Fold, b: Fold): boolean;
  withGameRecord(gameNo: number, from: Fold, into: Fold): Fold;
  /** folds one event again after a ruling (the tracker restored once at the end) */
  applyEvent(e: StoredEvent): void;
  /** folds the event at `index` again after a ruling, keeping a checkpoint when a game began with it */
  foldAt(index: number): void;
  /** true when a flag the director may rule on belongs to game `gameNo` */
  hasFlagOf(gameNo: number): boolean;
  /** folds the whole log again */
  rebuild(): void;
  /** every logged tile where its latest move put it, in the tracker */
  restoreTracker(): void;
  /** {@link FoldCheckpoints.refoldOneGame}, called through the machine (where a test watches which path served) */
  refoldOneGame(start: FoldCheckpoint<Fold>, next: FoldCheckpoint<Fold>, at: number): boolean;
}

/** The checkpoints of one table's fold, one a game, oldest first. */
export class FoldCheckpoints<Fold> {
  private list: FoldCheckpoint<Fold>[] = [];

  constructor(private readonly host: FoldHost<Fold>) {}

  /** The index in the log of the event the latest game began with (the current game's), or 0 when none began. */
  currentStart(): number {
    return this.list.at(-1)?.index ?? 0;
  }

  /** Forgets them all (the whole log is folded again). */
  clear(): void {
    this.list = [];
  }

  /** Game `gameNo` began with the event at `index` of the log: keeps the fold as it stands now. */
  began(gameNo: number, index: number): void {
    const clean = !this.host.hasFlagOf(gameNo);
    this.list.push({ gameNo, index, fold: this.host.saveFold(), pending: [...this.host.pending()], clean });
  }

  /**
   * After a ruling (its event already in the log and noted) on a flag of game `gameNo`: the fold of
   * the whole log with that ruling, folding again from the checkpoint where game `gameNo` began
   * (the whole log when there is none, it is not clean, or the checkpoints are out of order).
   */
  refold(gameNo: number | null): void {
    const host = this.host;
    const cps = this.list;
    const at = cps.findIndex((c) => c.gameNo === gameNo);
    // the checkpoints are one a game, in order (else the whole log is folded again)
    if (at < 0 || !cps[at]!.clean || !this.inOrder()) {
      host.rebuild();
      return;
    }
    const start = cps[at]!;
    const next = cps[at + 1];
    if (next && host.refoldOneGame(start, next, at)) {
      host.restoreTracker();
      return;
    }
    this.foldOnFrom(at);
  }

  /** Whether the checkpoints are one a game, in order of game and of log index. */
  private inOrder(): boolean {
    const cps = this.list;
    return cps.every((c, i) => i === 0 || (c.gameNo === cps[i - 1]!.gameNo + 1 && c.index > cps[i - 1]!.index));
  }

  /** Folds the log again from checkpoint `at` to its end; the later checkpoints go (they are made again). */
  private foldOnFrom(at: number): void {
    const host = this.host;
    const start = this.list[at]!;
    host.restoreFold(start.fold);
    host.setPending([...start.pending]);
    this.list.length = at + 1;
    const events = host.events();
    for (let i = start.index + 1; i < events.length; i++) host.foldAt(i);
    host.restoreTracker();
  }

  /** The index in the log of the event game `gameNo` began with, or undefined. */
  startOf(gameNo: number): number | undefined {
    return this.list.find((c) => c.gameNo === gameNo)?.index;
  }

  /** The game the fold was in right after the event at `index` of the log (0 before the first began). */
  gameAt(index: number): number {
    let gameNo = 0;
    for (const c of this.list) if (c.index <= index) gameNo = c.gameNo;
    return gameNo;
  }

  /**
   * After a correction of what the readers saw (its event already in the log and noted) that
   * changes how the events from `index` on are read: the fold of the whole log with it, folding
   * again from the latest checkpoint before `index` to the end of the log (the later games may
   * read a corrected tag too), or the whole log when there is none or they are out of order.
   */
  refoldFrom(index: number): void {
    const host = this.host;
    const cps = this.list;
    let at = -1;
    for (let i = 0; i < cps.length; i++) if (cps[i]!.index < index) at = i;
    if (at < 0 || !this.inOrder()) {
      host.rebuild();
      return;
    }
    this.foldOnFrom(at);
  }

  /**
   * Folds game `start.gameNo` again, up to and with the event the next game began with (`next`);
   * when the next game begins there as it did, the later games are kept and game
   * `start.gameNo`'s record in them replaced (returns true). Otherwise returns false, the fold
   * then to be folded again from `start` to the end of the log.
   */
  refoldOneGame(start: FoldCheckpoint<Fold>, next: FoldCheckpoint<Fold>, at: number): boolean {
    const host = this.host;
    const events = host.events();
    const live = host.saveFold();
    const livePending = [...host.pending()];
    host.restoreFold(start.fold);
    host.setPending([...start.pending]);
    for (let i = start.index + 1; i <= next.index; i++) {
      host.applyEvent(events[i]!);
      if (host.foldGameNo() !== start.gameNo && i < next.index) return false;
    }
    if (host.foldGameNo() !== next.gameNo || host.hasFlagOf(next.gameNo)) return false;
    const begun = host.saveFold();
    if (!host.sameGameStart(next.fold, begun)) return false;
    // the turn boundaries of the ruled game whose count check is still due, before and now: after
    // `next`, each is dropped by the first count check at or after its time, as in a whole fold
    const before = next.pending;
    const now = [...host.pending()];
    const swapped = (list: readonly number[], checkedTo: number): number[] => {
      const out = [...list];
      for (const t of before) {
        const k = t > checkedTo ? out.indexOf(t) : -1;
        if (k >= 0) out.splice(k, 1);
      }
      for (const t of now) if (t > checkedTo) out.push(t);
      return out;
    };
    const later = this.list.slice(at + 2);
    let checkedTo = -Infinity;
    let j = 0;
    for (let i = next.index + 1; i < events.length; i++) {
      const e = events[i]!;
      if (e.type === 'count-check') checkedTo = Math.max(checkedTo, e.at);
      const cp = later[j];
      if (cp && cp.index === i) {
        cp.fold = host.withGameRecord(start.gameNo, begun, cp.fold);
        cp.pending = swapped(cp.pending, checkedTo);
        j++;
      }
    }
    next.fold = begun;
    next.pending = now;
    host.restoreFold(host.withGameRecord(start.gameNo, begun, live));
    host.setPending(swapped(livePending, checkedTo));
    return true;
  }
}
