/**
 * Enrolled tile sets on disk: one JSON file per set, `<dataDir>/tilesets/<setId>.json`, written
 * atomically (a temporary file in the same folder, then rename), so a crash leaves the old file or
 * the new one, never half of one.
 *
 * File shape (`format` and `version` let later hubs read old files):
 * ```json
 * { "format": "mjhub-tileset", "version": 1, "id": "club-set-3", "complete": true,
 *   "savedAt": "2026-11-30T05:00:00.000Z", "makeup": "complete: 152 of 152 (0 spares)",
 *   "tags": [ { "tag": "04A1B2C3D4E5F6", "tile": "1B#1", "spare": false }, … ] }
 * ```
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TileId } from '../../rules/tiles.js';
import { pathUnder } from '../config/path-under.js';
import { checkSetId, EnrollError, TileSetRegistry, type Enrolled } from './registry.js';

/** The folder of enrolled sets under a hub's data folder: `<dataDir>/tilesets`. */
export function tileSetDir(dataDir: string): string {
  return path.join(dataDir, 'tilesets');
}

/** The file of one set. @throws EnrollError for a bad set id (never a path outside `dir`) */
export function tileSetPath(dir: string, id: string): string {
  return pathUnder(dir, `${checkSetId(id)}.json`);
}

/** A set read from disk. */
export interface LoadedTileSet {
  registry: TileSetRegistry;
  /** false for a draft saved before its make-up was complete */
  complete: boolean;
  file: string;
}

/**
 * Saves a set atomically (tmp file + rename); creates the folder.
 * @param complete false saves a draft (a hub refuses to play an incomplete set)
 * @returns the file written
 */
export function saveTileSet(dir: string, registry: TileSetRegistry, complete: boolean, now = new Date()): string {
  const file = tileSetPath(dir, registry.id);
  mkdirSync(dir, { recursive: true });
  const body = {
    format: 'mjhub-tileset',
    version: 1,
    id: registry.id,
    complete,
    savedAt: now.toISOString(),
    makeup: registry.makeup().text,
    tags: registry.entries(),
  };
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, JSON.stringify(body, null, 1) + '\n', { flush: true });
  renameSync(tmp, file);
  return file;
}

/**
 * Reads a set, or null when it has no file.
 * @throws Error naming the file and the field for a file that is not a valid tile set (bad JSON,
 *   wrong id, a bad/duplicate/random tag, a tile twice)
 */
export function loadTileSet(dir: string, id: string): LoadedTileSet | null {
  const file = tileSetPath(dir, id);
  if (!existsSync(file)) return null;
  let body: unknown;
  try {
    body = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const b = body as Record<string, unknown>;
  if (typeof b !== 'object' || b === null || b.format !== 'mjhub-tileset' || b.version !== 1) {
    throw new Error(`${file}: not a tile set file (format must be "mjhub-tileset", version 1)`);
  }
  if (b.id !== id) throw new Error(`${file}: id is ${JSON.stringify(b.id)}, expected "${id}"`);
  if (!Array.isArray(b.tags)) throw new Error(`${file}: tags must be an array`);
  const entries: Enrolled[] = b.tags.map((t: unknown, i: number) => {
    const e = t as Record<string, unknown>;
    if (typeof e !== 'object' || e === null || typeof e.tag !== 'string' || typeof e.tile !== 'string' || typeof e.spare !== 'boolean') {
      throw new Error(`${file}: tags[${i}] must be { tag: string, tile: string, spare: boolean }`);
    }
    return { tag: e.tag, tile: e.tile as TileId, spare: e.spare };
  });
  try {
    const registry = new TileSetRegistry(id, entries);
    return { registry, complete: b.complete === true && registry.makeup().complete, file };
  } catch (err) {
    if (err instanceof EnrollError) throw new Error(`${file}: ${err.message}`);
    throw err;
  }
}

/**
 * The tag map of an enrolled, complete set, for a table to play with (hub.ts `tileSetById`).
 * @returns null when the set has no file
 * @throws Error naming the file when it is invalid, or the missing tiles when it is a draft
 */
export function enrolledTagMap(dir: string, id: string): Map<string, TileId> | null {
  const set = loadTileSet(dir, id);
  if (!set) return null;
  if (!set.complete) {
    throw new Error(`tile set "${id}" (${set.file}) is not complete (${set.registry.makeup().text}): finish its enrollment first`);
  }
  return set.registry.tagMap();
}
