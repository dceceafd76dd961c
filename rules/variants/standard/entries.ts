/**
 * The director's entries at a 4-player table (000; NMJL practice), as the one engine's
 * `director-entry` actions: what no reader can witness, applied to {@link GameState} by the
 * standard variant (./play.ts runs {@link standardEntries}). Each entry is judged on the state as
 * it stands and changes it as a new state would:
 * - `looked-at-stolen-tile`: the player joins `entries.lookedAt` (000: −10 at the end of that game);
 * - `announced-line`: the line the player announced (`entries.announced`; paid with `paidLine: "announced"`);
 * - `dead-declared-in-error`: the declarer's hand dies (000);
 * - `declared-dead`: judged from the visible table (./dead-declaration.ts), a `declared-dead` flag;
 * - `misnamed-discard` (NMJL practice, ./misnamed-discard.ts): a `misnamed-discard` flag, and a
 *   Mah Jongg judged in error on the discard judged again with the tile as named.
 * The two flags are ones the director already made: `confirmed` (or `dismissed`, and then the
 * entry changes nothing). An ended game is scored again at once.
 */
import type { Card } from '../../card/types.js';
import type { ActionOf } from '../../game/actions.js';
import type { EngineConfig } from '../../game/apply.js';
import type { GameFlag } from '../../game/flags.js';
import { mahJonggRecord, type HowMade } from '../../game/mah-jongg.js';
import type { GameState, MahJongg, Rack } from '../../game/state.js';
import type { Place } from '../../game/places.js';
import { ScoringError, type TournamentOutcome, type TournamentScore } from '../../scoring/tournament.js';
import { isTileKind, kindOf, type TileId } from '../../tiles.js';
import { EVERY_HAND_DEAD, titleOf, consequenceOf, type FlagParams, type FlagParamsByCode } from '../../wording/flags.js';
import { DECLARED_DEAD_RULE, judgeDeadDeclaration, verdictText } from './dead-declaration.js';
import { mahJonggAsNamed, MISNAMED_RULE } from './misnamed-discard.js';

/** An entry the table cannot take; `status` is the HTTP status the hub answers with (400 a bad entry, 409 one the game refuses now). */
export class EntryError extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'EntryError';
  }
}

/** The flag codes a director entry raises (shown as flags the director already made). */
export const ENTRY_FLAG_CODES: readonly string[] = ['declared-dead', 'misnamed-discard'];

/** The engine steps the entries use (./play.ts gives them). */
export interface EntrySteps {
  config: EngineConfig;
  name(p: number): string;
  /** the scorer's input for the game as it stands, without the looks at a stolen tile (./play.ts `standardOutcome`) */
  outcomeOf(s: GameState): TournamentOutcome;
  /** the score of an outcome with the table's settings (000 by default) */
  scored(outcome: TournamentOutcome): TournamentScore;
  /** the player on turn and what she did (./play.ts `setTurn`) */
  setTurn(s: GameState, player: number | null, has: 'nothing'): void;
}

const inside = (player: number): Place => ({ area: 'rack', player, rack: 0 });

/** `outcome` with the looks at a stolen tile of `lookedAt` (000: −10 each at the end), none when empty. */
export function withLookedAt(outcome: TournamentOutcome, lookedAt: readonly number[]): TournamentOutcome {
  const { lookedAtStolenTile: _old, ...base } = outcome;
  return lookedAt.length > 0 ? { ...base, lookedAtStolenTile: [...lookedAt] } : base;
}

/** A card line's words for messages (its text as the card prints it), or the id when no card has it. */
export function lineTextOf(cards: readonly Card[], lineId: string): string {
  for (const c of cards) for (const l of c.lines) if (l.id === lineId) return l.text;
  return lineId;
}

/**
 * Why a winner is not paid at the line she announced: her tiles do not complete it (the lines
 * they complete named), e.g. "Bea's tiles do not complete 2468 … (they complete: … 25)".
 */
