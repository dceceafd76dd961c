/**
 * The game record: one game of one table as the referee took it, in a documented, versioned JSON
 * lines format anyone can audit (rules/GAME-RECORD.md, format `mjhub.game-record` version 2).
 *
 * Line 1 is the header ({@link RecordHeader}: the table kind, the players, each card's id and the
 * SHA-256 of its file text, the scoring settings, the walls as built). Every later line is one
 * object with exactly one key naming what it is ({@link RecordLine}):
 * - `action`: one action of the one vocabulary (rules/game/actions.ts {@link Action}), by tile id,
 *   in the order the table took it: the moves, the count checks (`count-check`, with the readers'
 *   counts on the 4-player table), the director's entries (`director-entry`) and the hub ending the
 *   game (`stop`);
 * - `ruling`: the director's standing ruling on one flag of the game (dismissed or confirmed).
 * No flag, outcome or score is in a record: a referee derives them (hub/record/replay.ts).
 *
 * Version 1 (rules/GAME-RECORD.md, "Version 1") is read too: {@link parseGameRecord} gives it as
 * it is ({@link GameRecordV1}) and rules/record/upgrade.ts `upgradeV1` makes it version 2.
 *
 * Pure: no Node, no DOM. {@link writeGameRecord} writes the text, {@link parseGameRecord} reads and
 * validates it, naming the line and the field of bad input ({@link GameRecordError}).
 */
import { isTileId, isTileKind, type TileId, type TileKind } from '../tiles.js';
import type { Action } from '../game/actions.js';
import type { GameAction } from './v1-actions.js';
import type { Place } from '../game/places.js';
import type { NamedTile } from '../variants/standard/standard-ids.js';
import type { StandardLineV1 } from './upgrade-standard.js';
import { scoringSettingsProblem, type ScoringSettings } from '../scoring/settings.js';
import { NMJL_PRACTICE_DEFAULTS, type NmjlPractice } from '../variants/standard/misdeal.js';

/** The format id every record's header carries. */
export const GAME_RECORD_FORMAT = 'mjhub.game-record';
/** The format version this module writes (it reads 1 as well). */
export const GAME_RECORD_VERSION = 2;
/** The versions {@link parseGameRecord} reads. */
export const GAME_RECORD_VERSIONS = [1, 2] as const;

/** A card a record was refereed with: its id and the SHA-256 (hex, 64 digits) of its file text (UTF-8). */
export interface RecordCard {
  id: string;
  sha256: string;
}

/** The scoring settings of a Royale Siamese record: the rules' own (003 rule 17; 18D for a wrong count, the default). */
export interface SiameseScoring {
  name: string;
  /** the referee's reading of a wrong count beside a Mah Jongg (rules/game/apply.ts `EngineConfig.countRule`, 003 rules 18A and 18D) */
  countRule: '18D' | '18A';
}

/** The scoring settings of a Royale Siamese record as the hub plays it now. */
export const SIAMESE_SCORING: Readonly<SiameseScoring> = Object.freeze({ name: 'Royale Siamese (seed 003 rule 17)', countRule: '18D' });

interface HeaderBase {
  format: typeof GAME_RECORD_FORMAT;
  version: typeof GAME_RECORD_VERSION;
  /** the tiles in each wall (index = wall number) when the walls were built and the game began (the whole set, 152 tile ids) */
  walls: TileId[][];
  /** the table's id at the hub, e.g. `"t1"` */
  tableId: string;
  /** the game's number at that table (1-based); flag ids are `g<gameNo>-…` */
  gameNo: number;
  /** player names, index 0 is East */
  players: string[];
  cards: RecordCard[];
}

/** The header of a Royale Siamese record (003). */
export interface SiameseHeader extends HeaderBase {
  kind: 'siamese';
  racksPerPlayer: number;
  tilesPerWall: number;
  /** the order the walls are used in */
  wallOrder: number[];
  scoring: SiameseScoring;
}

/** The header of a 4-player record (000). */
export interface StandardHeader extends HeaderBase {
  kind: 'standard';
  /** the scoring settings the game is scored with (rules/scoring/settings.ts `ScoringSettings`) */
  scoring: ScoringSettings;
  /** true when the jokers of the exposure that made a hand dead stayed in play (rules/variants/standard/play.ts; absent: false) */
  killingExposureJokersInPlay?: boolean;
  /**
   * the table's NMJL practice settings (rules/variants/standard/misdeal.ts `NmjlPractice`, all five
   * keys) when any differs from {@link NMJL_PRACTICE_DEFAULTS}; absent: the defaults (every one on)
   */
  nmjlPractice?: NmjlPractice;
}

/**
 * The header field a 4-player record carries for the table's NMJL practice: `{ nmjlPractice }`
 * when any setting differs from {@link NMJL_PRACTICE_DEFAULTS}, otherwise nothing (a record of a
 * table at the defaults reads as before).
 */
export function practiceHeader(practice: Readonly<NmjlPractice>): Pick<StandardHeader, 'nmjlPractice'> {
  const keys = Object.keys(NMJL_PRACTICE_DEFAULTS) as (keyof NmjlPractice)[];
  return keys.every((k) => practice[k] === NMJL_PRACTICE_DEFAULTS[k]) ? {} : { nmjlPractice: { ...practice } };
}

