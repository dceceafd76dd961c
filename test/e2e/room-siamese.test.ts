/**
 * Tournament day in the Siamese room, end to end: the real hub process (`npm start -- --room`, the
 * Royale Siamese kind, built) with its two simulators on pseudo-terminals (TCP without socat) at a
 * fast pace; the director logs in with MJHUB_DIRECTOR_SECRET and starts the round clock through the
 * API the dashboard uses, and pauses it at once (as for a dispute at a table) until each table has
 * finished two games on its 2-seat card; then resumes it. The round is cut to 20 s (the demo's
 * Siamese tournament file with `roundMs` 20 000), so the clock runs out in the test however long the
 * games took on a loaded machine (four whole games at each table took about 160 s). Then:
 * - every game finished in time is on the card as exactly the points that table's Siamese score
 *   reported when that game ended (003 rule 17, read from the table's public view), in the order
 *   played; every game of the round without a result scores 0 for both ("X": a game not completed
 *   within the time);
 * - the card's totals and settlement ("<lesser> pays <greater> <difference>", 003 rule 17) add up;
 * - the players verify each other and initial from their seat codes, the cards are complete, and
 *   the standings are the sum of each player's own points (000 TIES: equal totals share a rank).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { directorLogin, expectCutCard, playRoundCutByClock, playerSums, shortRoundTournament, startRoomHub, stopRoomHubs, verifyAndInitialAll } from './room-harness.js';

const SECRET = 'room-siamese-secret';
/** ms between the simulator's physical steps: a Siamese game then takes ~40 s (default 700 ms: ~3 min) */
const PACE = 80;
/** the round's clock (ms): it runs only once each table has two games on its card (it is paused till then) */
const ROUND_MS = 20_000;

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

describe('the Siamese room: a tournament round of four games at two tables, cut short by its clock (npm start -- --room)', () => {
  it('scores every game finished in time on the 2-seat cards with no typing, as each table reported it, the rest as 0 for both, and the standings sum them', { timeout: 420_000 }, async () => {
    const hub = await startRoomHub({
      tmpPrefix: 'mjhub-room-siamese-',
      secret: SECRET,
      pace: PACE,
      args: (dir) => ['--tournament', shortRoundTournament(dir, 'hub/config/tournament-siamese-room.json', ROUND_MS)],
    });
    const { url } = hub;
    const out = hub.output();
    // the banner says the room runs the Siamese tournament
    expect(out).toContain('tournament:  "Demo room: Royale Siamese, two tables, rounds of four games": Royale Siamese, 2-seat score cards');

    // the director logs in, starts the round clock (as the dashboard's "Start the round clock") and
    // pauses it until each table has two games on its card; then the 20 s left run out
    const auth = await directorLogin(url, SECRET);
    const { cards, reported, first } = await playRoundCutByClock<SiameseCard>(url, auth, { gamesWhilePaused: 2, roundMs: ROUND_MS, pausedMs: 300_000 });
    expect(cards.map((c) => [c.kind, c.round, c.table, c.games.filter((g) => g !== null).length])).toEqual([
      ['siamese', 1, 1, 4],
      ['siamese', 1, 2, 4],
    ]);
    expect(cards.map((c) => c.seats)).toEqual([
      ['p01', 'p02'],
      ['p03', 'p04'],
    ]);

    // every game finished in time is the table's own 003 rule 17 score of that game, in the order
    // played, and names it; the games the clock cut short are 0 for both, "X"
    for (const c of cards) {
      const gameNos = expectCutCard(c, reported, first, 2);
      expect(
        c.games.map((g) => g!.source),
        `t${c.table}`,
      ).toEqual([...gameNos.map((n) => `siamese table t${c.table} game ${n} (003 rule 17)`), ...c.games.slice(gameNos.length).map(() => 'time up')]);
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
