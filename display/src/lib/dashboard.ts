/**
 * The director's room dashboard (a room of tables on one
 * screen; colour says where to walk). Pure: turns one table's compact summary (the hub's, built for
 * the room: hub/contract/room-summary.ts) into what its card shows and how urgent it is. No DOM,
 * no socket.
 *
 * Urgency, most urgent first:
 * - `red`: an open flag (awaiting the director), or the round's time is up (000, "GAME PLAY":
 *   the unfinished game scores 0 for all: the director must be there);
 * - `amber`: a reader that is not connected (stale, offline, reconnecting, or waiting for its
 *   snapshot: its counts cannot be trusted), or the round clock about to run out (under 5 minutes);
 * - `calm`: all fine;
 * - `unknown`: no live view of the table (never shown as calm: stale data is not live).
 */
import { CLOCK_WORDS, clockWords } from '../../../rules/wording/clock.js';
import { roundGameWords } from '../../../rules/wording/round-game.js';
import type { RoomFlag, RoomTableSummary } from '../../../hub/contract/room-summary.js';
import type { ConnectionState } from './viewState.js';
import { flagWho, paymentText, playerName } from './format.js';

/** How urgent a table is, i.e. its card's colour. */
export type Urgency = 'red' | 'amber' | 'calm' | 'unknown';

/** One reason a table needs the director, in words, with its own urgency. */
export interface Reason {
  urgency: 'red' | 'amber';
  /** e.g. "Open flag: Pick from the wrong wall — Ann · Rack 2 (003 rule 20)" */
  text: string;
}

/** One player's line on a card. */
export interface PlayerLine {
  index: number;
  name: string;
  /** seat wind, e.g. "East" */
  seat: string;
  /** it is this player's turn */
  turn: boolean;
  /** the player's count (tiles), null when a reader is not synced */
  count: number | null;
  /** count per rack (tiles), null for a rack whose reader is not synced */
  racks: (number | null)[];
  /** per rack: the hand on it is dead */
  dead: boolean[];
  /** per rack: a verified Mah Jongg lies on it */
  mahJongg: boolean[];
}

/** What one table's card shows. */
export interface TableSummary {
  tableId: string;
  /** the label the table shows in a tournament (its placard, e.g. "12"; the director may relabel it), null outside one */
  label: string | null;
  urgency: Urgency;
  /** most urgent first; empty when calm */
  reasons: Reason[];
  /** "Round 2 · Game 3 of 4" in a tournament, else "Game 3" */
  gameText: string;
  /** the round clock "mm:ss" (or "h:mm:ss"), null outside a tournament */
  clockText: string | null;
  /** the clock's own colour: `red` time up, `amber` about to run out, `calm` otherwise; null without a clock */
  clockUrgency: 'red' | 'amber' | 'calm' | null;
  /** the clock's state in the room's words (rules/wording/clock.ts) when it is not running: "paused", "not started", "time up"; else null */
  clockNote: string | null;
  /** "Ann's turn", "Dealing", "Waiting for the deal", "Game over: Bea pays Ann 50" */
  stateText: string;
  players: PlayerLine[];
  /** flags awaiting the director, oldest first */
  openFlags: RoomFlag[];
  /** readers that are not connected */
  badReaders: RoomTableSummary['offlineReaders'];
  /** readers of the table */
  readerCount: number;
  /**
   * the score card to initial: "Game over: score card to initial" once a game has ended with a
   * final score, else null (the views carry no initials yet: see the report)
   */
  scoreCard: string | null;
}

const READER_WORDS: Record<string, string> = {
  stale: 'silent',
  offline: 'offline',
  reconnecting: 'unplugged',
  unsynced: 'no snapshot yet',
};

/**
 * A round clock as read across the room: `clockText(754_000) === "12:34"`, `clockText(0) === "0:00"`,
 * `clockText(3_723_000) === "1:02:03"`. Rounds up to the whole second (a clock showing 0:00 has
 * run out). Negative or non-finite ms read as 0.
 * @param ms time left, ms
 */
