/**
 * Card loader: reads a card text file (format: rules/CARD-FORMAT.md) into a Card whose lines carry
 * every concrete Variation. Pure: give it the file's text, it never reads files itself.
 */
import type { Card, CardLine } from './types.js';
import { compileCard } from './compiled.js';
import { ExpandError, copiesProblem, expandLine, type NumberFreedom, type PrintedGroup, type PrintedTile } from './expand.js';

/**
 * A card file that cannot be read. `message` is `"<file>:<line>: <problem>"`, e.g.
 * `"sample.card:12: line has 13 tiles; a hand needs 14"`. Line 0 means the whole file: the message
 * is then `"<file>: <problem>"` (e.g. `"sample.card: the card has no hands"`).
 */
export class CardError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly problem: string,
  ) {
    super(line > 0 ? `${file}:${line}: ${problem}` : `${file}: ${problem}`);
    this.name = 'CardError';
  }
}

const TILE_CHARS = new Set(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'F', 'N', 'E', 'W', 'S', 'R', 'G', 'D', '*']);
const SUIT_LETTERS = new Set(['a', 'b', 'c']);

/** Reads one printed group such as `1111a`, `2026b`, `NEWS`, `DDDb`, `FF`, `1a2b3c`. Throws a plain problem string. */
export function parseGroup(text: string): PrintedGroup {
  const tiles: PrintedTile[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (SUIT_LETTERS.has(ch)) {
      const prev = tiles[tiles.length - 1];
      if (!prev || prev.suit !== undefined) throw `"${text}": suit letter "${ch}" must follow a number or D`;
      // the letter applies to the run of numbers / D just before it that have no letter yet
      for (let j = tiles.length - 1; j >= 0 && tiles[j]!.suit === undefined; j--) {
        const t = tiles[j]!;
        if (/[1-9D]/.test(t.ch)) t.suit = ch;
      }
      continue;
    }
    if (!TILE_CHARS.has(ch)) {
      throw `"${text}": "${ch}" is not a tile character (use 1-9 with a suit letter a/b/c, 0 Soap, F, N E W S, R G, D, *)`;
    }
    tiles.push({ ch });
  }
  if (tiles.length === 0) throw `"${text}": empty group`;
  for (const t of tiles) if (/[1-9]/.test(t.ch) && t.suit === undefined) throw `"${text}": number ${t.ch} needs a suit letter (a, b or c) after it, e.g. "${text}a"`;
  const first = tiles[0]!;
  const uniform = tiles.every((t) => t.ch === first.ch && t.suit === first.suit);
  if (uniform && tiles.length > 6) throw `"${text}": ${tiles.length} alike tiles; the largest group is a sextet (6)`;
  return { text, tiles, uniform };
}

function parseValue(field: string): { concealed: boolean; value: number } | undefined {
  const m = /^([XxCc])\s*(\d+)$/.exec(field);
  if (!m) return undefined;
  return { concealed: m[1]!.toUpperCase() === 'C', value: Number(m[2]) };
}

interface Freedoms {
  numbers: NumberFreedom;
  consecutiveCount?: number;
  suits?: number;
  words: string[];
}

const DESCRIPTIVE = new Set([
  'matching dragons',
  'matching dragon',
  'opposite dragons',
  'opposite dragon',
  'any dragon',
  'any dragons',
  'any wind',
  'any winds',
  'soap is zero',
  '0 is soap',
  'zero is soap',
]);

function parseFreedom(clause: string, f: Freedoms): string | undefined {
  const c = clause.trim().toLowerCase().replace(/\s+/g, ' ');
  if (c === '') return undefined;
  f.words.push(c);
  let m: RegExpExecArray | null;
  if (c === 'any like numbers' || c === 'any like number') f.numbers = { kind: 'like' };
  else if (c === 'these numbers' || c === 'these numbers only') f.numbers = { kind: 'these' };
  else if ((m = /^any (\d )?consecutive numbers?$/.exec(c))) {
    f.numbers = { kind: 'consecutive' };
    if (m[1]) f.consecutiveCount = Number(m[1]);
  } else if ((m = /^any ([123]) suits?$/.exec(c))) f.suits = Number(m[1]);
  else if (DESCRIPTIVE.has(c)) {
    /* describes what the group notation already says */
  } else
    return `unknown freedom "${clause.trim()}" (know: any like numbers, any N consecutive numbers, these numbers, any 1/2/3 suits, matching dragons, opposite dragons, any dragon, any wind, 0 is soap)`;
  return undefined;
}

