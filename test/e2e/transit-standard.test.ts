/**
 * A discard carried over another player's top, on the 4-player table, through a real hub's serial
 * transport on pseudo-terminals (socat): the readers of hub/config/tables/standard-demo.json are
 * virtual readers (hub/simulator/reader.ts) on pty links (hub/simulator/ports.ts), v0 and v1; the
 * test moves the tiles of a game written move by move (hub/table/standard/scripted.test-helpers.ts)
 * in real time, at the table's own timing (`timing.settleMs` 250 ms). Bea's discard is held 300 ms
 * on Cat's top on its way to the floor: one discard by Bea, no flag, nobody dead (the reader-line
 * cases, and the 2 s rest that stays Cat's, are in hub/table/engine-standard-transit.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, vi } from 'vitest';
import { loadHubConfig } from '../../hub/config/load.js';
import { startHub } from '../../hub/hub.js';
import { openPtyLink, type ReaderLink } from '../../hub/simulator/ports.js';
import { VirtualReader } from '../../hub/simulator/reader.js';
import { tagOfTile } from '../../hub/tilesets/simulated.js';
import type { TableEngine } from '../../hub/table/engine.js';
import { EAST, ScriptedGame, SOUTH, WEST } from '../../hub/table/standard/scripted.test-helpers.js';
import { kindOf } from '../../rules/tiles.js';
import { isDead } from '../../rules/variants/standard/play.js';
import { DIRECTOR_TOKEN, hasSocat, STANDARD_CONFIG } from './harness.js';

const HANDS = ['1B 2B 3B 4B 5B 6B 7B 8B 9B 2C 3C 4C 5C 6C', 'N E W 1B 1B F 1C 1C 1C 1D 1D 1D 9C', '2D 3D 4D 5D 6D 7D 8D 9D 2D 3D 4D 5D 6D', 'RD RD RD GD GD GD WD WD WD S S S 7C'];
const PASSES = ['2B 3B 4B', 'N E W', '2D 3D 4D', 'RD RD RD'];
/** ms a simulator step takes: a placement rests this long (longer than the 250 ms settle window), a lift half */
const PACE_MS = 400;

describe.skipIf(!hasSocat)('a discard carried over another top, real hub on pseudo-terminals', () => {
  // both protocols at once, each its own readers, pty links and hub (the table's own 250 ms windows against a 400 ms pace)
  it.concurrent.for([0, 1] as const)(
    "protocol v%i readers: Bea discards 8C by way of Cat's top (300 ms there): one discard by Bea, no flag",
    { timeout: 180_000 },
    async (protocol, { expect, onTestFinished }) => {
      // this case's own cleanups, last first, when it ends (the other case runs meanwhile)
      const cleanups: (() => Promise<void> | void)[] = [];
      onTestFinished(async () => {
        while (cleanups.length) await cleanups.pop()!();
      });
      const [loaded] = loadHubConfig(STANDARD_CONFIG);
      const table = loaded!.table;
      const g = new ScriptedGame(table, HANDS, PASSES);
      g.discard(EAST, '6C').pick(SOUTH, '8C').discardVia(SOUTH, '8C', WEST, 0.75); // 0.75 × 400 = 300 ms on Cat's top

      const dir = mkdtempSync(join(tmpdir(), 'mjtransit-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const readers = new Map<string, VirtualReader>();
      const links: ReaderLink[] = [];
      for (const r of table.readers) {
        const link = await openPtyLink(r.id, join(dir, 'sim'));
        cleanups.push(() => link.close());
        const reader = new VirtualReader({ id: r.id, zones: Object.keys(r.zones), send: (l) => link.write(l), protocol });
        link.onData = (c) => reader.receive(c);
        readers.set(r.id, reader);
        links.push(link);
      }
      // the walls are built before the hub is there
      const wallZone = (w: number) => table.readers.flatMap((r) => Object.entries(r.zones).flatMap(([z, p]) => (p.area === 'wall' && p.wall === w ? [{ reader: r.id, zone: z }] : [])))[0]!;
      g.walls.forEach((tiles, w) => {
        const z = wallZone(w);
        readers.get(z.reader)!.load(z.zone, tiles.map(tagOfTile));
      });
      const hub = await startHub({ tables: [loaded!], dataDir: join(dir, 'data'), ports: links.map((l) => l.port), httpPort: 0, directorToken: DIRECTOR_TOKEN });
      cleanups.push(() => hub.close());
      const engine = () => hub.engines.get(table.id) as TableEngine;
      await vi.waitFor(
        () =>
          expect(
            hub.engines
              .get(table.id)!
              .publicView()
              .walls.reduce((a, w) => a + w.left, 0),
          ).toBe(152),
        { timeout: 10_000, interval: 50 },
      );

      for (const s of g.steps) {
        for (const m of s.moves) {
          if (m.from) readers.get(m.from.reader)!.remove(m.from.zone, tagOfTile(m.tile));
          if (m.to) readers.get(m.to.reader)!.add(m.to.zone, tagOfTile(m.tile));
        }
        // the table's physical pace (as the simulator's): a placement rests PACE_MS × dwell, a lift half
        await new Promise((r) => setTimeout(r, PACE_MS * (s.dwell ?? (s.moves.every((m) => m.to === null) ? 0.5 : 1))));
      }
      await vi.waitFor(() => expect(engine().gameState().discards.map(kindOf)).toEqual(['6C', '8C']), { timeout: 10_000, interval: 50 });
      const discards = engine()
        .inferredActions()
        .flatMap((a) => (a.type === 'discard' ? [a.player] : []));
      expect(discards).toEqual([EAST, SOUTH]);
      const s = engine().gameState();
      expect(s.flags).toEqual([]);
      expect(s.seats.map((_, p) => isDead(s, p))).toEqual([false, false, false, false]);
      expect(s.turn).toBe(WEST);
      // Ann 14 − 6C = 13; Bea 13 + 8C − 8C = 13; Cat and Dot 13
      expect(engine().physicalCounts().total).toEqual([13, 13, 13, 13]);
    },
  );
});
