/**
 * The scoring settings of one event (a tournament, or a social table when no tournament runs):
 * which scoring is played and its numbers, checked once at start and printed wherever a score is
 * shown. Pure: values in, values or errors out.
 *
 * - `tournament` scoring (000, rules/scoring/tournament.ts): the card value plus the bonuses,
 *   the discarder's penalty by the winner's exposures, the wall-game points.
 * - `home` scoring (the back of the NMJL card, rules/scoring/home.ts): the others pay the winner.
 *
 * Readings where the rules leave a choice:
 * - A Mah Jongg completed by a joker exchange (the winner picks from the wall, or calls a discard
 *   for an exposure, then exchanges a tile for a joker of an exposure and the joker completes the
 *   hand; a discard called for an exposure is not the winning tile) counts as self-picked by default:
 *   000 plays "in conjunction with National Mah Jongg League Rules" and says nothing of it; the
 *   NMJL treats such a Mah Jongg as self-picked (the winner took the tile on their own turn, nobody
 *   discarded it). `jokerExchangeSelfPicked: false` scores it without the self-picked bonus (home:
 *   each player pays single) and without a discarder.
 * - The hand is paid at the best line its tiles complete by default (000: "Scoring for each hand
 *   is the same as on the Official Standard Hands and Rules card"); `paidLine: "announced"` pays
 *   the line the player announces, entered by the director (`announced-line`), and the best line
 *   until it is entered.
 */
import { HOME_NMJL, scoreHomeGame, type HomeProfile } from './home.js';
import { TOURNAMENT_000, scoreTournamentGame, type TournamentOutcome, type TournamentProfile, type TournamentScore } from './tournament.js';

/** Which line of the card a Mah Jongg is paid at: the best its tiles complete, or the one the player announces. */
export type PaidLine = 'best' | 'announced';

/**
 * The scoring settings of one event (all numbers in points). One of:
 * - `{ scheme: 'tournament', discarderPenalty, selfPicked, jokerless, wallGame, jokerExchangeSelfPicked, paidLine }`:
 *   `discarderPenalty` is added to the discarder of the winning tile by the winner's exposures
 *   before the Mah Jongg call (`noneOrOne` 0-1, `two`, `threeOrMore` 3-4; 000: −10, −20, −20);
 *   `selfPicked` and `jokerless` are added to the winner (000: +10, +20; no jokerless bonus for
 *   Singles and Pairs); `wallGame` is added to each hand not dead in a wall game (000: +10). The
 *   rest of 000 (dead hands, Mah Jongg in error, a stolen tile looked at) is {@link TOURNAMENT_000}'s.
 * - `{ scheme: 'home', payments, jokerExchangeSelfPicked, paidLine }`: `payments` are the
 *   multiples of the hand value each player pays (NMJL card: discarder 2, the others 1,
 *   self-picked everybody 2, jokerless doubled again except Singles and Pairs).
 * `jokerExchangeSelfPicked` (default true, NMJL) and `paidLine` (default 'best'): see the file comment.
 * Checked by {@link scoringSettingsProblem} (a complete value) and {@link checkScoringConfig} (a config with defaults).
 */
export type ScoringSettings =
  | {
      scheme: 'tournament';
      discarderPenalty: { noneOrOne: number; two: number; threeOrMore: number };
      selfPicked: number;
      jokerless: number;
      wallGame: number;
      jokerExchangeSelfPicked: boolean;
      paidLine: PaidLine;
    }
  | {
      scheme: 'home';
      payments: { discarder: number; othersOnDiscard: number; selfPicked: number; jokerless: number };
      jokerExchangeSelfPicked: boolean;
      paidLine: PaidLine;
    };

/** Tournament settings only. */
export type TournamentScoringSettings = Extract<ScoringSettings, { scheme: 'tournament' }>;
/** Home settings only. */
export type HomeScoringSettings = Extract<ScoringSettings, { scheme: 'home' }>;

