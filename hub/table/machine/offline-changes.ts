/**
 * What changed while a reader was offline, for the director's list of what the hub could not
 * reconcile (the director view's `notSeen`): each move of the current game that the hub saw only
 * across a reader's reconnect or reboot (`tile-moved.reconciled`: its first snapshot after the gap
 * differed), with the window it happened in. The hub logs such a move and the referee takes it, but
 * when in that window it happened, and so its order among the moves seen live, is not known.
 * A move the referee already lists as not judged is not listed twice.
 */
import { describePlace, ownerOf, type Place } from '../../../rules/game/places.js';
import type { DirectorTableView } from '../../api/views.js';
import type { TableConfig } from '../../config/types.js';
import type { StoredEvent } from '../../store/types.js';
import type { ZoneKey } from '../../tracking/tracker.js';
import type { TileMovedData } from './events.js';

/** One entry of the director view's `notSeen`. */
export type NotSeenEntry = NonNullable<DirectorTableView['notSeen']>[number];

/** The `kind` of an entry that is a change seen only across a reader's reconnect (a judgment the referee could not make has none). */
export const CHANGED_OFFLINE = 'changed-offline';

/** What the offline changes are read from: the table, its zones' places, and its log from where the current game began. */
export interface OfflineChangeSource {
  table: TableConfig;
  places: ReadonlyMap<ZoneKey, Place>;
  events: readonly StoredEvent[];
  /** index in `events` of the event the current game began with (0: none began) */
  from: number;
}

/**
 * The moves of the current game seen only across a reader's reconnect, oldest first: one entry for
 * the tiles that went from one place to another in one window (a reconnect snapshot may reveal
 * many), e.g. "5B#2 went from wall 2 to Ann's rack 1 while reader WL-2 could not be heard: seen
 * only in the snapshot after, not when in the window" (or "3 tiles went …"). `player`: the owner
 * of the rack they went to, else of the rack they left, else null (wall to floor); `window` their
 * `reconciled`; `ref` the first move's event. A move the referee already lists (`judged`: the same
 * event, or the same tile in an overlapping window) is left out.
 * @param judged the entries the engine lists (rules/game/state.ts `notSeen`)
 */
export function offlineChanges(src: OfflineChangeSource, judged: readonly NotSeenEntry[]): NotSeenEntry[] {
  const names = src.table.players.map((p) => p.name);
  const refs = new Set(judged.map((n) => n.ref));
  const covered = (tile: string, w: { from: number; to: number }) => judged.some((n) => n.tiles.includes(tile) && n.window.from <= w.to && w.from <= n.window.to);
  const groups = new Map<string, { entry: NotSeenEntry; from: string; to: string; readers: Set<string> }>();
  for (let i = src.from; i < src.events.length; i++) {
    const e = src.events[i]!;
    if (e.type !== 'tile-moved') continue;
    const d = e.data as TileMovedData;
    if (!d.reconciled || refs.has(String(e.seq)) || covered(d.tile, d.reconciled)) continue;
    const fromPlace = d.from === null ? null : (src.places.get(d.from) ?? null);
    const toPlace = src.places.get(d.to) ?? null;
    const from = fromPlace ? describePlace(fromPlace, names) : 'nowhere';
    const to = describePlace(toPlace, names);
    const key = `${d.reconciled.from}-${d.reconciled.to} ${from} ${to}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        entry: {
          kind: CHANGED_OFFLINE,
          rule: 'changed while a reader was offline',
          player: ownerOf(toPlace) ?? ownerOf(fromPlace),
          tiles: [],
          window: { from: d.reconciled.from, to: d.reconciled.to },
          title: '',
          ref: String(e.seq),
        },
        from,
        to,
        readers: new Set(),
      };
      groups.set(key, g);
    }
    g.entry.tiles.push(d.tile);
    const readers = d.unseen?.length ? d.unseen : [d.from, d.to].filter((z): z is ZoneKey => z !== null).map((z) => z.split('/')[0]!);
    for (const r of readers) g.readers.add(r);
  }
  const out = [...groups.values()].map((g) => {
    const readers = [...g.readers].sort();
    const what = g.entry.tiles.length === 1 ? g.entry.tiles[0]! : `${g.entry.tiles.length} tiles`;
    const who = `${readers.length > 1 ? 'readers' : 'reader'} ${readers.join(', ')}`;
    return { ...g.entry, title: `${what} went from ${g.from} to ${g.to} while ${who} could not be heard: seen only in the snapshot after, not when in the window` };
  });
  return out.sort((a, b) => a.window.from - b.window.from || Number(a.ref) - Number(b.ref));
}
