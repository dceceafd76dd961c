/**
 * The live Royale Siamese table (seed 003): the shared machinery of ./machine.ts (reads in, the
 * tick, the log and its fold, rulings, publishing, reconciliation across a reader's reconnect)
 * with the Siamese part: settled moves become actions (./inference.ts), the Siamese referee
 * (rules/referee/siamese.ts) folds them, the Siamese scorer (./score.ts) scores them.
 *
 * The event log is the truth. Event types of a table:
 * - `tile-moved` `{ tile, tag, from, to, lines, reconciled? }`: a settled move (at = when the tile came to rest)
 * - `count-check` `{ skipReaders }`: the tile counts are checked (a turn boundary has settled)
 * - `director-ruling` `{ flagId, ruling, by, deadRack?, changes? }`: the latest ruling on a flag stands
 * - `director-entry` `{ entry, player, rack, by }`: what no reader can witness (003 rule 19C/D)
 * - `game-stopped` `{ gameNo }`: the table is being cleared after that game ended (./machine.ts)
 * - `restart-ruling` `{ gameNo, choice, by }`: the director's choice for a game the readers did not
 *   show as the log had it when the hub restarted (./restart-check.ts): the game ends
 * Every view is rebuilt from these by the fold, after a restart and after every director ruling
 * (from where the ruled game began: ./machine.ts).
 * An action on which the referee or the scorer throws (a fault of the rules code) leaves the state
 * as it was, stays in the log, and is listed for the director under "Moves the hub could not
 * place" with the error's words; play goes on, and a restart folds it the same way.
 */
import { isDeepStrictEqual } from 'node:util';
import { kindOf, type TileId } from '../../rules/tiles.js';
import {
  currentWall,
  initialSiameseState,
  playerCount,
  rackCounts,
  siameseReferee,
  tilesAt,
  wallLeft,
  type SiameseReferee,
  type SiameseState,
} from '../../rules/referee/siamese.js';
import type { GameAction, UnseenRack } from '../../rules/referee/actions.js';
import { samePlaces } from '../../rules/referee/tile-places.js';
import type { Place } from '../../rules/referee/places.js';
import type { DirectorTableView, FlagEvidence, GameResultView, PublicFlag, PublicTableView } from '../api/views.js';
import { RulingError, type AnyDirectorEntry, type DirectorEntry } from '../api/runtime.js';
import type { StoredEvent } from '../store/types.js';
import { inferAction, playersToSkip } from './inference.js';
import { scoreView } from './score.js';
import { STOPPED_REASON, TableMachine, type CountCheckData, type EngineOptions, type GameStoppedData, type RulableFlag, type TileMovedData } from './machine.js';
import { restartScore, type RestartChoice, type RestartRulingData } from './restart-check.js';

/**
 * The Siamese part of the fold, as a {@link TableMachine} checkpoint keeps it: the referee's state
 * (a value: the referee returns a new one for every action), the earlier games (an array never
 * changed once made) and copies of the small collections the fold changes in place.
 */
interface SiameseFold {
  state: SiameseState;
  past: readonly SiameseState[];
  restartChoices: ReadonlyMap<number, RestartChoice>;
  unheardReaders: ReadonlySet<string>;
  unplaced: NonNullable<DirectorTableView['unplaced']>;
  unplacedGame: number;
}

export { REBOOT_SILENCE_MS, type CountCheckData, type EngineOptions, type ReaderHealth, type RulingData, type TileMovedData } from './machine.js';

/**
 * Settle windows per area (ms), measured with `npm run measure:noise` (README, "Noise"): inside a
 * rack and on its top 400 ms, longer than a cross-read between the two antennas of one rack
 * reader lasts (up to 300 ms), so a cross-read never settles; walls and the floor use the table
 * config's `timing.settleMs` (250 ms in the demo).
 */
export const DEFAULT_SETTLE_BY_AREA: Partial<Record<Place['area'], number>> = { rack: 400, top: 400 };

/** One live Royale Siamese table. Implements the API's TableRuntime. */
export class TableEngine extends TableMachine<SiameseFold> {
  private referee!: SiameseReferee;
  private state!: SiameseState;
  /** actions of the current game the referee threw on (oldest first), and that game's number */
  private readonly unplaced: NonNullable<DirectorTableView['unplaced']> = [];
  private unplacedGame = 0;
  /** the table's earlier games, each as its state stood when the next game began (from the fold; a new array when one is added) */
  private past: readonly SiameseState[] = [];
  /** game number → the director's restart choice for it (from the log) */
  private restartChoices = new Map<number, RestartChoice>();
  /** readers in a move's `unseen` since the last `readers-heard` event (folded from the log) */
  private readonly unheardReaders = new Set<string>();

