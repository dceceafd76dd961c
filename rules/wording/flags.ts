/**
 * The words of every flag, keyed by the flag's `code`: one catalogue for both tables (the Royale
 * Siamese referee, the 4-player referee and the hub's own 4-player flags) and the display.
 *
 * A flag carries its `code`, its `seed` ('003' on the Siamese table, '000' on the 4-player one:
 * the NMJL rules 000 plays under and the NMJL practice the hub adds count as '000') and its
 * `params` (player and rack indexes, counts, tile kinds: what its words show, nothing more, so a
 * flag's params never name a concealed tile its title does not). `titleOf` and `consequenceOf`
 * build the words from them; names come from the table's player names (index 0 is East).
 *
 * Two codes were renamed from the flag's `kind` (the kinds collided across the tables): the
 * Siamese `illegal-exposure` is `rack-exposures-fit-no-hand` and the Siamese `joker-exchange` is
 * `joker-not-exchangeable`. Their `idKind` keeps the old kind, the segment of the flag's id
 * `g<game>-<kind>-<ref>`, so the ids that stored rulings name do not change.
 */
import { describeExposure, FORBIDDEN_WORDS, type ForbiddenExposure } from '../variants/standard/exposure-judge.js';
import type { TileId, TileKind } from '../tiles.js';

/** The rule sheet a flag belongs to: '003' Royale Siamese, '000' the 4-player tournament (with the NMJL rules it plays under). */
export type FlagSeed = '000' | '003';

/** Why 003 rule 20 chose the hand that dies for a pick from the wrong wall (see `rule20Hand` in rules/variants/siamese.ts). */
export type Rule20Reason = 'mahjongg' | 'exposures' | 'closest' | 'silent' | 'chosen';

/** 003 rule 20's choice in words, as the wrong-wall consequence shows it. */
export const RULE20_WHY: Readonly<Record<Rule20Reason, string>> = {
  mahjongg: 'the hand without the exposed Mah Jongg',
  exposures: 'the hand with exposures',
  closest: 'the hand on the rack closest to the player',
  silent: 'the rule is silent with no exposures: rack 1 until the director chooses',
  chosen: 'the director chose it: the rule is silent with no exposures',
};

/** Why a 4-player joker exchange is refused (NMJL; 000 for `killing`). */
export type BadExchange = 'no-exposure' | 'no-joker' | 'stands-for' | 'not-held' | 'joker-not-in-exposure' | 'killing';

/**
 * The params of each code. `p` a player, `r` a rack index (0 = rack 1), `n` a count of tiles,
 * `want` the count expected; tile kinds as `5B`.
 */
