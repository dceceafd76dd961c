/**
 * Tournament day in the Siamese room, end to end: the real hub process (`npm start -- --room`, the
 * Royale Siamese kind) with its two simulators on pseudo-terminals (TCP without socat) at a fast
 * pace; the director logs in with MJHUB_DIRECTOR_SECRET and starts the round clock through the API
 * the dashboard uses; both tables play until each has four games on its 2-seat card. Then:
 * - every game's line on the card is exactly the points that table's Siamese score reported when
 *   that game ended (003 rule 17, read from the table's public view), in the order played;
 * - the card's totals and settlement ("<lesser> pays <greater> <difference>", 003 rule 17) add up;
 * - the players verify each other and initial from their seat codes, the cards are complete, and
 *   the standings are the sum of each player's own points (000 TIES: equal totals share a rank).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { directorLogin, playRound, playerSums, startRoomHub, roundClock, stopRoomHubs, verifyAndInitialAll } from './room-harness.js';

const SECRET = 'room-siamese-secret';
/** ms between the simulator's physical steps: a Siamese game then takes ~40 s (default 700 ms: ~3 min) */
const PACE = 80;

afterAll(stopRoomHubs);

interface PublicCard {
  round: number;
  table: number;
  hubTable: string | null;
  kind?: 'siamese';
  settlement?: string;
  seats: { seat: string; player: string; name: string; marks: string[]; total: number }[];
  games: number;
  complete: boolean;
}
interface SiameseCard {
  kind: 'siamese';
  round: number;
  table: number;
  seats: [string, string];
  games: ({ points: [number, number]; marks: [string, string]; by: string; source: string } | null)[];
}

describe('the Siamese room: a tournament round of four games at two tables (npm start -- --room)', () => {
  it('scores every game on the 2-seat cards with no typing, as each table reported it, and the standings sum them', { timeout: 420_000 }, async () => {
    const hub = await startRoomHub({ tmpPrefix: 'mjhub-room-siamese-', secret: SECRET, pace: PACE });
    const { url } = hub;
    const out = hub.output();
    // the banner says the room runs the Siamese tournament
    expect(out).toContain('tournament:  "Demo room: Royale Siamese, two tables, rounds of four games": Royale Siamese, 2-seat score cards');

    // the director logs in and starts the round clock (as the dashboard's "Start the round clock")
    const auth = await directorLogin(url, SECRET);
    expect((await roundClock(url, auth)).running).toBe(true);

    // each table's final score per game, as its public view reported it when the game ended
    const { cards, reported } = await playRound<SiameseCard>(url, auth, 360_000);
    expect(cards.map((c) => [c.kind, c.round, c.table, c.games.filter((g) => g !== null).length])).toEqual([
      ['siamese', 1, 1, 4],
      ['siamese', 1, 2, 4],
    ]);
    expect(cards.map((c) => c.seats)).toEqual([
      ['p01', 'p02'],
      ['p03', 'p04'],
    ]);

    // every game's line is the table's own 003 rule 17 score of that game, games in the order played
    for (const c of cards) {
      const hubTable = `t${c.table}`;
      const gameNos = c.games.map((g) => Number(/^siamese table t\d game (\d+) \(003 rule 17\)$/.exec(g!.source)?.[1]));
      expect(gameNos.every((n, i) => Number.isInteger(n) && (i === 0 || n > gameNos[i - 1]!))).toBe(true);
      c.games.forEach((g, i) => {
        expect(g!.by).toBe('table');
        expect(g!.points, `${hubTable} game ${gameNos[i]}`).toEqual(reported[hubTable]![gameNos[i]!]);
        expect(g!.marks).toEqual(g!.points.map((p) => (p === 0 ? 'X' : String(p))));
      });
    }

    // the public card: totals and the settlement (003 rule 17: the lesser total pays the difference)
    const pub = (await (await fetch(`${url}/api/tournament`)).json()) as { cards: PublicCard[]; standings: { rank: number; player: string; points: number }[] };
    pub.cards.forEach((pc, i) => {
      const c = cards[i]!;
      const totals = [0, 1].map((s) => c.games.reduce((sum, g) => sum + g!.points[s]!, 0));
      expect(pc.kind).toBe('siamese');
      expect(pc.seats.map((s) => [s.seat, s.player, s.total])).toEqual([
        ['East', c.seats[0], totals[0]],
        ['West', c.seats[1], totals[1]],
      ]);
      const [hi, lo] = totals[0]! >= totals[1]! ? [0, 1] : [1, 0];
      expect(pc.settlement).toBe(totals[0] === totals[1] ? 'Even: nobody pays' : `${pc.seats[lo]!.name} pays ${pc.seats[hi]!.name} ${totals[hi]! - totals[lo]!}`);
      expect(pc.complete).toBe(false);
    });
    // incomplete cards are not accepted: everybody still has 0
    expect(pub.standings.map((r) => r.points)).toEqual([0, 0, 0, 0]);

    // each player verifies the other's score and initials from their own seat code
    await verifyAndInitialAll(url, auth, 2);
    const done = (await (await fetch(`${url}/api/tournament`)).json()) as typeof pub;
    expect(done.cards.map((c) => c.complete)).toEqual([true, true]);
    // the standings: each player's own points summed over the cards, highest first
    const sums = playerSums(cards);
    expect(Object.fromEntries(done.standings.map((r) => [r.player, r.points]))).toEqual(Object.fromEntries(sums));
    const sorted = [...sums.values()].sort((a, b) => b - a);
    expect(done.standings.map((r) => r.points)).toEqual(sorted);
    expect(done.standings.map((r) => r.rank)).toEqual(sorted.map((p) => sorted.indexOf(p) + 1));

    // the record: one Siamese line per game
    const jsonl = await (await fetch(`${url}/api/tournament/games.jsonl`)).text();
    expect(
      jsonl
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { format: string; points: number[] }).points),
    ).toEqual(cards.flatMap((c) => c.games.map((g) => g!.points)));
  });
});
