/**
 * The wording catalogue (./flags.ts): for fixed params, each code's title and consequence are the
 * words the referees and the hub wrote before the catalogue, word for word (the same strings the
 * engine tests assert: rules/game/*.test.ts, rules/variants/*.test.ts, hub/table/**\/*.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { consequenceOf, FLAGS, idKindOf, isFlagCode, misdealEndReason, moreFlagsText, nameOf, ruledText, statusText, titleOf, wordsOf, type FlagParamsByCode } from './flags.js';

const SIAMESE = ['Ann', 'Bea'];
const FOUR = ['Ann', 'Bea', 'Cat', 'Dot'];

describe('Royale Siamese flags (003)', () => {
  it('tile-count: 18C, 18D beside a Mah Jongg, 18A (003 rules 18A, 18C, 18D, 12)', () => {
    // 27 off turn + 1 = 28 (003 rule 18C): both hands dead
    const c = { p: 0, n: 28, want: 27, situation: 'off turn', rule: '18C' } as const;
    expect(titleOf('tile-count', c, SIAMESE)).toBe('Ann has 28 tiles off turn (should be 27): both hands dead');
    expect(consequenceOf('tile-count', c, SIAMESE)).toBe("both of Ann's hands are dead; the game ceases and Ann pays 4 times (003 rule 12)");
    expect(titleOf('tile-count', { ...c, rule: '18D' }, SIAMESE)).toBe('Ann has 28 tiles off turn (should be 27) beside a Mah Jongg: both hands dead');
    expect(titleOf('tile-count', { p: 1, n: 29, want: 28, situation: 'after picking', rule: '18C' }, SIAMESE)).toBe('Bea has 29 tiles after picking (should be 28): both hands dead');
    // 18A: the Mah Jongg on rack 1 (index 0) is paid, rack 2 (index 1) dies
    const a = { p: 0, n: 28, want: 27, situation: 'off turn', rule: '18A', mjRack: 0, otherRack: 1 } as const;
    expect(titleOf('tile-count', a, SIAMESE)).toBe('Ann has 28 tiles off turn (should be 27) beside a Mah Jongg: the other hand is dead');
    expect(consequenceOf('tile-count', a, SIAMESE)).toBe("Ann's hand on rack 2 is dead; the Mah Jongg on rack 1 is paid (003 rules 18A, 13)");
  });

  it('misdeal (003 rule 18B)', () => {
    const p = { p: 1, dealt: 28, want: 27 };
    expect(titleOf('misdeal', p, SIAMESE)).toBe('Bea had 28 tiles right after the deal (should be 27): misdeal');
    expect(consequenceOf('misdeal', p, SIAMESE)).toBe('misdeal: the tiles are re-dealt, this game does not count');
  });

  it('wrong-wall: the hand rule 20 names, or the director may choose (003 rule 20)', () => {
    // wall 4 (index 3) while wall 2 (index 1) is current
    const p = { p: 0, wall: 3, current: 1, r: 0, why: 'silent', mayChoose: true } as const;
    expect(titleOf('wrong-wall', p, SIAMESE)).toBe('Ann picked and racked a tile from wall 4; the current wall is 2: one hand dead');
    expect(consequenceOf('wrong-wall', p, SIAMESE)).toBe(
      "Ann's hand on rack 1 is dead (the rule is silent with no exposures: rack 1 until the director chooses); the director may choose the other hand",
    );
    expect(consequenceOf('wrong-wall', p, SIAMESE, 'dismissed')).toBe(
      "dismissed by the director (was: Ann's hand on rack 1 is dead (the rule is silent with no exposures: rack 1 until the director chooses); the director may choose the other hand)",
    );
    expect(consequenceOf('wrong-wall', { ...p, r: 1, why: 'chosen', mayChoose: false }, SIAMESE)).toBe(
      "Ann's hand on rack 2 is dead (the director chose it: the rule is silent with no exposures)",
    );
    expect(consequenceOf('wrong-wall', { p: 1, wall: 0, current: 2, r: 1, why: 'exposures', mayChoose: false }, SIAMESE)).toBe("Bea's hand on rack 2 is dead (the hand with exposures)");
  });

  it('mah-jongg-in-error, rack-exposures-fit-no-hand, dead-hand-tiles, joker-not-exchangeable (003 rules 9, 10C, 10E, 11, 15)', () => {
    expect(titleOf('mah-jongg-in-error', { p: 0, r: 1 }, SIAMESE)).toBe("Ann's Mah Jongg on rack 2 fits no hand on the card: that hand is dead");
    expect(consequenceOf('mah-jongg-in-error', { p: 0, r: 1 }, SIAMESE)).toBe("Ann's hand on rack 2 is dead");
    expect(titleOf('rack-exposures-fit-no-hand', { p: 0, r: 0 }, SIAMESE)).toBe("The exposures on Ann's rack 1 fit no hand on the cards: that hand is dead");
    expect(consequenceOf('rack-exposures-fit-no-hand', { p: 0, r: 0 }, SIAMESE)).toBe("Ann's hand on rack 1 is dead; the other rack plays on (003 rule 11)");
    const used = { p: 0, r: 0, deadRack: 1, used: ['3D#1', '3D#2'] };
    expect(titleOf('dead-hand-tiles', used, SIAMESE)).toBe("Ann's Mah Jongg on rack 1 uses 3D#1, 3D#2 from the exposures that made the hand on rack 2 dead: refused");
    expect(consequenceOf('dead-hand-tiles', used, SIAMESE)).toBe("the Mah Jongg is refused and Ann's hand on rack 1 is dead (a Mah Jongg in error)");
    expect(titleOf('joker-not-exchangeable', { owner: 1, r: 1, from: 'killing-exposure' }, SIAMESE)).toBe(
      "A joker was taken from Bea's rack 2: jokers may not be exchanged from exposures that made the hand dead",
    );
    expect(consequenceOf('joker-not-exchangeable', { owner: 1, r: 1, from: 'mahjongg' }, SIAMESE)).toBe('the joker goes back; the director rules on the rest');
  });

  it('the two renamed codes keep their kind in the flag id; every other code is its own kind', () => {
    expect([idKindOf('rack-exposures-fit-no-hand'), idKindOf('joker-not-exchangeable'), idKindOf('wrong-wall'), idKindOf('illegal-exposure')]).toEqual([
      'illegal-exposure',
      'joker-exchange',
      'wrong-wall',
      'illegal-exposure',
    ]);
    // 7 Siamese codes + the 4-player referee's 15 kinds, 3 of them shared (tile-count, misdeal,
    // mah-jongg-in-error) + the hub's 4 = 23 codes; only the two renamed ones have an idKind
    expect(Object.keys(FLAGS)).toHaveLength(23);
    expect(Object.values(FLAGS).filter((e) => e.idKind !== undefined)).toHaveLength(2);
  });
});

describe('4-player flags (000, on NMJL)', () => {
  it('the turn: picking ahead, out of turn, before picking, a late call, an illegal call (000 GAME PLAY; NMJL)', () => {
    expect(titleOf('picking-ahead', { p: 0, onTurn: 3 }, FOUR)).toBe('Ann picked before Dot discarded');
    expect(consequenceOf('picking-ahead', { p: 0, onTurn: 3 }, FOUR)).toBe("Ann's hand is dead");
    expect(['picked', 'discarded', 'exchanged'].map((what) => titleOf('out-of-turn', { p: 2, what: what as 'picked' }, FOUR))).toEqual([
      'Cat picked out of turn',
      'Cat discarded out of turn',
      'Cat exchanged a joker out of turn',
    ]);
    expect(titleOf('discard-before-pick', { p: 1 }, FOUR)).toBe('Bea discarded before picking');
    expect(titleOf('joker-exchange-before-pick', { p: 1 }, FOUR)).toBe('Bea exchanged a joker before picking');
    expect([titleOf('call-too-late', { p: 3 }, FOUR), consequenceOf('call-too-late', { p: 3 }, FOUR)]).toEqual(['Dot called after the next pick was racked', 'the call is refused']);
    expect(titleOf('illegal-call', { p: 2, for: 'pair' }, FOUR)).toBe('Cat called the discard for a pair');
    expect(titleOf('called-into-rack', { p: 3, tile: '5C' }, FOUR)).toBe('Dot put the called 5C in the rack');
  });

  it('tile-count, misdeal and its end reason, joker-passed (NMJL; NMJL practice)', () => {
    expect(titleOf('tile-count', { p: 1, n: 14, want: 13, situation: 'off turn' }, FOUR)).toBe('Bea has 14 tiles off turn (should be 13)');
    expect(consequenceOf('tile-count', { p: 1, n: 14, want: 13, situation: 'off turn' }, FOUR)).toBe("Bea's hand is dead");
    const m = { players: [1, 3], counts: [14, 15] };
    expect(titleOf('misdeal', m, FOUR)).toBe("misdeal: Bea has 14, Dot has 15 tiles before East's first discard");
    expect(consequenceOf('misdeal', m, FOUR)).toBe('the tiles are re-dealt; this game is not scored and is played again');
    expect(misdealEndReason({ players: [1], counts: [14] }, FOUR)).toBe("misdeal: Bea has 14 tiles before East's first discard (NMJL practice)");
    expect(titleOf('joker-passed', { p: 0, what: 'first right pass' }, FOUR)).toBe('Ann passed a joker in the first right pass');
    expect(consequenceOf('joker-passed', { p: 0, what: 'courtesy pass' }, FOUR)).toBe('the joker goes back to the passer; the pass is made without it');
  });

  it('exposures: illegal, a pair or singles, fitting no hand; joker exchanges; Mah Jongg in error (NMJL; 000)', () => {
    expect(titleOf('illegal-exposure', { p: 2 }, FOUR)).toBe('Cat exposed without a called tile');
    expect(titleOf('illegal-exposure', { p: 2, group: ['5C', '5C', '6C'], for: 'pung', tile: '5C' }, FOUR)).toBe('Cat exposed 5C 5C 6C for a pung of 5C');
    expect(titleOf('exposed-pair-or-singles', { p: 3, what: 'singles', group: ['S', 'N', 'E', 'W'] }, FOUR)).toBe('Dot exposed a set of singles before Mah Jongg: S N E W');
    const e: FlagParamsByCode['exposures-fit-no-hand'] = {
      p: 3,
      exposures: [
        ['5C', '5C', 'J'],
        ['S', 'S', 'J'],
      ],
      why: 'no hand has them all together',
      killing: ['S', 'S', 'J'],
    };
    expect(titleOf('exposures-fit-no-hand', e, FOUR)).toBe("Dot's exposures 5C 5C J · S S J fit no hand on the card: no hand has them all together");
    expect(consequenceOf('exposures-fit-no-hand', e, FOUR)).toBe("Dot's hand is dead; the jokers of the exposures made before a pung of S (S S J) stay in play, not its own");
    expect(consequenceOf('exposures-fit-no-hand', { ...e, killing: null }, FOUR)).toBe("Dot's hand is dead; the jokers of every exposure stay in play");
    const x = { p: 1, owner: 3, exposure: 1, tile: '5C' } as const;
    expect(
      (['no-exposure', 'no-joker', 'stands-for', 'not-held', 'killing'] as const).map((bad) => titleOf('bad-joker-exchange', { ...x, bad, group: ['S', 'S', 'J'], natural: 'S' }, FOUR)),
    ).toEqual([
      "Bea's joker exchange: Dot has no exposure 1",
      "Bea's joker exchange: Dot's exposure S S J has no joker",
      "Bea's joker exchange: the joker in S S J stands for S, not 5C",
      "Bea's joker exchange: Bea does not hold 5C",
      "Bea's joker exchange: S S J is the exposure that made Dot's hand dead: its jokers are not in play",
    ]);
    expect(consequenceOf('bad-joker-exchange', { ...x, bad: 'not-held' }, FOUR)).toBe('the exchange is undone');
    expect(titleOf('mah-jongg-in-error', { p: 1, concealed: true, exposedBy: [] }, FOUR)).toBe("Bea's Mah Jongg fits no hand on the card");
    expect(titleOf('mah-jongg-in-error', { p: 1, concealed: false, exposedBy: [] }, FOUR)).toBe("Bea's Mah Jongg fits no hand on the card (exposures stay, their jokers stay in play)");
    expect(consequenceOf('mah-jongg-in-error', { p: 1, concealed: true, exposedBy: [0, 2] }, FOUR)).toBe("Bea's hand is dead; Ann and Cat exposed for it");
  });

  it("the hub's own flags: a blind pass, a rack count, a hand declared dead, a mis-named discard (NMJL; 000; NMJL practice)", () => {
    const b = { p: 1, words: 'Bea passed 1 blind in the first right; blind passes only on the first left and the last right (NMJL)' };
    expect(titleOf('blind-pass', b, FOUR)).toBe(b.words);
    expect(consequenceOf('blind-pass', b, FOUR)).toBe('none: the pass stands as the readers saw it; the director rules');
    // no consequence was applied: a dismissal says only that
    expect(consequenceOf('blind-pass', b, FOUR, 'dismissed')).toBe('dismissed by the director');
    expect(titleOf('rack-count', { p: 3, counted: 15, expected: 14 }, FOUR)).toBe("Dot's rack holds 15 tiles; the game says 14");
    expect(consequenceOf('rack-count', { p: 3, counted: 15, expected: 14 }, FOUR, 'confirmed')).toBe('none yet: the director counts the rack');
    const d = { declarer: 2, declared: 1, dead: false, words: "Bea's hand can still be made: 8 lines of the card" };
    expect(titleOf('declared-dead', d, FOUR)).toBe("Cat declared Bea's hand dead: Bea's hand can still be made: 8 lines of the card");
    expect(consequenceOf('declared-dead', d, FOUR, 'dismissed')).toBe("dismissed by the director (was: declared in error: Cat's hand is dead)");
    expect(consequenceOf('declared-dead', { ...d, dead: true }, FOUR)).toBe("Bea's hand is dead");
    const keep: FlagParamsByCode['misnamed-discard'] = { p: 1, for: 'exposure', group: ['1B', '1B', '1B'], ruling: 'keep-exposure' };
    expect([titleOf('misnamed-discard', keep, FOUR), consequenceOf('misnamed-discard', keep, FOUR)]).toEqual([
      'Bea called a mis-named discard for the exposure 1B 1B 1B',
      "the director's ruling: Bea keeps the exposure",
    ]);
    expect(consequenceOf('misnamed-discard', { p: 1, for: 'exposure', group: ['1B', '1B', '1B'], ruling: 'dead' }, FOUR)).toBe("the director's ruling: Bea's hand is dead");
    expect(wordsOf({ code: 'misnamed-discard', params: { p: 1, for: 'mah-jongg', discarder: 2 } }, FOUR)).toEqual({
      title: "Bea's Mah Jongg took Cat's mis-named discard",
      consequence: 'Cat pays as the discarder of the winning tile',
    });
    expect(wordsOf({ code: 'misnamed-discard', params: { p: 1, for: 'mah-jongg', discarder: 2, tile: '5D', named: '5B' } }, FOUR)).toEqual({
      title: "Bea's Mah Jongg took Cat's discard of 5D, named 5B",
      consequence: 'the Mah Jongg stands as named; Cat pays as the discarder of the winning tile',
    });
  });
});

describe('names and statuses', () => {
  it('a seat with no name is "player <index>"; the statuses in the players\' words', () => {
    expect([nameOf(FOUR, 3), nameOf(SIAMESE, 2)]).toEqual(['Dot', 'player 2']);
    expect(['awaiting-director', 'confirmed', 'dismissed'].map(statusText)).toEqual(['awaiting the director', 'confirmed', 'dismissed']);
    expect(['confirmed', 'dismissed'].map(ruledText)).toEqual(['confirmed by the director', 'dismissed by the director']);
    expect([1, 3].map(moreFlagsText)).toEqual(['1 more open flag awaiting the director', '3 more open flags awaiting the director']);
    expect([isFlagCode('wrong-wall'), isFlagCode('joker-exchange'), isFlagCode('toString')]).toEqual([true, false, false]);
  });
});
