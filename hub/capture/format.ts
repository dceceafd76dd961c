/**
 * The capture format (firmware-protocol/CAPTURE.md): what the wire said between the hub and one
 * table's readers, both directions, as JSON lines. The first line is the header (format id and
 * version, the table config, its cards and its tile set's tags); every later line is one line of
 * the wire: `{ "t": ms since the capture's start, "reader": id, "dir": "in" | "out", "line": text }`
 * (and the port it came on, when known).
 */
import type { Card } from '../../rules/card/types.js';
import type { TileId } from '../../rules/tiles.js';
import type { TableConfig } from '../config/types.js';

/** The format id of a capture's header. */
export const CAPTURE_FORMAT = 'mjhub.capture';
/** The version this hub writes and reads. */
export const CAPTURE_VERSION = 1;

/** The first line of a capture. */
export interface CaptureHeader {
  format: typeof CAPTURE_FORMAT;
  version: typeof CAPTURE_VERSION;
  /** ms since epoch of `t` = 0 */
  startedAt: number;
  /** the table as the hub's config gave it (hub/config/types.ts); its `cards` are the paths it was read from */
  table: TableConfig;
  /** the table's cards as loaded (rules/card/types.ts), with their files' SHA-256 */
  cards: Card[];
  /** the tile set: tag (as the readers print it) → tile id */
  tags: Record<string, TileId>;
  /** the game the capture was exported for (1-based), when it was */
  game?: number;
}

/** One line of the wire: `in` a reader sent it, `out` the hub wrote it to the reader. */
export interface CaptureLine {
  /** ms since the header's `startedAt` (never decreasing) */
  t: number;
  /** the configured reader id the line belongs to */
  reader: string;
  dir: 'in' | 'out';
  /** the line exactly as on the wire, without its line ending */
  line: string;
  /** where the reader was connected (a new port is a new connection: the old one closed), when known */
  port?: string;
}

/** A capture read or to write. */
export interface Capture {
  header: CaptureHeader;
  lines: CaptureLine[];
}

/** A capture that does not read: `line` (1-based) and `field` say where. */
export class CaptureError extends Error {
  constructor(
    readonly line: number,
    readonly field: string,
    problem: string,
  ) {
    super(`line ${line}${field ? `, field ${field}` : ''}: ${problem}`);
    this.name = 'CaptureError';
  }
}

/** The capture as text: the header, then one JSON line per wire line, each ending in a newline. */
export function writeCapture(c: Capture): string {
  return [c.header, ...c.lines].map((l) => JSON.stringify(l)).join('\n') + '\n';
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Reads a capture. Only the header's shape is checked here (the table config is checked by the
 * config's own schema when replayed: hub/capture/replay.ts).
 * @throws CaptureError naming the line and field: not JSON, another format or version, a field
 *   missing or of the wrong type, a time that goes back, a reader the table does not have
 */
export function parseCapture(text: string): Capture {
  const rows = text.split('\n');
  if (rows.at(-1) === '') rows.pop();
  if (rows.length === 0) throw new CaptureError(1, '', 'empty: a capture starts with its header line');
  const json = (i: number): Obj => {
    let v: unknown;
    try {
      v = JSON.parse(rows[i]!);
    } catch (e) {
      throw new CaptureError(i + 1, '', `not JSON: ${(e as Error).message}`);
    }
    if (!isObj(v)) throw new CaptureError(i + 1, '', 'not a JSON object');
    return v;
  };
  const h = json(0);
  if (h.format !== CAPTURE_FORMAT) throw new CaptureError(1, 'format', `expected "${CAPTURE_FORMAT}", got ${JSON.stringify(h.format)}`);
  if (h.version !== CAPTURE_VERSION) throw new CaptureError(1, 'version', `this hub reads version ${CAPTURE_VERSION}, got ${JSON.stringify(h.version)}`);
  if (typeof h.startedAt !== 'number' || !Number.isInteger(h.startedAt) || h.startedAt < 0) throw new CaptureError(1, 'startedAt', 'expected ms since epoch (a non-negative integer)');
  if (!isObj(h.table) || typeof h.table.id !== 'string' || !Array.isArray(h.table.readers)) throw new CaptureError(1, 'table', 'expected a table config (an object with id and readers)');
  if (!Array.isArray(h.cards) || h.cards.some((c) => !isObj(c) || typeof c.id !== 'string' || !Array.isArray(c.lines)))
    throw new CaptureError(1, 'cards', "expected the table's cards (objects with id and lines)");
  if (!isObj(h.tags) || Object.values(h.tags).some((v) => typeof v !== 'string')) throw new CaptureError(1, 'tags', 'expected an object tag → tile id');
  if (h.game !== undefined && (typeof h.game !== 'number' || !Number.isInteger(h.game) || h.game < 1)) throw new CaptureError(1, 'game', 'expected a game number (1, 2, …)');
  const readers = new Set((h.table.readers as unknown[]).map((r) => (isObj(r) ? r.id : undefined)));
  const lines: CaptureLine[] = [];
  let last = 0;
  for (let i = 1; i < rows.length; i++) {
    const o = json(i);
    const n = i + 1;
    if (typeof o.t !== 'number' || !Number.isInteger(o.t) || o.t < 0) throw new CaptureError(n, 't', "expected ms since the capture's start (a non-negative integer)");
    if (o.t < last) throw new CaptureError(n, 't', `goes back in time: ${o.t} after ${last}`);
    last = o.t;
    if (typeof o.reader !== 'string' || !readers.has(o.reader))
      throw new CaptureError(n, 'reader', `expected a reader of table ${h.table.id} (${[...readers].join(', ')}), got ${JSON.stringify(o.reader)}`);
    if (o.dir !== 'in' && o.dir !== 'out') throw new CaptureError(n, 'dir', `expected "in" or "out", got ${JSON.stringify(o.dir)}`);
    if (typeof o.line !== 'string') throw new CaptureError(n, 'line', 'expected the line as text');
    if (o.port !== undefined && typeof o.port !== 'string') throw new CaptureError(n, 'port', 'expected the port as text');
    lines.push({ t: o.t, reader: o.reader, dir: o.dir, line: o.line, ...(o.port !== undefined ? { port: o.port as string } : {}) });
  }
  return { header: h as unknown as CaptureHeader, lines };
}