  /** @throws Error when the table is not a Siamese table */
  constructor(opts: EngineOptions) {
    if (opts.table.variant !== 'siamese') throw new Error(`table ${opts.table.id}: only the Siamese variant is played by this hub version`);
    super(opts, { ...DEFAULT_SETTLE_BY_AREA, ...(opts.settleByArea ?? {}) });
    this.rebuild();
    this.beginRestartCheck();
  }

  // ------------------------------------------------------------------ the fold

  protected resetFold(): void {
    this.referee = siameseReferee({
      names: this.table.players.map((p) => p.name),
      racksPerPlayer: this.table.racksPerPlayer,
      tilesPerWall: this.table.tilesPerWall,
      wallOrder: this.table.wallOrder,
      cards: this.cards,
      dismissed: this.dismissed,
      confirmed: this.confirmed,
      chosenDeadRacks: this.chosenDeadRacks,
    });
    this.state = initialSiameseState({ names: this.table.players.map((p) => p.name), racksPerPlayer: this.table.racksPerPlayer });
    this.unplaced.length = 0;
    this.unplacedGame = this.state.gameNo;
    this.past = [];
    this.restartChoices = new Map();
    this.unheardReaders.clear();
  }

  /** One event into the Siamese referee: a move as the action it is (./inference.ts), a count check (003 rule 18C), an entry (19C/D). */
  protected foldEvent(e: StoredEvent): void {
    let action: GameAction | null = null;
    const ref = String(e.seq);
    if (e.type === 'tile-moved') {
      const d = e.data as TileMovedData;
      action = inferAction(this.places, d, e.at, ref);
      // a move the hub saw while a zone was not heard (or only across a reconnect): what depends
      // on the unheard zones (the current wall) is judged later (rules/referee/siamese.ts)
      if (action && (d.unseen?.length || d.reconciled)) {
        action.unheard = true;
        if (d.left) action.left = d.left;
      }
      // racks the hub could not see (`unseen`), whose top it had not seen whole (`unconfirmed`, a
      // delta no snapshot had confirmed), or whose reader was not heard since the last
      // `readers-heard` (its first snapshot may come in over several moves, others' moves in
      // between): their exposures are judged at a later boundary (003 rule 11)
      for (const r of d.unseen ?? []) this.unheardReaders.add(r);
      const notWhole = [...this.unheardReaders, ...(d.unconfirmed ?? [])];
      if (notWhole.length && action && (action.type === 'discard' || action.type === 'other-move')) {
        const unseen = this.racksOf(notWhole);
        if (unseen.length) action.unseen = unseen;
      }
    } else if (e.type === 'director-entry') {
      const d = e.data as DirectorEntry;
      action = { type: 'director-entry', entry: d.entry, player: d.player, rack: d.rack, at: e.at, ref };
    } else if (e.type === 'readers-heard') {
      this.unheardReaders.clear();
      action = { type: 'readers-heard', at: e.at, ref };
    } else if (e.type === 'count-check') {
      const d = e.data as CountCheckData;
      action = { type: 'count-check', skipPlayers: this.playersToSkip(d.skipReaders), at: e.at, ref };
    } else if (e.type === 'game-stopped') {
      // the end of this game stands here whatever a later ruling says: it is scored as it stood
      const d = e.data as GameStoppedData;
      if (this.state.gameNo === d.gameNo && this.state.phase !== 'ended') this.state = { ...this.state, phase: 'ended', endReason: `${STOPPED_REASON} (003 rule 17)`, turn: null };
    }
    if (!action) return;
    if (this.state.gameNo !== this.unplacedGame) {
      this.unplacedGame = this.state.gameNo;
      this.unplaced.length = 0;
    }
    try {
      const result = this.referee.apply(this.state, action);
      if (result.state.gameNo > this.state.gameNo && this.state.gameNo > 0) this.past = [...this.past, this.state];
      this.state = result.state;
      if (result.boundary) this.turnBoundary(e.at);
    } catch (err) {
      // a fault of the referee or the scorer on this action: the state stays as before it (the
      // referee works on a copy), the event stays in the log, the director sees it, play goes on
      this.unplaced.push({ at: e.at, action: action.type, reason: err instanceof Error ? err.message : String(err), ref });
    }
  }

  protected foldGameNo(): number {
    return this.state.gameNo;
  }

  protected saveFold(): SiameseFold {
    return {
      state: this.state,
      past: this.past,
      restartChoices: new Map(this.restartChoices),
      unheardReaders: new Set(this.unheardReaders),
      unplaced: [...this.unplaced],
      unplacedGame: this.unplacedGame,
    };
  }

