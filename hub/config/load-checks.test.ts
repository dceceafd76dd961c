/**
 * The table config refuses what would make a table unplayable or open the wrong file: a wall order
 * with a repeat or a wall no reader reads, a reader with no zones, a card path that is not a
 * `.card` file (refused before it is read, so none of that file's text reaches the error).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from './load.js';
import { practiceOf } from './practice.js';

const demo = path.resolve('hub/config/tables/siamese-demo.json');
const base = () => JSON.parse(readFileSync(demo, 'utf8')) as { tables: Record<string, unknown>[] };

function write(edit: (t: Record<string, unknown>) => void): string {
  const cfg = base();
  edit(cfg.tables[0]!);
  // cards stay relative to the demo's folder
  const t = cfg.tables[0]!;
  t.cards = (t.cards as string[]).map((c) => (c.startsWith('/') ? c : path.resolve(path.dirname(demo), c)));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mj-cfg-')), 'tables.json');
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

describe('table config checks', () => {
  it('the demo config loads with its two cards', () => {
    const [t] = loadHubConfig(demo);
    expect(t!.cards.map((c) => c.id)).toEqual(['sample-standard', 'sample-siamese']);
  });

  it('NMJL practice (not in the seeds): each setting on unless the config turns it off; an unknown setting or one on a Siamese table is refused', () => {
    const std = path.resolve('hub/config/tables/standard-demo.json');
    const [{ table }] = loadHubConfig(std) as [ReturnType<typeof loadHubConfig>[0]];
    expect(practiceOf(table)).toEqual({ misdeal: true, shortTakesNextTile: true, twoHandsIntact: true, replayFewerThanTwoIntact: true, misnamedDiscard: true });
    expect(practiceOf({ nmjlPractice: { replayFewerThanTwoIntact: false } })).toEqual({
      misdeal: true,
      shortTakesNextTile: true,
      twoHandsIntact: true,
      replayFewerThanTwoIntact: false,
      misnamedDiscard: true,
    });
    const siamese = write((t) => (t.nmjlPractice = { misdeal: false }));
    expect(() => loadHubConfig(siamese)).toThrow(`${siamese}: table t1: nmjlPractice is a setting of a standard 4-player table, not of a siamese table`);
    const unknown = write((t) => (t.nmjlPractice = { redeal: true }));
    expect(() => loadHubConfig(unknown)).toThrow(`${unknown}: tables.0.nmjlPractice.redeal: unknown key`);
  });

  it('refuses a wall order that lists a wall twice', () => {
    const file = write((t) => (t.wallOrder = [0, 1, 1, 3]));
    expect(() => loadHubConfig(file)).toThrow(`${file}: table t1: wallOrder lists wall 2 twice`);
  });

  it('refuses a wall order naming a wall no reader reads', () => {
    const file = write((t) => (t.wallOrder = [0, 1, 2, 4]));
    expect(() => loadHubConfig(file)).toThrow(`${file}: table t1: wallOrder names wall 5, which no reader reads (walls read: 1, 2, 3, 4)`);
  });

  it('refuses a reader with no zones', () => {
    const file = write((t) => ((t.readers as { zones: object }[])[4]!.zones = {}));
    expect(() => loadHubConfig(file)).toThrow(`${file}: table t1: reader WL-1 has no zones`);
  });

  it('refuses a card path that is not a .card file before reading it (no word of it is echoed)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mj-secret-'));
    const secret = path.join(dir, 'passwd');
    writeFileSync(secret, 'root:x:0:0:secret-word\n');
    const file = write((t) => (t.cards = [secret]));
    let message = '';
    try {
      loadHubConfig(file);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe(`${file}: table t1: card "${secret}": ${secret}: a card file's name ends in .card; refused without reading it`);
    expect(message).not.toContain('root');
  });
});
