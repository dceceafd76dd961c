/**
 * The words of a game record's lines (rules/GAME-RECORD.md) as the replay viewer shows them, one
 * line a step: "Ann picks 5B from wall 2 into her rack 1", "Bea discards N", "director confirms
 * flag g1-wrong-wall-41 (Dora)". Tiles are named by kind (the copy number is the hub's own).
 * Pure: the display imports it.
 */
import type { Action } from '../game/actions.js';
import { describePlace, type Place } from '../game/places.js';
import type { RecordLine } from '../record/game-record.js';
import { kindOf, type TileId } from '../tiles.js';
import { placeCorrectionText, tileCorrectionText } from './corrections.js';
import { nameOf } from './flags.js';

const kinds = (tiles: readonly TileId[]) => tiles.map(kindOf).join(' ');

/** A player's own place in her words ("her rack 1", "the top of her rack 2"), another's with the owner's name. */
function placeOf(p: Place | null, player: number, names: readonly string[]): string {
  if (p && (p.area === 'rack' || p.area === 'top') && p.player === player) return p.area === 'rack' ? `her rack ${p.rack + 1}` : `the top of her rack ${p.rack + 1}`;
  return describePlace(p, names);
}

/**
 * One action in words, e.g. `actionText({ type: 'pick', player: 0, wall: 1, tile: '5B#3', to: rack 0 }, ['Ann', 'Bea'])`
 * is `"Ann picks 5B from wall 2 into her rack 1"` (walls and racks counted from 1 as players count).
 */
export function actionText(a: Action, names: readonly string[]): string {
  const who = (p: number) => nameOf(names, p);
  switch (a.type) {
    case 'build':
      return `${kindOf(a.tile)} built into wall ${a.wall + 1}`;
    case 'deal':
      return `the deal: ${a.hands.map((h, p) => `${who(p)} ${h.flat().length}`).join(', ')} tiles`;
    case 'pick':
      return `${who(a.player)} picks ${kindOf(a.tile)} from wall ${a.wall + 1} into ${placeOf(a.to, a.player, names)}`;
    case 'pass':
      return `Charleston pass: ${a.tiles.map((t, p) => `${who(p)} ${t.length}`).join(', ')} tiles`;
    case 'charleston-vote':
      return `second Charleston vote: ${a.wants.map((w, p) => `${who(p)} ${w ? 'yes' : 'no'}`).join(', ')}`;
    case 'courtesy':
      return `courtesy pass: ${a.tiles.map((t, p) => `${who(p)} ${t.length}`).join(', ')} tiles`;
    case 'discard':
      return `${who(a.player)} discards ${kindOf(a.tile)}`;
    case 'call':
      return `${who(a.player)} calls ${kindOf(a.tile)}${a.for ? ` for ${a.for}` : ''}`;
    case 'expose':
      return `${who(a.player)} exposes ${kinds(a.tiles)} on rack ${a.rack + 1}`;
    case 'arrange':
      return `${who(a.player)} moves ${kindOf(a.tile)} from ${placeOf(a.from, a.player, names)} to ${placeOf(a.to, a.player, names)}`;
    case 'exchange':
      return `${who(a.player)} exchanges ${kindOf(a.given)} for the joker on ${a.owner === a.player ? 'her' : `${who(a.owner)}'s`} rack ${a.rack + 1}`;
    case 'mah-jongg':
      return `${who(a.player)} declares Mah Jongg on rack ${a.rack + 1}`;
    case 'wall-game':
      return 'wall game: the wall is used up';
    case 'stray':
      return `${kindOf(a.tile)} moved from ${describePlace(a.from, names)} to ${describePlace(a.to, names)}`;
    case 'count-check':
      return 'the turn is settled: tile counts checked';
    case 'readers-heard':
      return 'every reader heard again';
    case 'director-entry':
      return `director's entry for ${who(a.player)}, rack ${a.rack + 1}: ${a.entry}${a.by ? ` (${a.by})` : ''}`;
    case 'director-ruling':
      return `director ${a.ruling === 'confirm' ? 'confirms' : 'dismisses'} flag ${a.flagId}`;
    case 'stop':
      return `the game is stopped: ${a.reason}${a.choice ? ` (${a.choice})` : ''}`;
  }
}

/**
 * One record line in words: an action (see {@link actionText}), a director's ruling
 * ("director confirms flag g1-wrong-wall-41 (Dora)") or a correction (rules/wording/corrections.ts).
 */
export function recordLineText(line: RecordLine, names: readonly string[]): string {
  if ('action' in line) return actionText(line.action, names);
  if ('ruling' in line) {
    const r = line.ruling;
    return `director ${r.ruling === 'confirm' ? 'confirms' : 'dismisses'} flag ${r.flagId}${r.deadRack !== undefined ? ` (rack ${r.deadRack + 1} dies)` : ''} (${r.by})`;
  }
  const c = line.correction;
  return c.kind === 'place' ? placeCorrectionText(c.ref, c.end, describePlace(c.place, names), describePlace(c.was, names), c.by) : tileCorrectionText(c.ref, c.tag, c.tile, c.was, c.by, c.swap);
}
