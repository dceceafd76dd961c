/** The `mjhub` command line: card check and verify, as a director would run them. */
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RULES } from '../rules/variants/standard/play.js';
import { ensureBuiltHub } from './support/built-hub.js';

const root = path.resolve(import.meta.dirname, '..');
const mjhub = (...args: string[]) => spawnSync(process.execPath, [path.join(root, 'bin/mjhub.js'), ...args], { cwd: root, encoding: 'utf8' });

// bin/mjhub.js runs the compiled hub: build it when a source is newer (npm test has built it already)
beforeAll(() => ensureBuiltHub(), 180_000);

describe('mjhub', () => {
  it('card check prints each line with its number of concrete variations', () => {
    const r = mjhub('card', 'check', 'rules/cards/sample-siamese.card');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Sample Siamese card .*: 10 hands, \d+ variations$/);
    // "FFFF 1111a 1111b 11c | any like numbers, any 3 suits": 9 numbers × 3 ways to give the pair its suit = 27
    expect(lines[1]).toBe('sample-siamese:8  [Like Numbers]  X 25  27 variations  FFFF 1111a 1111b 11c | any like numbers, any 3 suits');
  }, 30_000);

  it('card check names the file, line and problem of a bad card, and exits 1', () => {
    const bad = path.join(mkdtempSync(path.join(tmpdir(), 'mj-card-')), 'bad.card');
    writeFileSync(bad, 'title: A bad card\nkind: standard\n[Winds]\nNNNN EEEE WWW SSS X 25\n');
    const r = mjhub('card', 'check', bad);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^mjhub: ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4: `));
  }, 30_000);

  it('card check refuses a file whose name does not end in .card before reading it (no word of it printed), and exits 1', () => {
    const r = mjhub('card', 'check', 'README.md');
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe("mjhub: README.md: a card file's name ends in .card; refused without reading it");
  }, 30_000);

  it('verify prints the lines a hand completes as JSON', () => {
    const r = mjhub('verify', '--card', 'rules/cards/sample-siamese.card', '--hand', 'F F F F 3B 3B 3B J 3C 3C 3C 3C 3D 3D');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { line: string; value: number; jokerless: boolean; jokers: { kind: string }[] }[];
    expect(out.map((m) => [m.line, m.value, m.jokerless, m.jokers.map((j) => j.kind)])).toEqual([['sample-siamese:8', 25, false, ['3B']]]);
  }, 30_000);

  it('verify refuses a hand that is not 14 tiles: exit 1, "a Mah Jongg hand is 14 tiles, not 15"', () => {
    const r = mjhub('verify', '--card', 'rules/cards/sample-siamese.card', '--hand', 'F F F F 3B 3B 3B J 3C 3C 3C 3C 3D 3D 3D');
    expect([r.status, r.stdout, r.stderr.trim()]).toEqual([1, '', 'mjhub: a Mah Jongg hand is 14 tiles, not 15']);
    const split = mjhub('verify', '--card', 'rules/cards/sample-siamese.card', '--hand', 'F F F F 3B 3B 3B J 3C 3C', '--exposed', '3D 3D 3D');
    expect([split.status, split.stderr.trim()]).toEqual([1, 'mjhub: a Mah Jongg hand is 14 tiles, not 13 (10 in --hand, 3 in --exposed)']);
  }, 30_000);

  it('verify refuses an exposure that is a pair, a single or a set of singles, naming it: exit 1 (NMJL: never exposed before Mah Jongg)', () => {
    const rule = RULES.exposedPairOrSingles;
    // "FF 111a 111b 111c DDD" (X 30) with its flowers laid out as if exposed
    const pair = mjhub('verify', '--card', 'rules/cards/sample-standard.card', '--hand', '1B 1B 1B 1C 1C 1C 1D 1D 1D RD RD RD', '--exposed', 'F F');
    expect([pair.status, pair.stdout, pair.stderr.trim()]).toEqual([1, '', `mjhub: --exposed group 1 "F F" is a pair, not an exposure (${rule})`]);
    const singles = mjhub('verify', '--card', 'rules/cards/sample-standard.card', '--hand', 'GD GD GD GD RD RD RD RD WD WD', '--exposed', 'N N N | N E W S');
    expect([singles.status, singles.stderr.trim()]).toEqual([1, `mjhub: --exposed group 2 "N E W S" is a set of singles, not an exposure (${rule})`]);
    // a pung exposed before Mah Jongg is an exposure: the hand is verified
    const pung = mjhub('verify', '--card', 'rules/cards/sample-standard.card', '--hand', 'F F 1C 1C 1C 1D 1D 1D RD RD RD', '--exposed', '1B 1B 1B');
    expect(pung.status).toBe(0);
    expect((JSON.parse(pung.stdout) as { line: string; value: number }[]).map((m) => [m.line, m.value])).toEqual([['sample-standard:20', 30]]);
  }, 30_000);

  it('card check names a bad value and a missing header by line', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-cli-'));
    try {
      const bad = path.join(dir, 'bad.card');
      writeFileSync(bad, 'title: Bad card\nkind: siamese\n[Like Numbers]\nFFFF 1111a 1111b 11c | any like numbers, any 3 suits | X -25\n');
      const r = mjhub('card', 'check', bad);
      expect([r.status, r.stderr.trim()]).toEqual([1, `mjhub: ${bad}:4: value must be a whole number of points > 0 after "X" (e.g. "X 25"), not "-25"`]);
      const headless = path.join(dir, 'headless.card');
      writeFileSync(headless, '[Like Numbers]\nFFFF 1111a 1111b 11c | any like numbers, any 3 suits | X 25\n');
      const h = mjhub('card', 'check', headless);
      expect([h.status, h.stderr.trim()]).toEqual([1, `mjhub: ${headless}:1: the file has no "title:" header line (a card begins with "title: …" and "kind: standard|siamese")`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