/**
 * Scoring settings as a config file gives them: `"tournament"` (000's), `"home"` (the NMJL
 * card's), or an object with some keys of {@link ScoringSettings} (the rest default; see
 * {@link checkScoringConfig}).
 */
export type ScoringConfig =
  | 'tournament'
  | 'home'
  | {
      scheme?: 'tournament' | 'home';
      discarderPenalty?: Partial<TournamentScoringSettings['discarderPenalty']>;
      selfPicked?: number;
      jokerless?: number;
      wallGame?: number;
      payments?: Partial<HomeScoringSettings['payments']>;
      jokerExchangeSelfPicked?: boolean;
      paidLine?: PaidLine;
    };

/**
 * The settings a config gives itself, as dotted keys (`"discarderPenalty.threeOrMore"`); a
 * string config gives `scheme`. What two configs must agree on.
 */
export function givenScoringKeys(x: ScoringConfig): string[] {
  if (typeof x === 'string') return ['scheme'];
  return Object.entries(x).flatMap(([k, v]) => (isObj(v) ? Object.keys(v).map((k2) => `${k}.${k2}`) : [k]));
}

/** A bad scoring setting: the message names where (file, table) and the key. */
export class ScoringSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScoringSettingsError';
  }
}

/** `x` frozen with the objects it holds (one level down is all settings have). */
function deepFreeze<T extends object>(x: T): T {
  for (const v of Object.values(x)) if (typeof v === 'object' && v !== null) Object.freeze(v);
  return Object.freeze(x);
}

/** 000's settings, from {@link TOURNAMENT_000}: −10 / −20 / −20, +10 self-picked, +20 jokerless, +10 wall game. */
export const SETTINGS_000: Readonly<TournamentScoringSettings> = deepFreeze(settingsOfProfile(TOURNAMENT_000));

/** The NMJL card's home settings, from {@link HOME_NMJL}. */
export const SETTINGS_HOME: Readonly<HomeScoringSettings> = deepFreeze({
  scheme: 'home',
  payments: { discarder: HOME_NMJL.discarder, othersOnDiscard: HOME_NMJL.othersOnDiscard, selfPicked: HOME_NMJL.selfPicked, jokerless: HOME_NMJL.jokerless },
  jokerExchangeSelfPicked: true,
  paidLine: 'best',
});

/**
 * The settings a tournament profile stands for (a `mjhub.tournament-game/1` record carries only the
 * profile): its numbers, a joker exchange self-picked and the best line (the defaults).
 */
export function settingsOfProfile(p: Readonly<TournamentProfile>): TournamentScoringSettings {
  return {
    scheme: 'tournament',
    discarderPenalty: { noneOrOne: p.discarderNoneOrOne, two: p.discarderTwo, threeOrMore: p.discarderThreeOrMore },
    selfPicked: p.selfPicked,
    jokerless: p.jokerless,
    wallGame: p.wallGame,
    jokerExchangeSelfPicked: true,
    paidLine: 'best',
  };
}

/** The tournament profile that scores with these settings: {@link TOURNAMENT_000} with the settings' numbers. */
export function profileOfSettings(s: Readonly<TournamentScoringSettings>): TournamentProfile {
  const name = sameNumbers(s, SETTINGS_000) ? TOURNAMENT_000.name : 'Tournament (own settings)';
  return {
    ...TOURNAMENT_000,
    name,
    selfPicked: s.selfPicked,
    jokerless: s.jokerless,
    wallGame: s.wallGame,
    discarderNoneOrOne: s.discarderPenalty.noneOrOne,
    discarderTwo: s.discarderPenalty.two,
    discarderThreeOrMore: s.discarderPenalty.threeOrMore,
  };
}

/** The home profile that pays with these settings: {@link HOME_NMJL} with the settings' multiples. */
export function homeProfileOfSettings(s: Readonly<HomeScoringSettings>): HomeProfile {
  return { ...HOME_NMJL, ...s.payments };
}

