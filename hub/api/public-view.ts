/**
 * Explicit picking of view fields, so a public route or socket can never send a director field
 * (a concealed tile, a flag's evidence) even if a runtime put one in its public view by mistake.
 * Every object level is copied key by key from a fixed list; anything else is dropped.
 */
import type {
  CharlestonView,
  DirectorTableView,
  FlagEvidence,
  GameResultView,
  PlayerView,
  PublicFlag,
  PublicTableView,
  RackView,
  ReaderStatus,
  ScoreView,
  TournamentClockView,
  TournamentRoundView,
  PracticeLine,
  SeatRackView,
  SeatTile,
  SeatView,
} from './views.js';

/** Compile-time check that a key list names every key of T (and nothing else). */
type Exact<T, K extends readonly (keyof T)[]> = Exclude<keyof T, K[number]> extends never ? K : never;
function keys<T>() {
  return <const K extends readonly (keyof T)[]>(k: Exact<T, K>): K => k;
}

/** The top-level keys of PublicTableView, in display order. */
export const PUBLIC_VIEW_KEYS = keys<PublicTableView>()([
  'tableId',
  'variant',
  'gameNo',
  'phase',
  'endReason',
  'turn',
  'players',
  'walls',
  'discards',
  'flags',
  'score',
  'scoring',
  'results',
  'readers',
  'updatedAt',
  'clock',
  'round',
  'charleston',
  'tileFaces',
  'hub',
]);
const CHARLESTON_KEYS = keys<CharlestonView>()(['stage', 'direction', 'blindAllowed', 'passed', 'blind', 'secondCharleston']);
const HUB_KEYS = keys<NonNullable<PublicTableView['hub']>>()(['id', 'online']);
const CLOCK_KEYS = keys<TournamentClockView>()(['remainingMs', 'running', 'aboutToRunOut', 'timeUp', 'state']);
const ROUND_KEYS = keys<TournamentRoundView>()(['round', 'game', 'of', 'label', 'extra']);
const FLAG_KEYS = keys<PublicFlag>()(['id', 'kind', 'code', 'params', 'rule', 'title', 'player', 'rack', 'at', 'status', 'consequence', 'deadRackChoice', 'gameNo']);
const RESULT_KEYS = keys<GameResultView>()(['gameNo', 'endReason', 'points', 'ruling']);
const RESULT_RULING_KEYS = keys<NonNullable<GameResultView['ruling']>>()(['flagId', 'ruling', 'by', 'at']);
const PLAYER_KEYS = keys<PlayerView>()(['index', 'name', 'seat', 'count', 'racks']);
const RACK_KEYS = keys<RackView>()(['rack', 'count', 'concealedCount', 'exposed', 'groups', 'dead', 'deadReason', 'mahJongg']);
const MAH_JONGG_KEYS = keys<NonNullable<RackView['mahJongg']>>()(['lineId', 'lineText', 'value', 'jokerless', 'order']);
const WALL_KEYS = keys<PublicTableView['walls'][number]>()(['wall', 'left', 'current']);
const SCORE_KEYS = keys<ScoreView>()(['points', 'payment', 'breakdown', 'final', 'gameNo']);
const PAYMENT_KEYS = keys<NonNullable<ScoreView['payment']>>()(['from', 'to', 'amount']);
/** Every key of a reader's status: the director sees them all (ports, firmware, error counts). */
const READER_KEYS = keys<ReaderStatus>()([
  'id',
  'state',
  'lastMessageAt',
  'discarded',
  'port',
  'physicalId',
  'firmware',
  'sof',
  'errors',
  'gaps',
  'lost',
  'linesLost',
  'duplicates',
  'reconnects',
  'relay',
]);
/** What a table display and a phone show of a reader: its slot, state, when last heard and bad lines; no port, id or firmware. */
const PUBLIC_READER_KEYS = ['id', 'state', 'lastMessageAt', 'discarded'] as const satisfies readonly (keyof ReaderStatus)[];
const EVIDENCE_KEYS = keys<FlagEvidence>()(['flagId', 'tiles', 'counts', 'lines']);