/** The NMJL practice a 4-player record was refereed with: its header's, or the defaults when absent. */
export function practiceOfHeader(h: Pick<StandardHeader, 'nmjlPractice'>): Readonly<NmjlPractice> {
  return h.nmjlPractice ?? NMJL_PRACTICE_DEFAULTS;
}

export type RecordHeader = SiameseHeader | StandardHeader;

/** A version 1 Royale Siamese header: as version 2's (the walls were Siamese only). */
export type SiameseHeaderV1 = Omit<SiameseHeader, 'version'> & { version: 1 };
/** A version 1 4-player header: no walls. */
export type StandardHeaderV1 = Omit<StandardHeader, 'version' | 'walls'> & { version: 1 };
export type RecordHeaderV1 = SiameseHeaderV1 | StandardHeaderV1;

/** Version 1: a 4-player director entry (000): what no reader can witness. Version 2: a `director-entry` action. */
export interface StandardEntry {
  entry: 'looked-at-stolen-tile' | 'dead-declared-in-error' | 'announced-line' | 'declared-dead' | 'misnamed-discard';
  player: number;
  rack: number;
  by: string;
  /** `announced-line` only: the card line's id the player announced */
  line?: string;
  /** `declared-dead` only: the player whose hand `player` declared dead */
  declared?: number;
  /** `misnamed-discard` only (NMJL practice): what the discard was claimed for, the tile as named, the director's ruling on an exposure */
  for?: 'mah-jongg' | 'exposure';
  named?: TileKind;
  ruling?: 'keep-exposure' | 'dead';
  /** ms since epoch */
  at: number;
  ref: string;
}

/** Version 1: a 4-player count check (version 2: a `count-check` action): `counted[p]` tiles in player p's rack and on its top (rack readers); `skip` players not judged. */
export interface StandardCount {
  at: number;
  ref: string;
  skip: number[];
  counted: number[];
}

/** Version 1: a refused Charleston pass that went on as read (version 2: `stray` moves): each player's rack (tile kinds; ids are read too) as the readers held it. */
export interface AsRead {
  at: number;
  ref: string;
  racks: NamedTile[][];
}

/** Version 1: the hub ended the game here (version 2: a `stop` action): `reason` as the views say it; `choice` when the director chose after a restart. */
export interface RecordStop {
  at: number;
  ref: string;
  reason: string;
  choice?: 'score' | 'void' | 'replay';
}

/** The director's standing ruling on a flag of the game (the latest one stands). */
export interface RecordRuling {
  flagId: string;
  ruling: 'confirm' | 'dismiss';
  /** with a confirm of a 003 rule 20 flag where the rule is silent: the rack (index) chosen to die */
  deadRack?: number;
  by: string;
  at: number;
}

/**
 * The director's correction of what the readers saw of one move of the game (`ref`, the move's
 * event): `place`, one end of the move was another place (`end`: `from` or `to`; `was` as read,
 * null when first seen); `tile`, the tag is another tile (`swap`: the tag that held it, now `was`).
 * The actions of the record are the game as corrected: a correction line is what the readers saw
 * beside it, refereeing does not apply it again.
 */
export type RecordCorrection =
  | { kind: 'place'; ref: string; end: 'from' | 'to'; was: Place | null; place: Place; by: string; at: number }
  | { kind: 'tile'; ref: string; tag: string; was: TileId; tile: TileId; swap?: { tag: string; was: TileId; tile: TileId }; by: string; at: number };

/** One line after the header (version 2). */
export type RecordLine = { action: Action } | { ruling: RecordRuling } | { correction: RecordCorrection };

/** A whole record (version 2). */
export interface GameRecord {
  header: RecordHeader;
  lines: RecordLine[];
}

/** One line of a version 1 record. */
export type RecordLineV1 = { action: GameAction | StandardLineV1 } | { entry: StandardEntry } | { count: StandardCount } | { asRead: AsRead } | { stop: RecordStop } | { ruling: RecordRuling };

/** A whole version 1 record (rules/GAME-RECORD.md, "Version 1"), as written before version 2. */
export interface GameRecordV1 {
  header: RecordHeaderV1;
  lines: RecordLineV1[];
}

/** A record of either version, as read. */
export type AnyGameRecord = GameRecord | GameRecordV1;

/** True when `r` is a version 1 record. */
export const isVersion1 = (r: AnyGameRecord): r is GameRecordV1 => r.header.version === 1;

/** A record that cannot be read: `line` (1-based) and `field` (a path such as `action.tile`) say where. */
export class GameRecordError extends Error {
  constructor(
    readonly line: number,
    readonly field: string,
    problem: string,
  ) {
    super(`line ${line}${field ? `, field ${field}` : ''}: ${problem}`);
    this.name = 'GameRecordError';
  }
}

/** The record as text (version 2): the header line, then one line per entry, each ending in a newline. */
export function writeGameRecord(r: GameRecord): string {
  return [r.header, ...r.lines].map((l) => JSON.stringify(l)).join('\n') + '\n';
}

// ---------------------------------------------------------------- reading

type Obj = Record<string, unknown>;