export interface FlagParamsByCode {
  /** 003 rules 18A, 18C, 18D (`rule` present) or NMJL (4-player: `rule` absent) */
  'tile-count': { p: number; n: number; want: number; situation: 'off turn' | 'after picking'; rule?: '18A' | '18C' | '18D'; mjRack?: number; otherRack?: number };
  /** 003 rule 18B (`p`, `dealt`, `want`) or NMJL practice (`players` with their `counts`) */
  misdeal: { p: number; dealt: number; want: number } | { players: number[]; counts: number[] };
  /** 003 rule 20 */
  'wrong-wall': { p: number; wall: number; current: number; r: number; why: Rule20Reason; mayChoose: boolean };
  /** 003 rules 10E and 11 (`r`) or 000 GAME PLAY (`concealed`, `exposedBy`) */
  'mah-jongg-in-error': { p: number; r: number } | { p: number; concealed: boolean; exposedBy: number[] };
  /** 003 rule 11 (the Siamese kind `illegal-exposure`) */
  'rack-exposures-fit-no-hand': { p: number; r: number };
  /** 003 rules 9 and 10C (`from: 'mahjongg'`) or 9 and 15 (the Siamese kind `joker-exchange`) */
  'joker-not-exchangeable': { owner: number; r: number; from: 'mahjongg' | 'killing-exposure' };
  /** 003 rules 15 and 10E */
  'dead-hand-tiles': { p: number; r: number; deadRack: number; used: string[] };
  /** NMJL: `what` is the pass, e.g. "first right pass", "courtesy pass" */
  'joker-passed': { p: number; what: string };
  /** 000 GAME PLAY: `onTurn` the player who had not discarded yet */
  'picking-ahead': { p: number; onTurn: number };
  /** 000 GAME PLAY */
  'out-of-turn': { p: number; what: 'picked' | 'discarded' | 'exchanged' };
  /** 000 GAME PLAY */
  'discard-before-pick': { p: number };
  /** 000 GAME PLAY */
  'call-too-late': { p: number };
  /** NMJL: `for` what the discard was called for */
  'illegal-call': { p: number; for: string };
  /** 000 GAME PLAY: the called tile */
  'called-into-rack': { p: number; tile: TileKind };
  /** NMJL: the group as laid, what the called `tile` was called `for`; both absent: no tile was called */
  'illegal-exposure': { p: number } | { p: number; group: TileKind[]; for: string; tile: TileKind };
  /** 000 GAME PLAY */
  'joker-exchange-before-pick': { p: number };
  /** NMJL (000 for `killing`): `group` the owner's exposure, `natural` the tile its joker stands for, `tile` the tile given */
  'bad-joker-exchange': { p: number; owner: number; exposure: number; bad: BadExchange; group?: TileKind[]; natural?: TileKind; tile: TileKind; joker?: TileId };
  /** NMJL: the group laid */
  'exposed-pair-or-singles': { p: number; what: ForbiddenExposure; group: TileKind[] };
  /** NMJL + 000: `why` the judge's words; `killing` the exposure that made the hand dead, null when every exposure's jokers stay in play */
  'exposures-fit-no-hand': { p: number; exposures: TileKind[][]; why: string; killing: TileKind[] | null };
  /** NMJL: blind passes only on the first left and the last right; `words` the refusal */
  'blind-pass': { p: number; words: string };
  /** NMJL, counted by the rack readers */
  'rack-count': { p: number; counted: number; expected: number };
  /** 000: `words` the verdict (rules/variants/standard/dead-declaration.ts `verdictText`); `dead` the declared hand dies */
  'declared-dead': { declarer: number; declared: number; dead: boolean; words: string };
  /** NMJL practice: a mis-named discard claimed for an exposure (`group`, the director's `ruling`) or for Mah Jongg (`discarder`; `tile` and `named` when it stands as named) */
  'misnamed-discard': { p: number; for: 'exposure'; group: TileKind[]; ruling: 'keep-exposure' | 'dead' } | { p: number; for: 'mah-jongg'; discarder: number; tile?: TileKind; named?: TileKind };
}

/** Every flag code. */
export type FlagCode = keyof FlagParamsByCode;

/** A value of a flag's params (JSON: the record and the views carry it as is). */
export type FlagParamValue = string | number | boolean | null | readonly string[] | readonly number[] | readonly (readonly string[])[];

/** A flag's params as the views carry them. */
export type FlagParams = Readonly<Record<string, FlagParamValue>>;

/** One code's words. */
export interface CatalogueEntry<C extends FlagCode = FlagCode> {
  seeds: readonly FlagSeed[];
  title: (p: FlagParamsByCode[C], names: readonly string[]) => string;
  /** what is applied at once (before any ruling) */
  consequence: (p: FlagParamsByCode[C], names: readonly string[]) => string;
  /** the segment of the flag id when the code was renamed from the kind */
  idKind?: string;
  /** a dismissed flag shows only "dismissed by the director", not what was applied (the hub's flags with no consequence applied) */
  dismissedAlone?: true;
}

/** A player's name: the table's, or "player <index>" for a seat with none. */
export function nameOf(names: readonly string[], p: number): string {
  return names[p] ?? `player ${p}`;
}

const dead = (p: { p: number }, names: readonly string[]) => `${nameOf(names, p.p)}'s hand is dead`;
const refused = () => 'the call is refused';
const rackNo = (r: number) => r + 1;

