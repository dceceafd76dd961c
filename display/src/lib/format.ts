/**
 * Words and numbers as the table display writes them. Pure; every function tolerates missing data.
 */
import type { PlayerView, PublicTableView, ScoreView } from '../../../hub/api/views.js';
import { ruledText, statusText } from '../../../rules/wording/flags.js';

/** A player's name by index, or "Player 3" (1-based) when the view has no such player. */
export function playerName(players: readonly Pick<PlayerView, 'index' | 'name'>[], index: number): string {
  return players.find((p) => p.index === index)?.name ?? players[index]?.name ?? `Player ${index + 1}`;
}

/** The payment line of a score (003 rule 17: the lesser total pays the difference): "Bea pays Ann 50". */
export function paymentText(score: Pick<ScoreView, 'payment'> | null, players: readonly Pick<PlayerView, 'index' | 'name'>[]): string | null {
  if (!score?.payment) return null;
  const { from, to, amount } = score.payment;
  return `${playerName(players, from)} pays ${playerName(players, to)} ${amount}`;
}

/** A wall-clock time as the players read it, 24 h: `clock(ms) === "14:05:00"` (local time). */
export function clock(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '—';
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** A wall-clock time to the minute, 24 h: `hourMinute(ms) === "14:05"` (local time). */
export function hourMinute(ms: number | null | undefined): string {
  return clock(ms).slice(0, 5);
}

/**
 * A broadcast's delay as the spectators read it: `delayText(900_000) === "15 min delay"`,
 * `delayText(90_000) === "1.5 min delay"`, `delayText(2000) === "2 s delay"`, `delayText(0) === "no delay"`.
 */
export function delayText(ms: number): string {
  if (ms <= 0) return 'no delay';
  if (ms < 60_000) return `${Math.round(ms / 1000)} s delay`;
  return `${Math.round(ms / 6000) / 10} min delay`;
}

/** How long ago, in words a player reads at a glance: "just now", "40 s ago", "3 min ago", "2 h ago". */
export function ago(ms: number | null | undefined, now: number): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return 'never';
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 3) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

/** A rack's label, 1-based as the players say it: `rackLabel(0) === "Rack 1"`. */
export function rackLabel(rack: number | null | undefined): string {
  return typeof rack === 'number' ? `Rack ${rack + 1}` : '';
}

/** A wall's label, 1-based: `wallLabel(1) === "Wall 2"`. */
export function wallLabel(wall: number): string {
  return `Wall ${wall + 1}`;
}

/** The phase in words: "Waiting", "Dealing", "Playing", "Game over". */
export function phaseText(view: Pick<PublicTableView, 'phase'>): string {
  switch (view.phase) {
    case 'waiting':
      return 'Waiting';
    case 'deal':
      return 'Dealing';
    case 'play':
      return 'Playing';
    case 'ended':
      return 'Game over';
    default:
      return String(view.phase);
  }
}

/** The variant in words: "Royale Siamese" (003) or "Standard" (000). */
export function variantText(variant: PublicTableView['variant']): string {
  return variant === 'siamese' ? 'Royale Siamese' : variant === 'standard' ? 'Standard' : String(variant);
}

/** A flag status in the players' words: "awaiting the director", "confirmed", "dismissed" (the wording catalogue's, rules/wording/flags.ts). */
export function flagStatusText(status: string): string {
  return statusText(status);
}

/** A ruled flag's status as the banner lists it: "confirmed by the director", "dismissed by the director" (rules/wording/flags.ts). */
export function flagRuledText(status: string): string {
  return ruledText(status);
}

/** A count for display: the number, or "—" when the reader is not synced (null). */
export function countText(count: number | null | undefined): string {
  return typeof count === 'number' ? String(count) : '—';
}

/** Who a flag names, as the banner writes it: "Bea · Rack 2", or just "Bea" when no rack is concerned. */
export function flagWho(flag: { player: number; rack: number | null }, players: readonly Pick<PlayerView, 'index' | 'name'>[]): string {
  const name = playerName(players, flag.player);
  return flag.rack === null ? name : `${name} · ${rackLabel(flag.rack)}`;
}

/** A reader chip's text: "RK-E1", "RK-W2 stale", "RK-W2 stale · 3 bad" (bad = lines the decoder discarded). */
export function readerText(r: { id: string; state: string; discarded: number }): string {
  return [r.id, r.state !== 'connected' ? ` ${r.state}` : '', r.discarded > 0 ? ` · ${r.discarded} bad` : ''].join('');
}

/**
 * A score-card line a director's ruling changed, as the room and the players' phones show it:
 * `cardChangeText("Game 3 changed by the director's ruling at 10:42 (Dora)")` is
 * "Game 3 changed by the director's ruling at 10:42 (Dora): initials cleared".
 */
export function cardChangeText(change: string): string {
  return `${change}: initials cleared`;
}
