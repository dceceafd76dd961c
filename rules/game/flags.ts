/**
 * One flag shape for both tables (docs/one-engine.md §4). Its words come from the catalogue
 * (rules/wording/flags.ts) by `code` and `params`.
 */
import type { TileId } from '../tiles.js';
import type { FlagCode, FlagParams, FlagSeed, FlagStatus } from '../wording/flags.js';

/** What a flag rests on. */
export interface GameFlagEvidence {
  tiles: TileId[];
  /** evidence references of the actions involved (the hub maps them to reader lines) */
  refs: string[];
  /** tiles per player and rack (inside + top) when the flag was raised */
  counts: number[][];
  /** on a 4-player exposure flag: the exposures judged, each as laid */
  exposures?: TileId[][];
}

/** A rule break the engine witnessed. */
export interface GameFlag {
  /** `g<game>-<idKind>-<ref>` (rules/wording/flags.ts `idKindOf`): unchanged for every flag of the two referees */
  id: string;
  code: FlagCode;
  seed: FlagSeed;
  /** rule and seed, e.g. "003 rule 18C", "000 GAME PLAY: …" */
  rule: string;
  params: FlagParams;
  /** `titleOf(code, params, names)`, kept as raised */
  title: string;
  player: number;
  /** the rack concerned (index, 0 = rack 1), or null */
  rack: number | null;
  /** ms since epoch */
  at: number;
  status: FlagStatus;
  /** `consequenceOf(code, params, names, status)` */
  consequence: string;
  evidence: GameFlagEvidence;
  /** 003 rule 20 silent: the rack that dies unless the director chooses, and the racks a confirm may name */
  deadRackChoice?: { default: number; racks: number[] };
  /** on a 4-player `exposures-fit-no-hand` flag: why no line of the card fits, in words */
  why?: string;
}

/** The game a flag id names (`g<game>-…`, both tables: `g3-wrong-wall-212` is game 3's), or null for an id of another shape. */
export function gameOfFlag(flagId: string): number | null {
  const m = /^g(\d+)-/.exec(flagId);
  return m ? Number(m[1]) : null;
}