export function notCompleted(config: Pick<EngineConfig, 'names' | 'cards'>, player: number, lines: readonly { lineId: string; value: number }[], lineId: string): string {
  const text = (id: string) => lineTextOf(config.cards, id);
  const who = config.names[player] ?? `player ${player}`;
  return `${who}'s tiles do not complete ${text(lineId)} (they complete: ${lines.map((l) => `${text(l.lineId)} ${l.value}`).join('; ') || 'none'})`;
}

/**
 * Why the winner of `s` was not paid at the line she announced, on a table whose settings pay the
 * announced line (`paidLine: "announced"`): her tiles do not complete it (the lines they complete
 * named, {@link notCompleted}). Null when the game has not ended, has no winner, pays the best
 * line, no line was announced, or the announced line was paid.
 */
export function announcedNotPaid(config: Pick<EngineConfig, 'names' | 'cards' | 'settings'>, s: GameState): string | null {
  const w = winnerOf(s);
  const line = w && config.settings?.paidLine === 'announced' ? s.entries.announced.get(w.player) : undefined;
  if (!w || !line || s.phase !== 'ended' || w.mj.lineId === line) return null;
  return `announced line not paid: ${notCompleted(config, w.player, w.mj.lines, line)}`;
}

/** The winner's seat and Mah Jongg, or null. */
function winnerOf(s: GameState): { player: number; mj: MahJongg } | null {
  const player = s.seats.findIndex((p) => p.racks[0]!.mahJongg !== null);
  return player < 0 ? null : { player, mj: s.seats[player]!.racks[0]!.mahJongg! };
}

/**
 * The director entries of a 4-player table on the engine's steps.
 * @returns `entry(s, raised, a)`: applies the entry to `s` in place (a state the engine copied);
 *   `atLine(s, lineId)`: the ended game paid at the line the winner announced, in place;
 *   `lineText(lineId)`: a card line's words for messages
 * @throws EntryError from `entry` and `atLine` (words in each)
 */