/** A validator of one line: `bad(field, problem)` throws naming the line. */
class Check {
  constructor(readonly line: number) {}
  bad(field: string, problem: string): never {
    throw new GameRecordError(this.line, field, problem);
  }
  obj(v: unknown, field: string): Obj {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) this.bad(field, `must be an object, not ${show(v)}`);
    return v as Obj;
  }
  str(o: Obj, k: string, at: string): string {
    const v = o[k];
    if (typeof v !== 'string') this.bad(path(at, k), `must be a string, not ${show(v)}`);
    return v;
  }
  int(o: Obj, k: string, at: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    const v = o[k];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) this.bad(path(at, k), `must be a whole number ${min}-${max === Number.MAX_SAFE_INTEGER ? '…' : max}, not ${show(v)}`);
    return v;
  }
  num(o: Obj, k: string, at: string): number {
    const v = o[k];
    if (typeof v !== 'number' || !Number.isFinite(v)) this.bad(path(at, k), `must be a number, not ${show(v)}`);
    return v;
  }
  bool(o: Obj, k: string, at: string): boolean {
    const v = o[k];
    if (typeof v !== 'boolean') this.bad(path(at, k), `must be true or false, not ${show(v)}`);
    return v;
  }
  arr(o: Obj, k: string, at: string): unknown[] {
    const v = o[k];
    if (!Array.isArray(v)) this.bad(path(at, k), `must be a list, not ${show(v)}`);
    return v;
  }
  oneOf<T extends string>(o: Obj, k: string, at: string, values: readonly T[]): T {
    const v = o[k];
    if (typeof v !== 'string' || !values.includes(v as T)) this.bad(path(at, k), `must be one of ${values.join(', ')}, not ${show(v)}`);
    return v as T;
  }
  tile(o: Obj, k: string, at: string): void {
    const v = o[k];
    if (typeof v !== 'string' || !isTileId(v)) this.bad(path(at, k), `must be a tile id such as "5B#3", not ${show(v)}`);
  }
  kind(v: unknown, field: string): void {
    if (typeof v !== 'string' || !isTileKind(v)) this.bad(field, `must be a tile kind such as "5B", not ${show(v)}`);
  }
  kinds(v: unknown, field: string): void {
    if (!Array.isArray(v)) this.bad(field, `must be a list of tile kinds, not ${show(v)}`);
    v.forEach((t, i) => this.kind(t, `${field}[${i}]`));
  }
  /** A 4-player tile: a kind such as "5B" (what version 1 writes), or an id such as "5B#3". */
  named(v: unknown, field: string): void {
    if (typeof v !== 'string' || !(isTileId(v) || isTileKind(v))) this.bad(field, `must be a tile kind such as "5B", not ${show(v)} (or a tile id such as "5B#3")`);
  }
  nameds(v: unknown, field: string): void {
    if (!Array.isArray(v)) this.bad(field, `must be a list of tile kinds (or ids), not ${show(v)}`);
    v.forEach((t, i) => this.named(t, `${field}[${i}]`));
  }
  ints(v: unknown, field: string, min = 0, max = Number.MAX_SAFE_INTEGER): void {
    if (!Array.isArray(v)) this.bad(field, `must be a list of whole numbers, not ${show(v)}`);
    v.forEach((n, i) => {
      if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) this.bad(`${field}[${i}]`, `must be a whole number ${min}-${max}, not ${show(n)}`);
    });
  }
  only(o: Obj, at: string, keys: readonly string[]): void {
    for (const k of Object.keys(o)) if (!keys.includes(k)) this.bad(path(at, k), `is not a field of this line (fields: ${keys.join(', ')})`);
  }
  place(o: Obj, k: string, at: string, nullable = false): void {
    const v = o[k];
    if (v === null && nullable) return;
    const p = this.obj(v, path(at, k));
    const f = path(at, k);
    const area = this.oneOf(p, 'area', f, ['wall', 'rack', 'top', 'floor'] as const);
    if (area === 'wall') {
      this.only(p, f, ['area', 'wall']);
      this.int(p, 'wall', f);
    } else if (area === 'floor') this.only(p, f, ['area']);
    else {
      this.only(p, f, ['area', 'player', 'rack']);
      this.int(p, 'player', f);
      this.int(p, 'rack', f);
    }
  }
}

