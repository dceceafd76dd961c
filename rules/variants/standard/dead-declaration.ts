/**
 * A hand declared dead by another player, judged on what the table can see (000: "If you think a
 * hand is dead, declare it dead. However, if you declare a hand dead in error, then your hand is
 * dead").
 *
 * Pure: only the declared hand's exposures, every player's exposures and the discards on the floor
 * count, never a concealed tile (no one at the table may look inside the declared player's rack).
 * A line of the card can still be made when the declared hand's exposures each sit in one whole
 * group of it (a concealed line: no exposure at all) and the line's other tiles are still to be had:
 * of each kind its copies in the set ({@link copiesOf}: 4 of a suit tile, wind or dragon, 8 flowers,
 * 8 jokers in the 152-tile set) less the discards (dead tiles) and the tiles lying in exposures; a
 * joker in another player's exposure can still be redeemed, so it counts as to be had, while one in
 * the declared hand's own exposures already stands in its group. Where a group allows jokers the
 * shortfall of real tiles is made up from the jokers still to be had.
 */
import type { Card, CardLine } from '../../card/types.js';
import { compileCard, countTiles, JOKER, KIND_INDEX } from '../../card/compiled.js';
import { seatExposures } from '../../match.js';
import { copiesOf, TILE_KINDS, type TileKind } from '../../tiles.js';

/** What the table can see when a hand is declared dead. */
export interface VisibleTable {
  /** the declared hand's exposures (each a group on top of its rack) */
  exposures: readonly (readonly TileKind[])[];
  /** the other players' exposures (their real tiles are out of reach; their jokers can be redeemed) */
  otherExposures: readonly (readonly TileKind[])[];
  /** every tile on the discard floor (dead tiles) */
  discards: readonly TileKind[];
}

/** One line of the card the declared hand can still make. */
export interface LineStillOpen {
  cardId: string;
  line: CardLine;
}

/** Why no line can be made, counted over the card's lines. */
export interface WhyNone {
  /** concealed lines, when the declared hand has exposed (a concealed hand has no exposure before Mah Jongg) */
  concealed: number;
  /** lines with no group for one of the declared hand's exposures */
  noGroup: number;
  /** lines that need more tiles of a kind than are still to be had; `example`: the first such */
  tilesGone: number;
  example: { line: CardLine; kind: TileKind; needed: number; left: number } | null;
}

/** The verdict: `open` the lines still to be made (card order), `none` why, when there are none. */
export interface DeadDeclarationVerdict {
  /** true when no line can still be made: the declared hand is dead */
  dead: boolean;
  open: LineStillOpen[];
  why: WhyNone;
}

/**
 * Judges a dead-hand declaration (000) from the visible table only.
 * @param cards the cards the table plays
 * @returns `dead: true` when no line of the cards can still be completed, with the counts of why;
 *   else the lines still open (at least one), in card order
 */
export function judgeDeadDeclaration(cards: readonly Card[], table: VisibleTable): DeadDeclarationVerdict {
  const exposures = table.exposures;
  const gone = countTiles([...table.discards, ...exposures.flat(), ...table.otherExposures.flat().filter((t) => t !== 'J')]);
  const left = (k: number) => Math.max(0, copiesOf(TILE_KINDS[k]!) - gone[k]!);
  const open: LineStillOpen[] = [];
  const why: WhyNone = { concealed: 0, noGroup: 0, tilesGone: 0, example: null };
  for (const card of cards) {
    const byLine = new Map<CardLine, 'open' | 'concealed' | 'no-group' | { kind: TileKind; needed: number; left: number }>();
    for (const cv of compileCard(card).variations) {
      if (byLine.get(cv.line) === 'open') continue;
      let verdict: 'open' | 'concealed' | 'no-group' | { kind: TileKind; needed: number; left: number };
      if (cv.line.concealed && exposures.length > 0) verdict = 'concealed';
      else {
        const seat = exposures.length > 0 ? seatExposures(cv.variation, exposures) : { used: cv.variation.groups.map(() => false) };
        if (!seat) verdict = 'no-group';
        else {
          const fixed = [...cv.fixed];
          const flex = [...cv.flex];
          cv.variation.groups.forEach((g, i) => {
            if (!seat.used[i]) return;
            const at = cv.kinds.indexOf(KIND_INDEX.get(g.kind)!);
            if (g.jokersAllowed) flex[at]! -= g.size;
            else fixed[at]! -= g.size;
          });
          let short: { kind: TileKind; needed: number; left: number } | null = null;
          let jokersNeeded = 0;
          for (let i = 0; i < cv.kinds.length && !short; i++) {
            const have = left(cv.kinds[i]!);
            if (fixed[i]! > have) short = { kind: TILE_KINDS[cv.kinds[i]!]!, needed: fixed[i]!, left: have };
            else jokersNeeded += Math.max(0, flex[i]! - (have - fixed[i]!));
          }
          if (!short && jokersNeeded > left(JOKER)) short = { kind: 'J', needed: jokersNeeded, left: left(JOKER) };
          verdict = short ?? 'open';
        }
      }
      const before = byLine.get(cv.line);
      // the line's verdict is its best variation's: open, else tiles gone, else no group, else concealed
      const rank = (v: typeof verdict | undefined) => (v === undefined ? -1 : v === 'open' ? 3 : typeof v === 'object' ? 2 : v === 'no-group' ? 1 : 0);
      if (rank(verdict) > rank(before)) byLine.set(cv.line, verdict);
    }
    for (const [line, v] of byLine) {
      if (v === 'open') open.push({ cardId: card.id, line });
      else if (v === 'concealed') why.concealed++;
      else if (v === 'no-group') why.noGroup++;
      else {
        why.tilesGone++;
        why.example ??= { line, ...v };
      }
    }
  }
  return { dead: open.length === 0, open, why };
}

/**
 * The verdict in words for the director and the table, e.g. "Bea's hand can still be made: 3 lines
 * of the card, e.g. FF 111a 111b 111c DDD (X 30)" or "no line of the card can still be made with
 * Bea's exposures: 20 have no group for them, 1 is concealed, 2 need tiles that are gone (e.g. …)".
 * A line is named as the card file writes it, its spaces run together.
 * @param who the declared player's name
 */
export function verdictText(v: DeadDeclarationVerdict, who: string): string {
  if (!v.dead) {
    const n = v.open.length;
    return `${who}'s hand can still be made: ${n} line${n === 1 ? '' : 's'} of the card, e.g. ${oneLine(v.open[0]!.line)}`;
  }
  const parts: string[] = [];
  if (v.why.noGroup) parts.push(`${v.why.noGroup} ha${v.why.noGroup === 1 ? 's' : 've'} no group for ${who}'s exposures`);
  if (v.why.concealed) parts.push(`${v.why.concealed} ${v.why.concealed === 1 ? 'is' : 'are'} concealed and ${who} has exposed`);
  if (v.why.tilesGone) {
    const e = v.why.example!;
    const what = e.kind === 'J' ? 'jokers' : `${e.kind}`;
    parts.push(`${v.why.tilesGone} need${v.why.tilesGone === 1 ? 's' : ''} tiles that are gone (e.g. ${oneLine(e.line)} needs ${e.needed} ${what}, ${e.left} left)`);
  }
  return `no line of the card can still be made for ${who}: ${parts.join('; ')}`;
}

function oneLine(line: CardLine): string {
  return line.text.replace(/\s+/g, ' ').trim();
}

/** The rule a declared-dead entry cites (000 GAME PLAY). */
export const DECLARED_DEAD_RULE = "000 GAME PLAY: a hand declared dead is dead; a hand declared dead in error kills the declarer's hand";