function pick<T>(src: T, ks: readonly (keyof T)[]): T {
  const out = {} as T;
  if (src === null || typeof src !== 'object') return src;
  for (const k of ks) if (Object.hasOwn(src, k)) out[k] = src[k];
  return out;
}

function pickArray<T>(src: T[] | undefined, f: (x: T) => T): T[] {
  return Array.isArray(src) ? src.map(f) : (src as unknown as T[]);
}

function pickNullable<T>(src: T | null, f: (x: T) => T): T | null {
  return src === null || src === undefined ? src : f(src);
}

function pickRack(r: RackView): RackView {
  const out = pick(r, RACK_KEYS);
  if ('mahJongg' in out) out.mahJongg = pickNullable(out.mahJongg, (m) => pick(m, MAH_JONGG_KEYS));
  return out;
}

function pickPlayer(p: PlayerView): PlayerView {
  const out = pick(p, PLAYER_KEYS);
  if ('racks' in out) out.racks = pickArray(out.racks, pickRack);
  return out;
}

function pickScore(s: ScoreView): ScoreView {
  const out = pick(s, SCORE_KEYS);
  if ('payment' in out) out.payment = pickNullable(out.payment, (p) => pick(p, PAYMENT_KEYS));
  return out;
}

/**
 * A copy of the view holding only PublicTableView fields, at every level (players, racks, flags,
 * walls, score, readers). `concealed`, `evidence` and any unknown key are dropped.
 * Values not copied by key (tile kind arrays, strings, numbers) are shared, not cloned.
 */
export function toPublic(view: PublicTableView): PublicTableView {
  const out = pick(view, PUBLIC_VIEW_KEYS);
  if ('players' in out) out.players = pickArray(out.players, pickPlayer);
  if ('walls' in out) out.walls = pickArray(out.walls, (w) => pick(w, WALL_KEYS));
  if ('flags' in out) out.flags = pickArray(out.flags, (f) => pick(f, FLAG_KEYS));
  if ('score' in out) out.score = pickNullable(out.score, pickScore);
  if ('results' in out)
    out.results = pickArray(out.results, (r) => {
      const o = pick(r, RESULT_KEYS);
      if ('ruling' in o) o.ruling = pickNullable(o.ruling, (x) => pick(x, RESULT_RULING_KEYS));
      return o;
    });
  if ('readers' in out) out.readers = pickArray(out.readers, (r) => pick(r, PUBLIC_READER_KEYS));
  if ('clock' in out) out.clock = pickNullable(out.clock ?? null, (c) => pick(c, CLOCK_KEYS));
  if (out.hub !== undefined) out.hub = pick(out.hub, HUB_KEYS);
  if ('round' in out) out.round = pickNullable(out.round ?? null, (r) => pick(r, ROUND_KEYS));
  if ('charleston' in out) out.charleston = pickNullable(out.charleston ?? null, (c) => pick(c, CHARLESTON_KEYS));
  return out;
}

/** The top-level keys of DirectorTableView. */
export const DIRECTOR_VIEW_KEYS = [...PUBLIC_VIEW_KEYS, 'concealed', 'evidence', 'weakTags', 'unplaced'] as const satisfies readonly (keyof DirectorTableView)[];

/**
 * A copy of the director view with the public fields picked as in {@link toPublic} (but every
 * reader key: ports, firmware, error counts), plus `concealed`, `evidence`, `weakTags`, `unplaced`,
 * `restart`, `notSeen`, `tilesNotSeen`, and the Siamese `countRule` and `misnamed`.
 */
