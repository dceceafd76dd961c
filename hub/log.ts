/**
 * The hub's log (pino): one root logger, one child per part of the hub, JSON lines to a file in
 * the data folder (`<data>/hub.log`, mode 0600: it names readers, ports and the director's rulings)
 * and a short readable line per entry on a terminal, both at the level chosen (`--log-level`).
 *
 * Every entry carries `part` (one of {@link LOG_PARTS}) and, where one is concerned, `table` and
 * `reader`. A terminal line reads, e.g.:
 *
 *   10:41:07 WARN  readers t1 E1: sequence gap: lines 41-43 lost; asked for a snapshot
 */
import { chmodSync } from 'node:fs';
import { pino, type Logger, type LevelWithSilent } from 'pino';

/**
 * The parts of the hub that log, each through its own child logger (`log.child({ part })`): the
 * ports (transports), the reader sessions (readers), each table's flags and the director's rulings
 * and entries (table), the event log's writes (store), HTTP and socket.io (api), score cards
 * (tournament). Entries of the hub itself (starting, stopping) have no part.
 */
export const LOG_PARTS = ['transports', 'readers', 'table', 'store', 'api', 'tournament'] as const;
export type LogPart = (typeof LOG_PARTS)[number];

/** The levels `--log-level` takes, most verbose first; `silent` logs nothing. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const satisfies readonly LevelWithSilent[];
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The hub's logger: a pino logger (children made with `child({ part: 'readers' })`). */
export type HubLogger = Logger;

/** Options of {@link createHubLogger}. */
export interface HubLoggerOptions {
  /** the least level written (default `info`) */
  level?: LogLevel;
  /** the JSON-lines file (appended to; created with mode 0600), e.g. `<data>/hub.log`; none: no file */
  file?: string;
  /** where readable lines go (e.g. `process.stdout`); none: no terminal lines */
  terminal?: { write(text: string): unknown };
}

/** One entry as a readable line: `HH:MM:SS LEVEL part table reader: msg` (fields absent are left out). */
export function formatEntry(entry: Record<string, unknown>): string {
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toTimeString().slice(0, 8);
  const level = (pino.levels.labels[entry.level as number] ?? String(entry.level)).toUpperCase().padEnd(5);
  const who = [entry.part, entry.table, entry.reader].filter((x) => typeof x === 'string' && x !== '').join(' ');
  const err = entry.err && typeof entry.err === 'object' ? ` (${String((entry.err as { message?: unknown }).message ?? '')})` : '';
  return `${time} ${level} ${who}${who ? ': ' : ''}${String(entry.msg ?? '')}${err}\n`;
}

/**
 * The root logger of a hub (see the module comment). Writes are synchronous: a line logged just
 * before the process exits is in the file.
 * @throws Error when the file cannot be opened (its folder missing or not writable)
 */
export function createHubLogger(opts: HubLoggerOptions = {}): HubLogger {
  const level = opts.level ?? 'info';
  const streams: pino.StreamEntry[] = [];
  if (opts.file) {
    streams.push({ level: level === 'silent' ? 'fatal' : level, stream: pino.destination({ dest: opts.file, sync: true, mode: 0o600, append: true }) });
    chmodSync(opts.file, 0o600); // a file made by an earlier hub keeps its mode otherwise
  }
  const terminal = opts.terminal;
  if (terminal) {
    const write = (line: string) => {
      try {
        terminal.write(formatEntry(JSON.parse(line) as Record<string, unknown>));
      } catch {
        terminal.write(line); // not JSON (never from pino): shown as is
      }
    };
    streams.push({ level: level === 'silent' ? 'fatal' : level, stream: { write } });
  }
  return pino({ level, base: undefined }, pino.multistream(streams));
}

/** A logger that writes nothing (tests and embedded hubs that were given none). */
export function silentLogger(): HubLogger {
  return pino({ level: 'silent' }, { write: () => undefined });
}

/**
 * The logger fastify gets: requests (logged by fastify at `info`) only at `debug` or `trace`;
 * otherwise at least `warn` (a request that failed in the hub, 5xx).
 */
export function requestLogger(log: HubLogger): HubLogger {
  return log.levelVal < pino.levels.values.info! || log.levelVal >= pino.levels.values.warn! ? log : log.child({}, { level: 'warn' });
}

/**
 * A logger of readable lines on stderr, warnings and errors only: what a part used outside a hub
 * (a script, a test) reports by default.
 */
export function stderrLogger(part?: LogPart): HubLogger {
  const log = createHubLogger({ level: 'warn', terminal: process.stderr });
  return part ? log.child({ part }) : log;
}
