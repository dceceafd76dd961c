/**
 * The config files' contract (hub/contract/config.ts) as the hub's loaders meet it: a JSON syntax
 * error is named by line and column, and a mistyped key is refused as unknown with its path, in
 * the table config (hub/config/load.ts) and the tournament config (hub/tournament/config.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTournamentConfig } from '../tournament/config.js';
import { parseJsonText } from '../contract/config.js';
import { loadHubConfig } from './load.js';

const DEMO = path.join(import.meta.dirname, 'tables/siamese-demo.json');
const TOURNAMENT = path.join(import.meta.dirname, 'tournament-demo.json');
const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-contract-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `text` to a fresh file in the scratch folder and returns its path. */
let n = 0;
const write = (text: string): string => {
  const file = path.join(dir, `config-${++n}.json`);
  writeFileSync(file, text);
  return file;
};
const refusal = (f: () => unknown): string => {
  try {
    f();
    return 'accepted';
  } catch (e) {
    return (e as Error).message;
  }
};

/** The Siamese demo table config with `change` applied to its table (card paths made absolute). */
function tableConfigWith(change: (t: Record<string, any>) => void): string {
  const cfg = JSON.parse(readFileSync(DEMO, 'utf8'));
  const t = cfg.tables[0];
  t.cards = t.cards.map((c: string) => path.resolve(path.dirname(DEMO), c));
  change(t);
  return write(JSON.stringify(cfg, null, 2));
}

describe('a JSON syntax error names its line and column', () => {
  it('a trailing comma: line 3, column 1 (the "}" after it)', () => {
    // line 1 "{", line 2 '  "tables": [],', line 3 "}": the parser wants a property name at the "}"
    const file = write('{\n  "tables": [],\n}\n');
    expect(refusal(() => loadHubConfig(file)).startsWith(`${file}: not JSON: line 3, column 1: `)).toBe(true);
  });

  it('in the tournament config too: a missing comma at line 2, column 18', () => {
    // '  "name": "Club" ' is 2 + 7 + 1 + 6 + 1 = 17 characters; the parser meets '"rounds"' at column 18
    const file = write('{\n  "name": "Club" "rounds": 4\n}');
    // the words after the column are the JavaScript engine's (they differ between Node versions)
    expect(refusal(() => loadTournamentConfig(file))).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: not JSON \\(line 2, column 18: .+\\)$`));
  });

  it('the end of the text when it stops early', () => {
    // '{"tables": [' is 12 characters: the text ends after column 12
    expect(parseJsonText('{"tables": [')).toMatchObject({ ok: false, error: expect.stringMatching(/^line 1, column 13: /) });
  });
});

describe('a mistyped key is refused as unknown, with its path', () => {
  it('a table key', () => {
    const file = tableConfigWith((t) => {
      t.tileset = t.tileSet;
      delete t.tileSet;
    });
    // the missing tileSet is found before the unknown tileset: both are named one by one
    expect(refusal(() => loadHubConfig(file))).toBe(`${file}: tables.0.tileSet: Invalid input: expected string, received undefined`);
    const extra = tableConfigWith((t) => (t.practiseHelp = true));
    expect(refusal(() => loadHubConfig(extra))).toBe(`${extra}: tables.0.practiseHelp: unknown key`);
  });

  it('a key deep in a reader zone and in the timing', () => {
    const zone = tableConfigWith((t) => {
      const [first] = Object.keys(t.readers[0].zones);
      t.readers[0].zones[first!].plyer = 0;
    });
    const first = Object.keys(JSON.parse(readFileSync(DEMO, 'utf8')).tables[0].readers[0].zones)[0];
    expect(refusal(() => loadHubConfig(zone))).toBe(`${zone}: tables.0.readers.0.zones.${first}.plyer: unknown key`);
    const timing = tableConfigWith((t) => (t.timing.settle = 50));
    expect(refusal(() => loadHubConfig(timing))).toBe(`${timing}: tables.0.timing.settle: unknown key`);
  });

  it('a tournament key, top level and in a table', () => {
    const cfg = JSON.parse(readFileSync(TOURNAMENT, 'utf8'));
    const top = write(JSON.stringify({ ...cfg, round: 4 }));
    expect(refusal(() => loadTournamentConfig(top))).toBe(`${top}: round: unknown key`);
    cfg.tables[0].hubtable = 'x';
    const inTable = write(JSON.stringify(cfg));
    expect(refusal(() => loadTournamentConfig(inTable))).toBe(`${inTable}: tables.0.hubtable: unknown key`);
  });
});
