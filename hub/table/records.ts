/**
 * What a live table keeps of its games beside the rules engine's state, the same on both tables
 * (the Royale Siamese table, 003, and the 4-player table, 000): each game's walls as built and the
 * record lines the fold took (rules/GAME-RECORD.md version 2), the actions of the current game the
 * engine refused or threw on (the director's "Moves the hub could not place"), and the director's
 * restart choice for a game (./restart-check.ts). The table's fold (./engine.ts) fills it as it folds the log, and a fold checkpoint keeps it as a
 * {@link KeptRecords} value.
 */
import { isDeepStrictEqual } from 'node:util';
import type { TileId } from '../../rules/tiles.js';
import type { RecordLine } from '../../rules/record/game-record.js';
import type { RestartChoice } from './restart-check.js';

/**
 * An action of the current game the engine could not apply: one it refuses as impossible (e.g. a
 * discard of a tile it does not know the player holds) or one on which the referee or the scorer
 * failed. The game state stays as it was before it. The shape of the director view's `unplaced`.
 */
export interface Unplaced {
  /** ms since epoch */
  at: number;
  /** the action's name (e.g. `pick`, `second-charleston`, `joker-exchange`) */
  action: string;
  /** the error's words */
  reason: string;
  /** the event sequence number of the move the action came from */
  ref: string;
}

/**
 * The records as they stood at one point of the fold, a value later folding does not change: the
 * current game's lists copied, the earlier games' lines shared (no line is added to a game once
 * the next began).
 */
export interface KeptRecords {
  /** game number → its record lines, in order */
  lines: ReadonlyMap<number, readonly RecordLine[]>;
  /** game number → its walls as built (never changed once set) */
  walls: ReadonlyMap<number, readonly (readonly TileId[])[]>;
  /** the refused actions of game `unplacedGame`, oldest first */
  unplaced: readonly Unplaced[];
  unplacedGame: number;
  /** game number → the director's restart choice for it */
  restartChoices: ReadonlyMap<number, RestartChoice>;
}

/** The records a table's fold keeps (see the module comment). */
export class TableRecords {
  /** game number → the record lines taken for it, in order */
  readonly lines = new Map<number, RecordLine[]>();
  /** game number → the walls as built before it (the record's header), when the table saw them built */
  readonly walls = new Map<number, readonly (readonly TileId[])[]>();
  /** the refused actions of game {@link TableRecords.unplacedGame} */
  readonly unplaced: Unplaced[] = [];
  unplacedGame = 0;
  /** game number → the director's restart choice for it (from the log) */
  readonly restartChoices = new Map<number, RestartChoice>();

  /** Forgets every game (a fold from the start of the log). */
  clear(): void {
    this.lines.clear();
    this.walls.clear();
    this.unplaced.length = 0;
    this.unplacedGame = 0;
    this.restartChoices.clear();
  }

  /**
   * Game `gameNo` begins: its record lines start empty, with its walls as built when the table saw them.
   * @param walls the walls as built (absent: none seen built; the record's header then has the set in set order)
   */
  begin(gameNo: number, walls?: readonly (readonly TileId[])[]): void {
    this.lines.set(gameNo, []);
    if (walls) this.walls.set(gameNo, walls);
  }

  /** Takes one line into game `gameNo`'s record (nothing when that game has no record begun). */
  take(gameNo: number, line: RecordLine): void {
    if (gameNo > 0) this.lines.get(gameNo)?.push(line);
  }

  /**
   * The refused actions listed from now on are game `gameNo`'s: the list is emptied when it was
   * another game's, or always with `afresh` (the 4-player deal, even a deal dealt again).
   */
  unplacedOf(gameNo: number, afresh = false): void {
    if (this.unplacedGame === gameNo && !afresh) return;
    this.unplacedGame = gameNo;
    this.unplaced.length = 0;
  }

  /** The records as they stand now ({@link KeptRecords}); copies only game `current`'s lines and later. */
  save(current: number): KeptRecords {
    return {
      lines: new Map([...this.lines].map(([n, l]) => [n, n >= current ? [...l] : l])),
      walls: new Map(this.walls),
      unplaced: [...this.unplaced],
      unplacedGame: this.unplacedGame,
      restartChoices: new Map(this.restartChoices),
    };
  }

  /** Puts the records back as `saved` had them (`saved` stays as it is); game `current`'s lines and later are copies. */
  restore(saved: KeptRecords, current: number): void {
    this.lines.clear();
    for (const [n, l] of saved.lines) this.lines.set(n, n >= current ? [...l] : (l as RecordLine[]));
    this.walls.clear();
    for (const [n, w] of saved.walls) this.walls.set(n, w);
    this.unplaced.length = 0;
    this.unplaced.push(...saved.unplaced);
    this.unplacedGame = saved.unplacedGame;
    this.restartChoices.clear();
    for (const [n, c] of saved.restartChoices) this.restartChoices.set(n, c);
  }
}

/**
 * Whether two records saved where game `current` began go on alike: the same lines, walls and
 * refused actions of game `current` and later, whatever the records of the games before it.
 */
export function sameRecordsFrom(a: KeptRecords, b: KeptRecords, current: number): boolean {
  const from = <T>(m: ReadonlyMap<number, T>) => [...m].filter(([n]) => n >= current);
  const unplaced = (r: KeptRecords) => (r.unplacedGame >= current ? r.unplaced : []);
  return isDeepStrictEqual(from(a.lines), from(b.lines)) && isDeepStrictEqual(from(a.walls), from(b.walls)) && isDeepStrictEqual(unplaced(a), unplaced(b));
}

/**
 * `into` with game `gameNo`'s record taken from `from` (both left as they are): its lines, walls,
 * restart choice, and its refused actions while they are the ones listed.
 */
export function withRecordsOf(gameNo: number, from: KeptRecords, into: KeptRecords): KeptRecords {
  const lines = from.lines.get(gameNo);
  const walls = from.walls.get(gameNo);
  const choices = new Map(into.restartChoices);
  const choice = from.restartChoices.get(gameNo);
  if (choice === undefined) choices.delete(gameNo);
  else choices.set(gameNo, choice);
  return {
    ...into,
    lines: lines ? new Map(into.lines).set(gameNo, lines) : into.lines,
    walls: walls ? new Map(into.walls).set(gameNo, walls) : into.walls,
    restartChoices: choices,
    ...(into.unplacedGame === gameNo ? { unplaced: [...from.unplaced] } : {}),
  };
}
