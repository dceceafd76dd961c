/**
 * The simulator's pace between games (a bug found by the noise runs): a game's last step (the final Mah Jongg on
 * the top of a rack) stands at least LAST_STEP_STANDS_MS before the table is cleared, whatever the
 * pace, so the hub's 400 ms top-of-rack settle window sees it and the game ends.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeLine, LineSplitter } from '../../firmware-protocol/codec.js';
import { loadHubConfig } from '../config/load.js';
import { playGame } from './game.js';
import { LAST_STEP_STANDS_MS, Simulator } from './run.js';

const [loaded] = loadHubConfig('hub/config/tables/siamese-demo.json');
const CMD_SNAP = encodeLine({ type: 'CMD', command: 'snap' }) + '\n';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('simulator pace between games', () => {
  it(`at 0 ms a step, game 1's last step stands ${LAST_STEP_STANDS_MS} ms before the table is cleared`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mjsim-run-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const sim = new Simulator({
      table: loaded!.table,
      cards: loaded!.cards,
      seed: 1,
      pace: 0,
      games: 2,
      demo: false,
      transport: 'tcp',
      dir,
      tcpBase: 0,
      waitForHub: true,
      heartbeatMs: 0,
      log: () => {},
    });
    cleanups.push(() => sim.stop());
    // free ports, named in ports.json in the config's reader order
    const ports = (JSON.parse(readFileSync(await sim.open(), 'utf8')) as { reader: string; port: string }[]).map((p) => new URL(p.port));
    // every ADD and DEL the readers send, with when it arrived (ms)
    const lines: { at: number; type: 'ADD' | 'DEL'; zone: string }[] = [];
    const sockets: Socket[] = [];
    for (const [i, r] of loaded!.table.readers.entries()) {
      const s = connect(Number(ports[i]!.port), ports[i]!.hostname);
      sockets.push(s);
      cleanups.push(() => void s.destroy());
      s.setEncoding('latin1');
      const split = new LineSplitter();
      s.on('data', (c: string) => {
        for (const d of split.push(c)) {
          if (d.ok && (d.message.type === 'ADD' || d.message.type === 'DEL')) lines.push({ at: Date.now(), type: d.message.type, zone: `${r.id}/${d.message.zone}` });
        }
      });
      s.on('connect', () => s.write(CMD_SNAP));
    }
    await sim.run();
    // at 0 ms a step a game's lines come in one burst: split them where nothing came for 300 ms
    const bursts: (typeof lines)[] = [];
    for (const [i, l] of lines.entries()) {
      if (i === 0 || l.at - lines[i - 1]!.at > 300) bursts.push([]);
      bursts.at(-1)!.push(l);
    }
    // game 1 (ending with its last discard, seed 1: the walls used up), then the clearing alone:
    // every one of the 152 tiles lifted, at least LAST_STEP_STANDS_MS after the last step
    const [game1, clearing] = bursts as [typeof lines, typeof lines];
    expect(game1.length).toBeGreaterThan(300);
    expect([clearing.length, clearing.every((l) => l.type === 'DEL')]).toEqual([152, true]);
    expect(clearing[0]!.at - game1.at(-1)!.at).toBeGreaterThanOrEqual(LAST_STEP_STANDS_MS - 50);
  }, 30_000);

  it('with holdAtFlag the table stops after the discard that completes the injected violation, and waits until stopped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mjsim-hold-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const logs: string[] = [];
    // every tile where it lies, as the readers see it; taken when the stop is logged, inside the run
    let sim: Simulator | undefined;
    const table = () => [...sim!.readers.values()].map((r) => r.zones.map((z) => r.tagsIn(z).join(',')));
    let atStop: string[][] = [];
    sim = new Simulator({
      table: loaded!.table,
      cards: loaded!.cards,
      seed: 2,
      pace: 0,
      games: 1,
      demo: false,
      inject: 'count',
      injectAt: 3,
      transport: 'tcp',
      dir,
      tcpBase: 0,
      waitForHub: false,
      heartbeatMs: 0,
      holdAtFlag: true,
      log: (l) => {
        logs.push(l);
        atStop = table();
      },
    });
    cleanups.push(() => sim.stop());
    await sim.open();
    // the same game played without the readers: Ann (player 0) racks 2 tiles at pick 3, then discards
    const game = playGame({ seed: 2, cards: loaded!.cards, table: loaded!.table, inject: 'count', injectAt: 3 });
    const flag = game.record.expectedFlags[0]!;
    const discard = game.record.events.find((e) => e.type === 'discard' && e.player === flag.player && e.step >= flag.step)!;
    expect([flag.player, flag.rule]).toEqual([0, '18C']);
    let ended = false;
    const running = sim.run().then(() => (ended = true));
    await vi.waitFor(() => expect(logs).toEqual([`game 1: the table stops for the director after step ${discard.step}`]), 5000);
    // an absence: after the stop nothing moves and the game does not end. At pace 0 every wait
    // between steps is a 0 ms timer, so a table that went on would move its next tile within a
    // timer turn or two of the stop; 200 ms is a hundred times that
    await new Promise((r) => setTimeout(r, 200));
    expect(table()).toEqual(atStop);
    expect([ended, sim.records.length]).toEqual([false, 0]);
    await sim.stop();
    await running;
    expect([ended, sim.records.length]).toEqual([true, 0]);
  }, 30_000);
});