export function standardEntries(steps: EntrySteps) {
  const { config, name } = steps;
  const tableId = config.tableId ?? 'table';

  const lineText = (lineId: string) => lineTextOf(config.cards, lineId);

  /** The game's result: `outcome` with the looks entered, scored (in place). @throws EntryError 409 for an impossible outcome */
  function resultOf(s: GameState, who: string, outcome: TournamentOutcome): void {
    const next = withLookedAt(outcome, s.entries.lookedAt);
    try {
      s.result = { outcome: next, score: steps.scored(next) };
    } catch (err) {
      if (err instanceof ScoringError) throw new EntryError(409, `${who}: ${err.message}`);
      throw err;
    }
  }

  /** An ended game's result scored again with the looks entered (its outcome kept). */
  function rescore(s: GameState, who: string): void {
    if (s.result) resultOf(s, who, s.result.outcome);
  }

  /**
   * The ended game paid at `lineId`, the line the winner announced (in place; the score is not
   * recomputed: the caller scores it again).
   * @throws EntryError 409 when the winner's tiles do not complete that line (the lines they complete named)
   */
  function atLine(s: GameState, lineId: string): void {
    const w = winnerOf(s)!;
    const line = w.mj.lines.find((l) => l.lineId === lineId);
    if (!line) throw new EntryError(409, notCompleted(config, w.player, w.mj.lines, lineId));
    const card = config.cards.flatMap((c) => c.lines).find((l) => l.id === line.lineId);
    const r = s.seats[w.player]!.racks[0]!;
    r.mahJongg = {
      ...w.mj,
      lineId: line.lineId,
      ...(card ? { lineText: card.text, category: card.category } : {}),
      value: line.value,
      jokerless: line.jokerless,
      singlesAndPairs: line.singlesAndPairs,
    };
    if (s.result) s.result = { ...s.result, outcome: steps.outcomeOf(s) };
  }

  /** A flag the director made with the entry: `confirmed`, or `dismissed` when the director dismissed it since. */
  function entryFlag<C extends 'declared-dead' | 'misnamed-discard'>(
    s: GameState,
    code: C,
    id: string,
    params: FlagParamsByCode[C],
    rule: string,
    player: number,
    a: ActionOf<'director-entry'>,
  ): GameFlag {
    const status = s.rulings.get(id)?.ruling === 'dismiss' ? 'dismissed' : 'confirmed';
    return {
      id,
      code,
      seed: '000',
      params: params as FlagParams,
      rule,
      title: titleOf(code, params, config.names),
      player,
      rack: 0,
      at: a.at,
      status,
      consequence: consequenceOf(code, params, config.names, status),
      evidence: { tiles: [], refs: [a.ref], counts: [] },
    };
  }

  /** `q`'s hand dies by an entry: the turn passes on, the game ends when every hand is dead, an ended game is scored again (000). */
  function killed(s: GameState, q: number, reason: string, who: string): void {
    const r = s.seats[q]!.racks[0]!;
    r.dead = true;
    r.deadReason = reason;
    s.seats[q]!.dead = true;
    s.seats[q]!.deadReason = reason;
    if (s.phase === 'ended') {
      if (s.result) resultOf(s, who, steps.outcomeOf(s));
      return;
    }
    if (s.seats.every((x) => x.racks[0]!.dead)) {
      s.phase = 'ended';
      s.endReason = EVERY_HAND_DEAD;
      s.turn = null;
      resultOf(s, who, steps.outcomeOf(s));
      return;
    }
    if (s.turn === q) {
      // a dead hand neither picks nor discards: the turn passes on (NMJL)
      for (let i = 1; i <= 4; i++) {
        const n = (q + i) % 4;
        if (!s.seats[n]!.racks[0]!.dead) {
          steps.setTurn(s, n, 'nothing');
          break;
        }
      }
    }
  }

  const kindsOf = (tiles: readonly TileId[]) => tiles.map(kindOf);
  const exposuresOf = (r: Rack) => r.exposures.map((e) => kindsOf(e.tiles));

  /**
   * One director entry on `s` (in place); the flag it makes goes into `s.flags` and `raised`.
   * @throws EntryError 400 a bad player or rack, an entry another table kind takes, a declared-dead
   *   without `declared` or naming the declarer; 409 no game, already entered, hand already dead, a
   *   declaration outside play, the winner / the discarder of the winning tile (their hand cannot
   *   die after the Mah Jongg: the director corrects the score card instead)
   */
  function entry(s: GameState, raised: GameFlag[], a: ActionOf<'director-entry'>): void {
    const p = a.player;
    if (!Number.isInteger(p) || p < 0 || p > 3) throw new EntryError(400, `director entry: player must be 0-3 (East, South, West, North), not ${String(p)}`);
    if (a.rack !== undefined && a.rack !== 0) throw new EntryError(400, `director entry: a standard table has one rack per player (rack 0), not rack ${String(a.rack)}`);
    if (s.gameNo === 0 || s.phase === 'waiting') throw new EntryError(409, `no game has begun on table '${tableId}'`);
    const who = name(p);
    const add = (f: GameFlag) => {
      s.flags = [...s.flags, f];
      raised.push(f);
    };
    const w = winnerOf(s);
    if (a.entry === 'looked-at-stolen-tile') {
      if (s.entries.lookedAt.includes(p)) throw new EntryError(409, `${who}'s look at a stolen tile in game ${s.gameNo} was already entered`);
      s.entries = { ...s.entries, lookedAt: [...s.entries.lookedAt, p] };
      rescore(s, who);
      return;
    }
    if (a.entry === 'announced-line') {
      if (config.settings?.paidLine !== 'announced')
        throw new EntryError(409, `table '${tableId}' pays the best line the tiles complete (scoring paidLine "best"): an announced line is not entered`);
      const line = a.line;
      if (typeof line !== 'string' || !config.cards.some((c) => c.lines.some((l) => l.id === line)))
        throw new EntryError(400, `announced-line: '${String(line)}' is not a line of this table's cards`);
      if (s.phase === 'ended') {
        if (!w || w.player !== p) throw new EntryError(409, `${who} did not win game ${s.gameNo}: an announced line is paid only for the Mah Jongg`);
        atLine(s, line);
        rescore(s, who);
      }
      s.entries = { ...s.entries, announced: new Map(s.entries.announced).set(p, line) };
      return;
    }
    if (a.entry === 'dead-declared-in-error') {
      const me = s.seats[p]!.racks[0]!;
      if (me.dead) throw new EntryError(409, `${who}'s hand is already dead (${me.deadReason ?? 'dead'})`);
      if (w && (w.player === p || w.mj.claimedFrom === p))
        throw new EntryError(409, `${who} ${w.player === p ? 'won' : 'threw the winning tile in'} game ${s.gameNo}: the hand cannot die after the Mah Jongg (correct the score card instead)`);
      killed(s, p, 'declared a hand dead in error (000)', who);
      return;
    }
    if (a.entry === 'declared-dead') {
      const d = a.declared;
      if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > 3)
        throw new EntryError(400, `declared-dead: declared must be the player (0-3) whose hand ${who} declared dead, not ${String(d)}`);
      if (d === p) throw new EntryError(400, `declared-dead: ${who} cannot declare ${who}'s own hand dead (declared and player are both ${p})`);
      if (s.phase !== 'play') throw new EntryError(409, `declared-dead: game ${s.gameNo} is ${s.phase === 'ended' ? 'over' : 'in the Charleston'}; a hand is declared dead during play`);
      const target = s.seats[d]!.racks[0]!;
      if (target.dead) throw new EntryError(409, `${name(d)}'s hand is already dead (${target.deadReason ?? 'dead'})`);
      // only what the table can see: exposures on every rack and the discards, never a concealed tile
      const verdict = judgeDeadDeclaration(config.cards, {
        exposures: exposuresOf(target),
        otherExposures: s.seats.flatMap((q, i) => (i === d ? [] : exposuresOf(q.racks[0]!))),
        discards: kindsOf(s.discards),
      });
      const dies = verdict.dead ? d : p;
      const words = verdictText(verdict, name(d));
      const flag = entryFlag(s, 'declared-dead', `g${s.gameNo}-declared-dead-${a.ref}`, { declarer: p, declared: d, dead: verdict.dead, words }, DECLARED_DEAD_RULE, dies, a);
      add(flag);
      if (flag.status === 'dismissed' || s.seats[dies]!.racks[0]!.dead) return;
      killed(s, dies, verdict.dead ? `declared dead by ${who}: ${words} (000)` : `declared ${name(d)}'s hand dead in error: ${words} (000)`, who);
      return;
    }
    if (a.entry === 'misnamed-discard') {
      misnamedDiscard(s, a, who, w, add);
      return;
    }
    throw new EntryError(400, `a standard table takes the entries looked-at-stolen-tile, dead-declared-in-error, announced-line, declared-dead and misnamed-discard, not '${String(a.entry)}'`);
  }

  /** NMJL practice: a discard claimed as it was named wrongly (./misnamed-discard.ts), for an exposure or for Mah Jongg. */
  function misnamedDiscard(s: GameState, a: ActionOf<'director-entry'>, who: string, w: ReturnType<typeof winnerOf>, add: (f: GameFlag) => void): void {
    const p = a.player;
    if (!config.practice?.misnamedDiscard) throw new EntryError(409, `table '${tableId}' takes no misnamed-discard entry: its setting nmjlPractice.misnamedDiscard is off`);
    const id = `g${s.gameNo}-misnamed-discard-${a.ref}`;
    // a dismissal of the entry's flag (a misclick) leaves the game as it was
    const dismissed = s.rulings.get(id)?.ruling === 'dismiss';
    const flagOf = (params: FlagParamsByCode['misnamed-discard'], player: number) => entryFlag(s, 'misnamed-discard', id, params, MISNAMED_RULE, player, a);
    if (a.for === 'exposure') {
      if (a.ruling !== 'keep-exposure' && a.ruling !== 'dead')
        throw new EntryError(400, `misnamed-discard for an exposure: ruling must be keep-exposure or dead (the director's ruling), not ${String(a.ruling)}`);
      if (s.phase !== 'play') throw new EntryError(409, `misnamed-discard: game ${s.gameNo} is not in play (${s.phase})`);
      const me = s.seats[p]!.racks[0]!;
      if (me.dead) throw new EntryError(409, `${who}'s hand is already dead (${me.deadReason ?? 'dead'})`);
      const last = exposuresOf(me).at(-1);
      if (!last) throw new EntryError(409, `${who} has no exposure: a mis-named discard claimed for an exposure is entered once it is exposed`);
      add(flagOf({ p, for: 'exposure', group: [...last], ruling: a.ruling }, p));
      if (a.ruling === 'dead' && !dismissed) killed(s, p, "called a mis-named discard for an exposure: dead by the director's ruling (NMJL practice)", who);
      return;
    }
    if (a.for !== 'mah-jongg') throw new EntryError(400, `misnamed-discard: for must be mah-jongg or exposure, not ${String(a.for)}`);
    if (s.phase === 'ended' && w && w.player === p && w.mj.claimedFrom !== null) {
      // the Mah Jongg stood with the tile discarded: its discarder already pays as the discarder (000)
      add(flagOf({ p, for: 'mah-jongg', discarder: w.mj.claimedFrom }, w.mj.claimedFrom));
      return;
    }
    const before = s.beforeMahJongg ?? null;
    const inError = before && s.flags.some((f) => f.code === 'mah-jongg-in-error' && f.player === p && f.status !== 'dismissed' && f.id === `g${s.gameNo}-mah-jongg-in-error-${before.ref}`);
    const caller = before?.state.seats[p]?.racks[0];
    const hold = caller?.hold;
    if (!before || !inError || !caller || !hold || hold.for !== 'mah-jongg')
      throw new EntryError(409, `misnamed-discard: ${who} has no Mah Jongg on a called discard in game ${s.gameNo} (neither won on one nor judged in error on one just now)`);
    if (typeof a.named !== 'string' || !isTileKind(a.named)) throw new EntryError(400, `misnamed-discard: named must be the tile kind the discard was named (e.g. F, 5D), not ${String(a.named)}`);
    const exposures = exposuresOf(caller);
    const best = mahJonggAsNamed(config.cards, { rack: kindsOf(before.state.where.tilesIn(inside(p))), exposures }, a.named);
    if (!best) throw new EntryError(409, `${who}'s hand with the discard as named (${a.named}) fits no hand on the card either: the Mah Jongg in error stands`);
    const tile = kindOf(hold.tile);
    const flag = flagOf({ p, for: 'mah-jongg', discarder: hold.from, tile, named: a.named }, hold.from);
    if (dismissed) {
      add(flag);
      return;
    }
    // the game as it stood before the Mah Jongg in error, ended with the Mah Jongg as named; the
    // entries, the director's rulings and the flags the director made since stay (a flag raised
    // before it as it stands now: a confirm since changed its status)
    const b = before.state;
    const made = new Set(b.flags.map((f) => f.id));
    const since = s.flags.filter((f) => ENTRY_FLAG_CODES.includes(f.code) && !made.has(f.id));
    const now = new Map(s.flags.map((f) => [f.id, f]));
    const flags = [...b.flags.map((f) => now.get(f.id) ?? f), ...since];
    Object.assign(s, { ...b, seats: b.seats.map((x) => ({ ...x, racks: x.racks.map((r) => ({ ...r })) })), entries: s.entries, rulings: s.rulings, beforeMahJongg: s.beforeMahJongg, flags });
    const how: HowMade = { order: 1, claimedFrom: hold.from, selfPicked: false, exposuresBefore: exposures.length, jokerExchange: false, turnNo: s.turnNo, at: a.at };
    s.seats[p]!.racks[0]!.mahJongg = { ...mahJonggRecord([best], how, false), misnamedDiscard: true };
    s.phase = 'ended';
    s.turn = null;
    s.endReason = `${who} declared Mah Jongg on ${name(hold.from)}'s discard of ${tile} named ${a.named} (NMJL practice: a mis-named discard): ${best.line.text}`;
    resultOf(s, who, steps.outcomeOf(s));
    add(flag);
  }

  return { entry, atLine, lineText };
}
