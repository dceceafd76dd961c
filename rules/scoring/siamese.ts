/**
 * Royale Siamese Mah Jongg scoring and payout (003 rules 12, 17A-F, 19C-D).
 * Pure: the game's outcome in, both players' points, the payment and a human breakdown out.
 *
 * Readings of the rules where the text leaves a choice (a director can overrule):
 * - 17C "double the score for both hands": the 1st Mah Jongg is doubled like the 2nd already is
 *   (17B), i.e. both hands are paid ×2 (and ×2 again when jokerless); the 2nd is not doubled twice.
 * - 19D "ALSO penalized the extra −20": the −20 of a discard claimed for a 2nd Mah Jongg (17D),
 *   so a mis-named discard claimed for a 2nd Mah Jongg costs −25 −20 = −45 in all.
 * - 12 "4 times the value of opponent's existing Mah Jongg": 4 × that Mah Jongg's score under 17A
 *   (so a jokerless one counts doubled); this replaces its ordinary score. The dead player's own
 *   Mah Jongg, if any, scores 0 (003 rule 18D: both hands are dead).
 */

/** One Mah Jongg put up on top of a rack. */
export interface SiameseMahJongg {
  /** 0 or 1: the player (seat index at the Siamese table) */
  player: 0 | 1;
  /** the line's value as printed on the card (points) */
  value: number;
  /** no joker in the 14 tiles */
  jokerless: boolean;
  /** a Singles and Pairs hand: never doubled for jokerless (17A, 17B) */
  singlesAndPairs: boolean;
  /** this player's 1st or 2nd Mah Jongg */
  order: 1 | 2;
  /** both of this player's Mah Jonggs were put up in the same turn (17C, 17E) */
  sameTurnAsOther: boolean;
  /** the player whose discard was claimed to complete it; null when self-picked */
  claimedFrom: 0 | 1 | null;
  /** the claimed discard had been named wrongly (a director's entry; 19C, 19D) */
  misnamedDiscard?: boolean;
}

/** How the game ended. */
export interface SiameseOutcome {
  /** every Mah Jongg exposed, in the order they were put up (0 to 2 per player) */
  mahJonggs: SiameseMahJongg[];
  /** the player declared dead for both hands, which ends the game (rule 12), or null */
  bothHandsDead: 0 | 1 | null;
  /** all tiles played and no Mah Jongg exposed (rules 14, 17F) */
  wallGame: boolean;
  /** the lowest value on the cards in play, for rule 12 when the opponent has no Mah Jongg */
  lowestCardValue: number;
  /** names for the breakdown (default "Player 1", "Player 2") */
  names?: [string, string];
}

/** The score of a Siamese game. */
export interface SiameseScore {
  /** each player's points for the game */
  points: [number, number];
  /** the player with the lesser score pays the difference (17); null when equal */
  payment: { from: 0 | 1; to: 0 | 1; amount: number } | null;
  /** per player, one human line per item, e.g. "1st Mah Jongg 25, jokerless ×2 = 50 (17A)" */
  breakdown: [string[], string[]];
}

/** An outcome that cannot happen (e.g. a wall game with a Mah Jongg exposed). */
export class ScoringError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScoringError';
  }
}

const ordinal = (n: 1 | 2) => (n === 1 ? '1st' : '2nd');

/**
 * Scores a Royale Siamese game (003 rules 12, 17A-F, 19C-D).
 * @throws ScoringError when the outcome contradicts itself: a wall game with a Mah Jongg, more
 *   than two Mah Jonggs for a player or two of the same order, a player claiming their own discard,
 *   a negative value.
 */
