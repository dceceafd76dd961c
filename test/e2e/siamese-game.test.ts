/**
 * First light, end to end: the simulator plays a seeded Royale Siamese game on pseudo-terminals
 * (socat), the hub reads the bytes, and a socket.io client watching the public table view sees
 * the flags. Seed 1's whole game (the counts, two Mah Jonggs, the exact score) is checked in
 * privacy.test.ts, on the one game that file plays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { execSync } from 'node:child_process';
import { extraPickCount, startSession, type Session } from './harness.js';

const hasSocat = (() => {
  try {
    execSync('command -v socat', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let session: Session | null = null;
afterEach(async () => {
  await session?.stop();
  session = null;
});

describe.skipIf(!hasSocat)('a simulated Siamese table over pseudo-terminals', () => {
  it('an extra pick is flagged (003 rule 18C): both hands dead, the game ends, rule 12 pays 4 ×', async () => {
    session = await startSession({ seed: 2, inject: 'count', injectAt: 3 });
    const end = await session.until((v) => v.flags.length > 0 && v.phase === 'ended', 120_000);
    expect(end.flags.map((f) => [f.kind, f.rule, f.status])).toEqual([['tile-count', '003 rule 18C', 'awaiting-director']]);
    const f = end.flags[0]!;
    const who = end.players[f.player]!.name;
    expect(f.title).toBe(`${who} has ${extraPickCount(f.params)}: both hands dead`);
    expect(end.players[f.player]!.racks.map((r) => r.dead)).toEqual([true, true]);
    // rule 12: no Mah Jongg was exposed yet this early, so the dead player pays 4 × the lowest
    // value on the cards (25) = 100
    const other = 1 - f.player;
    expect(end.players.every((p) => p.racks.every((r) => r.mahJongg === null))).toBe(true);
    expect(end.score?.payment).toEqual({ from: f.player, to: other, amount: 100 });
  }, 150_000);

  it('a pick from the wrong wall is flagged (003 rule 20): one hand dead, play goes on', async () => {
    session = await startSession({ seed: 3, inject: 'wall', injectAt: 3 });
    const flagged = await session.until((v) => v.flags.length > 0, 120_000);
    expect(flagged.flags.map((f) => [f.kind, f.rule])).toEqual([['wrong-wall', '003 rule 20']]);
    const f = flagged.flags[0]!;
    expect(flagged.players[f.player]!.racks.filter((r) => r.dead)).toHaveLength(1);
    expect(flagged.phase).toBe('play');
    // the director dismisses it: every view is rebuilt from the log, the hand is alive again
    const res = await fetch(`${session.hub.url}/api/director/tables/t1/flags/${f.id}`, {
      method: 'POST',
      headers: { authorization: 'Bearer e2e-director-token', 'content-type': 'application/json' },
      body: JSON.stringify({ ruling: 'dismiss' }),
    });
    expect(res.status).toBe(200);
    const after = await session.until((v) => v.flags[0]?.status === 'dismissed', 10_000);
    expect(after.players[f.player]!.racks.some((r) => r.dead)).toBe(false);
  }, 150_000);
});