const sameNumbers = (a: TournamentScoringSettings, b: TournamentScoringSettings) =>
  a.selfPicked === b.selfPicked &&
  a.jokerless === b.jokerless &&
  a.wallGame === b.wallGame &&
  (['noneOrOne', 'two', 'threeOrMore'] as const).every((k) => a.discarderPenalty[k] === b.discarderPenalty[k]);

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
/** `o[k]` when `o` has the key (even null: a wrong type to name), else the default. */
const or = (o: Record<string, unknown>, k: string, dflt: unknown): unknown => (Object.hasOwn(o, k) ? o[k] : dflt);
const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

const PENALTY_KEYS = ['noneOrOne', 'two', 'threeOrMore'] as const;
const PAYMENT_KEYS = ['discarder', 'othersOnDiscard', 'selfPicked', 'jokerless'] as const;
const TOURNAMENT_KEYS = ['scheme', 'discarderPenalty', 'selfPicked', 'jokerless', 'wallGame', 'jokerExchangeSelfPicked', 'paidLine'] as const;
const HOME_KEYS = ['scheme', 'payments', 'jokerExchangeSelfPicked', 'paidLine'] as const;

/**
 * Checks scoring settings as a config gives them, filling in the defaults ({@link SETTINGS_000}, or
 * {@link SETTINGS_HOME} for `scheme: "home"`). `x` is `"tournament"`, `"home"`, or an object with
 * any of the keys of {@link ScoringSettings} (`scheme` default "tournament"; `discarderPenalty` may
 * give some of its three tiers).
 * @param where named first in every error, e.g. `"hub.json: tables.0.scoring"`
 * @returns complete settings
 * @throws ScoringSettingsError naming `where` and the key: an unknown key (with the known ones), a
 *   wrong type (whole points; true/false; "best"/"announced"; home multiples whole and ≥ 0), or a
 *   tournament key given with `scheme: "home"` (and the reverse)
 */
