import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { loadCard } from './parse.js';
import { formatCard } from './format.js';
import type { Card } from './types.js';

const text = (name: string) => readFileSync(new URL(`../cards/${name}`, import.meta.url), 'utf8');
const samples = [loadCard(text('sample-standard.card'), { id: 'std' }), loadCard(text('sample-siamese.card'), { id: 'sia' })];
const allLines = samples.flatMap((c) => c.lines);

/** What a card means, line ids aside (they carry line numbers in the file). */
const meaning = (c: Card) => ({
  title: c.title,
  kind: c.kind,
  lines: c.lines.map(({ id: _id, text: _text, ...rest }) => rest),
});

describe('card text round trip', () => {
  it('each sample card reads back the same after writing it out', () => {
    for (const card of samples) expect(meaning(loadCard(formatCard(card), { id: card.id }))).toEqual(meaning(card));
  });

  it('property: any card the loader accepts round-trips through the notation', () => {
    const line = fc.record({
      index: fc.integer({ min: 0, max: allLines.length - 1 }),
      value: fc.integer({ min: 20, max: 100 }),
      note: fc.option(fc.constantFrom('errata 2026-03', 'director: allowed with 2 jokers', 'as printed'), { nil: undefined }),
      category: fc.constantFrom('Alpha', 'Beta', 'Gamma'),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.constantFrom('standard', 'siamese'), (picked, kind) => {
        // build card text from sample lines with new values, notes and categories, and load it
        const byCategory = new Map<string, string[]>();
        for (const p of picked) {
          const l = allLines[p.index]!;
          const cat = l.singlesAndPairs ? `${p.category} S&P` : p.category;
          const fields = [l.groupsText!.join(' '), ...(l.freedoms?.length ? [l.freedoms.join(', ')] : []), `${l.concealed ? 'C' : 'X'} ${p.value}`];
          if (p.note) fields.push(`note: ${p.note}`);
          byCategory.set(cat, [...(byCategory.get(cat) ?? []), fields.join(' | ')]);
        }
        const src = [`title: Generated`, `kind: ${kind}`, ...[...byCategory].flatMap(([c, ls]) => ['', `[${c}]${c.endsWith('S&P') ? ' singles and pairs' : ''}`, ...ls])].join('\n');
        const card = loadCard(src, { id: 'gen' });
        const again = loadCard(formatCard(card), { id: 'gen' });
        expect(meaning(again)).toEqual(meaning(card));
      }),
      { numRuns: 150 },
    );
  });
});
