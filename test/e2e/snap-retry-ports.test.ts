/**
 * A reader that does not hear the hub's first `CMD snap` (a port opened before the reader listened,
 * a busy machine), over real pseudo-terminals (socat) into a real hub (hub/hub.ts `startHub`, its
 * serial transport): the hub asks again with its capped backoff (hub/readers/snap-retry.ts) until
 * the reader says HELLO and sends its SNAPs, so the reader ends `connected` and its rack's count
 * appears. Before, the hub asked only when the port opened: this reader (like the simulator's,
 * which speaks only once spoken to) stayed silent, and its seat's count blank.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadHubConfig } from '../../hub/config/load.js';
import { startHub } from '../../hub/hub.js';
import { openPtyLink, type ReaderLink } from '../../hub/simulator/ports.js';
import { VirtualReader } from '../../hub/simulator/reader.js';
import { tagOfTile } from '../../hub/tilesets/simulated.js';
import { CONFIG, DIRECTOR_TOKEN, hasSocat } from './harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe.skipIf(!hasSocat)('a reader that misses the first CMD snap, over pseudo-terminals into a real hub', () => {
  it("the hub asks again: Ann's rack 1 reader ends connected and her rack shows its 3 tiles", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mjsnap-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const tables = loadHubConfig(CONFIG);
    const ids = tables[0]!.table.readers.map((r) => r.id);
    const links: ReaderLink[] = [];
    const readers = new Map<string, VirtualReader>();
    let dropped = 0;
    for (const id of ids) {
      const link = await openPtyLink(id, join(dir, 'sim'));
      cleanups.push(() => link.close());
      links.push(link);
      const zones = Object.keys(tables[0]!.table.readers.find((r) => r.id === id)!.zones);
      const reader = new VirtualReader({ id, zones, send: (l) => link.write(l), heartbeatMs: 0 });
      cleanups.push(() => reader.stop());
      readers.set(id, reader);
      link.onData = (chunk) => {
        // RK-E1 is not listening yet when the hub's first CMD snap comes: it is lost
        if (id === 'RK-E1' && dropped === 0 && chunk.includes('CMD snap')) {
          dropped++;
          return;
        }
        reader.receive(chunk);
      };
    }
    // Ann's (player 0) rack 1 (rack 0): 3 tiles inside
    readers.get('RK-E1')!.load('in', [tagOfTile('5B#2'), tagOfTile('F#8'), tagOfTile('3D#1')]);
    const hub = await startHub({ tables, dataDir: join(dir, 'data'), ports: links.map((l) => l.port), httpPort: 0, directorToken: DIRECTOR_TOKEN });
    cleanups.push(() => hub.close());
    const engine = hub.engines.get('t1')!;
    await vi.waitFor(
      () => {
        expect(hub.supervisor.stateOf('RK-E1', Date.now())).toBe('connected');
        expect(engine.publicView().players[0]!.racks[0]!.count).toBe(3); // 5B, F, 3D
      },
      { timeout: 8000, interval: 50 },
    );
    expect(dropped).toBe(1);
    expect(readers.get('RK-E1')!.snapRequests).toBeGreaterThanOrEqual(1); // it heard an ask again
    expect(hub.supervisor.untrusted(Date.now())).toEqual([]); // every reader of the table connected
  });
});