export function scoreSiamese(outcome: SiameseOutcome): SiameseScore {
  const names = outcome.names ?? ['Player 1', 'Player 2'];
  const points: [number, number] = [0, 0];
  const breakdown: [string[], string[]] = [[], []];

  for (const p of [0, 1] as const) {
    const mine = outcome.mahJonggs.filter((m) => m.player === p);
    if (mine.length > 2) throw new ScoringError(`${names[p]} has ${mine.length} Mah Jonggs; a Siamese player makes at most 2`);
    if (mine.length === 2 && mine[0]!.order === mine[1]!.order) throw new ScoringError(`${names[p]} has two ${ordinal(mine[0]!.order)} Mah Jonggs`);
  }
  if (outcome.wallGame && outcome.mahJonggs.length > 0) throw new ScoringError('a wall game has no Mah Jongg exposed (rule 14)');
  if (outcome.wallGame && outcome.bothHandsDead !== null) throw new ScoringError('a player dead for both hands ends the game (rule 12); it is not a wall game');

  if (outcome.wallGame) {
    for (const p of [0, 1] as const) {
      points[p] += 10;
      breakdown[p].push('Wall game +10 (17F)');
    }
  }

  const dead = outcome.bothHandsDead;
  // the −20 of 17D/17E is charged once per turn: a turn has one claimed discard
  let turnPenaltyCharged = false;
  for (const m of outcome.mahJonggs) {
    if (m.value < 0) throw new ScoringError(`a Mah Jongg value cannot be negative (${m.value})`);
    if (m.claimedFrom === m.player) throw new ScoringError(`${names[m.player]} cannot claim their own discard`);
    const p = m.player;
    const doubleJokerless = m.jokerless && !m.singlesAndPairs;
    let score = m.value;
    let text = `${ordinal(m.order)} Mah Jongg ${m.value}`;
    if (m.order === 2) {
      score *= 2;
      text += ' ×2 (2nd, 17B)';
    } else if (m.sameTurnAsOther) {
      score *= 2;
      text += ' ×2 (both at the same time, 17C)';
    }
    if (doubleJokerless) {
      score *= 2;
      text += `, jokerless ×2 (${m.order === 1 && !m.sameTurnAsOther ? '17A' : '17B'})`;
    } else if (m.jokerless && m.singlesAndPairs) text += ', jokerless but Singles and Pairs: not doubled';
    if (m.claimedFrom === null) text += ', self-picked';

    if (dead === p) {
      breakdown[p].push(`${text}: hand dead (both hands dead, 18D) = 0`);
    } else if (dead !== null) {
      breakdown[p].push(`${text} = ${score}; opponent dead for both hands: ×4 (rule 12) = ${score * 4}`);
      points[p] += score * 4;
    } else {
      breakdown[p].push(`${text} = ${score}`);
      points[p] += score;
    }

    if (m.claimedFrom !== null) {
      const d = m.claimedFrom;
      if (m.misnamedDiscard) {
        points[d] -= 25;
        breakdown[d].push(`Mis-named discard claimed for ${names[p]}'s Mah Jongg −25 (19C)`);
      }
      const charge = m.order === 2 || (m.order === 1 && m.sameTurnAsOther);
      if (charge && !turnPenaltyCharged) {
        points[d] -= 20;
        breakdown[d].push(
          m.order === 2
            ? `Discard claimed for ${names[p]}'s 2nd Mah Jongg −20 (17D${m.misnamedDiscard ? ', 19D' : ''})`
            : `Discard claimed for ${names[p]}'s 1st of two Mah Jonggs put up in one turn −20 (17E)`,
        );
        if (m.sameTurnAsOther) turnPenaltyCharged = true;
      }
    }
  }

  if (dead !== null) {
    const o = (1 - dead) as 0 | 1;
    if (!outcome.mahJonggs.some((m) => m.player === o)) {
      const amount = 4 * outcome.lowestCardValue;
      points[o] += amount;
      breakdown[o].push(`${names[dead]} dead for both hands: 4 × lowest card value ${outcome.lowestCardValue} = ${amount} (rule 12)`);
    }
    breakdown[dead].push('Dead for both hands: the game ceases (rule 12)');
  }

  for (const p of [0, 1] as const) breakdown[p].push(`Total ${points[p]}`);
  let payment: SiameseScore['payment'] = null;
  if (points[0] !== points[1]) {
    const to = points[0] > points[1] ? 0 : 1;
    const from = (1 - to) as 0 | 1;
    payment = { from, to, amount: points[to] - points[from] };
  }
  return { points, payment, breakdown };
}
