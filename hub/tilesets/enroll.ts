/**
 * The director's guided enrolment of a tile set at a table: the table's readers show the tags they
 * do not know; the director says, tag by tag, which tile kind each one is under (the copy number is
 * assigned), or lays a run of tiles out in the layout order on one zone; then finishes: the make-up
 * check, and the set is saved under the hub's data folder.
 *
 * Laying out in order: the hub takes the zone's unknown tags in the order it first read them (within
 * one SNAP, the order of the SNAP's list). A reader that reports a zone in position order (an antenna
 * per slot) gives the layout order for tiles laid all at once; a reader with one antenna reports tags
 * in its anticollision order, which is not where they lie: with such a reader lay the tiles one at a
 * time, each after the page shows the previous one read, or use the one-by-one flow.
 */
import type { UnknownTag } from '../tracking/tracker.js';
import { checkSetId, EnrollError, isRandomUid, LAYOUT_ORDER, layoutStart, SET_SIZE, TileSetRegistry, type Enrolled, type MissingKind } from './registry.js';
import { loadTileSet, saveTileSet } from './store.js';
import type { z } from 'zod';
import type { SeenTagSchema, EnrollViewSchema } from '../contract/responses.js';

/** An unknown tag a table's reader read (the contract's `SeenTagSchema`, hub/contract/responses.ts). */
export type SeenTag = z.infer<typeof SeenTagSchema>;

/** What the enroll page shows (the contract's `EnrollViewSchema`, hub/contract/responses.ts). */
export type EnrollView = z.infer<typeof EnrollViewSchema>;

/** The table side an enrolment needs: its unknown tags, and which zones are its own. */
export interface EnrollTable {
  id: string;
  unknownTags?(): UnknownTag[];
  owns?(zone: string): boolean;
}

/** An enrolment refused: `status` 400 (bad input, naming `field`), 404 (no enrolment), 409 (refused now). */
export class EnrollRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'EnrollRefused';
  }
}

/** Set ids a hub knows without a file; they cannot be enrolled. */
export const RESERVED_SET_IDS: ReadonlySet<string> = new Set(['simulated', 'none']);

interface Session {
  registry: TileSetRegistry;
  savedFile: string | null;
}

/** The enrolments in progress, one per table. */
export class Enrollments {
  private readonly sessions = new Map<string, Session>();

  /** @param dir the enrolled sets' folder (`<dataDir>/tilesets`), or null when the hub keeps no files */
  constructor(private readonly dir: string | null) {}

  /**
   * Starts (or restarts) an enrolment of set `setId` at a table. A saved set is loaded to go on
   * with, unless `fresh`.
   * @throws EnrollRefused 400 for a bad or reserved set id; 409 when the saved file is unreadable
   */
  start(table: EnrollTable, setId: unknown, fresh = false): EnrollView {
    let id: string;
    try {
      id = checkSetId(setId);
    } catch (err) {
      throw new EnrollRefused(400, `body.setId: ${(err as Error).message}`);
    }
    if (RESERVED_SET_IDS.has(id)) throw new EnrollRefused(400, `body.setId: "${id}" is a built-in set id ("simulated": the simulator's tags, "none": no set); enrol a real set under another id`);
    let session: Session = { registry: new TileSetRegistry(id), savedFile: null };
    if (!fresh && this.dir) {
      try {
        const loaded = loadTileSet(this.dir, id);
        if (loaded) session = { registry: loaded.registry, savedFile: loaded.file };
      } catch (err) {
        throw new EnrollRefused(409, `the saved set cannot be read: ${(err as Error).message} (start with fresh: true to enrol it anew)`);
      }
    }
    this.sessions.set(table.id, session);
    return this.view(table);
  }

  /** The enrolment at a table now. @throws EnrollRefused 404 when none was started */
  view(table: EnrollTable): EnrollView {
    const s = this.session(table);
    const m = s.registry.makeup();
    const unknown = (table.unknownTags?.() ?? [])
      .filter((u) => !s.registry.get(u.tag))
      .map((u) => ({ tag: u.tag, zone: u.zone, at: u.at, random: isRandomUid(u.tag.toUpperCase()) }))
      .sort((a, b) => b.at - a.at);
    return {
      tableId: table.id,
      setId: s.registry.id,
      enrolled: m.enrolled,
      total: m.total,
      spares: m.spares,
      missing: m.missing,
      makeup: m.text,
      complete: m.complete,
      entries: s.registry.entries(),
      unknown,
      savedFile: s.savedFile,
    };
  }

