/**
 * `mjhub replay CAPTURE [--config TABLE]` as a club runs it on a capture of its readers: the golden
 * captures of test/fixtures/captures/ (a Royale Siamese and a 4-player game from the simulator's
 * readers through the hub, and a Royale Siamese game from the host build of the firmware) replay
 * through the real command line to their committed expected outputs (compared, never rewritten:
 * make.ts and make-firmware.ts there write them, by hand); the commands the replay sends are
 * compared with the capture's; a malformed capture is refused with exit 1 and a message naming its
 * line and field.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltHub } from './support/built-hub.js';

const root = path.resolve(import.meta.dirname, '..');
const fixtures = 'test/fixtures/captures';

// bin/mjhub.js runs the compiled hub: build it when a source is newer (npm test has built it already)
beforeAll(() => ensureBuiltHub(), 180_000);
const mjhub = (...args: string[]) => spawnSync(process.execPath, [path.join(root, 'bin/mjhub.js'), ...args], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const expected = (name: string) => JSON.parse(readFileSync(path.join(root, fixtures, `${name}.expected.json`), 'utf8'));
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A copy of a golden capture with its `n`th line (1-based) changed by `edit` (null: left out), in a temporary folder. */
function edited(name: string, n: number, edit: (line: string) => string | null): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-replay-'));
  dirs.push(dir);
  const lines = readFileSync(path.join(root, fixtures, `${name}.capture.jsonl`), 'utf8').split('\n');
  const line = edit(lines[n - 1]!);
  if (line === null) lines.splice(n - 1, 1);
  else lines[n - 1] = line;
  const file = path.join(dir, 'bad.capture.jsonl');
  writeFileSync(file, lines.join('\n'));
  return file;
}

