/**
 * The 4-player table's hold of the moves not heard (the move layer's `hold-and-reorder`,
 * ./variants.ts): from the first move logged with a zone not heard (`unseen`, `reconciled`) until
 * every zone is heard again (`readers-heard`), the moves are held (the views follow the readers,
 * the engine waits, counts are not checked), then judged in the order they happened at the table
 * (./unheard.ts); what the hub had to place is noted for the director (`notSeen`), not flagged.
 * {@link HeldMoves} is what the table's fold keeps of it (hub/table/fold.ts `held`).
 */
import type { Place } from '../../../rules/game/places.js';
import { kindOf, type TileId } from '../../../rules/tiles.js';
import type { DirectorTableView } from '../../api/views.js';
import type { TableConfig } from '../../config/types.js';
import type { StoredEvent } from '../../store/types.js';
import type { ZoneKey } from '../../tracking/tracker.js';
import type { TileMovedData } from '../machine/events.js';
import { readerOfRack } from '../machine/views.js';
import type { MoveReader } from './moves.js';
import { orderUnheardMoves, type OrderedMove, type UnheardMove } from './unheard.js';

/** A move held while a zone was not heard: its event, and the move as it is judged. */
export interface HeldMove {
  e: StoredEvent;
  tile: TileId;
  from: Place | null;
  to: Place;
  /** readers not heard at it (the event's `unseen`, and the rack a tile went through unseen) */
  unseen: readonly string[];
}

/** A `tile-moved` event held while a zone was not heard, with its places. */
export interface HeldEvent {
  e: StoredEvent;
  d: TileMovedData;
  from: Place | null;
  to: Place;
}

/**
 * The hold as the fold keeps it, a value later folding does not change (the fold copies it as it changes).
 */
export interface HeldMoves {
  /**
   * since a move was logged with a zone not heard, until `readers-heard`: the move layer as it was
   * before it (what the engine has judged) and the moves held; null while every zone is heard
   */
  stretch: { moves: MoveReader; events: readonly HeldEvent[] } | null;
  /** `readers-heard` event seq → the window (ms) of the stretch it closed */
  windows: ReadonlyMap<number, { from: number; to: number }>;
  /** Mah Jonggs of the current game laid out on a top the hub could not hear (for `notSeen`) */
  laidOut: NonNullable<DirectorTableView['notSeen']>;
}

/** Nothing held, no stretch judged yet (a new value each time). */
export function nothingHeld(): HeldMoves {
  return { stretch: null, windows: new Map(), laidOut: [] };
}

/** A copy of `h` the fold may change (the stretch's move layer cloned). */
export function copyHeld(h: HeldMoves): HeldMoves {
  return {
    stretch: h.stretch && { moves: h.stretch.moves.clone(), events: [...h.stretch.events] },
    windows: new Map(h.windows),
    laidOut: h.laidOut.map((n) => ({ ...n, tiles: [...n.tiles], window: { ...n.window } })),
  };
}

/** The window (ms) of a stretch closed at `heardAt` (the `readers-heard` event): from the earliest time a held move may have happened. */
export function stretchWindow(events: readonly HeldEvent[], heardAt: number): { from: number; to: number } {
  return { from: Math.min(...events.map((m) => m.d.reconciled?.from ?? m.d.left?.from ?? m.e.at)), to: heardAt };
}

/**
 * The held moves in the order they happened at the table (./unheard.ts), on `table` with its zones' `places`. What a tile did in a zone the hub could not hear is
 * put back where the rules leave no doubt:
 * - a tile that went wall → floor while a rack reader was not heard (or in the stretch, just
 *   after its replug, before its snapshot) was picked into that rack and discarded from it: the
 *   pick when the wall saw it go (else just before the discard), the discard when it came to rest;
 * - a tile that went from one player's rack to another's rack or top while the floor was not
 *   heard, in play, was discarded and called: the discard when the rack saw it go, the call when it
 *   came to rest (not a natural given for a joker of that top: a joker came back the other way);
 * - a tile that went from one player's rack to another's while a wall reader was not heard was
 *   put back in that wall (a pick ahead undone) and picked from it: back when the rack saw it go,
 *   picked when it came to rest;
 * - a tile that went wall → a rack's top while that rack reader was not heard was picked (when
 *   the wall saw it go) and laid on the top later (when is not known: ./unheard.ts places it).
 */
