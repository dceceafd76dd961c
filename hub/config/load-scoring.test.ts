/**
 * A 4-player table's `scoring` in the table config (hub/config/types.ts): `"home"`, `"tournament"`
 * or an object of settings, each key checked at load and named in the error.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHubConfig } from './load.js';

/** The demo config (4-player or Siamese) with table 1's `scoring` set, written to a temporary file. */
function withScoring(demo: 'standard-demo' | 'siamese-demo', scoring: unknown): string {
  const file = path.resolve(`hub/config/tables/${demo}.json`);
  const cfg = JSON.parse(readFileSync(file, 'utf8')) as { tables: Record<string, unknown>[] };
  const t = cfg.tables[0]!;
  t.scoring = scoring;
  t.cards = (t.cards as string[]).map((c) => path.resolve(path.dirname(file), c));
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'mj-scoring-')), 'tables.json');
  writeFileSync(out, JSON.stringify(cfg));
  return out;
}

describe('table config scoring', () => {
  it('"home" and an object of settings load as given', () => {
    expect(loadHubConfig(withScoring('standard-demo', 'home'))[0]!.table.scoring).toBe('home');
    expect(loadHubConfig(withScoring('standard-demo', { scheme: 'home', paidLine: 'announced' }))[0]!.table.scoring).toEqual({ scheme: 'home', paidLine: 'announced' });
  });

  it('names the bad key', () => {
    const cases: [unknown, string][] = [
      ['club', 'tables.0.scoring: must be "tournament", "home" or an object of settings, not "club"'],
      [{ jokerless: 20.5 }, 'tables.0.scoring.jokerless: must be a whole number of points, not 20.5'],
      [
        { discarderPenalty: { three: -25 } },
        "tables.0.scoring.discarderPenalty.three: is not a tier of the discarder's penalty (known: noneOrOne, two, threeOrMore: the winner's exposures before the call)",
      ],
      [{ scheme: 'home', payments: { discarder: -2 } }, 'tables.0.scoring.payments.discarder: must be a whole multiple of the hand value ≥ 0, not -2'],
      [{ scheme: 'home', selfPicked: 10 }, 'tables.0.scoring.selfPicked: is a setting of tournament scoring, not of scheme "home"'],
      [{ paidline: 'best' }, 'tables.0.scoring.paidline: is not a scoring setting (known: scheme, discarderPenalty, selfPicked, jokerless, wallGame, jokerExchangeSelfPicked, paidLine)'],
    ];
    for (const [scoring, what] of cases) {
      const file = withScoring('standard-demo', scoring);
      expect(() => loadHubConfig(file), what).toThrow(`${file}: ${what}`);
    }
  });

  it('a Royale Siamese table takes none', () => {
    const file = withScoring('siamese-demo', 'home');
    expect(() => loadHubConfig(file)).toThrow(`${file}: tables.0.scoring: table t1 is a Royale Siamese table, scored by 003 rule 17: it takes no scoring settings`);
  });
});