/**
 * Loads a card from its text (rules/CARD-FORMAT.md) and expands every line into its variations.
 *
 * @param text the card file's contents
 * @param opts.id the card's id (usually the file name without `.card`, e.g. `"sample-siamese"`);
 *   line ids are `"<id>:<line number in the file>"`
 * @param opts.file the name used in error messages (default `"<id>.card"`)
 * @returns the Card with every concrete variation of every line
 * @throws CardError naming file, line number and problem: unknown header, bad group, unknown
 *   freedom, missing `X`/`C` value, a value that is not a whole number of points > 0 (`X -25`),
 *   a missing `title:` / `kind:` header (line 1), a line that is not 14 tiles, a variation that needs more copies of a
 *   tile than a set has (jokers aside), jokers impossible in a Singles and Pairs line, no hands.
 */
export function loadCard(text: string, opts: { id: string; file?: string }): Card {
  const file = opts.file ?? `${opts.id}.card`;
  let title: string | undefined;
  let kind: Card['kind'] | undefined;
  let category: string | undefined;
  let singlesAndPairs = false;
  const lines: CardLine[] = [];

  text.split(/\r?\n/).forEach((raw, i) => {
    const lineNo = i + 1;
    const fail = (problem: string): never => {
      throw new CardError(file, lineNo, problem);
    };
    const s = raw.trim();
    if (s === '' || s.startsWith('#')) return;

    const header = /^([a-zA-Z]+)\s*:\s*(.*)$/.exec(s);
    if (header && category === undefined) {
      const key = header[1]!.toLowerCase();
      const value = header[2]!.trim();
      if (key === 'title') title = value;
      else if (key === 'kind') {
        if (value !== 'standard' && value !== 'siamese') fail(`kind must be "standard" or "siamese", not "${value}"`);
        kind = value as Card['kind'];
      } else if (key === 'card') {
        /* informative: the id comes from the loader (opts.id) */
      } else fail(`unknown header "${key}:" (know: card, title, kind)`);
      return;
    }

    const heading = /^\[([^\]]+)\]\s*(.*)$/.exec(s);
    if (heading) {
      category = heading[1]!.trim();
      const flag = heading[2]!.trim().toLowerCase();
      if (flag === '') singlesAndPairs = false;
      else if (flag === 'singles and pairs' || flag === 'singles-and-pairs') singlesAndPairs = true;
      else fail(`after a [category] heading only "singles and pairs" may follow, not "${heading[2]!.trim()}"`);
      if (category === '') fail('empty category name');
      return;
    }

    if (category === undefined) fail('hand line before any [category] heading (headers are "title:", "kind:")');

    const fields = s.split('|').map((f) => f.trim());
    const groupsField = fields[0]!;
    if (groupsField === '') fail('no groups before the first "|"');
    let valued: { concealed: boolean; value: number } | undefined;
    let note: string | undefined;
    const fr: Freedoms = { numbers: { kind: 'these' }, words: [] };
    for (const field of fields.slice(1)) {
      const v = parseValue(field);
      if (v) {
        if (valued) fail(`two values ("X n" / "C n") on one line`);
        valued = v;
        continue;
      }
      const bad = /^([XxCc])(?:\s+(.*)|([-+.\d].*))$/.exec(field);
      if (bad) fail(`value must be a whole number of points > 0 after "${bad[1]!.toUpperCase()}" (e.g. "X 25"), not "${(bad[2] ?? bad[3]!).trim()}"`);
      const nm = /^note\s*:\s*(.*)$/i.exec(field);
      if (nm) {
        note = nm[1]!.trim();
        continue;
      }
      for (const clause of field.split(',')) {
        const problem = parseFreedom(clause, fr);
        if (problem) fail(problem);
      }
    }
    if (!valued) fail('no value: end the line with "| X 25" (exposed) or "| C 30" (concealed)');
    if (valued!.value <= 0) fail(`value must be a whole number of points > 0 (e.g. "X 25"), not "${valued!.value}"`);

    const groupTexts = groupsField.split(/\s+/);
    const groups: PrintedGroup[] = [];
    for (const g of groupTexts) {
      try {
        groups.push(parseGroup(g));
      } catch (e) {
        fail(typeof e === 'string' ? e : String(e));
      }
    }
    const tiles = groups.reduce((n, g) => n + g.tiles.length, 0);
    if (tiles !== 14) fail(`line has ${tiles} tiles; a hand needs 14`);

    const printedDigits = [...new Set(groups.flatMap((g) => g.tiles.filter((t) => /[1-9]/.test(t.ch)).map((t) => Number(t.ch))))].sort((a, b) => a - b);
    if (fr.numbers.kind === 'like' && printedDigits.length > 1) fail(`"any like numbers" but the line prints different numbers (${printedDigits.join(', ')}); print one number, e.g. 1`);
    if (fr.numbers.kind !== 'these' && printedDigits.length === 0) fail(`"${fr.numbers.kind === 'like' ? 'any like numbers' : 'any consecutive numbers'}" but the line has no numbers`);
    if (fr.numbers.kind === 'consecutive') {
      const run = printedDigits.every((d, j) => j === 0 || d === printedDigits[j - 1]! + 1);
      if (!run) fail(`"any consecutive numbers" but the printed numbers ${printedDigits.join(', ')} are not consecutive`);
      if (fr.consecutiveCount !== undefined && fr.consecutiveCount !== printedDigits.length)
        fail(`"any ${fr.consecutiveCount} consecutive numbers" but the line prints ${printedDigits.length} different numbers`);
    }
    const letters = new Set(groups.flatMap((g) => g.tiles.map((t) => t.suit).filter((x) => x !== undefined)));
    if (fr.suits !== undefined && fr.suits !== letters.size) fail(`"any ${fr.suits} suit${fr.suits > 1 ? 's' : ''}" but the line uses ${letters.size} suit letter${letters.size === 1 ? '' : 's'}`);
    if (singlesAndPairs) {
      const big = groups.find((g) => g.uniform && g.tiles.length > 2);
      if (big) fail(`"${big.text}" has ${big.tiles.length} tiles but a Singles and Pairs hand has only singles and pairs`);
    }

    let variations;
    try {
      variations = expandLine({ groups, numbers: fr.numbers, singlesAndPairs });
    } catch (e) {
      if (e instanceof ExpandError) fail(e.message);
      throw e;
    }
    for (const v of variations!) {
      const problem = copiesProblem(v);
      if (problem) fail(`${problem} (in ${v.groups.map((g) => `${g.size}×${g.kind}`).join(' ')})`);
    }
    const line: CardLine = {
      id: `${opts.id}:${lineNo}`,
      category: category!,
      text: s,
      value: valued!.value,
      concealed: valued!.concealed,
      singlesAndPairs,
      groupsText: groupTexts,
      freedoms: fr.words,
      variations: variations!,
    };
    if (note !== undefined && note !== '') line.note = note;
    lines.push(line);
  });

  // a missing header is reported at line 1, where the headers begin
  if (title === undefined) throw new CardError(file, 1, 'the file has no "title:" header line (a card begins with "title: …" and "kind: standard|siamese")');
  if (kind === undefined) throw new CardError(file, 1, 'the file has no "kind:" header line (kind: standard or siamese)');
  if (lines.length === 0) throw new CardError(file, 0, 'the card has no hands');
  const card: Card = { id: opts.id, title, kind, lines };
  compileCard(card); // per-variation tables for the matcher, built once at load time
  return card;
}
