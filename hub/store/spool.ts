/**
 * The PostgreSQL store's local spool (./postgres.ts): while the database is away, the rows not yet
 * written (events and raw reader lines) are also kept in a file of the hub's data folder,
 * `<dataDir>/pg-spool.jsonl`, so a hub stopped (or killed) meanwhile loses none of them: the next
 * start reads the file and writes its rows, in order, after what the database holds.
 *
 * One JSON line per row, fsync'd per batch before the batch's call returns:
 * `{"e":[seq, tableId, at, type, dataJson]}` for an event, `{"r":{id, reader, port, at, line, status}}`
 * for a raw line. The file is removed once every row is written to the database.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { RawLine } from './types.js';

/** The spool's file name in the data folder. */
export const SPOOL_FILE = 'pg-spool.jsonl';

/** An event as the spool keeps it: its seq, table, time (ms since epoch), type and data as JSON text. */
export interface SpooledEvent {
  seq: number;
  tableId: string;
  at: number;
  type: string;
  json: string;
}

/**
 * Reads a spool: its events and raw lines in the order they were spooled (an empty spool when the
 * file does not exist). A last line cut short (the hub killed mid-write, before its fsync) is dropped.
 * @throws Error naming the file and the line when a line before the last is not a spooled row
 */
export function readSpool(file: string): { events: SpooledEvent[]; raws: RawLine[] } {
  const events: SpooledEvent[] = [];
  const raws: RawLine[] = [];
  if (!existsSync(file)) return { events, raws };
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((text, i) => {
    if (text === '') return;
    let row: { e?: [number, string, number, string, string]; r?: RawLine };
    try {
      row = JSON.parse(text) as typeof row;
    } catch (err) {
      if (i === lines.length - 1) return; // a last line cut short was never acknowledged
      throw new Error(`${file}, line ${i + 1}: not a spooled row (${(err as Error).message}); the rows after it cannot be trusted`, { cause: err });
    }
    if (row.e) events.push({ seq: row.e[0], tableId: row.e[1], at: row.e[2], type: row.e[3], json: row.e[4] });
    else if (row.r) raws.push(row.r);
  });
  return { events, raws };
}

/** Appends rows to a spool file (made on first use, mode 0600), each batch fsync'd before {@link Spool.append} returns. */
export class Spool {
  /** @param file e.g. `/var/mjhub/data/pg-spool.jsonl` */
  constructor(readonly file: string) {}

  /**
   * Appends the rows and fsyncs the file.
   * @throws Error (the file system's) when the folder or file cannot be written
   */
  append(events: readonly SpooledEvent[], raws: readonly RawLine[]): void {
    if (events.length === 0 && raws.length === 0) return;
    const text = [
      ...events.map((e) => JSON.stringify({ e: [e.seq, e.tableId, e.at, e.type, e.json] })),
      ...raws.map((r) => JSON.stringify({ r: { id: r.id, reader: r.reader, port: r.port, at: r.at, line: r.line, status: r.status } })),
    ].join('\n');
    mkdirSync(path.dirname(this.file), { recursive: true });
    const fd = openSync(this.file, 'a', 0o600);
    try {
      writeSync(fd, `${text}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Removes the file: every row it held is in the database. */
  clear(): void {
    rmSync(this.file, { force: true });
  }
}
