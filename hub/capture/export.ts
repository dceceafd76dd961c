/**
 * A table's capture from the hub's raw log (firmware-protocol/CAPTURE.md): every line its readers
 * sent and every command the hub wrote to them (hub/readers/raw-log.ts), in log order, with the
 * table's config, cards and tile set in the header.
 */
import type { Card } from '../../rules/card/types.js';
import type { TileId } from '../../rules/tiles.js';
import type { TableConfig } from '../config/types.js';
import { SENT_STATUS } from '../readers/raw-log.js';
import type { EventStore, RawLine } from '../store/types.js';
import { CAPTURE_FORMAT, CAPTURE_VERSION, type Capture, type CaptureLine } from './format.js';

/** How many raw-line ids are read from the store at once. */
const CHUNK = 5000;

/** Every raw line of the log, in id order (read in chunks of ids until one comes back empty). */
function allRawLines(store: EventStore): RawLine[] {
  const out: RawLine[] = [];
  for (let from = 1; ; from += CHUNK) {
    const chunk = store.rawLines(Array.from({ length: CHUNK }, (_, i) => from + i));
    if (chunk.length === 0) return out;
    out.push(...chunk);
  }
}

/**
 * The capture of `table`'s readers from `store`: every raw line of its readers from the start of
 * the log up to `until` (ms since epoch, inclusive), `t` counted from the first. A line the log
 * holds with no reader (a HELLO, stored before it binds its connection; the `CMD snap` sent when a
 * port opens) is the reader's whose lines came on the same port. Lines of a connection a newer one
 * superseded are left out (the hub did not read them).
 * @param game the game the capture is exported for (in the header)
 */
export function captureFromLog(store: EventStore, table: TableConfig, cards: readonly Card[], tags: ReadonlyMap<string, TileId>, until: number, game?: number): Capture {
  const ids = new Set(table.readers.map((r) => r.id));
  const raw = allRawLines(store).filter((l) => l.at <= until && !l.status.startsWith('ignored:'));
  const readerOfPort = new Map<string, string>();
  for (const l of raw) if (l.reader !== null && ids.has(l.reader)) readerOfPort.set(l.port, l.reader);
  const mine = raw.filter((l) => ids.has(l.reader ?? readerOfPort.get(l.port) ?? ''));
  const startedAt = mine[0]?.at ?? until;
  const lines: CaptureLine[] = mine.map((l) => ({ t: l.at - startedAt, reader: l.reader ?? readerOfPort.get(l.port)!, dir: l.status === SENT_STATUS ? 'out' : 'in', line: l.line, port: l.port }));
  // the log keeps lines in the order they came; times from two clocks (a line's arrival, the
  // supervisor's now) may step back a millisecond: a capture's times never go back
  for (let i = 1; i < lines.length; i++) if (lines[i]!.t < lines[i - 1]!.t) lines[i]!.t = lines[i - 1]!.t;
  return {
    header: { format: CAPTURE_FORMAT, version: CAPTURE_VERSION, startedAt, table, cards: [...cards], tags: Object.fromEntries(tags), ...(game !== undefined ? { game } : {}) },
    lines,
  };
}