export function checkScoringConfig(x: unknown, where = 'scoring'): ScoringSettings {
  const bad = (key: string, what: string) => new ScoringSettingsError(`${where}.${key}: ${what}`);
  if (x === 'tournament') return structuredClone(SETTINGS_000) as ScoringSettings;
  if (x === 'home') return structuredClone(SETTINGS_HOME) as ScoringSettings;
  if (!isObj(x)) throw new ScoringSettingsError(`${where}: must be "tournament", "home" or an object of settings, not ${JSON.stringify(x)}`);
  const scheme = or(x, 'scheme', 'tournament');
  if (scheme !== 'tournament' && scheme !== 'home') throw bad('scheme', `must be "tournament" or "home", not ${JSON.stringify(x.scheme)}`);
  const known: readonly string[] = scheme === 'home' ? HOME_KEYS : TOURNAMENT_KEYS;
  for (const k of Object.keys(x)) {
    if (known.includes(k)) continue;
    const other: readonly string[] = scheme === 'home' ? TOURNAMENT_KEYS : HOME_KEYS;
    throw bad(k, other.includes(k) ? `is a setting of ${scheme === 'home' ? 'tournament' : 'home'} scoring, not of scheme "${scheme}"` : `is not a scoring setting (known: ${known.join(', ')})`);
  }
  const base = scheme === 'home' ? SETTINGS_HOME : SETTINGS_000;
  const jokerExchangeSelfPicked = or(x, 'jokerExchangeSelfPicked', base.jokerExchangeSelfPicked);
  if (typeof jokerExchangeSelfPicked !== 'boolean') throw bad('jokerExchangeSelfPicked', `must be true or false, not ${JSON.stringify(x.jokerExchangeSelfPicked)}`);
  const paidLine = or(x, 'paidLine', base.paidLine);
  if (paidLine !== 'best' && paidLine !== 'announced') throw bad('paidLine', `must be "best" or "announced", not ${JSON.stringify(x.paidLine)}`);
  if (scheme === 'home') {
    const given = or(x, 'payments', {});
    if (!isObj(given)) throw bad('payments', `must be an object of { ${PAYMENT_KEYS.join(', ')} }, not ${JSON.stringify(x.payments)}`);
    for (const k of Object.keys(given)) if (!(PAYMENT_KEYS as readonly string[]).includes(k)) throw bad(`payments.${k}`, `is not a home payment (known: ${PAYMENT_KEYS.join(', ')})`);
    const payments = { ...SETTINGS_HOME.payments };
    for (const k of PAYMENT_KEYS) {
      const v = or(given, k, payments[k]);
      if (!isWhole(v) || v < 0) throw bad(`payments.${k}`, `must be a whole multiple of the hand value ≥ 0, not ${JSON.stringify(given[k])}`);
      payments[k] = v;
    }
    return { scheme, payments, jokerExchangeSelfPicked, paidLine };
  }
  const t = SETTINGS_000;
  const points = (k: 'selfPicked' | 'jokerless' | 'wallGame'): number => {
    const v = or(x, k, t[k]);
    if (!isWhole(v)) throw bad(k, `must be a whole number of points, not ${JSON.stringify(x[k])}`);
    return v;
  };
  const given = or(x, 'discarderPenalty', {});
  if (!isObj(given)) throw bad('discarderPenalty', `must be an object of { ${PENALTY_KEYS.join(', ')} }, not ${JSON.stringify(x.discarderPenalty)}`);
  for (const k of Object.keys(given))
    if (!(PENALTY_KEYS as readonly string[]).includes(k))
      throw bad(`discarderPenalty.${k}`, `is not a tier of the discarder's penalty (known: ${PENALTY_KEYS.join(', ')}: the winner's exposures before the call)`);
  const discarderPenalty = { ...t.discarderPenalty };
  for (const k of PENALTY_KEYS) {
    const v = or(given, k, discarderPenalty[k]);
    if (!isWhole(v)) throw bad(`discarderPenalty.${k}`, `must be a whole number of points (e.g. -10), not ${JSON.stringify(given[k])}`);
    discarderPenalty[k] = v;
  }
  return { scheme, discarderPenalty, selfPicked: points('selfPicked'), jokerless: points('jokerless'), wallGame: points('wallGame'), jokerExchangeSelfPicked, paidLine };
}

/**
 * What is wrong with a complete {@link ScoringSettings} value (e.g. read from a record's header):
 * every key present, of its type, and no other; null when it is right.
 * @returns e.g. `"discarderPenalty.two must be a whole number"`, or null
 */
export function scoringSettingsProblem(x: unknown): string | null {
  if (!isObj(x)) return 'must be an object';
  if (x.scheme !== 'tournament' && x.scheme !== 'home') return 'scheme must be "tournament" or "home"';
  const keys: readonly string[] = x.scheme === 'home' ? HOME_KEYS : TOURNAMENT_KEYS;
  const missing = keys.find((k) => !(k in x));
  if (missing) return `${missing} is missing`;
  const extra = Object.keys(x).find((k) => !keys.includes(k));
  if (extra) return `${extra} is not a setting of ${x.scheme} scoring`;
  try {
    checkScoringConfig(x, '');
  } catch (e) {
    if (e instanceof ScoringSettingsError) return e.message.replace(/^\./, '').replace(/: /, ' ');
    throw e;
  }
  const nested = x.scheme === 'home' ? (['payments', PAYMENT_KEYS] as const) : (['discarderPenalty', PENALTY_KEYS] as const);
  const inner = x[nested[0]] as Record<string, unknown>;
  const gap = nested[1].find((k) => !(k in inner));
  return gap ? `${nested[0]}.${gap} is missing` : null;
}