const path = (at: string, k: string) => (at ? `${at}.${k}` : k);
const show = (v: unknown): string => {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 57)}...` : s;
};

const SIAMESE_ACTIONS = ['pick', 'discard', 'call', 'arrange', 'build', 'other-move', 'count-check', 'director-entry', 'readers-heard'] as const;
const STANDARD_ACTIONS = ['deal', 'pass', 'second-charleston', 'courtesy', 'pick', 'discard', 'call', 'expose', 'joker-exchange', 'mah-jongg', 'wall-game'] as const;
const CALLS = ['pung', 'kong', 'quint', 'sextet', 'mah-jongg', 'pair', 'single'] as const;

function checkWindow(c: Check, o: Obj, k: string, at: string): void {
  const w = c.obj(o[k], path(at, k));
  c.only(w, path(at, k), ['from', 'to']);
  c.num(w, 'from', path(at, k));
  c.num(w, 'to', path(at, k));
}

function checkUnseen(c: Check, o: Obj, at: string): void {
  if (o.unseen === undefined) return;
  c.arr(o, 'unseen', at).forEach((u, i) => {
    const f = `${at}.unseen[${i}]`;
    const r = c.obj(u, f);
    c.only(r, f, ['player', 'rack']);
    c.int(r, 'player', f);
    c.int(r, 'rack', f);
  });
}

/** A Siamese referee action (rules/record/v1-actions.ts). */
function checkSiameseAction(c: Check, a: Obj, at: string): void {
  const type = c.oneOf(a, 'type', at, SIAMESE_ACTIONS);
  c.num(a, 'at', at);
  c.str(a, 'ref', at);
  if (a.unheard !== undefined && a.unheard !== true) c.bad(`${at}.unheard`, `must be true or absent, not ${show(a.unheard)}`);
  if (a.left !== undefined) checkWindow(c, a, 'left', at);
  const base = ['type', 'at', 'ref', 'unheard', 'left'];
  switch (type) {
    case 'pick':
      c.only(a, at, [...base, 'player', 'wall', 'to', 'tile']);
      c.int(a, 'player', at);
      c.int(a, 'wall', at);
      c.place(a, 'to', at);
      c.tile(a, 'tile', at);
      break;
    case 'discard':
      c.only(a, at, [...base, 'player', 'from', 'tile', 'unseen']);
      c.int(a, 'player', at);
      c.place(a, 'from', at);
      c.tile(a, 'tile', at);
      checkUnseen(c, a, at);
      break;
    case 'call':
      c.only(a, at, [...base, 'player', 'to', 'tile']);
      c.int(a, 'player', at);
      c.place(a, 'to', at);
      c.tile(a, 'tile', at);
      break;
    case 'arrange':
      c.only(a, at, [...base, 'player', 'from', 'to', 'tile']);
      c.int(a, 'player', at);
      c.place(a, 'from', at);
      c.place(a, 'to', at);
      c.tile(a, 'tile', at);
      break;
    case 'build':
      c.only(a, at, [...base, 'wall', 'from', 'tile']);
      c.int(a, 'wall', at);
      c.place(a, 'from', at, true);
      c.tile(a, 'tile', at);
      break;
    case 'other-move':
      c.only(a, at, [...base, 'from', 'to', 'tile', 'unseen']);
      c.place(a, 'from', at, true);
      c.place(a, 'to', at);
      c.tile(a, 'tile', at);
      checkUnseen(c, a, at);
      break;
    case 'count-check':
      c.only(a, at, [...base, 'skipPlayers']);
      c.ints(a.skipPlayers, `${at}.skipPlayers`);
      break;
    case 'director-entry':
      c.only(a, at, [...base, 'entry', 'player', 'rack']);
      c.oneOf(a, 'entry', at, ['misnamed-discard'] as const);
      c.int(a, 'player', at);
      c.int(a, 'rack', at);
      break;
    case 'readers-heard':
      c.only(a, at, base);
      break;
  }
}

/** A version 1 4-player action line (./upgrade-standard.ts `StandardLineV1`). */
function checkStandardAction(c: Check, a: Obj, at: string): void {
  const type = c.oneOf(a, 'type', at, STANDARD_ACTIONS);
  c.num(a, 'at', at);
  c.str(a, 'ref', at);
  if (a.unheard !== undefined) c.ints(a.unheard, `${at}.unheard`, 0, 3);
  const base = ['type', 'at', 'ref', 'unheard'];
  const seat = () => c.int(a, 'player', at, 0, 3);
  const perSeat = (k: string) => {
    const v = c.arr(a, k, at);
    if (v.length !== 4) c.bad(`${at}.${k}`, `must have 4 entries (one per seat), not ${v.length}`);
    return v;
  };
  switch (type) {
    case 'deal':
      c.only(a, at, [...base, 'hands', 'wallSize']);
      perSeat('hands').forEach((h, i) => c.nameds(h, `${at}.hands[${i}]`));
      if (a.wallSize !== undefined) c.int(a, 'wallSize', at);
      break;
    case 'pass':
      c.only(a, at, [...base, 'tiles', 'blind']);
      perSeat('tiles').forEach((h, i) => c.nameds(h, `${at}.tiles[${i}]`));
      if (a.blind !== undefined) c.ints(a.blind, `${at}.blind`, 0, 3);
      break;
    case 'second-charleston':
      c.only(a, at, [...base, 'wants']);
      perSeat('wants').forEach((w, i) => {
        if (typeof w !== 'boolean') c.bad(`${at}.wants[${i}]`, `must be true or false, not ${show(w)}`);
      });
      break;
    case 'courtesy':
      c.only(a, at, [...base, 'wishes', 'tiles']);
      c.ints(perSeat('wishes'), `${at}.wishes`, 0, 3);
      perSeat('tiles').forEach((h, i) => c.nameds(h, `${at}.tiles[${i}]`));
      break;
    case 'pick':
    case 'discard':
      c.only(a, at, [...base, 'player', 'tile']);
      seat();
      c.named(a.tile, `${at}.tile`);
      break;
    case 'call':
      c.only(a, at, [...base, 'calls']);
      c.arr(a, 'calls', at).forEach((x, i) => {
        const f = `${at}.calls[${i}]`;
        const o = c.obj(x, f);
        c.only(o, f, ['player', 'for', 'intoRack']);
        c.int(o, 'player', f, 0, 3);
        c.oneOf(o, 'for', f, CALLS);
        if (o.intoRack !== undefined) c.bool(o, 'intoRack', f);
      });
      break;
    case 'expose':
      c.only(a, at, [...base, 'player', 'tiles']);
      seat();
      c.nameds(a.tiles, `${at}.tiles`);
      break;
    case 'joker-exchange':
      c.only(a, at, [...base, 'player', 'owner', 'exposure', 'joker', 'tile']);
      seat();
      c.int(a, 'owner', at, 0, 3);
      c.int(a, 'exposure', at);
      if (a.joker !== undefined) c.named(a.joker, `${at}.joker`);
      c.named(a.tile, `${at}.tile`);
      break;
    case 'mah-jongg':
      c.only(a, at, [...base, 'player', 'exposedBy']);
      seat();
      if (a.exposedBy !== undefined) c.ints(a.exposedBy, `${at}.exposedBy`, 0, 3);
      break;
    case 'wall-game':
      c.only(a, at, base);
      break;
  }
}

/** The director's ruling line (both versions). */
function checkRuling(c: Check, v: Obj, k: string): void {
  c.only(v, k, ['flagId', 'ruling', 'deadRack', 'by', 'at']);
  c.str(v, 'flagId', k);
  c.oneOf(v, 'ruling', k, ['confirm', 'dismiss'] as const);
  if (v.deadRack !== undefined) c.int(v, 'deadRack', k);
  c.str(v, 'by', k);
  c.num(v, 'at', k);
}

/** The director's correction line (version 2). */
function checkCorrection(c: Check, v: Obj, k: string): void {
  const kind = c.oneOf(v, 'kind', k, ['place', 'tile'] as const);
  if (kind === 'place') {
    c.only(v, k, ['kind', 'ref', 'end', 'was', 'place', 'by', 'at']);
    c.oneOf(v, 'end', k, ['from', 'to'] as const);
    c.place(v, 'was', k, true);
    c.place(v, 'place', k);
  } else {
    c.only(v, k, ['kind', 'ref', 'tag', 'was', 'tile', 'swap', 'by', 'at']);
    c.str(v, 'tag', k);
    c.tile(v, 'was', k);
    c.tile(v, 'tile', k);
    if (v.swap !== undefined) {
      const sw = c.obj(v.swap, `${k}.swap`);
      c.only(sw, `${k}.swap`, ['tag', 'was', 'tile']);
      c.str(sw, 'tag', `${k}.swap`);
      c.tile(sw, 'was', `${k}.swap`);
      c.tile(sw, 'tile', `${k}.swap`);
    }
  }
  c.str(v, 'ref', k);
  c.str(v, 'by', k);
  c.num(v, 'at', k);
}

/** The action types each table's record holds (version 2; rules/game/actions.ts). */
const V2_ACTIONS = {
  siamese: ['build', 'pick', 'discard', 'call', 'expose', 'arrange', 'exchange', 'mah-jongg', 'stray', 'count-check', 'readers-heard', 'director-entry', 'stop'],
  standard: ['deal', 'pass', 'charleston-vote', 'courtesy', 'pick', 'discard', 'call', 'expose', 'exchange', 'mah-jongg', 'wall-game', 'stray', 'count-check', 'director-entry', 'stop'],
} as const satisfies Record<RecordHeader['kind'], readonly Action['type'][]>;
const V2_ENTRIES = {
  siamese: ['misnamed-discard', 'misnamed-exposure'],
  standard: ['looked-at-stolen-tile', 'dead-declared-in-error', 'announced-line', 'declared-dead', 'misnamed-discard'],
} as const;

function checkHearing(c: Check, a: Obj, at: string): void {
  if (a.hearing === undefined) return;
  const f = `${at}.hearing`;
  const h = c.obj(a.hearing, f);
  c.only(h, f, ['players', 'racks', 'zones', 'left']);
  c.ints(h.players, `${f}.players`);
  c.arr(h, 'racks', f).forEach((r, i) => {
    const g = `${f}.racks[${i}]`;
    const o = c.obj(r, g);
    c.only(o, g, ['player', 'rack']);
    c.int(o, 'player', g);
    c.int(o, 'rack', g);
  });
  if (h.zones !== undefined) c.oneOf(h, 'zones', f, ['unheard', 'reconciling'] as const);
  if (h.left !== undefined) checkWindow(c, h, 'left', f);
}

/** A list of tile ids at `field`. */
function checkIds(c: Check, v: unknown, field: string): void {
  if (!Array.isArray(v)) c.bad(field, `must be a list of tile ids, not ${show(v)}`);
  v.forEach((t, i) => {
    if (typeof t !== 'string' || !isTileId(t)) c.bad(`${field}[${i}]`, `must be a tile id such as "5B#3", not ${show(t)}`);
  });
}

/** A version 2 action (rules/game/actions.ts `Action`) of a `kind` table: every field by type, tiles by id. */
function checkAction(c: Check, kind: RecordHeader['kind'], a: Obj, at: string): void {
  const type = c.oneOf(a, 'type', at, V2_ACTIONS[kind]);
  c.num(a, 'at', at);
  c.str(a, 'ref', at);
  checkHearing(c, a, at);
  const seats = kind === 'siamese' ? 2 : 4;
  const base = ['type', 'at', 'ref', 'hearing'];
  const fields = (...k: string[]) => c.only(a, at, [...base, ...k]);
  const seat = (k = 'player') => c.int(a, k, at, 0, seats - 1);
  const perSeat = (k: string) => {
    const v = c.arr(a, k, at);
    if (v.length !== seats) c.bad(`${at}.${k}`, `must have ${seats} entries (one per seat), not ${v.length}`);
    return v;
  };
  switch (type) {
    case 'build':
      fields('wall', 'tile', 'from');
      c.int(a, 'wall', at);
      c.tile(a, 'tile', at);
      c.place(a, 'from', at, true);
      break;
    case 'deal':
      fields('hands', 'walls');
      perSeat('hands').forEach((h, p) => {
        if (!Array.isArray(h)) c.bad(`${at}.hands[${p}]`, `must be a list of racks (lists of tile ids), not ${show(h)}`);
        h.forEach((r, i) => checkIds(c, r, `${at}.hands[${p}][${i}]`));
      });
      if (a.walls !== undefined) c.arr(a, 'walls', at).forEach((w, i) => checkIds(c, w, `${at}.walls[${i}]`));
      break;
    case 'pick':
      fields('player', 'wall', 'tile', 'to');
      seat();
      c.int(a, 'wall', at);
      c.tile(a, 'tile', at);
      c.place(a, 'to', at);
      break;
    case 'pass':
      fields('tiles', 'blind');
      perSeat('tiles').forEach((t, i) => checkIds(c, t, `${at}.tiles[${i}]`));
      if (a.blind !== undefined) c.ints(a.blind, `${at}.blind`, 0, 3);
      break;
    case 'charleston-vote':
      fields('wants');
      perSeat('wants').forEach((w, i) => {
        if (typeof w !== 'boolean') c.bad(`${at}.wants[${i}]`, `must be true or false, not ${show(w)}`);
      });
      break;
    case 'courtesy':
      fields('wishes', 'tiles');
      c.ints(perSeat('wishes'), `${at}.wishes`, 0, 3);
      perSeat('tiles').forEach((t, i) => checkIds(c, t, `${at}.tiles[${i}]`));
      break;
    case 'discard':
      fields('player', 'tile', 'from');
      seat();
      c.tile(a, 'tile', at);
      c.place(a, 'from', at);
      break;
    case 'call':
      fields('player', 'tile', 'to', 'for', 'rivals');
      seat();
      c.tile(a, 'tile', at);
      c.place(a, 'to', at);
      if (a.for !== undefined) c.oneOf(a, 'for', at, CALLS);
      if (a.rivals !== undefined)
        c.arr(a, 'rivals', at).forEach((x, i) => {
          const f = `${at}.rivals[${i}]`;
          const o = c.obj(x, f);
          c.only(o, f, ['player', 'for', 'to']);
          c.int(o, 'player', f, 0, seats - 1);
          c.oneOf(o, 'for', f, CALLS);
          if (o.to !== undefined) c.place(o, 'to', f);
        });
      break;
    case 'expose':
      fields('player', 'rack', 'tiles', 'called');
      seat();
      c.int(a, 'rack', at);
      checkIds(c, a.tiles, `${at}.tiles`);
      if (a.called !== undefined) c.tile(a, 'called', at);
      break;
    case 'arrange':
      fields('player', 'tile', 'from', 'to');
      seat();
      c.tile(a, 'tile', at);
      c.place(a, 'from', at);
      c.place(a, 'to', at);
      break;
    case 'exchange':
      fields('player', 'owner', 'rack', 'exposure', 'joker', 'given', 'to');
      seat();
      seat('owner');
      c.int(a, 'rack', at);
      if (a.exposure !== undefined) c.int(a, 'exposure', at);
      c.tile(a, 'joker', at);
      c.tile(a, 'given', at);
      if (a.to !== undefined) c.place(a, 'to', at);
      break;
    case 'mah-jongg':
      fields('player', 'rack', 'exposedBy');
      seat();
      c.int(a, 'rack', at);
      if (a.exposedBy !== undefined) c.ints(a.exposedBy, `${at}.exposedBy`, 0, seats - 1);
      break;
    case 'wall-game':
    case 'readers-heard':
      fields();
      break;
    case 'stray':
      fields('tile', 'from', 'to');
      c.tile(a, 'tile', at);
      c.place(a, 'from', at, true);
      c.place(a, 'to', at);
      break;
    case 'count-check':
      fields('skipPlayers', 'counted');
      c.ints(a.skipPlayers, `${at}.skipPlayers`, 0, seats - 1);
      if (a.counted !== undefined) {
        perSeat('counted').forEach((r, i) => c.ints(r, `${at}.counted[${i}]`));
      }
      break;
    case 'director-entry':
      fields('entry', 'player', 'rack', 'by', 'named', 'for', 'ruling', 'declared', 'line', 'unseenRacks');
      c.oneOf(a, 'entry', at, V2_ENTRIES[kind]);
      seat();
      c.int(a, 'rack', at);
      if (a.by !== undefined) c.str(a, 'by', at);
      if (a.named !== undefined) c.kind(a.named, `${at}.named`);
      if (a.for !== undefined) c.oneOf(a, 'for', at, ['mah-jongg', 'exposure'] as const);
      if (a.ruling !== undefined) c.oneOf(a, 'ruling', at, ['keep-exposure', 'dead'] as const);
      if (a.declared !== undefined) seat('declared');
      if (a.line !== undefined && (typeof a.line !== 'string' || a.line.length === 0)) c.bad(`${at}.line`, `must be a card line's id, not ${show(a.line)}`);
      if (a.unseenRacks !== undefined) c.ints(a.unseenRacks, `${at}.unseenRacks`);
      break;
    case 'stop':
      fields('reason', 'choice');
      c.str(a, 'reason', at);
      if (a.choice !== undefined) c.oneOf(a, 'choice', at, ['score', 'void', 'replay'] as const);
      break;
  }
}