export function toDirector(view: DirectorTableView): DirectorTableView {
  const out = toPublic(view) as DirectorTableView;
  if ('readers' in view) out.readers = pickArray(view.readers, (r) => pick(r, READER_KEYS));
  if (view.moves) out.moves = view.moves;
  if (view.corrections) out.corrections = view.corrections.map((c) => ({ id: c.id, ref: c.ref, kind: c.kind, text: c.text, by: c.by, at: c.at }));
  if (view.unplaced) out.unplaced = view.unplaced.map((u) => ({ at: u.at, action: u.action, reason: u.reason, ref: u.ref }));
  if ('concealed' in view) out.concealed = view.concealed;
  if ('evidence' in view) out.evidence = pickArray(view.evidence, (e) => pick(e, EVIDENCE_KEYS));
  if (view.restart) out.restart = { gameNo: view.restart.gameNo, state: view.restart.state, differences: [...view.restart.differences], choices: [...view.restart.choices] };
  if (view.weakTags) out.weakTags = view.weakTags.map((w) => ({ tile: w.tile, zone: w.zone, where: w.where, flickers: w.flickers, lastAt: w.lastAt }));
  if (view.notSeen)
    out.notSeen = view.notSeen.map((n) => ({
      ...(n.kind ? { kind: n.kind } : {}),
      rule: n.rule,
      player: n.player,
      tiles: [...n.tiles],
      window: { from: n.window.from, to: n.window.to },
      title: n.title,
      ref: n.ref,
    }));
  if (view.tilesNotSeen)
    out.tilesNotSeen = view.tilesNotSeen.map((n) => ({
      tile: n.tile,
      zone: n.zone,
      where: n.where,
      player: n.player,
      lastSeen: n.lastSeen,
      missedAt: n.missedAt,
      ...(n.window ? { window: { from: n.window.from, to: n.window.to } } : {}),
      text: n.text,
    }));
  if (view.countRule) out.countRule = { rule: view.countRule.rule, source: view.countRule.source, field: view.countRule.field, meaning: view.countRule.meaning };
  if (view.misnamed) {
    out.misnamed = view.misnamed.map((m) => ({
      claimer: m.claimer,
      rack: m.rack,
      tile: m.tile,
      named: m.named,
      discarder: m.discarder,
      status: m.status,
      holds: m.holds,
      replacement: m.replacement,
      text: m.text,
      at: m.at,
    }));
  }
  return out;
}

/** The top-level keys of SeatView. */
export const SEAT_VIEW_KEYS = keys<SeatView>()([
  'tableId',
  'variant',
  'gameNo',
  'phase',
  'endReason',
  'turn',
  'player',
  'name',
  'seat',
  'count',
  'racks',
  'players',
  'walls',
  'discards',
  'flags',
  'score',
  'scoring',
  'practice',
  'updatedAt',
  'clock',
  'round',
  'tileFaces',
]);
const SEAT_RACK_KEYS = keys<SeatRackView>()(['rack', 'concealed', 'exposed', 'groups', 'count', 'dead', 'deadReason', 'mahJongg']);
const SEAT_TILE_KEYS = keys<SeatTile>()(['id', 'kind']);
const PRACTICE_KEYS = keys<PracticeLine>()(['rack', 'cardId', 'lineId', 'lineText', 'value', 'concealed', 'need', 'missing']);

/**
 * A copy of a seat's view holding only SeatView fields at every level: its own racks (with their
 * concealed tiles, the one private part), the public players/walls/flags/score picked as in
 * {@link toPublic}, and the practice lines. Any unknown key (e.g. a whole table's `concealed`) is dropped.
 */
export function toSeat(view: SeatView): SeatView {
  const out = pick(view, SEAT_VIEW_KEYS);
  if ('racks' in out) {
    out.racks = pickArray(out.racks, (r) => {
      const rack = pick(r, SEAT_RACK_KEYS);
      if ('concealed' in rack) rack.concealed = pickArray(rack.concealed, (t) => pick(t, SEAT_TILE_KEYS));
      if ('mahJongg' in rack) rack.mahJongg = pickNullable(rack.mahJongg, (m) => pick(m, MAH_JONGG_KEYS));
      return rack;
    });
  }
  if ('players' in out) out.players = pickArray(out.players, pickPlayer);
  if ('walls' in out) out.walls = pickArray(out.walls, (w) => pick(w, WALL_KEYS));
  if ('flags' in out) out.flags = pickArray(out.flags, (f) => pick(f, FLAG_KEYS));
  if ('score' in out) out.score = pickNullable(out.score, pickScore);
  if ('practice' in out) out.practice = pickNullable(out.practice, (lines) => pickArray(lines, (l) => pick(l, PRACTICE_KEYS)));
  if ('clock' in out) out.clock = pickNullable(out.clock ?? null, (c) => pick(c, CLOCK_KEYS));
  if ('round' in out) out.round = pickNullable(out.round ?? null, (r) => pick(r, ROUND_KEYS));
  return out;
}
