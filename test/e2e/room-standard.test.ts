/**
 * Tournament day in the 4-player room, end to end: the real hub process (`npm start -- --room
 * --table-kind standard`) with its two standard simulators (4 bots each, Charleston, calls, 000
 * rules) at a fast pace; the director logs in with MJHUB_DIRECTOR_SECRET and starts the round
 * clock through the API the dashboard uses, and pauses it at once (as for a dispute at a table)
 * until each table has finished a game on its card; then resumes it. The round is cut to 20 s (the
 * demo's tournament file with `roundMs` 20 000), so the clock runs out in the test however long the
 * first games took on a loaded machine: every game finished in time is on the card as the 000 score the table reported
 * when it ended (its public view), in the order played; every game of the round without a result
 * scores 0 for all ("X", 000: a game not completed within the time). The players verify across and
 * initial from their seat codes; the standings are the sum of each player's points.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { directorLogin, expectCutCard, playRoundCutByClock, playerSums, shortRoundTournament, startRoomHub, stopRoomHubs, verifyAndInitialAll } from './room-harness.js';

const SECRET = 'room-standard-secret';
/** ms between the simulators' physical steps */
const PACE = 100;
/**
 * the round's clock (ms): short enough to run out during the test. It runs only once each table
 * has a game on its card (it is paused till then), so it need not hold a whole game.
 */
const ROUND_MS = 20_000;

afterAll(stopRoomHubs);

interface Card {
  round: number;
  table: number;
  seats: string[];
  games: ({ points: number[]; marks: string[]; by: string } | null)[];
}

describe('the 4-player room: a tournament round of four games at two tables (npm start -- --room --table-kind standard)', () => {
  it('scores every game on the 4-seat cards with no typing, as each table reported it, the games cut short by the clock as 0 for all, and the standings sum them', {
    timeout: 360_000,
  }, async () => {
    const hub = await startRoomHub({
      tmpPrefix: 'mjhub-room-standard-',
      secret: SECRET,
      pace: PACE,
      args: (dir) => ['--table-kind', 'standard', '--tournament', shortRoundTournament(dir, 'hub/config/tournament-room.json', ROUND_MS)],
    });
    const { url } = hub;
    const out = hub.output();
    expect(out).toContain('4-player tables, seed 000 score cards; 2 tables, 2 rounds of 4 games');

    const auth = await directorLogin(url, SECRET);
    // the clock paused (a dispute at a table) until each table has a game on its card: the games end
    // while the clock stands, so a loaded machine's slow first games cannot miss the round; then the
    // clock runs out 20 s on
    const { cards, reported, first } = await playRoundCutByClock<Card>(url, auth, { gamesWhilePaused: 1, roundMs: ROUND_MS, pausedMs: 240_000 });
    expect(cards.map((c) => [c.round, c.table, c.seats.length, c.games.filter((g) => g !== null).length])).toEqual([
      [1, 1, 4, 4],
      [1, 2, 4, 4],
    ]);
    // every game finished in time is the table's own 000 score of that game, in the order played;
    // the games the clock cut short score 0 for all
    for (const c of cards) {
      const gameNos = expectCutCard(c, reported, first, 1);
      // the hub log (terminal lines): each game the table put on the card, once, with its place on the card
      const t = `t${c.table}`;
      const logged = hub
        .output()
        .split('\n')
        .filter((l) => l.includes(`INFO  tournament ${t}: `))
        .map((l) => l.replace(/^.*: game \d+ of table \S+ recorded: /, ''));
      expect(logged, `${t}: the hub log`).toEqual(gameNos.map((_, i) => `round 1, tournament table ${c.table}, game ${i + 1}`));
    }

    await verifyAndInitialAll(url, auth, 4);
    const done = (await (await fetch(`${url}/api/tournament`)).json()) as { cards: { complete: boolean }[]; standings: { player: string; points: number }[] };
    expect(done.cards.map((c) => c.complete)).toEqual([true, true]);
    const sums = playerSums(cards);
    expect(Object.fromEntries(done.standings.map((r) => [r.player, r.points]))).toEqual(Object.fromEntries(sums));
    expect(done.standings.map((r) => r.points)).toEqual([...sums.values()].sort((a, b) => b - a));
  });
});
