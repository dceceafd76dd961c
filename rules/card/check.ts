/**
 * A card's summary for `mjhub card check`: one text line per hand with its number of concrete
 * variations, so a director can see that each typed line means what the printed card means.
 */
import type { Card } from './types.js';

/**
 * One line per card line, after a title line:
 * `sample-siamese:8  [Like Numbers]  X 25  27 variations  FFFF 1111a 1111b 11c | any like numbers …`
 * Concealed lines show `C`, Singles and Pairs lines add `(singles and pairs)`, notes follow as `note: …`.
 * @returns the lines of text (no trailing newlines); never throws
 */
export function describeCard(card: Card): string[] {
  const total = card.lines.reduce((n, l) => n + l.variations.length, 0);
  const out = [`${card.title} (${card.id}, ${card.kind}): ${card.lines.length} hands, ${total} variations`];
  for (const l of card.lines) {
    const n = l.variations.length;
    const groups = l.groupsText?.join(' ') ?? l.text;
    const free = l.freedoms && l.freedoms.length > 0 ? ` | ${l.freedoms.join(', ')}` : '';
    out.push(
      `${l.id}  [${l.category}]  ${l.concealed ? 'C' : 'X'} ${l.value}  ${n} variation${n === 1 ? '' : 's'}  ${groups}${free}` +
        (l.singlesAndPairs ? '  (singles and pairs)' : '') +
        (l.note ? `  note: ${l.note}` : ''),
    );
  }
  return out;
}