export function clockText(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * The clock as it reads `elapsedMs` after the view was received: a running clock counts down
 * between the hub's updates, a stopped one does not. Never below 0.
 * @param clock the view's `clock`
 * @param elapsedMs ms since the view's clock value arrived
 */
export function clockNow(clock: { remainingMs: number; running: boolean }, elapsedMs: number): number {
  const left = clock.running ? clock.remainingMs - Math.max(0, elapsedMs) : clock.remainingMs;
  return Math.max(0, left);
}

function playerLine(p: RoomTableSummary['players'][number], turn: number | null, ended: boolean): PlayerLine {
  return {
    index: p.index,
    name: p.name,
    seat: p.seat,
    turn: !ended && turn === p.index,
    count: p.count,
    racks: p.racks.map((r) => r.count),
    dead: p.racks.map((r) => r.dead),
    mahJongg: p.racks.map((r) => r.mahJongg),
  };
}

/** "Ann's turn", "Dealing", "Waiting for the deal", "Game over: Bea pays Ann 50" (or the end reason). */
export function stateText(view: Pick<RoomTableSummary, 'phase' | 'turn' | 'players' | 'payment' | 'endReason'>): string {
  switch (view.phase) {
    case 'waiting':
      return 'Waiting for the deal';
    case 'deal':
      return 'Dealing';
    case 'play':
      return view.turn === null ? 'Playing' : `${playerName(view.players, view.turn)}'s turn`;
    case 'ended': {
      const pay = paymentText(view, view.players);
      return `Game over${pay ? `: ${pay}` : view.endReason ? `: ${view.endReason}` : ''}`;
    }
    default:
      return String(view.phase);
  }
}

/**
 * One table's card: urgency, reasons in words, game, clock, whose turn, counts per rack, open
 * flags, reader health.
 * @param view the table's summary (the hub's, hub/contract/room-summary.ts), or null when none has arrived yet
 * @param state the connection state of the room; anything but `live` makes the card `unknown`
 *   (the last summary is still summarised, to be shown greyed out)
 * @example summarize(view with one open wrong-wall flag on Ann's rack 2, 'live').reasons[0].text
 *   === "Open flag: Pick from the wrong wall — Ann · Rack 2 (003 rule 20)"
 */
export function summarize(tableId: string, view: RoomTableSummary | null, state: ConnectionState): TableSummary {
  if (!view) {
    return {
      tableId,
      label: null,
      urgency: 'unknown',
      reasons: [],
      gameText: '',
      clockText: null,
      clockUrgency: null,
      clockNote: null,
      stateText: state === 'lost' ? 'No connection to this table' : 'Connecting…',
      players: [],
      openFlags: [],
      badReaders: [],
      readerCount: 0,
      scoreCard: null,
    };
  }
  const players = view.players;
  const openFlags = view.openFlags;
  const badReaders = view.offlineReaders;
  const reasons: Reason[] = [];

  // a flag of an earlier game stays open until ruled on: it says which game it changes
  for (const f of openFlags) {
    const game = f.gameNo !== view.gameNo ? ` (game ${f.gameNo}, over)` : '';
    reasons.push({ urgency: 'red', text: `Open flag${game}: ${f.title} — ${flagWho(f, players)} (${f.rule})` });
  }

  const clock = view.clock;
  let clockUrgency: TableSummary['clockUrgency'] = null;
  let clockNote: string | null = null;
  if (clock) {
    if (clock.timeUp || clock.remainingMs <= 0) {
      clockUrgency = 'red';
      clockNote = CLOCK_WORDS.timeUp;
      reasons.push({ urgency: 'red', text: 'Time is up: the unfinished game scores 0 for all' });
    } else if (clock.aboutToRunOut) {
      clockUrgency = 'amber';
      reasons.push({ urgency: 'amber', text: `Clock about to run out: ${clockText(clock.remainingMs)} left` });
    } else clockUrgency = 'calm';
    if (!clock.running && !clock.timeUp) clockNote = clockWords(clock);
  }

  // several hubs, one event (docs/several-hubs.md): the hub that reads this table is not heard, so
  // every reader shows offline; one line says why instead of one per reader
  if (view.hub?.online === false) {
    reasons.push({ urgency: 'amber', text: `Hub ${view.hub.id} not heard: this table shows what it last told` });
  } else if (badReaders.length) {
    const words = badReaders.map((r) => `${r.id} ${READER_WORDS[r.state] ?? r.state}`).join(', ');
    reasons.push({ urgency: 'amber', text: `Reader${badReaders.length > 1 ? 's' : ''}: ${words}` });
  }

  // red first, keep the order within a colour
  reasons.sort((a, b) => Number(b.urgency === 'red') - Number(a.urgency === 'red'));

  const ended = view.phase === 'ended';
  const urgency: Urgency = state !== 'live' ? 'unknown' : reasons.some((r) => r.urgency === 'red') ? 'red' : reasons.length ? 'amber' : 'calm';
  const round = view.round;
  return {
    tableId,
    label: view.label,
    urgency,
    reasons,
    gameText: round ? roundGameWords(round) : `Game ${view.gameNo}`,
    clockText: clock ? clockText(clock.remainingMs) : null,
    clockUrgency,
    clockNote,
    stateText: stateText(view),
    players: players.map((p) => playerLine(p, view.turn, ended)),
    openFlags,
    badReaders,
    readerCount: view.readerCount,
    scoreCard: ended && view.finalScore ? 'Game over: score card to initial' : null,
  };
}

/**
 * The room's headline: "All 6 tables calm", "2 tables need you: t1 (open flag), t4 (reader)".
 * Tables without a live view are counted apart: "· 1 not live".
 */
export function roomHeadline(summaries: readonly TableSummary[]): string {
  const need = summaries.filter((s) => s.urgency === 'red' || s.urgency === 'amber');
  const notLive = summaries.filter((s) => s.urgency === 'unknown').length;
  const tail = notLive ? ` · ${notLive} not live` : '';
  if (summaries.length === 0) return 'No tables';
  if (need.length === 0) {
    const calm = summaries.length - notLive;
    return `${calm === summaries.length ? 'All ' : ''}${calm} table${calm === 1 ? '' : 's'} calm${tail}`;
  }
  const what = (s: TableSummary): string => {
    const r = s.reasons[0]!.text;
    return r.startsWith('Open flag') ? 'open flag' : r.startsWith('Time') ? 'time up' : r.startsWith('Clock') ? 'clock' : 'reader';
  };
  const list = need.map((s) => `${s.tableId} (${what(s)})`).join(', ');
  return `${need.length} table${need.length === 1 ? ' needs' : 's need'} you: ${list}${tail}`;
}

/**
 * What the standings rest on, in words: "provisional: 3 of 8 score cards not yet complete" while
 * any card of the tournament so far lacks a result, an initial or a verification, else "final: every
 * score card complete" (000: the standings count only once the cards are complete).
 */
export function standingsNote(cards: readonly { complete: boolean }[]): { provisional: boolean; text: string } {
  const open = cards.filter((c) => !c.complete).length;
  return open > 0
    ? { provisional: true, text: `provisional: ${open} of ${cards.length} score card${cards.length === 1 ? '' : 's'} not yet complete` }
    : { provisional: false, text: 'final: every score card complete' };
}

/** One game a player played, as a standings row links it: its card's round and table, the game's place on it, the hub table game it came from. */
export interface StandingGame {
  round: number;
  /** the tournament table (its number) */
  table: number;
  /** the label that table shows ("12"), for the link's title */
  label: string;
  /** the game's place on the card, 1-based (000: four games a round) */
  game: number;
  /** the hub table game it was taken from: its replay is `/replay/<hubTable>/<gameNo>` */
  hubTable: string;
  gameNo: number;
}

/**
 * The games `player` sat in that have a replay (a card's game taken from a hub table game), round
 * by round and in card order: what the room's standings row links, so a director goes from a total
 * to the games behind it. A game on no hub table (typed on the card) or not played has no replay
 * and is left out.
 * @param cards GET /api/tournament `cards` (every round's), each seat with its player id and the card's `replays`
 */
export function standingGames(
  cards: readonly { round: number; table: number; label: string; seats: readonly { player: string }[]; replays?: readonly ({ hubTable: string; gameNo: number } | null)[] }[],
  player: string,
): StandingGame[] {
  const out: StandingGame[] = [];
  const sorted = [...cards].sort((a, b) => a.round - b.round || a.table - b.table);
  for (const c of sorted) {
    if (!c.seats.some((s) => s.player === player)) continue;
    (c.replays ?? []).forEach((r, g) => {
      if (r) out.push({ round: c.round, table: c.table, label: c.label, game: g + 1, hubTable: r.hubTable, gameNo: r.gameNo });
    });
  }
  return out;
}

/**
 * The words of a standing's link to one game's replay, read by everyone and by a screen reader:
 * `replayLinkText({ round: 1, game: 3, label: '7' }) === "replay game 3, table 7 (round 1)"` (the
 * game's place on the card, the table by the label it shows).
 */
export function replayLinkText(g: Pick<StandingGame, 'round' | 'game' | 'label'>): string {
  return `replay game ${g.game}, table ${g.label} (round ${g.round})`;
}