/** The catalogue: every code's words. */
export const FLAGS: { readonly [C in FlagCode]: CatalogueEntry<C> } = {
  'tile-count': {
    seeds: ['003', '000'],
    title: (p, names) => {
      const head = `${nameOf(names, p.p)} has ${p.n} tiles ${p.situation} (should be ${p.want})`;
      if (p.rule === '18A') return `${head} beside a Mah Jongg: the other hand is dead`;
      if (p.rule) return `${head}${p.rule === '18D' ? ' beside a Mah Jongg' : ''}: both hands dead`;
      return head;
    },
    consequence: (p, names) => {
      const who = nameOf(names, p.p);
      if (p.rule === '18A') return `${who}'s hand on rack ${rackNo(p.otherRack ?? -1)} is dead; the Mah Jongg on rack ${rackNo(p.mjRack ?? -1)} is paid (003 rules 18A, 13)`;
      if (p.rule) return `both of ${who}'s hands are dead; the game ceases and ${who} pays 4 times (003 rule 12)`;
      return `${who}'s hand is dead`;
    },
  },
  misdeal: {
    seeds: ['003', '000'],
    title: (p, names) =>
      'players' in p ? `misdeal: ${misdealWho(p, names)} tiles before East's first discard` : `${nameOf(names, p.p)} had ${p.dealt} tiles right after the deal (should be ${p.want}): misdeal`,
    consequence: (p) => ('players' in p ? 'the tiles are re-dealt; this game is not scored and is played again' : 'misdeal: the tiles are re-dealt, this game does not count'),
  },
  'wrong-wall': {
    seeds: ['003'],
    title: (p, names) => `${nameOf(names, p.p)} picked and racked a tile from wall ${p.wall + 1}; the current wall is ${p.current + 1}: one hand dead`,
    consequence: (p, names) => `${nameOf(names, p.p)}'s hand on rack ${rackNo(p.r)} is dead (${RULE20_WHY[p.why]})${p.mayChoose ? '; the director may choose the other hand' : ''}`,
  },
  'mah-jongg-in-error': {
    seeds: ['003', '000'],
    title: (p, names) =>
      'r' in p
        ? `${nameOf(names, p.p)}'s Mah Jongg on rack ${rackNo(p.r)} fits no hand on the card: that hand is dead`
        : `${nameOf(names, p.p)}'s Mah Jongg fits no hand on the card${p.concealed ? '' : ' (exposures stay, their jokers stay in play)'}`,
    consequence: (p, names) =>
      'r' in p
        ? `${nameOf(names, p.p)}'s hand on rack ${rackNo(p.r)} is dead`
        : `${dead(p, names)}${p.exposedBy.length ? `; ${p.exposedBy.map((q) => nameOf(names, q)).join(' and ')} exposed for it` : ''}`,
  },
  'rack-exposures-fit-no-hand': {
    seeds: ['003'],
    idKind: 'illegal-exposure',
    title: (p, names) => `The exposures on ${nameOf(names, p.p)}'s rack ${rackNo(p.r)} fit no hand on the cards: that hand is dead`,
    consequence: (p, names) => `${nameOf(names, p.p)}'s hand on rack ${rackNo(p.r)} is dead; the other rack plays on (003 rule 11)`,
  },
  'joker-not-exchangeable': {
    seeds: ['003'],
    idKind: 'joker-exchange',
    title: (p, names) =>
      `A joker was taken from ${nameOf(names, p.owner)}'s rack ${rackNo(p.r)}: jokers may not be exchanged from ${p.from === 'mahjongg' ? 'an exposed Mah Jongg' : 'exposures that made the hand dead'}`,
    consequence: () => 'the joker goes back; the director rules on the rest',
  },
  'dead-hand-tiles': {
    seeds: ['003'],
    title: (p, names) => `${nameOf(names, p.p)}'s Mah Jongg on rack ${rackNo(p.r)} uses ${p.used.join(', ')} from the exposures that made the hand on rack ${rackNo(p.deadRack)} dead: refused`,
    consequence: (p, names) => `the Mah Jongg is refused and ${nameOf(names, p.p)}'s hand on rack ${rackNo(p.r)} is dead (a Mah Jongg in error)`,
  },
  'joker-passed': {
    seeds: ['000'],
    title: (p, names) => `${nameOf(names, p.p)} passed a joker in the ${p.what}`,
    consequence: () => 'the joker goes back to the passer; the pass is made without it',
  },
  'picking-ahead': {
    seeds: ['000'],
    title: (p, names) => `${nameOf(names, p.p)} picked before ${nameOf(names, p.onTurn)} discarded`,
    consequence: dead,
  },
  'out-of-turn': {
    seeds: ['000'],
    title: (p, names) => `${nameOf(names, p.p)} ${p.what === 'exchanged' ? 'exchanged a joker' : p.what} out of turn`,
    consequence: dead,
  },
  'discard-before-pick': {
    seeds: ['000'],
    title: (p, names) => `${nameOf(names, p.p)} discarded before picking`,
    consequence: dead,
  },
  'call-too-late': {
    seeds: ['000'],
    title: (p, names) => `${nameOf(names, p.p)} called after the next pick was racked`,
    consequence: refused,
  },
  'illegal-call': {
    seeds: ['000'],
    title: (p, names) => `${nameOf(names, p.p)} called the discard for a ${p.for}`,
    consequence: refused,
  },
  'called-into-rack': {
    seeds: ['000'],
    title: (p, names) => `${nameOf(names, p.p)} put the called ${p.tile} in the rack`,
    consequence: dead,
  },
  'illegal-exposure': {
    seeds: ['000'],
    title: (p, names) => `${nameOf(names, p.p)} exposed ${'group' in p ? `${p.group.join(' ')} for a ${p.for} of ${p.tile}` : 'without a called tile'}`,
    consequence: dead,
  },
  'joker-exchange-before-pick': {
    seeds: ['000'],
    title: (p, names) => `${nameOf(names, p.p)} exchanged a joker before picking`,
    consequence: dead,
  },
  'bad-joker-exchange': {
    seeds: ['000'],
    title: (p, names) => `${nameOf(names, p.p)}'s joker exchange: ${badExchangeWords(p, names)}`,
    consequence: () => 'the exchange is undone',
  },
  'exposed-pair-or-singles': {
    seeds: ['000'],
    title: (p, names) => `${nameOf(names, p.p)} exposed ${FORBIDDEN_WORDS[p.what]} before Mah Jongg: ${p.group.join(' ')}`,
    consequence: dead,
  },
  'exposures-fit-no-hand': {
    seeds: ['000'],
    title: (p, names) => `${nameOf(names, p.p)}'s exposures ${p.exposures.map((e) => e.join(' ')).join(' · ')} fit no hand on the card: ${p.why}`,
    consequence: (p, names) =>
      `${dead(p, names)}; ${p.killing ? `the jokers of the exposures made before ${describeExposure(p.killing)} stay in play, not its own` : 'the jokers of every exposure stay in play'}`,
  },
  'blind-pass': {
    seeds: ['000'],
    dismissedAlone: true,
    title: (p) => p.words,
    consequence: () => 'none: the pass stands as the readers saw it; the director rules',
  },
  'rack-count': {
    seeds: ['000'],
    dismissedAlone: true,
    title: (p, names) => `${nameOf(names, p.p)}'s rack holds ${p.counted} tiles; the game says ${p.expected}`,
    consequence: () => 'none yet: the director counts the rack',
  },
  'declared-dead': {
    seeds: ['000'],
    title: (p, names) => `${nameOf(names, p.declarer)} declared ${nameOf(names, p.declared)}'s hand dead: ${p.words}`,
    consequence: (p, names) => (p.dead ? `${nameOf(names, p.declared)}'s hand is dead` : `declared in error: ${nameOf(names, p.declarer)}'s hand is dead`),
  },
  'misnamed-discard': {
    seeds: ['000'],
    title: (p, names) => {
      const who = nameOf(names, p.p);
      if (p.for === 'exposure') return `${who} called a mis-named discard for the exposure ${p.group.join(' ')}`;
      const from = nameOf(names, p.discarder);
      return p.tile && p.named ? `${who}'s Mah Jongg took ${from}'s discard of ${p.tile}, named ${p.named}` : `${who}'s Mah Jongg took ${from}'s mis-named discard`;
    },
    consequence: (p, names) => {
      const who = nameOf(names, p.p);
      if (p.for === 'exposure') return p.ruling === 'keep-exposure' ? `the director's ruling: ${who} keeps the exposure` : `the director's ruling: ${who}'s hand is dead`;
      const pays = `${nameOf(names, p.discarder)} pays as the discarder of the winning tile`;
      return p.tile && p.named ? `the Mah Jongg stands as named; ${pays}` : pays;
    },
  },
};