export function orderHeldMoves(table: TableConfig, places: ReadonlyMap<ZoneKey, Place>, held: readonly HeldEvent[]): OrderedMove<HeldMove>[] {
  const floorKey = [...places].find(([, p]) => p.area === 'floor')?.[0];
  const floorReader = floorKey?.split('/')[0];
  const floor = floorKey ? places.get(floorKey)! : null;
  const owner = (p: Place | null) => (p && (p.area === 'rack' || p.area === 'top') ? p.player : null);
  const moves: UnheardMove<HeldMove>[] = [];
  const racksOf = (readers: readonly string[]) => table.players.map((_, p) => p).filter((p) => readers.includes(readerOfRack(table, p, 0) ?? ''));
  // racks not heard at some time in the stretch (a move right after the replug, before the rack's
  // snapshot, names no reader)
  const stretchRacks = racksOf(held.flatMap((h) => h.d.unseen ?? []));
  for (const { e, d, from, to } of held) {
    const base = { at: e.at, unseen: d.unseen ?? [], ...(d.reconciled ? { reconciled: d.reconciled } : {}) };
    const toReader = d.to.split('/')[0]!;
    const one = (f: Place | null, t: Place, extra: Partial<UnheardMove<HeldMove>> = {}): UnheardMove<HeldMove> => ({
      item: { e, tile: d.tile, from: f, to: t, unseen: extra.unseen ?? base.unseen },
      tile: d.tile,
      ...base,
      to: t,
      toReader,
      ...(d.left ? { left: d.left } : {}),
      ...extra,
    });
    const gone = d.left && d.left.from === d.left.to ? d.left : null;
    const own = racksOf(d.unseen ?? []);
    const racks = own.length ? own : stretchRacks;
    if (from?.area === 'wall' && to.area === 'floor' && racks.length === 1) {
      // picked when the wall saw it go (else just before it reached the floor), then discarded
      const picked = gone ?? { from: e.at - 1, to: e.at - 1 };
      const rack: Place = { area: 'rack', player: racks[0]!, rack: 0 };
      moves.push(
        one(from, rack, { at: picked.to, toReader: readerOfRack(table, racks[0]!, 0)!, unseen: [...base.unseen, readerOfRack(table, racks[0]!, 0)!], left: picked }),
        one(rack, to, { left: undefined }),
      );
      continue;
    }
    if (gone && from?.area === 'wall' && to.area === 'top' && (d.unseen ?? []).includes(toReader)) {
      // picked into the rack, laid on its top later (an exposure, a Mah Jongg): when is not known
      const rack: Place = { area: 'rack', player: to.player, rack: 0 };
      moves.push(one(from, rack, { at: gone.to }), one(rack, to, { left: { from: gone.to, to: d.reconciled?.to ?? e.at } }));
      continue;
    }
    const a = owner(from);
    const b = owner(to);
    const exchanged = kindOf(d.tile) !== 'J' && held.some((h) => kindOf(h.d.tile) === 'J' && h.from?.area === 'top' && owner(h.from) === b && h.to.area === 'rack' && owner(h.to) === a);
    if (gone && floor && floorReader && (d.unseen ?? []).includes(floorReader) && a !== null && b !== null && a !== b && from!.area === 'rack' && !exchanged) {
      moves.push(one(from, floor, { at: gone.to, toReader: floorReader }), one(floor, to, { left: undefined }));
      continue;
    }
    const wall = [...places].find(([k, p]) => p.area === 'wall' && (d.unseen ?? []).includes(k.split('/')[0]!));
    if (gone && wall && a !== null && b !== null && a !== b && from!.area === 'rack' && to.area === 'rack') {
      moves.push(one(from, wall[1], { at: gone.to, toReader: wall[0].split('/')[0]! }), one(wall[1], to, { left: undefined }));
      continue;
    }
    moves.push(one(from, to));
  }
  for (const m of moves) if (m.left === undefined) delete m.left;
  return orderUnheardMoves(moves);
}