/** Settings that differ: each key (dotted) with both values. */
export function scoringSettingsDiffer(a: ScoringSettings, b: ScoringSettings): { key: string; a: unknown; b: unknown }[] {
  const flat = (s: ScoringSettings): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s)) {
      if (isObj(v)) for (const [k2, v2] of Object.entries(v)) out[`${k}.${k2}`] = v2;
      else out[k] = v;
    }
    return out;
  };
  const fa = flat(a);
  const fb = flat(b);
  return [...new Set([...Object.keys(fa), ...Object.keys(fb)])].filter((k) => fa[k] !== fb[k]).map((k) => ({ key: k, a: fa[k], b: fb[k] }));
}

const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);

/** The line {@link describeScoringSettings} prints for `paidLine: "announced"` (the director's page offers the entry on it). */
export const ANNOUNCED_LINE_TEXT = 'Hand paid at: the line the player announces (director entry)';

/**
 * The settings in words, one line each, as the director's pages and the exports print them, e.g.
 * `["Tournament scoring (seed 000)", "Discarder pays: −10 (winner with 0-1 exposures), −20 (2), −20 (3 or more)", …]`.
 */
export function describeScoringSettings(s: Readonly<ScoringSettings>): string[] {
  const common = [
    `Joker exchange completing Mah Jongg: ${s.jokerExchangeSelfPicked ? 'counts as self-picked' : 'not self-picked'}`,
    s.paidLine === 'best' ? 'Hand paid at: the best line its tiles complete' : ANNOUNCED_LINE_TEXT,
  ];
  if (s.scheme === 'home') {
    const p = s.payments;
    return [
      `Home scoring (NMJL card)`,
      `On a discard: the discarder pays ${p.discarder} × value, the others ${p.othersOnDiscard} ×`,
      `Self-picked: everybody pays ${p.selfPicked} × value`,
      `Jokerless: payments × ${p.jokerless} (not Singles and Pairs)`,
      ...common,
    ];
  }
  const d = s.discarderPenalty;
  return [
    `Tournament scoring${sameNumbers(s, SETTINGS_000) ? ' (seed 000)' : ''}`,
    `Discarder pays: ${signed(d.noneOrOne)} (winner with 0-1 exposures), ${signed(d.two)} (2), ${signed(d.threeOrMore)} (3 or more)`,
    `Self-picked ${signed(s.selfPicked)}, jokerless ${signed(s.jokerless)} (not Singles and Pairs), wall game ${signed(s.wallGame)}`,
    ...common,
  ];
}

/**
 * Scores one game of a 4-player table with the event's settings.
 * - tournament: {@link scoreTournamentGame} with {@link profileOfSettings};
 * - home: {@link scoreHomeGame} with {@link homeProfileOfSettings} (the others pay the winner); a
 *   game without a winner (wall game, unfinished, Mah Jongg in error) pays nobody, and a stolen
 *   tile looked at (a 000 tournament penalty) costs nothing. Marks are the points, "X" for 0.
 * @throws ScoringError on an impossible outcome (as the scorer used)
 */
export function scoreWithSettings(outcome: TournamentOutcome, settings: Readonly<ScoringSettings>): TournamentScore {
  if (settings.scheme === 'tournament') return scoreTournamentGame(outcome, profileOfSettings(settings));
  const n = HOME_NMJL.players;
  let points: number[];
  let breakdown: string[][];
  if (outcome.winner === null || outcome.winner === undefined) {
    points = new Array<number>(n).fill(0);
    breakdown = points.map(() => ['No Mah Jongg: nobody pays (home)', 'Total 0']);
  } else {
    const { winner, value, selfPicked, jokerless, singlesAndPairs, discarder, jokerExchange, misnamed, names } = outcome;
    const home = { winner, value, selfPicked, jokerless, singlesAndPairs, discarder, jokerExchange, ...(misnamed ? { misnamed } : {}), names };
    ({ points, breakdown } = scoreHomeGame(home, homeProfileOfSettings(settings)));
  }
  return { points, marks: points.map((p) => (p === 0 ? 'X' : String(p))), breakdown };
}