/** A version 2 line: `action`, `ruling` or `correction`. */
function checkLineV2(c: Check, kind: RecordHeader['kind'], o: Obj): RecordLine {
  const keys = Object.keys(o);
  const known = ['action', 'ruling', 'correction'];
  if (keys.length !== 1 || !known.includes(keys[0]!)) {
    const v1 = keys.length === 1 && ['entry', 'count', 'asRead', 'stop'].includes(keys[0]!) ? ` ("${keys[0]}" is a version 1 line; in version 2 it is an action)` : '';
    c.bad('', `a version 2 record's line is an object with exactly one of the keys action, ruling, correction; this one has ${keys.length ? keys.join(', ') : 'none'}${v1}`);
  }
  const k = keys[0]!;
  const v = c.obj(o[k], k);
  if (k === 'action') checkAction(c, kind, v, k);
  else if (k === 'correction') checkCorrection(c, v, k);
  else checkRuling(c, v, k);
  return o as RecordLine;
}

/** The header's `walls`: a list per wall of tile ids, every tile at most once. */
function checkWalls(c: Check, h: Obj): void {
  const seen = new Set<string>();
  c.arr(h, 'walls', '').forEach((w, i) => {
    if (!Array.isArray(w)) c.bad(`walls[${i}]`, `must be a list of tile ids, not ${show(w)}`);
    w.forEach((t, j) => {
      if (typeof t !== 'string' || !isTileId(t)) c.bad(`walls[${i}][${j}]`, `must be a tile id such as "5B#3", not ${show(t)}`);
      if (seen.has(t)) c.bad(`walls[${i}][${j}]`, `${t} is in the walls twice`);
      seen.add(t);
    });
  });
}

