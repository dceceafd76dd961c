/**
 * Transports of the simulated readers: one link per reader, either a pseudo-terminal pair made by
 * socat (the hub opens `DIR/hub-<READER>` as it would a USB serial port) or, when socat is absent,
 * a TCP server on 127.0.0.1 (the hub connects to `tcp://127.0.0.1:<port>`, a free port unless one
 * is asked for).
 *
 * Pulling a cable by hand (pseudo-terminals): write a file `DIR/unplug-<READER>` holding a number
 * of ms (e.g. `3000`; empty = 3000). Within 100 ms the link takes the file away, pulls the cable
 * (socat is killed: the hub's port closes, the reader goes silent) and plugs it back after that
 * many ms (socat again with the same link names; the hub reopens `DIR/hub-<READER>`, which now
 * points at a new /dev/pts/N). Tests use it to unplug one chosen reader at a chosen moment
 * (test/e2e/noise-ports.test.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync, renameSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { resolve, join } from 'node:path';
import { SerialPort } from 'serialport';
import { pathUnder } from '../config/path-under.js';

/** One reader's end of a transport. */
export interface ReaderLink {
  reader: string;
  /** what the hub opens: absolute path of the hub-side pseudo-terminal, or `tcp://127.0.0.1:<port>` */
  port: string;
  /** sends text to the hub (dropped when no hub is connected on TCP) */
  write(text: string): void;
  /** text from the hub */
  onData: ((chunk: string) => void) | undefined;
  /** a hub connected (TCP only: a pseudo-terminal cannot tell) */
  onConnect: (() => void) | undefined;
  /** the hub went away (TCP only) */
  onDisconnect: (() => void) | undefined;
  /** closes the link (kills socat / closes the server) */
  close(): Promise<void>;
  /**
   * pulls the cable: socat is killed (the hub side gets `close` with `disconnected: true`), or the
   * TCP connection is dropped and the server stops listening
   */
  unplug(): Promise<void>;
  /** plugs it back: socat again with the same links, or the TCP server listening again */
  replug(): Promise<void>;
}

/** The file that pulls one reader's cable (see the module comment): `DIR/unplug-<READER>`. @throws Error when the reader id would name a file outside DIR */
export function unplugRequestPath(dir: string, reader: string): string {
  return pathUnder(dir, `unplug-${reader}`);
}

/** How long a hand-pulled cable stays out when the request file holds no number (ms). */
export const DEFAULT_UNPLUG_MS = 3000;

/**
 * Asks a running simulator to pull one reader's cable for `ms` (pseudo-terminal links only):
 * writes `DIR/unplug-<READER>` atomically. @throws RangeError when ms is not 0..600000
 */
export function requestUnplug(dir: string, reader: string, ms = DEFAULT_UNPLUG_MS): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > 600_000) throw new RangeError(`unplug time ${ms} must be an integer 0..600000 ms`);
  const file = unplugRequestPath(dir, reader);
  writeFileSync(file + '.tmp', `${ms}\n`);
  renameSync(file + '.tmp', file);
  return file;
}

/** One line of DIR/ports.json. */
export interface PortsFileEntry {
  reader: string;
  port: string;
}

/** True when `socat` is on the PATH (`which socat` succeeds). */
export function socatAvailable(): boolean {
  return spawnSync('which', ['socat'], { stdio: 'ignore' }).status === 0;
}

const children = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Kills every socat child still running (called on process exit too). */
export function killSocatChildren(): void {
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) {
      c.stdin?.end();
      c.kill('SIGTERM');
    }
  }
  children.clear();
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killSocatChildren);
}