function misdealWho(p: { players: number[]; counts: number[] }, names: readonly string[]): string {
  return p.players.map((q, i) => `${nameOf(names, q)} has ${p.counts[i]}`).join(', ');
}

function badExchangeWords(p: FlagParamsByCode['bad-joker-exchange'], names: readonly string[]): string {
  const group = (p.group ?? []).join(' ');
  switch (p.bad) {
    case 'no-exposure':
      return `${nameOf(names, p.owner)} has no exposure ${p.exposure}`;
    case 'no-joker':
      return `${nameOf(names, p.owner)}'s exposure ${group} has no joker`;
    case 'stands-for':
      return `the joker in ${group} stands for ${p.natural}, not ${p.tile}`;
    case 'not-held':
      return `${nameOf(names, p.p)} does not hold ${p.tile}`;
    case 'joker-not-in-exposure':
      return `${p.joker} is not a joker of ${nameOf(names, p.owner)}'s exposure ${group}`;
    case 'killing':
      return `${group} is the exposure that made ${nameOf(names, p.owner)}'s hand dead: its jokers are not in play`;
  }
}

/** A flag's status: awaiting the director (its consequence applied at once), or ruled on. */
export type FlagStatus = 'awaiting-director' | 'confirmed' | 'dismissed';

/** A flag status in the players' words: "awaiting the director", "confirmed", "dismissed". */
export function statusText(status: string): string {
  return status === 'awaiting-director' ? 'awaiting the director' : status;
}