  protected restoreFold(f: SiameseFold): void {
    this.state = f.state;
    this.past = f.past;
    this.restartChoices = new Map(f.restartChoices);
    this.unheardReaders.clear();
    for (const r of f.unheardReaders) this.unheardReaders.add(r);
    this.unplaced.length = 0;
    this.unplaced.push(...f.unplaced);
    this.unplacedGame = f.unplacedGame;
  }

  /** The referee's state (where every tile is, the new game's) and the readers not heard: what the next moves are folded on. */
  protected sameGameStart(a: SiameseFold, b: SiameseFold): boolean {
    const { where: wa, ...restA } = a.state;
    const { where: wb, ...restB } = b.state;
    return samePlaces(wa, wb) && isDeepStrictEqual(restA, restB) && isDeepStrictEqual(a.unheardReaders, b.unheardReaders);
  }

  /** Game `gameNo` as it ended (in `past`), its restart choice, and its unplaced moves while they are the ones listed. */
  protected withGameRecord(gameNo: number, from: SiameseFold, into: SiameseFold): SiameseFold {
    const ended = from.past.find((g) => g.gameNo === gameNo);
    const choices = new Map(into.restartChoices);
    const choice = from.restartChoices.get(gameNo);
    if (choice === undefined) choices.delete(gameNo);
    else choices.set(gameNo, choice);
    return {
      ...into,
      past: ended ? into.past.map((g) => (g.gameNo === gameNo ? ended : g)) : into.past,
      restartChoices: choices,
      ...(into.unplacedGame === gameNo ? { unplaced: [...from.unplaced] } : {}),
    };
  }

  /** The actions of the current game the referee threw on, for the director ("Moves the hub could not place"). */
  protected override unplacedMoves(): NonNullable<DirectorTableView['unplaced']> {
    return [...this.unplaced];
  }

  /**
   * The players a count check cannot judge (003 rule 18C is never judged from stale evidence):
   * the owner of a rack reader not heard, and every player when a wall or the floor reader was
   * not heard (a pick or a discard there may be missing from every count).
   * @param readers reader ids (a count check's `skipReaders`)
   */
  playersToSkip(readers: readonly string[]): number[] {
    return playersToSkip(this.table, readers);
  }

  /** The racks whose top one of `readers` reads. */
  private racksOf(readers: readonly string[]): UnseenRack[] {
    const out: UnseenRack[] = [];
    for (const r of this.table.readers) {
      if (!readers.includes(r.id)) continue;
      for (const z of Object.values(r.zones)) if (z.area === 'top') out.push({ player: z.player, rack: z.rack });
    }
    return out;
  }

  /** The picks 003 rule 20 could not be judged for (rules/referee/siamese.ts `notSeen`). */
  protected override notSeenMoves(): NonNullable<DirectorTableView['notSeen']> {
    return this.state.notSeen.map((n) => ({ rule: n.rule, player: n.player, tiles: [...n.tiles], window: { ...n.window }, title: n.title, ref: n.ref }));
  }

  protected rulableFlags(): readonly RulableFlag[] {
    return this.listedFlags().map((x) => x.flag);
  }

  protected endedGameNo(): number | null {
    return this.state.phase === 'ended' && this.state.gameNo > 0 ? this.state.gameNo : null;
  }

  protected gameInPlay(): number | null {
    return this.state.phase === 'deal' || this.state.phase === 'play' ? this.state.gameNo : null;
  }

  /**
   * The game in play ends as the director chose at a restart: `score` keeps the score as it stood
   * (the Mah Jonggs made so far, 003 rule 17), `void` is 0 for both, `replay` has no score (see
   * {@link restartScore}).
   */
  protected endByRestart(d: RestartRulingData, endReason: string): void {
    if (d.gameNo !== this.state.gameNo || this.state.phase === 'ended' || this.state.phase === 'waiting') return;
    this.state = { ...this.state, phase: 'ended', endReason, turn: null };
    this.restartChoices.set(d.gameNo, d.choice);
  }

  /** The current game's flags, then the flags of earlier games still awaiting the director, each with its game. */
  private listedFlags(): { flag: SiameseState['flags'][number]; gameNo: number }[] {
    return [
      ...this.state.flags.map((flag) => ({ flag, gameNo: this.state.gameNo })),
      ...this.past.flatMap((g) => g.flags.filter((f) => f.status === 'awaiting-director').map((flag) => ({ flag, gameNo: g.gameNo }))),
    ];
  }

  /** The games that have ended, oldest first, as scored now (003 rule 17; null points for a misdeal, rule 18B). */
  private results(): GameResultView[] {
    return [...this.past, this.state]
      .filter((g) => g.phase === 'ended' && g.gameNo > 0)
      .map((g) => ({
        gameNo: g.gameNo,
        endReason: g.endReason,
        points: scoreView(g, this.table, this.referee.lowestCardValue)?.points ?? null,
        ruling: this.latestRulingOf(g.gameNo),
      }));
  }