// each test runs bin/mjhub.js once or more (a whole hub loaded each time): seconds each on a loaded machine
describe('mjhub replay', { timeout: 60_000 }, () => {
  // 003 rule 20: Ann picked from wall 4 while the current wall was 2 (one hand dead, the director's to rule);
  // 003 rule 17: Ann 30 (rack 2), Bea 30 + 30 × 2 (2nd Mah Jongg, 17B) = 90
  it('the Siamese golden capture (seed 6, a wrong-wall pick) replays to its expected output: one wrong-wall flag, 30 and 90', () => {
    const r = mjhub('replay', `${fixtures}/siamese-seed6-wrong-wall.capture.jsonl`);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toEqual(expected('siamese-seed6-wrong-wall'));
    expect(out.flags.map((f: { kind: string; rule: string }) => `${f.kind} ${f.rule}`)).toEqual(['wrong-wall 003 rule 20']);
    expect(out.points).toEqual([{ game: 1, points: [30, 90] }]);
    // 9 readers: each sent its HELLO and got one CMD snap when its port opened, in the capture and in the replay
    expect(out.commands).toEqual({ in: 1878, out: 9, sent: 9, differ: [] });
    expect(out.readers.map((x: { state: string }) => x.state)).toEqual(Array(9).fill('connected'));
  });

  // 000: Bea's Mah Jongg (a discard by Dot): 0, 70, 0, −10 as the hub's engine test has it
  it('the 4-player golden capture (seed 3, played clean) replays to its expected output: no flag, 0, 70, 0, −10', () => {
    const r = mjhub('replay', `${fixtures}/standard-seed3.capture.jsonl`);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toEqual(expected('standard-seed3'));
    expect(out.flags).toEqual([]);
    expect(out.points).toEqual([{ game: 1, points: [0, 70, 0, -10] }]);
  });

  // the host build of the firmware as all 9 readers (test/fixtures/captures/make-firmware.ts), with its misses and collisions:
  // 003 rule 17 as test/e2e/firmware-game.test.ts has it: Ann 50 × 2 (jokerless) + 30 × 2 = 160; Bea 35 − 20 = 15
  it('the firmware golden capture (Siamese seed 1) replays to its expected output: no flag, 160 and 15, the same commands the hub sent', () => {
    const file = `${fixtures}/firmware-siamese-seed1.capture.jsonl`;
    const r = mjhub('replay', file);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toEqual(expected('firmware-siamese-seed1'));
    // every reader of the capture is the firmware, and its collisions came as ERR code=6
    const wire = readFileSync(path.join(root, file), 'utf8');
    expect([...new Set(wire.match(/HELLO rdr=\S+ fw=\S+/g)!.map((h) => h.split(' fw=')[1]))]).toEqual(['1.0.0+host']);
    expect(wire).toContain('code=6');
    expect(out.flags).toEqual([]);
    expect(out.points).toEqual([{ game: 1, points: [160, 15] }]);
    // 17 = 9 CMD snap as the 9 ports opened + 8 asked again 500 ms later (those readers still booting, no HELLO yet; FL-1's
    // port opened last, 285 ms before its HELLO): the replayed supervisor sent the same 17
    expect(out.commands).toEqual({ in: 1238, out: 17, sent: 17, differ: [] });
    expect(out.readers.map((x: { state: string }) => x.state)).toEqual(Array(9).fill('connected'));
  });

  it("reports where the capture's commands and the replay's differ: a command edited by hand, a command left out", () => {
    // line 2: the hub's CMD snap to RK-E as its port opened, made into a replay request
    const other = edited('standard-seed3', 2, (l) => l.replace('CMD snap*4337', 'CMD replay from=4*0000'));
    let r = mjhub('replay', other);
    expect(r.status).toBe(0);
    let out = JSON.parse(r.stdout);
    expect(out.commands).toEqual({
      in: 1718,
      out: 9,
      sent: 9,
      differ: [{ reader: 'RK-E', n: 1, captured: { t: 0, line: 'CMD replay from=4*0000' }, replayed: { t: 0, line: 'CMD snap*4337' } }],
    });
    // the rest is the golden's: the wire the readers sent is unchanged
    expect({ ...out, commands: null }).toEqual({ ...expected('standard-seed3'), commands: null });
    // line 6: the CMD snap to RK-S, left out: the replay still sends it (RK-S's 1st), the capture has none
    const none = edited('standard-seed3', 6, (l) => (l.includes('"reader":"RK-S","dir":"out"') ? null : l));
    r = mjhub('replay', none);
    out = JSON.parse(r.stdout);
    expect(out.commands).toEqual({ in: 1718, out: 8, sent: 9, differ: [{ reader: 'RK-S', n: 1, captured: null, replayed: { t: 0, line: 'CMD snap*4337' } }] });
  });

  it('--config replays on a table config file: the Siamese demo config gives the same output', () => {
    const r = mjhub('replay', `${fixtures}/siamese-seed6-wrong-wall.capture.jsonl`, '--config', 'hub/config/tables/siamese-demo.json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(expected('siamese-seed6-wrong-wall'));
  });

  it('a malformed capture is refused with exit 1, naming the line and the field', () => {
    const noDir = edited('standard-seed3', 3, (l) => l.replace('"dir":"in",', ''));
    let r = mjhub('replay', noDir);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`mjhub: ${noDir}: line 3, field dir: expected "in" or "out", got undefined\n`);
    const otherReader = edited('standard-seed3', 4, (l) => l.replace('"reader":"RK-E"', '"reader":"RK-X9"'));
    r = mjhub('replay', otherReader);
    expect(r.stderr).toBe(`mjhub: ${otherReader}: line 4, field reader: expected a reader of table t1 (RK-E, RK-S, RK-W, RK-N, WL-1, WL-2, WL-3, WL-4, FL-1), got "RK-X9"\n`);
    const v2 = edited('standard-seed3', 1, (l) => l.replace('"version":1', '"version":2'));
    r = mjhub('replay', v2);
    expect(r.stderr).toBe(`mjhub: ${v2}: line 1, field version: this hub reads version 1, got 2\n`);
    const notJson = edited('standard-seed3', 2, (l) => l.slice(0, 10));
    r = mjhub('replay', notJson);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^mjhub: ${notJson.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 2: not JSON: `));
  });
});
