/**
 * Read rates of the tile sets in play: every snapshot and every ADD the reader supervisor hands on
 * feeds the registry (registry.ts `noteScan` / `noteRead`) of the tile set its table plays with, so
 * the director sees which tags are read less often than a good tag is (a tag peeling off, a tile
 * lying across two antennas) before they cost a move.
 *
 * This is a second opinion next to the tracker's flicker warnings (hub/tracking/tracker.ts
 * `weakTags`: 3 flickers in a minute): the tracker sees tags drop out and come back between
 * snapshots; this module counts, per tag and zone, the snapshots a resting tile was missing from.
 *
 * Wiring (hub/hub.ts): `const stats = new ReadStats()`, `stats.addTable(…)` per table, then the
 * supervisor's sink is `stats.tap(sink)`; the director reads `GET /api/director/enroll/:tableId/weak-tags`
 * (hub/api/routes-enroll.ts).
 */
import { copiesOf, isTileKind, type TileId, type TileKind } from '../../rules/tiles.js';
import type { SightingSink } from '../readers/supervisor.js';
import { TileSetRegistry, type WeakTag, type WeakTagOptions } from './registry.js';
import type { z } from 'zod';
import type { WeakTagsViewSchema } from '../contract/responses.js';

/** A table's weak tags (the contract's `WeakTagsViewSchema`, hub/contract/responses.ts). */
export type WeakTagsView = z.infer<typeof WeakTagsViewSchema>;

/** The read-rate source the enrolment routes take (hub/api/routes-enroll.ts). */
export interface WeakTagSource {
  /** the table's weak tags now, or undefined when the table is not known to the source */
  weakTags(tableId: string, opts?: WeakTagOptions): WeakTagsView | undefined;
}

/** Default threshold: read in fewer than 90 % of the scans (registry.ts `weakTags`). */
export const DEFAULT_MIN_RATE = 0.9;
/** Default: judge a tag after 5 expected reads. */
export const DEFAULT_MIN_SCANS = 5;

/** Read rates of every table's tile set, fed from the reader supervisor's sightings. */
export class ReadStats implements WeakTagSource {
  private readonly byTable = new Map<string, TileSetRegistry>();
  /** reader id → table id */
  private readonly tableOfReader = new Map<string, string>();

  /**
   * Adds a table: its tile set (id and tag map, as the table's engine plays it) and its readers.
   * Each table gets its own registry copy (one box of tiles is on one table at a time).
   * @param tags tag UID → tile (`5D#2`); copies past a kind's count are spares
   * @throws Error naming the table and the tag when the tag map is not a valid registry
   *   (registry.ts: a bad or random UID, a tile twice) — the engine would refuse it too
   */
  addTable(tableId: string, setId: string, tags: ReadonlyMap<string, TileId>, readerIds: readonly string[]): void {
    const entries = [...tags].map(([tag, tile]) => {
      const hash = tile.lastIndexOf('#');
      const kind = tile.slice(0, hash);
      const copy = Number(tile.slice(hash + 1));
      return { tag, tile, spare: isTileKind(kind) ? copy > copiesOf(kind as TileKind) : false };
    });
    let registry: TileSetRegistry;
    try {
      registry = new TileSetRegistry(setId, entries);
    } catch (err) {
      throw new Error(`table ${tableId}: tile set "${setId}": ${err instanceof Error ? err.message : String(err)}`);
    }
    this.byTable.set(tableId, registry);
    for (const r of readerIds) this.tableOfReader.set(r, tableId);
  }

  /** The registry that keeps a table's read rates, or undefined for a table not added. */
  registryOf(tableId: string): TileSetRegistry | undefined {
    return this.byTable.get(tableId);
  }

  /**
   * A SNAP of `zone` (`reader/zone`) at `at` (ms): a scan of the zone, and a read of every tag in it.
   * Zones of readers not added are ignored; never throws.
   */
  snapshot(zone: string, tags: readonly string[], at: number): void {
    const reg = this.registryOfZone(zone);
    if (!reg) return;
    reg.noteScan(zone, at);
    for (const tag of tags) reg.noteRead(tag, zone, at);
  }

  /** An ADD of `tag` in `zone` at `at` (ms): a read. Never throws. */
  add(zone: string, tag: string, at: number): void {
    this.registryOfZone(zone)?.noteRead(tag, zone, at);
  }

  /**
   * The weak tags of a table's tile set (registry.ts `weakTags`).
   * @param opts minRate (0..1, default 0.9), minScans (default 5)
   * @returns undefined for a table not added
   */
  weakTags(tableId: string, opts: WeakTagOptions = {}): WeakTagsView | undefined {
    const reg = this.byTable.get(tableId);
    if (!reg) return undefined;
    const minRate = opts.minRate ?? DEFAULT_MIN_RATE;
    const minScans = opts.minScans ?? DEFAULT_MIN_SCANS;
    return { tableId, setId: reg.id, minRate, minScans, weak: reg.weakTags({ minRate, minScans }) };
  }

  /**
   * A sink for the reader supervisor that feeds these statistics, then hands every call on to
   * `next` unchanged, a v1 read's `rssi` included (in the same order; an error in the statistics
   * never stops a sighting).
   */
  tap(next: SightingSink): SightingSink {
    return {
      // a v1 read's signal strength (rssi) is handed on as is, only when the reader sent one
      snapshot: (zone, tags, at, line, rssi) => {
        this.safely(() => this.snapshot(zone, tags, at));
        if (rssi !== undefined) next.snapshot(zone, tags, at, line, rssi);
        else next.snapshot(zone, tags, at, line);
      },
      add: (zone, tag, at, line, rssi) => {
        this.safely(() => this.add(zone, tag, at));
        if (rssi !== undefined) next.add(zone, tag, at, line, rssi);
        else next.add(zone, tag, at, line);
      },
      remove: (zone, tag, at, line) => next.remove(zone, tag, at, line),
      status: (reader) => next.status(reader),
    };
  }

  private registryOfZone(zone: string): TileSetRegistry | undefined {
    const slash = zone.indexOf('/');
    const table = this.tableOfReader.get(slash < 0 ? zone : zone.slice(0, slash));
    return table === undefined ? undefined : this.byTable.get(table);
  }

  private safely(f: () => void): void {
    try {
      f();
    } catch {
      /* statistics are advisory: a sighting still goes to the table */
    }
  }
}