function checkHeader(c: Check, h: Obj): RecordHeader | RecordHeaderV1 {
  if (h.format !== GAME_RECORD_FORMAT) c.bad('format', `must be "${GAME_RECORD_FORMAT}" (a game record's header), not ${show(h.format)}`);
  if (!GAME_RECORD_VERSIONS.includes(h.version as 1 | 2)) c.bad('version', `this reader knows versions ${GAME_RECORD_VERSIONS.join(' and ')}, not ${show(h.version)}`);
  const v1 = h.version === 1;
  const kind = c.oneOf(h, 'kind', '', ['siamese', 'standard'] as const);
  c.str(h, 'tableId', '');
  c.int(h, 'gameNo', '', 1);
  const players = c.arr(h, 'players', '');
  const nPlayers = kind === 'siamese' ? 2 : 4;
  if (players.length !== nPlayers) c.bad('players', `a ${kind} table has ${nPlayers} players, not ${players.length}`);
  players.forEach((p, i) => {
    if (typeof p !== 'string') c.bad(`players[${i}]`, `must be a name, not ${show(p)}`);
  });
  const cards = c.arr(h, 'cards', '');
  if (cards.length === 0) c.bad('cards', 'must name at least one card');
  cards.forEach((x, i) => {
    const f = `cards[${i}]`;
    const o = c.obj(x, f);
    c.only(o, f, ['id', 'sha256']);
    c.str(o, 'id', f);
    if (typeof o.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(o.sha256)) c.bad(`${f}.sha256`, `must be 64 lowercase hex digits (SHA-256 of the card file), not ${show(o.sha256)}`);
  });
  const common = ['format', 'version', 'kind', 'tableId', 'gameNo', 'players', 'cards', 'scoring'];
  const scoring = c.obj(h.scoring, 'scoring');
  if (kind === 'siamese') {
    c.only(h, '', [...common, 'racksPerPlayer', 'tilesPerWall', 'wallOrder', 'walls']);
    c.int(h, 'racksPerPlayer', '', 1);
    c.int(h, 'tilesPerWall', '', 1);
    c.ints(h.wallOrder, 'wallOrder');
    checkWalls(c, h);
    c.only(scoring, 'scoring', Object.keys(SIAMESE_SCORING));
    c.str(scoring, 'name', 'scoring');
    c.oneOf(scoring, 'countRule', 'scoring', ['18D', '18A'] as const);
  } else {
    c.only(h, '', [...common, 'killingExposureJokersInPlay', ...(v1 ? [] : ['walls', 'nmjlPractice'])]);
    if (!v1) checkWalls(c, h);
    if (h.nmjlPractice !== undefined) {
      const practice = c.obj(h.nmjlPractice, 'nmjlPractice');
      const keys = Object.keys(NMJL_PRACTICE_DEFAULTS);
      c.only(practice, 'nmjlPractice', keys);
      for (const k of keys) c.bool(practice, k, 'nmjlPractice');
    }
    if (h.killingExposureJokersInPlay !== undefined && typeof h.killingExposureJokersInPlay !== 'boolean')
      c.bad('killingExposureJokersInPlay', `must be true or false, not ${show(h.killingExposureJokersInPlay)}`);
    // the scoring settings, complete (rules/scoring/settings.ts)
    const problem = scoringSettingsProblem(scoring);
    // "selfPicked must be …" names the key: the field is scoring.selfPicked
    const named = problem ? /^([A-Za-z][\w.]*) (.*)$/.exec(problem) : null;
    if (problem) c.bad(named && named[1] !== 'must' ? `scoring.${named[1]}` : 'scoring', named && named[1] !== 'must' ? named[2]! : problem);
  }
  return h as unknown as RecordHeader | RecordHeaderV1;
}

