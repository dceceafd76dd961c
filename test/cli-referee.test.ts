/**
 * `mjhub referee RECORD.jsonl --card FILE...` as an auditor runs it: the record of a seeded 4-player
 * game the hub's engine played over reader lines, refereed by the real command line, gives the
 * hub's flags and points; a card whose file differs from the one played, or a malformed record, is
 * refused with exit 1 and a message naming it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeGameRecord } from '../rules/record/game-record.js';
import { loadHubConfig } from '../hub/config/load.js';
import { playStandardGame } from '../hub/simulator/standard/game.js';
import { TableEngine } from '../hub/table/engine.js';
import { closedAfterEach, SimBench } from '../hub/table/test-bench.js';
import { simulatedTileSet } from '../hub/tilesets/simulated.js';
import { ensureBuiltHub } from './support/built-hub.js';

const root = path.resolve(import.meta.dirname, '..');

// bin/mjhub.js runs the compiled hub: build it when a source is newer (npm test has built it already)
beforeAll(() => ensureBuiltHub(), 180_000);
const mjhub = (...args: string[]) => spawnSync(process.execPath, [path.join(root, 'bin/mjhub.js'), ...args], { cwd: root, encoding: 'utf8' });
const [{ table, cards }] = loadHubConfig(path.join(root, 'hub/config/tables/standard-demo.json')) as [ReturnType<typeof loadHubConfig>[0]];
const CARD = 'rules/cards/sample-standard.card';
const keep = closedAfterEach<SimBench<TableEngine>>();
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Seed 2 with a pick ahead at the 2nd pick, played whole over reader lines; its record written to a temporary folder. */
function recorded(): { b: SimBench<TableEngine>; dir: string; file: string } {
  const game = playStandardGame({ seed: 2, cards, table, inject: 'ahead', injectAt: 2 });
  const b = keep(new SimBench(table, (store, readers, now) => new TableEngine({ table, cards, registry: simulatedTileSet(), store, readers, now })));
  b.build(game);
  for (const s of game.steps) b.step(s);
  b.advance(3000);
  const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-referee-'));
  dirs.push(dir);
  const file = path.join(dir, 't1-game-1.jsonl');
  writeFileSync(file, writeGameRecord(b.engine.gameRecord(1)!));
  return { b, dir, file };
}

describe('mjhub referee', () => {
  it('is on the usage line', () => {
    const r = mjhub();
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('| referee RECORD.jsonl --card FILE...');
  });

  it('prints the flags, the outcome and the points the hub gave the game', () => {
    const { b, file } = recorded();
    const r = mjhub('referee', file, '--card', CARD);
    expect([r.status, r.stderr]).toEqual([0, '']);
    const out = JSON.parse(r.stdout) as { flags: { id: string; kind: string; status: string }[]; points: number[] | null; outcome: { phase: string } };
    const v = b.engine.publicView();
    expect(out.flags).toEqual(v.flags.map(({ gameNo: _g, ...f }) => f));
    expect(out.flags.map((f) => f.kind)).toContain('picking-ahead');
    expect(out.points).toEqual(v.score!.points);
    expect(out.points).toHaveLength(4);
    expect(out.outcome.phase).toBe(v.phase);
  });

  it("refuses a card whose file differs from the record's (exit 1, both hashes named)", () => {
    const { file, dir } = recorded();
    const changed = path.join(dir, 'sample-standard.card');
    writeFileSync(changed, readFileSync(path.join(root, CARD), 'utf8') + '\n');
    const r = mjhub('referee', file, '--card', changed);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe(`mjhub: card 'sample-standard' differs from the one the game was played with: its file's sha256 is ${sha256(changed)}, the record's ${cards[0]!.sha256}`);
    expect(sha256(changed)).not.toBe(cards[0]!.sha256);
  });

  it('refuses a malformed record, naming the line and the field (exit 1)', () => {
    const { file } = recorded();
    const lines = readFileSync(file, 'utf8').split('\n');
    const i = lines.findIndex((l) => l.includes('"type":"discard"'));
    lines[i] = lines[i]!.replace(/"player":(\d)/, '"player":7');
    writeFileSync(file, lines.join('\n'));
    const r = mjhub('referee', file, '--card', CARD);
    expect([r.status, r.stdout]).toEqual([1, '']);
    expect(r.stderr.trim()).toBe(`mjhub: ${file}: line ${i + 1}, field action.player: must be a whole number 0-3, not 7`);
    const notRecord = mjhub('referee', 'README.md', '--card', CARD);
    expect([notRecord.status, notRecord.stderr.trim()]).toEqual([1, "mjhub: README.md: a game record's name ends in .jsonl; refused without reading it"]);
  });
});

/** The SHA-256 (hex) of a file's bytes: what rules/GAME-RECORD.md names a card by. */
const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');
