/**
 * The earlier games of a live table, one kind on both tables (the Royale Siamese table, 003; the
 * 4-player table, 000): each game as a summary made when the next game began: its end, its points,
 * the score the views showed, and the flags still awaiting the director with what their evidence
 * rests on. A ruling on one of those flags folds that game again from its start
 * (./machine/checkpoints.ts), which makes its summary again, so a summary never changes once made.
 * A view then costs the same whatever the number of games behind it (no earlier game is scored
 * again at each view; `npm run bench:rulings`).
 */
import type { GameFlag } from '../../rules/game/flags.js';
import type { GameState } from '../../rules/game/state.js';
import type { GameResultView, PublicFlag, ScoreView } from '../api/views.js';
import type { StoredEvent } from '../store/types.js';

/** What a flag's evidence is made from at the view (./machine/views.ts `evidenceOf`). */
export interface EvidenceSource {
  flagId: string;
  /** the sequence number of the event the flag was raised at (0: none): its moves end there */
  lastSeq: number;
  /** the tile counts shown beside it, per player and rack */
  counts: number[][];
}

/** An earlier game of a table, as it stood when the next game began. */
export interface PastGame {
  gameNo: number;
  phase: GameState['phase'];
  endReason: string | null;
  /** the points of the game's results (null: none, e.g. a misdeal, 003 rule 18B) */
  points: number[] | null;
  /** the score the views showed at its end (null: none) */
  score: ScoreView | null;
  /** its flags still awaiting the director, as listed */
  awaiting: PublicFlag[];
  /** what the evidence of each of {@link PastGame.awaiting} is made from */
  evidence: EvidenceSource[];
}

/** A current flag with its public view, in the order the table lists them. */
export interface ListedFlag {
  flag: GameFlag;
  view: PublicFlag;
}

/**
 * The event a flag was raised at, as the evidence shows it: the last of the flag's references
 * (`evidence.refs`, each an event's sequence number) the log holds; 0 when it holds none.
 * @param bySeq the table's events by sequence number
 */
export function raisedAt(flag: GameFlag, bySeq: ReadonlyMap<number, StoredEvent>): number {
  const events = flag.evidence.refs.map((r) => bySeq.get(Number(r))).filter((e): e is StoredEvent => !!e);
  return events.at(-1)?.seq ?? 0;
}

/**
 * The summary of game `s` as the next game begins.
 * @param listed its flags as the table lists them
 * @param points its points (the results')
 * @param score the score the views show for it
 * @param evidence what each awaiting flag's evidence is made from
 */
export function pastGameOf(s: GameState, listed: readonly ListedFlag[], points: number[] | null, score: ScoreView | null, evidence: (flag: GameFlag) => EvidenceSource): PastGame {
  const awaiting = listed.filter((x) => x.view.status === 'awaiting-director');
  return { gameNo: s.gameNo, phase: s.phase, endReason: s.endReason, points, score, awaiting: awaiting.map((x) => x.view), evidence: awaiting.map((x) => evidence(x.flag)) };
}

/** The flags a view lists: the current game's, then those of earlier games still awaiting the director. */
export function listedFlags(current: readonly ListedFlag[], past: readonly PastGame[]): PublicFlag[] {
  return [...current.map((x) => x.view), ...past.flatMap((g) => g.awaiting)];
}

/** What the evidence of every listed flag is made from, in the order listed ({@link listedFlags}). */
export function listedEvidence(current: readonly EvidenceSource[], past: readonly PastGame[]): EvidenceSource[] {
  return [...current, ...past.flatMap((g) => g.evidence)];
}

/**
 * The games that have ended, oldest first: the earlier ones and the current one once it has
 * ended (game 0, before the first, never), each with its points and the ruling standing on it.
 * @param now the current game's points
 * @param rulingOf the latest ruling on a game (./machine.ts `latestRulingOf`)
 */
export function resultsOf(past: readonly PastGame[], s: GameState, now: number[] | null, rulingOf: (gameNo: number) => GameResultView['ruling']): GameResultView[] {
  const current = s.phase === 'ended' && s.gameNo > 0 ? [{ gameNo: s.gameNo, phase: s.phase, endReason: s.endReason, points: now }] : [];
  return [...past, ...current].filter((g) => g.phase === 'ended' && g.gameNo > 0).map((g) => ({ gameNo: g.gameNo, endReason: g.endReason, points: g.points, ruling: rulingOf(g.gameNo) }));
}
