/**
 * A ruling that changes how a recorded game ended reaches the score card: a real Royale Siamese
 * table engine fed with reader lines (hub/table/test-bench.ts) bound to a Siamese tournament.
 * Game 1 ends on a 003 rule 18C flag (Ann 28 tiles off turn: rule 12, Ann pays 4 × 25 = 100), the
 * card takes X / 100 and both players initial it; the table is cleared and game 2 begins; the
 * director then dismisses the flag: game 1 is re-scored as it stood when play stopped (no Mah
 * Jongg: nobody is paid, X / X), both initials are cleared and the card says so. Dismissed before
 * any tile moved, the flag reopens game 1: its line leaves the card (with a note) until the game
 * ends again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HandBench, closedAfterEach } from '../table/test-bench.js';
import { isSiameseCard } from '../../rules/tournament/siamese-card.js';
import { TournamentService } from './service.js';
import { seatScoreCard } from '../api/seat.js';

const keep = closedAfterEach<HandBench>();
const services: TournamentService[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.close();
});

/** "14:05" for `at` on this machine's clock, as the hub writes it. */
const hhmm = (at: number) => `${String(new Date(at).getHours()).padStart(2, '0')}:${String(new Date(at).getMinutes()).padStart(2, '0')}`;

describe('a ruling re-scores the game it changes on the score card', () => {
  it('game 1 on the card X / 100, initialed; the 18C flag dismissed during game 2: X / X, initials cleared, "changed by the director\'s ruling at hh:mm (Dora)"', async () => {
    const b = keep(new HandBench());
    const svc = new TournamentService({
      config: {
        kind: 'siamese',
        name: 'Siamese Open',
        rounds: 1,
        prizes: [100],
        tables: [{ table: 1, hubTable: 't1' }],
        players: [
          { id: 'p1', name: 'Ann' },
          { id: 'p2', name: 'Bea' },
        ],
      },
      store: b.store,
      now: () => b.clock,
      tickMs: 0,
    });
    services.push(svc);
    const [table] = svc.wrap([b.engine]);
    svc.clock('start');
    b.build();
    b.deal();
    b.turnWithExtraPick('RK-E1/in', 'RK-E2/in');
    const flag = table!.publicView().flags[0]!;
    expect(flag.rule).toBe('003 rule 18C');
    const card = () => {
      const c = svc.cardOf(1, 1);
      if (!isSiameseCard(c)) throw new Error('not a Siamese card');
      return c;
    };
    // the views are published once the log is durable (next turn of the event loop)
    await vi.waitFor(() => expect(card().games[0]?.marks).toEqual(['X', '100']), { timeout: 2000 });
    // the players go on: the table is cleared, game 2 dealt; the round's time runs out in game 2
    // (games 2-4 score 0: 000), and both players initial the card (000: each player initials it)
    b.returnToWalls();
    b.deal();
    expect(table!.publicView().gameNo).toBe(2);
    b.clock += 51 * 60_000; // past the round's 50 minutes
    svc.tick();
    expect(card().games.map((g) => g?.marks)).toEqual([
      ['X', '100'],
      ['X', 'X'],
      ['X', 'X'],
      ['X', 'X'],
    ]);
    svc.initial(1, 1, 0);
    svc.initial(1, 1, 2);
    expect(card().initials).toEqual(['A', 'B']);

    b.clock += 60_000;
    const ruledAt = b.clock;
    table!.rule(flag.id, 'dismiss', 'Dora');
    await vi.waitFor(() => expect(card().games[0]?.marks).toEqual(['X', 'X']), { timeout: 2000 }); // no Mah Jongg made: 0 each (003 rule 17)
    const after = card();
    expect(after.games.slice(1).map((g) => g?.by)).toEqual(['clock', 'clock', 'clock']); // the others untouched
    expect(after.initials).toEqual([null, null]);
    expect(after.verified).toEqual([false, false]);
    expect(after.corrections.map((c) => [c.game, c.director, c.reason, c.before?.marks])).toEqual([[1, 'Dora', `changed by the director's ruling at ${hhmm(ruledAt)} (Dora)`, ['X', '100']]]);
    const pub = svc.publicView().cards[0]!;
    expect(pub.changes).toEqual([`Game 1 changed by the director's ruling at ${hhmm(ruledAt)} (Dora)`]);
    expect(pub.seats.map((s) => [s.marks[0], s.total, s.initialed])).toEqual([
      ['X', 0, false],
      ['X', 0, false],
    ]);
    // each player's phone card (GET /api/seat/:token/scorecard) says so too, and offers the initials again
    for (const seat of [0, 1]) {
      const phone = seatScoreCard(svc, card(), seat);
      expect([phone.changes, phone.canInitial, phone.seats.map((s) => s.total)]).toEqual([[`Game 1 changed by the director's ruling at ${hhmm(ruledAt)} (Dora)`], true, [0, 0]]);
    }
    // a restarted service folds the same card
    const again = new TournamentService({ config: svc.config, store: b.store, now: () => b.clock, tickMs: 0 });
    services.push(again);
    expect(again.problems).toEqual([]);
    const c2 = again.cardOf(1, 1);
    expect([c2.games[0]?.points, c2.initials]).toEqual([
      [0, 0],
      [null, null],
    ]);
    expect(seatScoreCard(again, c2, 1).changes).toEqual([`Game 1 changed by the director's ruling at ${hhmm(ruledAt)} (Dora)`]);
  });

  it("the 18C flag dismissed before any tile moved (game 1 in play again): the card's X / 100 is withdrawn with a note; Bea's own 18C then ends game 1: 100 / X written", async () => {
    const b = keep(new HandBench());
    const svc = new TournamentService({
      config: {
        kind: 'siamese',
        name: 'Siamese Open',
        rounds: 1,
        prizes: [100],
        tables: [{ table: 1, hubTable: 't1' }],
        players: [
          { id: 'p1', name: 'Ann' },
          { id: 'p2', name: 'Bea' },
        ],
      },
      store: b.store,
      now: () => b.clock,
      tickMs: 0,
    });
    services.push(svc);
    const [table] = svc.wrap([b.engine]);
    svc.clock('start');
    b.build();
    b.deal();
    b.turnWithExtraPick('RK-E1/in', 'RK-E2/in');
    const flag = table!.publicView().flags[0]!;
    const card = () => {
      const c = svc.cardOf(1, 1);
      if (!isSiameseCard(c)) throw new Error('not a Siamese card');
      return c;
    };
    await vi.waitFor(() => expect(card().games[0]?.marks).toEqual(['X', '100']), { timeout: 2000 });
    b.advance(5000); // the director comes to the table
    const ruledAt = b.clock;
    table!.rule(flag.id, 'dismiss', 'Dora');
    // nobody has touched a tile since the end: game 1 plays on (hub/table/machine.ts), so its line
    // is no longer a result: withdrawn from the card until the game ends again
    expect([table!.publicView().gameNo, table!.publicView().phase]).toEqual([1, 'play']);
    const withdrawn = `Game 1 withdrawn by the director's ruling at ${hhmm(ruledAt)} (Dora): the game is in play again`;
    await vi.waitFor(() => expect(card().games[0]).toBeNull(), { timeout: 2000 });
    expect(svc.publicView().cards[0]!.changes).toEqual([withdrawn]);
    expect(seatScoreCard(svc, card(), 0).changes).toEqual([withdrawn]);
    // Bea (West, on turn) picks one tile too many: her 18C flag ends game 1; rule 12: Bea pays 4 × 25 = 100
    b.turnWithExtraPick('RK-W1/in', 'RK-W2/in');
    expect(table!.publicView().score?.points).toEqual([100, 0]);
    await vi.waitFor(() => expect(card().games[0]?.marks).toEqual(['100', 'X']), { timeout: 2000 });
    const changed = `Game 1 changed by the director's ruling at ${hhmm(ruledAt)} (Dora)`;
    expect(svc.cardChanges(1, 1)).toEqual([withdrawn, changed]);
    const again = new TournamentService({ config: svc.config, store: b.store, now: () => b.clock, tickMs: 0 });
    services.push(again);
    expect([again.problems, again.cardOf(1, 1).games[0]?.points, again.cardChanges(1, 1)]).toEqual([[], [100, 0], [withdrawn, changed]]);
  });
});