async function waitFor(cond: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Shell that runs socat with "$@" and stops it (waiting until it has removed its links) on stdin EOF or SIGTERM/SIGINT. */
const SOCAT_GUARD = 'exec 3<&0; socat "$@" & p=$!; trap \'kill $p 2>/dev/null; wait $p; exit 0\' TERM INT; ' + '(read _ <&3; kill $p 2>/dev/null) & wait $p';

/** One running socat pair with the dev side opened. */
interface PtyPair {
  port: SerialPort;
  exited: () => boolean;
  kill: () => Promise<void>;
}

async function startPair(reader: string, hubPath: string, devPath: string): Promise<PtyPair> {
  for (const p of [hubPath, devPath]) rmSync(p, { force: true });
  // socat runs under a tiny shell that kills it when our stdin pipe closes, so it never outlives
  // this process, even after a SIGKILL (no orphan socat keeps the links or deletes a new run's links)
  const child = spawn('sh', ['-c', SOCAT_GUARD, 'socat-guard', '-d', '-d', `pty,raw,echo=0,link=${hubPath}`, `pty,raw,echo=0,link=${devPath}`], { stdio: ['pipe', 'ignore', 'pipe'] });
  child.stdin?.on('error', () => {});
  children.add(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (d: string) => {
    if (stderr.length < 4000) stderr += d;
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
    children.delete(child);
  });
  child.on('error', (e) => {
    exited = true;
    stderr += e.message;
  });
  try {
    await waitFor(() => exited || (existsSync(hubPath) && existsSync(devPath)), 5000, `socat links ${hubPath} and ${devPath}`);
  } catch (e) {
    child.kill();
    throw e;
  }
  if (exited) throw new Error(`socat for ${reader} exited: ${stderr.trim()}`);
  const port = new SerialPort({ path: devPath, baudRate: 115200, autoOpen: false });
  await new Promise<void>((res, rej) => port.open((err) => (err ? rej(new Error(`cannot open ${devPath}: ${err.message}`)) : res())));
  port.setEncoding('latin1');
  port.on('error', () => {
    /* the hub side went away or socat died: the reader just keeps going, like firmware */
  });
  return {
    port,
    exited: () => exited,
    async kill() {
      if (port.isOpen) await new Promise<void>((res) => port.close(() => res()));
      if (!exited) {
        child.stdin?.end();
        await waitFor(() => exited, 2000, `socat for ${reader} to exit`).catch(() => child.kill('SIGKILL'));
      }
      children.delete(child);
    },
  };
}

/**
 * Makes a pseudo-terminal pair with socat (`pty,raw,echo=0,link=DIR/hub-<READER>` and
 * `…link=DIR/dev-<READER>`), waits until both links exist and opens the dev side with serialport.
 * @throws Error when socat does not start or the links do not appear within 5 s, or the reader id would name a link outside DIR
 */
export async function openPtyLink(reader: string, dir: string): Promise<ReaderLink> {
  installExitHook();
  const abs = resolve(dir);
  mkdirSync(abs, { recursive: true });
  const hubPath = pathUnder(abs, `hub-${reader}`);
  const devPath = pathUnder(abs, `dev-${reader}`);
  const requestFile = unplugRequestPath(abs, reader);
  rmSync(requestFile, { force: true });
  let pair: PtyPair | undefined;
  let pulling = false;
  let watching = true;
  const shut = async () => {
    const p = pair;
    pair = undefined;
    await p?.kill();
  };
  // a cable pulled by hand: DIR/unplug-<READER> (see the module comment)
  const watcher = setInterval(() => {
    if (pulling || !existsSync(requestFile)) return;
    let ms = DEFAULT_UNPLUG_MS;
    try {
      const text = readFileSync(requestFile, 'utf8').trim();
      if (text !== '' && Number.isFinite(Number(text)) && Number(text) >= 0) ms = Math.min(600_000, Number(text));
      rmSync(requestFile, { force: true });
    } catch {
      return; // being written: next tick
    }
    pulling = true;
    void (async () => {
      try {
        await link.unplug();
        await new Promise((r) => setTimeout(r, ms));
        if (watching) await link.replug();
      } catch {
        /* socat would not start again: the link stays unplugged, like a broken cable */
      } finally {
        pulling = false;
      }
    })();
  }, 100);
  watcher.unref?.();
  const link: ReaderLink = {
    reader,
    port: hubPath,
    write(text: string) {
      if (pair && pair.port.isOpen && !pair.exited()) pair.port.write(text);
    },
    onData: undefined,
    onConnect: undefined,
    onDisconnect: undefined,
    async close() {
      watching = false;
      clearInterval(watcher);
      await shut();
    },
    async unplug() {
      await shut();
      link.onDisconnect?.();
    },
    async replug() {
      if (pair) return;
      pair = await startPair(reader, hubPath, devPath);
      pair.port.on('data', (d: string | Buffer) => link.onData?.(typeof d === 'string' ? d : d.toString('latin1')));
    },
  };
  await link.replug();
  return link;
}

/**
 * A TCP server on 127.0.0.1:`tcpPort` for one reader; `tcpPort` 0 (the default) takes a free port
 * the OS picks, kept for every replug, so two simulators (or tests) never collide. The link's
 * `port` names the port actually bound. One hub connection at a time: a new connection replaces
 * the old one. @throws Error when the port cannot be bound
 */
export async function openTcpLink(reader: string, tcpPort = 0): Promise<ReaderLink> {
  let socket: Socket | undefined;
  let server: Server | undefined;
  let bound = tcpPort;
  const listen = async () => {
    const srv = createServer();
    srv.on('connection', (s) => {
      socket?.destroy();
      socket = s;
      s.setEncoding('latin1');
      s.setNoDelay(true);
      s.on('data', (d: string) => link.onData?.(d));
      s.on('error', () => {});
      s.on('close', () => {
        if (socket === s) {
          socket = undefined;
          link.onDisconnect?.();
        }
      });
      link.onConnect?.();
    });
    await new Promise<void>((res, rej) => {
      srv.once('error', (e) => rej(new Error(`reader ${reader}: cannot listen on 127.0.0.1:${bound}: ${e.message}`)));
      srv.listen(bound, '127.0.0.1', () => res());
    });
    bound = (srv.address() as AddressInfo).port; // a replug listens on the same port again
    link.port = `tcp://127.0.0.1:${bound}`;
    server = srv;
  };
  const shut = async () => {
    const srv = server;
    server = undefined;
    socket?.destroy();
    socket = undefined;
    if (srv) await new Promise<void>((res) => srv.close(() => res()));
  };
  const link: ReaderLink = {
    reader,
    port: `tcp://127.0.0.1:${tcpPort}`, // the bound port once listening
    write(text: string) {
      if (socket && !socket.destroyed) socket.write(text);
    },
    onData: undefined,
    onConnect: undefined,
    onDisconnect: undefined,
    close: shut,
    unplug: shut,
    async replug() {
      if (!server) await listen();
    },
  };
  await listen();
  return link;
}

/** Writes DIR/ports.json atomically: `[{reader, port}]`, the file the hub (or a test) reads to find the readers. */
export function writePortsFile(dir: string, links: readonly ReaderLink[]): string {
  const abs = resolve(dir);
  mkdirSync(abs, { recursive: true });
  const file = join(abs, 'ports.json');
  const entries: PortsFileEntry[] = links.map((l) => ({ reader: l.reader, port: l.port }));
  writeFileSync(file + '.tmp', JSON.stringify(entries, null, 2) + '\n');
  renameSync(file + '.tmp', file); // atomic: a hub polling for the file never reads half of it
  return file;
}