/** A ruled flag's status in the players' words: "confirmed by the director", "dismissed by the director". */
export function ruledText(status: string): string {
  return `${statusText(status)} by the director`;
}

/**
 * The open flags a screen has no room for, in one line (the table display shows the oldest in full):
 * `moreFlagsText(3) === "3 more open flags awaiting the director"`, `moreFlagsText(1) === "1 more open flag awaiting the director"`.
 */
export function moreFlagsText(n: number): string {
  return `${n} more open flag${n === 1 ? '' : 's'} ${statusText('awaiting-director')}`;
}

/** The segment of the flag id for `code`: its `idKind`, else the code itself (`g<game>-<kind>-<ref>`). */
export function idKindOf(code: FlagCode): string {
  return FLAGS[code].idKind ?? code;
}

/** The flag's title, e.g. "Bea has 28 tiles off turn (should be 27): both hands dead". */
export function titleOf<C extends FlagCode>(code: C, params: FlagParamsByCode[C], names: readonly string[]): string {
  return (FLAGS[code] as CatalogueEntry<C>).title(params, names);
}

/**
 * What the flag applied, as shown with its status: a dismissed flag says "dismissed by the
 * director (was: <what was applied>)", or only "dismissed by the director" for a code with no
 * consequence applied (`dismissedAlone`).
 */
export function consequenceOf<C extends FlagCode>(code: C, params: FlagParamsByCode[C], names: readonly string[], status: FlagStatus = 'awaiting-director'): string {
  const entry = FLAGS[code] as CatalogueEntry<C>;
  if (status !== 'dismissed') return entry.consequence(params, names);
  return entry.dismissedAlone ? ruledText('dismissed') : `${ruledText('dismissed')} (was: ${entry.consequence(params, names)})`;
}

/** A code with its own params: what a referee raises (any code). */
export type CodedParams = { [C in FlagCode]: { code: C; params: FlagParamsByCode[C] } }[FlagCode];

/** The title and what the flag applied (as {@link consequenceOf} shows it for `status`) of a coded flag. */
export function wordsOf(f: CodedParams, names: readonly string[], status: FlagStatus = 'awaiting-director'): { title: string; consequence: string } {
  // one code's params go with that code: the union is taken apart here only
  const { code, params } = f as { code: 'call-too-late'; params: FlagParamsByCode['call-too-late'] };
  return { title: titleOf(code, params, names), consequence: consequenceOf(code, params, names, status) };
}

/** Is `code` a code of the catalogue (a view's `code` is a plain string)? */
export function isFlagCode(code: string): code is FlagCode {
  return Object.hasOwn(FLAGS, code);
}

/** How the 4-player game ends when the last live hand dies (both the referee and a director's entry end it so). */
export const EVERY_HAND_DEAD = 'every hand is dead';

/**
 * The end reason of a 4-player game replayed because a third hand died (NMJL practice,
 * rules/variants/standard/misdeal.ts `replayFewerThanTwoIntact`): shown on the table and the
 * director's page; the game is not scored.
 */
export const THREE_HANDS_DEAD_REPLAYED = 'three hands are dead: the game is replayed, no score (NMJL practice)';

/** The end reason of a 4-player misdeal (NMJL practice): the flag's title with its source. */
export function misdealEndReason(p: { players: number[]; counts: number[] }, names: readonly string[]): string {
  return `${titleOf('misdeal', p, names)} (NMJL practice)`;
}
