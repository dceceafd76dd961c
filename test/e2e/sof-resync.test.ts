/**
 * A frame cut off with no newline must not swallow the next good frame (PROTOCOL.md §2 "Start of
 * frame"). A wall reader WL-1 that announces `sof=1` sits on a real pseudo-terminal (socat,
 * hub/simulator/ports.ts `openPtyLink`) opened by the real hub (startHub, the standard demo table).
 * It starts every line with 0x02 and answers every `CMD snap` with its HELLO and a snapshot of its
 * wall (37 tiles of wall 1 at first). Then its UART is reset in the middle of a heartbeat: the
 * first 13 bytes of `HB seq=1 up=1500*…` go out with no newline, and the next frame, the ADD of the
 * 38th tile, follows at once.
 *
 * Asserted: the ADD is applied (wall 1 goes from 37 to 38 tiles left), and the cut heartbeat is one
 * bad line of WL-1 (`discarded` 1; the director's list: `errors` `{ truncated: 1 }`), kept in the
 * raw log as its 13 bytes with its length in the status.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeLine } from '../../firmware-protocol/codec.js';
import { crc16Hex } from '../../firmware-protocol/crc16.js';
import { START_OF_FRAME } from '../../firmware-protocol/messages.js';
import type { PublicTableView } from '../../hub/api/views.js';
import { loadHubConfig } from '../../hub/config/load.js';
import { startHub, type RunningHub } from '../../hub/hub.js';
import type { ReaderDirectoryView } from '../../hub/readers/supervisor.js';
import { openPtyLink } from '../../hub/simulator/ports.js';
import { simulatedTagUid } from '../../hub/tilesets/simulated.js';
import { DIRECTOR_TOKEN, hasSocat, STANDARD_CONFIG } from './harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe.skipIf(!hasSocat)('a reader with start of frame (sof=1) on a pseudo-terminal into a real hub', () => {
  it('a heartbeat cut off with no newline is one truncated line; the ADD right after it is applied', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjsof-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const link = await openPtyLink('WL-1', dir);
    cleanups.push(() => link.close());

    // the reader: 0x02 before every line; HELLO (with sof=1, an extra field to the decoder) and a
    // snapshot on every CMD snap; one seq counter
    const wall = Array.from({ length: 37 }, (_, i) => simulatedTagUid(i));
    let seq = 0;
    let snaps = 0;
    const hello = `${encodeLine({ type: 'HELLO', reader: 'WL-1', firmware: '0.2.0', protocol: 0, zones: ['wall'] }).replace(/\*[0-9A-F]{4}$/, '')} sof=1`;
    const framed = (body: string) => `${START_OF_FRAME}${body}*${crc16Hex(body)}\n`;
    let heard = '';
    link.onData = (chunk) => {
      heard += chunk;
      let nl = heard.indexOf('\n');
      while (nl >= 0) {
        const line = heard.slice(0, nl);
        heard = heard.slice(nl + 1);
        if (line.startsWith('CMD snap')) {
          snaps += 1;
          link.write(framed(hello) + START_OF_FRAME + encodeLine({ type: 'SNAP', seq: seq++, zone: 'wall', tags: [...wall] }) + '\n');
        }
        nl = heard.indexOf('\n');
      }
    };

    const tables = loadHubConfig(STANDARD_CONFIG);
    for (const { table } of tables) table.timing.settleMs = 50;
    const hub: RunningHub = await startHub({
      tables,
      dataDir: path.join(dir, 'data'),
      ports: [link.port],
      httpPort: 0,
      directorToken: DIRECTOR_TOKEN,
      log: () => {},
    });
    cleanups.push(() => hub.close());

    let view: PublicTableView | undefined;
    const wl1 = () => view?.readers.find((r) => r.id === 'WL-1');
    const look = async () => {
      view = ((await (await fetch(`${hub.url}/api/tables`)).json()) as PublicTableView[])[0];
    };
    await vi.waitFor(
      async () => {
        await look();
        expect({ state: wl1()?.state, left: view?.walls[0]?.left }).toEqual({ state: 'connected', left: 37 });
      },
      { timeout: 10_000, interval: 50 },
    );

    // the UART is reset mid-heartbeat: 13 bytes of "HB seq=1 up=1500*…" and no newline, then the ADD.
    // Its seq is 1 after one CMD snap answered; more when the hub asked again (a retry 500 ms after
    // the first ask on a loaded machine, or this silent reader, which sends no HB, gone stale)
    const n = seq++;
    const cut = encodeLine({ type: 'HB', seq: n, uptimeMs: 1500 }).slice(0, 13);
    expect(cut).toBe(`HB seq=${n} up=1500`.slice(0, 13)); // "HB seq=1 up=1" after one snapshot
    const tag = simulatedTagUid(37);
    wall.push(tag);
    link.write(`${START_OF_FRAME}${cut}${START_OF_FRAME}${encodeLine({ type: 'ADD', seq: seq++, zone: 'wall', tag })}\n`);

    // 37 + the ADDed tile = 38 left in wall 1
    await vi.waitFor(
      async () => {
        await look();
        expect({ left: view?.walls[0]?.left, discarded: wl1()?.discarded }).toEqual({ left: 38, discarded: 1 });
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(snaps).toBeGreaterThanOrEqual(1);
    const res = await fetch(`${hub.url}/api/director/readers`, { headers: { authorization: `Bearer ${DIRECTOR_TOKEN}` } });
    const readers = ((await res.json()) as ReaderDirectoryView).readers;
    expect(readers.find((r) => r.id === 'WL-1')).toMatchObject({ state: 'connected', sof: true, discarded: 1, errors: { truncated: 1 } });

    hub.store.flush();
    const raw = hub.store.rawLines(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(raw.filter((l) => l.status.startsWith('truncated')).map((l) => ({ reader: l.reader, line: l.line, status: l.status }))).toEqual([
      { reader: 'WL-1', line: cut, status: 'truncated: frame cut off after 13 bytes by a start of frame (0x02) before its newline' },
    ]);
  }, 30_000);
});