  protected concealedOf(player: number): TileId[][] {
    return Array.from({ length: this.table.racksPerPlayer }, (_, r) => tilesAt(this.state, 'rack', player, r));
  }

  // ------------------------------------------------------------------ director

  /** @see TableRuntime.enter */
  enter(any: AnyDirectorEntry, by: string): void {
    if (any.entry !== 'misnamed-discard' || typeof any.rack !== 'number') {
      throw new RulingError(400, `a Siamese table takes only a mis-named discard entry (003 rule 19), not '${any.entry}'`);
    }
    const entry: DirectorEntry = { entry: 'misnamed-discard', player: any.player, rack: any.rack };
    const nP = this.table.players.length;
    const nR = this.table.racksPerPlayer;
    if (!Number.isInteger(entry.player) || entry.player < 0 || entry.player >= nP)
      throw new RulingError(400, `table ${this.id} has players 0-${nP - 1}, not ${String(entry.player)}`);
    if (!Number.isInteger(entry.rack) || entry.rack < 0 || entry.rack >= nR)
      throw new RulingError(400, `table ${this.id}: player ${entry.player} has racks 1-${nR} (rack 0-${nR - 1} in the entry), not rack ${String(entry.rack)}`);
    const mj = this.state.players[entry.player]?.racks[entry.rack]?.mahJongg;
    if (!mj || mj.claimedFrom === null) {
      throw new RulingError(409, `no Mah Jongg on a called discard on player ${entry.player}'s rack ${entry.rack + 1} of table '${this.id}'`);
    }
    if (mj.misnamedDiscard) throw new RulingError(409, 'that mis-named discard was already entered');
    this.logEntry({ ...entry, by });
  }

  // ------------------------------------------------------------------ views out

  /** The referee's state now (for tests and the CLI). */
  gameState(): SiameseState {
    return this.state;
  }

  publicView(): PublicTableView {
    const s = this.state;
    const now = this.now();
    const statuses = this.readers.statuses(now);
    const untrusted = this.untrustedReaders(statuses);
    const counts = rackCounts(s, this.table.racksPerPlayer);
    const walls = this.table.wallOrder.length;
    const left = wallLeft(s, walls);
    const current = currentWall(s, this.table.wallOrder);
    return {
      tableId: this.id,
      variant: this.table.variant,
      gameNo: s.gameNo,
      phase: s.phase,
      endReason: s.endReason,
      turn: s.turn,
      players: this.table.players.map((p, i) => {
        const racks = Array.from({ length: this.table.racksPerPlayer }, (_, r) => {
          const rs = s.players[i]!.racks[r]!;
          const trusted = !untrusted.has(this.readerOfRack(i, r) ?? '');
          const exposed = tilesAt(s, 'top', i, r).map(kindOf);
          return {
            rack: r,
            count: trusted ? counts[i]![r]! : null,
            concealedCount: trusted ? tilesAt(s, 'rack', i, r).length : null,
            exposed,
            dead: rs.dead,
            deadReason: rs.deadReason,
            mahJongg: rs.mahJongg
              ? { lineId: rs.mahJongg.lineId, lineText: rs.mahJongg.lineText, value: rs.mahJongg.value, jokerless: rs.mahJongg.jokerless, order: rs.mahJongg.order }
              : null,
          };
        });
        return {
          index: i,
          name: p.name,
          seat: p.seat,
          count: racks.every((r) => r.count !== null) ? playerCount(s, i) : null,
          racks,
        };
      }),
      walls: this.table.wallOrder.map((w) => ({ wall: w, left: left[w] ?? 0, current: w === current })),
      discards: s.discards.map(kindOf),
      flags: this.listedFlags().map(({ flag: f, gameNo }): PublicFlag => ({
        id: f.id,
        kind: f.kind,
        rule: f.rule,
        title: f.title,
        player: f.player,
        rack: f.rack,
        at: f.at,
        status: f.status,
        consequence: f.consequence,
        ...(f.deadRackChoice ? { deadRackChoice: f.deadRackChoice } : {}),
        gameNo,
      })),
      results: this.results(),
      score: restartScore(this.restartChoices.get(s.gameNo), scoreView(s, this.table, this.referee.lowestCardValue), this.table.players.length),
      readers: statuses,
      updatedAt: this.events.at(-1)?.at ?? 0,
    };
  }

  protected flagEvidence(): FlagEvidence[] {
    return this.listedFlags().map(({ flag: f }) => {
      // the moves of the turn that led to the flag: the referenced event and the moves just before it
      const events = f.evidence.refs.map((r) => this.bySeq.get(Number(r))).filter((e): e is StoredEvent => !!e);
      return this.evidenceOf(f.id, events.at(-1)?.seq ?? 0, f.evidence.counts);
    });
  }
}