/** A version 1 line. */
function checkLineV1(c: Check, kind: RecordHeader['kind'], o: Obj): RecordLineV1 {
  const keys = Object.keys(o);
  const known = kind === 'siamese' ? ['action', 'stop', 'ruling'] : ['action', 'entry', 'count', 'asRead', 'stop', 'ruling'];
  if (keys.length !== 1 || !known.includes(keys[0]!))
    c.bad('', `a ${kind} record's line is an object with exactly one of the keys ${known.join(', ')}; this one has ${keys.length ? keys.join(', ') : 'none'}`);
  const k = keys[0]!;
  const v = c.obj(o[k], k);
  switch (k) {
    case 'action':
      if (kind === 'siamese') checkSiameseAction(c, v, k);
      else checkStandardAction(c, v, k);
      break;
    case 'entry':
      c.only(v, k, ['entry', 'player', 'rack', 'by', 'at', 'ref', 'line', 'declared', 'for', 'named', 'ruling']);
      c.oneOf(v, 'entry', k, ['looked-at-stolen-tile', 'dead-declared-in-error', 'announced-line', 'declared-dead', 'misnamed-discard'] as const);
      if (v.declared !== undefined) c.int(v, 'declared', k, 0, 3);
      if (v.for !== undefined) c.oneOf(v, 'for', k, ['mah-jongg', 'exposure'] as const);
      if (v.named !== undefined && (typeof v.named !== 'string' || !isTileKind(v.named))) c.bad(`${k}.named`, `must be a tile kind such as "5D", not ${show(v.named)}`);
      if (v.ruling !== undefined) c.oneOf(v, 'ruling', k, ['keep-exposure', 'dead'] as const);
      if (v.line !== undefined && (typeof v.line !== 'string' || v.line.length === 0)) c.bad(`${k}.line`, `must be a card line's id, not ${show(v.line)}`);
      c.int(v, 'player', k, 0, 3);
      c.int(v, 'rack', k, 0, 0);
      c.str(v, 'by', k);
      c.num(v, 'at', k);
      c.str(v, 'ref', k);
      break;
    case 'count':
      c.only(v, k, ['at', 'ref', 'skip', 'counted']);
      c.num(v, 'at', k);
      c.str(v, 'ref', k);
      c.ints(v.skip, `${k}.skip`, 0, 3);
      c.ints(v.counted, `${k}.counted`);
      if ((v.counted as unknown[]).length !== 4) c.bad(`${k}.counted`, `must have 4 entries (one per seat), not ${(v.counted as unknown[]).length}`);
      break;
    case 'asRead':
      c.only(v, k, ['at', 'ref', 'racks']);
      c.num(v, 'at', k);
      c.str(v, 'ref', k);
      c.arr(v, 'racks', k).forEach((r, i) => c.nameds(r, `${k}.racks[${i}]`));
      break;
    case 'stop':
      c.only(v, k, ['at', 'ref', 'reason', 'choice']);
      c.num(v, 'at', k);
      c.str(v, 'ref', k);
      c.str(v, 'reason', k);
      if (v.choice !== undefined) c.oneOf(v, 'choice', k, ['score', 'void', 'replay'] as const);
      break;
    case 'ruling':
      checkRuling(c, v, k);
      break;
  }
  return o as RecordLineV1;
}

