/**
 * One reader line with no newline must not freeze the hub. A broken Wi-Fi reader in its own process
 * (test/e2e/overlong-reader.ts) sends 64 MB of `X` without a newline, then a newline, then a HELLO
 * of WL-1 and a snapshot of its wall (the 38 tiles of wall 1) to the real hub (startHub, the standard
 * demo table) over TCP. Meanwhile the test asks `GET /api/tables` again and again, as the displays'
 * first load and a director's page do.
 *
 * Asserted:
 * - the hub's line splitter never holds more than MAX_LINE_LENGTH (4096) characters of the line
 *   (every push of every RawLineSplitter in this process is watched), and this process's memory
 *   grows by less than the 64 MB of the line (a hub holding the line whole grows by more; the
 *   figure, mostly socket chunks not yet collected, is printed);
 * - every `GET /api/tables` is answered (200); the worst wait is printed, not asserted;
 * - the good lines after the newline are applied: WL-1 is `connected` (its HELLO bound it, its
 *   snapshot synced its zone) and wall 1 has 38 tiles left;
 * - the long line is one bad line of WL-1 (`discarded` 1; the director's list: `errors` `{ too-long: 1 }`), kept in the
 *   raw log as its first 80 bytes, the status naming its length 67108864 (64 × 1024 × 1024).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHubConfig } from '../../hub/config/load.js';
import { startHub, type RunningHub } from '../../hub/hub.js';
import type { PublicTableView } from '../../hub/api/views.js';
import type { ReaderDirectoryView } from '../../hub/readers/supervisor.js';
import { RawLineSplitter } from '../../firmware-protocol/lines.js';
import { MAX_LINE_LENGTH } from '../../firmware-protocol/messages.js';
import { ROOT, STANDARD_CONFIG } from './harness.js';

const JUNK = 64 * 1024 * 1024;
const TOKEN = 'e2e-director-token';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Starts the broken reader; resolves with its port once it listens. */
async function brokenReader(junk: number): Promise<{ port: number; child: ChildProcess; sent: () => boolean }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/e2e/overlong-reader.ts'), String(junk)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the broken reader did not listen within 30 s: ${out}`)), 30_000);
    const look = () => {
      const m = /PORT (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', look);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => reject(new Error(`the broken reader exited (${code}): ${out}`)));
  });
  return { port, child, sent: () => out.includes('SENT') };
}

describe('a reader line with no newline (64 MB) over TCP into a real hub', () => {
  it('is held at most 4096 characters at a time, the API answers throughout, and the good lines after it are applied', async () => {
    // watch what every splitter holds after every push
    const push = RawLineSplitter.prototype.push;
    let pushes = 0;
    let maxHeld = 0;
    RawLineSplitter.prototype.push = function (this: RawLineSplitter, chunk) {
      const items = push.call(this, chunk);
      pushes += 1;
      maxHeld = Math.max(maxHeld, this.held);
      return items;
    };
    cleanups.push(() => {
      RawLineSplitter.prototype.push = push;
    });

    const reader = await brokenReader(JUNK);
    const tables = loadHubConfig(STANDARD_CONFIG);
    for (const { table } of tables) table.timing.settleMs = 50;
    const mem = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const hub: RunningHub = await startHub({
      tables,
      dataDir: path.join(mkdtempSync(path.join(tmpdir(), 'mjhub-overlong-')), 'data'),
      ports: [`tcp://127.0.0.1:${reader.port}`],
      httpPort: 0,
      directorToken: TOKEN,
      log: () => {},
    });
    cleanups.push(() => hub.close());
    const base = mem(); // the hub is up; the reader's bytes have just begun to flow
    let peak = base;

    let worst = 0;
    let asked = 0;
    let view: PublicTableView | undefined;
    const wl1 = () => view?.readers.find((r) => r.id === 'WL-1');
    const done = () => reader.sent() && wl1()?.state === 'connected' && view?.walls[0]?.left === 38 && wl1()?.discarded === 1;
    const until = Date.now() + 120_000;
    while (!done()) {
      if (Date.now() > until)
        throw new Error(
          `timed out after 120 s (GET /api/tables answered ${asked} times, worst ${worst.toFixed(0)} ms): WL-1 ${JSON.stringify(wl1())}, wall 1 ${JSON.stringify(view?.walls[0])}, all sent ${reader.sent()}`,
        );
      const t0 = performance.now();
      const res = await fetch(`${hub.url}/api/tables`);
      expect(res.status).toBe(200);
      view = ((await res.json()) as PublicTableView[])[0];
      worst = Math.max(worst, performance.now() - t0);
      asked += 1;
      peak = Math.max(peak, mem());
      await new Promise((r) => setTimeout(r, 20)); // the pace of the asking, not a wait for a state
    }
    const grewMb = (peak - base) / 2 ** 20;
    console.log(
      `64 MB line: GET /api/tables answered ${asked} times, worst ${worst.toFixed(1)} ms; splitter pushes ${pushes}, ` +
        `most held ${maxHeld} characters; memory (heap + array buffers) grew by at most ${grewMb.toFixed(1)} MB`,
    );

    expect(pushes).toBeGreaterThan(0);
    expect(maxHeld).toBeLessThanOrEqual(MAX_LINE_LENGTH);
    expect(grewMb).toBeLessThan(64); // less than the line itself: the hub never held it
    expect(wl1()).toMatchObject({ state: 'connected', discarded: 1 });
    // the director's reader list names the reason
    const dir = await fetch(`${hub.url}/api/director/readers`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const readers = ((await dir.json()) as ReaderDirectoryView).readers;
    expect(readers.find((r) => r.id === 'WL-1')).toMatchObject({ state: 'connected', discarded: 1, errors: { 'too-long': 1 } });
    expect(view?.walls[0]?.left).toBe(38);

    hub.store.flush();
    const raw = hub.store.rawLines(Array.from({ length: 20 }, (_, i) => i + 1));
    const long = raw.filter((l) => l.status.startsWith('too-long'));
    expect(long.map((l) => ({ reader: l.reader, line: l.line, status: l.status }))).toEqual([
      {
        reader: null, // before its HELLO the connection is not yet a reader; the count went to WL-1 at the HELLO
        line: 'X'.repeat(80),
        status: `too-long: line is 67108864 bytes, longer than the 4096 allowed; only its first 80 bytes are kept`,
      },
    ]);
  }, 180_000);
});
