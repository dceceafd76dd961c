/**
 * Writes a loaded card back as card text (rules/CARD-FORMAT.md), so a card can be stored, shown,
 * and read again: `loadCard(formatCard(card), { id: card.id })` gives the same card, line ids aside
 * (ids carry the line number in the file).
 */
import type { Card, CardLine } from './types.js';

/** Card text for a card. Never throws. */
export function formatCard(card: Card): string {
  const out = [`title: ${card.title}`, `kind: ${card.kind}`];
  let category: string | null = null;
  for (const line of card.lines) {
    if (line.category !== category) {
      category = line.category;
      const sp = card.lines.some((l) => l.category === category && l.singlesAndPairs);
      out.push('', `[${category}]${sp ? ' singles and pairs' : ''}`);
    }
    out.push(formatLine(line));
  }
  return out.join('\n') + '\n';
}

/** One hand line: `groups | freedoms | X 25 | note: …`. */
export function formatLine(line: CardLine): string {
  const groups = line.groupsText?.join(' ') ?? line.text.split('|')[0]!.trim();
  const fields = [groups];
  if (line.freedoms && line.freedoms.length > 0) fields.push(line.freedoms.join(', '));
  fields.push(`${line.concealed ? 'C' : 'X'} ${line.value}`);
  if (line.note) fields.push(`note: ${line.note}`);
  return fields.join(' | ');
}