/**
 * Reads a record's text (rules/GAME-RECORD.md), version 2 or version 1, checking every line and
 * field. Blank lines are allowed only at the end. A version 1 record comes back as it is written
 * ({@link GameRecordV1}): rules/record/upgrade.ts `upgradeV1` makes it version 2.
 * @throws GameRecordError naming the line (1-based) and the field of the first thing wrong: not
 *   JSON, not a record header (format, version), a field missing, of the wrong type or unknown, a
 *   tile that is not a tile, a line of a kind the table has not, a ruling on a flag of another game
 */
export function parseGameRecord(text: string): AnyGameRecord {
  const raw = text.split(/\r?\n/);
  while (raw.length && raw[raw.length - 1]!.trim() === '') raw.pop();
  if (raw.length === 0) throw new GameRecordError(1, '', 'the record is empty (line 1 is its header)');
  const parsed = raw.map((l, i) => {
    const c = new Check(i + 1);
    if (l.trim() === '') c.bad('', 'a blank line inside the record');
    try {
      return JSON.parse(l) as unknown;
    } catch {
      // the parser's own words quote the text: a record's line is named, never echoed
      return c.bad('', 'not JSON (each line of a record is one JSON object)');
    }
  });
  const header = checkHeader(new Check(1), new Check(1).obj(parsed[0], ''));
  const lines = parsed.slice(1).map((o, i) => {
    const c = new Check(i + 2);
    const line = header.version === 1 ? checkLineV1(c, header.kind, c.obj(o, '')) : checkLineV2(c, header.kind, c.obj(o, ''));
    if ('ruling' in line && !line.ruling.flagId.startsWith(`g${header.gameNo}-`))
      c.bad('ruling.flagId', `"${line.ruling.flagId}" is not a flag of game ${header.gameNo} (its flags are g${header.gameNo}-…)`);
    return line;
  });
  return { header, lines } as AnyGameRecord;
}

/** The tiles in each wall (index = wall number) as a referee state's places hold them. */
export function wallsOf(where: ReadonlyMap<TileId, Place>, walls: number): TileId[][] {
  const out: TileId[][] = Array.from({ length: walls }, () => []);
  for (const [tile, p] of where) if (p.area === 'wall') (out[p.wall] ??= []).push(tile);
  return out;
}