  /**
   * Enrols one tag as a tile kind (the copy number is assigned).
   * @throws EnrollRefused 400 naming `body.tag` / `body.kind` (bad, random or already enrolled tag; bad kind); 404 no enrolment
   */
  enrol(table: EnrollTable, tag: unknown, kind: unknown): Enrolled {
    const s = this.session(table);
    return asRefused(() => s.registry.enrol(tag, kind));
  }

  /** Takes a tag out (a mistake). @throws EnrollRefused 404 when the tag is not enrolled or no enrolment */
  remove(table: EnrollTable, tag: string): Enrolled {
    const s = this.session(table);
    const e = s.registry.remove(tag);
    if (!e) throw new EnrollRefused(404, `tag ${tag} is not enrolled in set "${s.registry.id}"`);
    return e;
  }

  /**
   * Enrols the unknown tags of one zone as tiles laid out in LAYOUT_ORDER from kind `from`
   * (default `1B`, position 0), in the order the hub first read them.
   * @param count when given, the number of tiles the director laid out: refused (409) when the zone shows another number
   * @throws EnrollRefused 400 (zone not this table's, bad from, no tags, a random UID among them), 409 count differs, 404 no enrolment
   */
  layout(table: EnrollTable, zone: string, from: string | undefined, count: number | undefined): Enrolled[] {
    const s = this.session(table);
    if (table.owns && !table.owns(zone)) throw new EnrollRefused(400, `body.zone: "${zone}" is not a zone of table '${table.id}' (write it reader/zone, e.g. RK-E1/top)`);
    const start = asRefused(() => layoutStart(from ?? '1B'));
    const tags = (table.unknownTags?.() ?? []).filter((u) => u.zone === zone && !s.registry.get(u.tag)).map((u) => u.tag);
    if (tags.length === 0) throw new EnrollRefused(400, `body.zone: no unknown tags are read in ${zone}`);
    if (count !== undefined && count !== tags.length) {
      throw new EnrollRefused(409, `you laid out ${count} tiles but ${zone} reads ${tags.length} unknown tags: check the zone, then try again`);
    }
    if (start + tags.length > SET_SIZE) {
      throw new EnrollRefused(400, `body.from: ${tags.length} tiles from ${LAYOUT_ORDER[start]} run past the end of the set (152 tiles)`);
    }
    try {
      return s.registry.enrolLayout(tags, start);
    } catch (err) {
      if (err instanceof EnrollError) throw new EnrollRefused(400, `body.zone: ${zone} (tags in the order read): ${err.message}`);
      throw err;
    }
  }

  /**
   * Finishes: the make-up check, then saves the set (atomically). An incomplete set is refused
   * (409, naming what is missing) unless `draft`, which saves it as a draft to go on with later.
   * @throws EnrollRefused 409 (incomplete, or the hub keeps no files), 404 no enrolment
   */
  finish(table: EnrollTable, draft: boolean): { file: string; complete: boolean; view: EnrollView } {
    const s = this.session(table);
    const m = s.registry.makeup();
    if (!m.complete && !draft) throw new EnrollRefused(409, `set "${s.registry.id}" is not complete: ${m.text} (finish with draft: true to save it and go on later)`);
    if (!this.dir) throw new EnrollRefused(409, 'this hub keeps no data folder (--data :memory:): a tile set cannot be saved');
    s.savedFile = saveTileSet(this.dir, s.registry, m.complete);
    return { file: s.savedFile, complete: m.complete, view: this.view(table) };
  }

  private session(table: EnrollTable): Session {
    const s = this.sessions.get(table.id);
    if (!s) throw new EnrollRefused(404, `no enrollment on table '${table.id}': start one (POST /api/director/enroll/${table.id}/start)`);
    return s;
  }
}

function asRefused<T>(f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof EnrollError) throw new EnrollRefused(400, `body.${err.field}: ${err.message}`);
    throw err;
  }
}
