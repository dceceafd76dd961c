/**
 * The event bench at its smallest (`npm run bench:event` with one Royale Siamese and one 4-player
 * table, one spectator, a few seconds): its output has every figure, every seat client got its own
 * seat view, and the spectator got no concealed tile before the broadcast delay. Timing values are
 * figures, never checked here.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventResult } from '../bench/event.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-bench-event-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run bench:event at 2 tables and 1 spectator', () => {
  it('prints every figure; each seat client saw only its own seat; no concealed tile reached the spectator early', async () => {
    const json = path.join(dir, 'result.json');
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        'bench/event.ts',
        '--siamese',
        '1',
        '--standard',
        '1',
        '--spectators',
        '1',
        '--warmup-seconds',
        '3',
        '--seconds',
        '4',
        '--client-processes',
        '1',
        '--json',
        json,
      ],
      { cwd: ROOT, timeout: 150_000 },
    );
    // the memory baseline is a hub with no table: it starts without a timer of Infinity ms
    expect(stderr).not.toMatch(/TimeoutOverflowWarning/);
    const num = String.raw`(?:\d+\.\d|—)`;
    expect(stdout).toMatch(new RegExp(`hub-added \\(reader line in → the seat client saw the change.*: p50 ${num}+ ms, p99 ${num}+ ms`));
    expect(stdout).toMatch(new RegExp(`announced readers: rest-to-display \\(tile at rest → seat client, the reader's scan included\\) p50 ${num}+ / p99 ${num}+ ms`));
    expect(stdout).toMatch(/CPU per table \(hub process CPU \/ tables \/ seconds\): \d+\.\d\d ms per table per second/);
    expect(stdout).toMatch(/memory per table \(\(RSS with tables − RSS with none\) \/ tables, after a forced GC\): -?\d+\.\d\d MB/);
    expect(stdout).toMatch(/event-loop lag \(monitorEventLoopDelay\): p50 \d+\.\d ms, p99 \d+\.\d ms/);
    expect(stdout).toMatch(/durable write \(SQLite commits.*\): \d+ commits\/s, \d+\.\d ms per second/);
    expect(stdout).toMatch(/bench phases: .*startHub \d+\.\d s; .*measured \d+\.\d s/);
    expect(stdout).toMatch(/client processes' event-loop lag p99 \(the whole run\): \d+\.\d ms\n/);

    const r = JSON.parse(readFileSync(json, 'utf8')) as EventResult;
    expect(r.tables).toEqual({ siamese: 1, standard: 1 });
    // one phone per player: 2 at the Siamese table s1, 4 at the 4-player table f1
    expect(r.seatClients).toBe(6);
    expect(r.seats.map((s) => `${s.tableId}/${s.player}`).sort()).toEqual(['f1/0', 'f1/1', 'f1/2', 'f1/3', 's1/0', 's1/1']);
    for (const s of r.seats) {
      expect(s.problem, `${s.tableId}/${s.player}`).toBeNull();
      expect(s.snapshots, `${s.tableId}/${s.player}`).toBeGreaterThan(0);
      // every snapshot this phone got was its own seat (its table, its player)
      expect(s.ownSnapshots, `${s.tableId}/${s.player}`).toBe(s.snapshots);
    }
    // the Siamese deal began at once: each player's phone showed tiles of their own racks
    for (const s of r.seats.filter((x) => x.tableId === 's1')) expect(s.maxConcealed, `s1/${s.player}`).toBeGreaterThan(0);
    expect(r.spectatorReport.clients).toBe(1);
    expect(r.spectatorReport.tablePayloads).toBeGreaterThan(0);
    // the run is far shorter than the 15-minute delay: no hand may show a tile yet
    expect(r.spectatorReport.earlyTiles).toBe(0);
    expect(r.spectatorReport.handTiles).toBe(0);
    expect(r.memory).not.toBeNull();
    expect(r.commits).not.toBeNull();
    expect(r.hubAdded.samples).toBeGreaterThan(0);
    expect(r.clientLoopP99Ms).toHaveLength(1);
  }, 180_000);
});
