import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ID_RULE } from './ids.js';
import { loadHubConfig, loadHubConfigFile } from './load.js';

const DEMO = path.join(import.meta.dirname, 'tables/siamese-demo.json');

/** The Siamese demo config with `change` applied, written to a fresh folder (card paths made absolute). */
function configWith(change: (t: any) => void): string {
  const cfg = JSON.parse(readFileSync(DEMO, 'utf8'));
  const t = cfg.tables[0];
  t.cards = t.cards.map((c: string) => path.resolve(path.dirname(DEMO), c));
  change(t);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mjhub-config-')), 'hub.json');
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

const refusal = (file: string) => {
  try {
    loadHubConfig(file);
    return 'accepted';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('ids that name files and URLs', () => {
  it('accepts the demo ids', () => {
    expect(loadHubConfig(configWith(() => {})).map(({ table }) => [table.id, table.readers.length, table.tileSet])).toEqual([['t1', 9, 'simulated']]);
  });

  it.each([
    ['..', '".." must start with a letter or digit'],
    ['.', '"." must start with a letter or digit'],
    ['-', '"-" must start with a letter or digit'],
    ['...', '"..." must start with a letter or digit'],
    ['.hidden', '".hidden" must start with a letter or digit'],
    ['con', '"con" is a Windows device name'],
    ['NUL', '"NUL" is a Windows device name'],
    ['Com7', '"Com7" is a Windows device name'],
    ['t1/../..', '"t1/../.." has "/", which is not a letter, digit, "_" or "-"'],
    ['table 1', '"table 1" has " ", which is not a letter, digit, "_" or "-"'],
  ])('refuses the table id %j, naming the file, the field and the value', (id, problem) => {
    const file = configWith((t) => (t.id = id));
    expect(refusal(file)).toBe(`${file}: tables.0.id: ${problem} (${ID_RULE})`);
  });

  it('refuses a tile set id by the same rule (it names <data>/tilesets/<id>.json)', () => {
    const set = configWith((t) => (t.tileSet = '../club-set'));
    expect(refusal(set)).toBe(`${set}: tables.0.tileSet: "../club-set" must start with a letter or digit (${ID_RULE})`);
    const aux = configWith((t) => (t.tileSet = 'aux'));
    expect(refusal(aux)).toBe(`${aux}: tables.0.tileSet: "aux" is a Windows device name (${ID_RULE})`);
  });
});

describe('the table workers setting (hub/workers/)', () => {
  /** The demo config with `workers` set at its top level (card paths made absolute). */
  const withWorkers = (workers: unknown): string => {
    const file = configWith(() => undefined);
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), workers }));
    return file;
  };

  it('reads "workers": 2; absent, the file sets none (the hub runs 0)', () => {
    expect(loadHubConfigFile(withWorkers(2)).workers).toBe(2);
    expect('workers' in loadHubConfigFile(configWith(() => undefined))).toBe(false);
  });

  it('refuses a number of workers that is not a whole number 0-64', () => {
    const file = withWorkers(-1);
    expect(refusal(file)).toBe(`${file}: workers: Too small: expected number to be >=0`);
    const half = withWorkers(1.5);
    expect(refusal(half)).toBe(`${half}: workers: Invalid input: expected int, received number`);
  });
});
