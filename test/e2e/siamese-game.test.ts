/**
 * First light, end to end: the simulator plays a seeded Royale Siamese game on pseudo-terminals
 * (socat), the hub reads the bytes, and a socket.io client watching the public table view sees
 * the counts, the flags and the final score.
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

/** Tag UIDs (14 hex digits) and tile ids (`5B#3`) are what a concealed tile looks like on the wire. */
const CONCEALED = /[0-9A-F]{14}|[1-9][BCD]#\d|\b[NEWSF]#\d|\b[RGW]D#\d|\bJ#\d/;

describe.skipIf(!hasSocat)('a simulated Siamese table over pseudo-terminals', () => {
  it('seed 1: counts go 27, 28, 27 across turns, two real Mah Jonggs, and the exact score', async () => {
    session = await startSession({ seed: 1 });
    const end = await session.until((v) => v.phase === 'ended', 120_000);
    // The simulator's record of what the bots really did (for cross-checking what the hub inferred)
    const rec = (await session.record())[0]!;
    expect(rec.end).toEqual({ reason: 'two-mahjonggs', winner: 0 });

    // East's count seen live: 27 after the deal, 28 after a pick, 27 after the discard
    const east = session.counts[0]!.join(',');
    expect(east).toContain('27,28,27');

    // What the hub verified from the tiles on top of each rack:
    // Ann (East): "NEWS 2026a 2026b FF" 50 points jokerless, self-picked; then "11a 222a 3333a 444b 55b" 30 points,
    // called from Bea's discard, for her 2nd Mah Jongg. Bea (West): "FF DDDa DDDb DDDc 111a" 35 points.
    const mj = end.players.map((p) => p.racks.map((r) => r.mahJongg && [r.mahJongg.lineText.split('|')[0]!.trim(), r.mahJongg.value, r.mahJongg.jokerless, r.mahJongg.order]).filter(Boolean));
    expect(mj[0]).toEqual(
      expect.arrayContaining([
        ['NEWS 2026a 2026b FF', 50, true, 1],
        ['11a 222a 3333a 444b 55b', 30, false, 2],
      ]),
    );
    expect(mj[1]).toEqual([['FF DDDa DDDb DDDc 111a', 35, false, 1]]);
    expect(end.flags).toEqual([]);
    expect(end.endReason).toBe('Ann made two Mah Jonggs (003 rule 14)');

    // Score by 003 rule 17, worked by hand:
    // Ann: 1st Mah Jongg 50, jokerless ×2 = 100 (17A); 2nd Mah Jongg wins the game: 30 ×2 = 60 (17B) → 160
    // Bea: 1st Mah Jongg 35 (17A); her discard was claimed for Ann's 2nd Mah Jongg: −20 (17D) → 15
    // Bea pays Ann the difference: 160 − 15 = 145
    expect(end.score?.points).toEqual([160, 15]);
    expect(end.score?.payment).toEqual({ from: 1, to: 0, amount: 145 });
    expect(end.score?.final).toBe(true);
    expect(rec.pointsIfNoFlags).toEqual([160, 15]);

    // Privacy: nothing the public view received, nor the public API, carries a concealed tile or tag
    const api = await (await fetch(`${session.hub.url}/api/tables/t1`)).text();
    const list = await (await fetch(`${session.hub.url}/api/tables`)).text();
    for (const text of [...session.received, api, list]) {
      expect(text).not.toMatch(CONCEALED);
      expect(text).not.toContain('"concealed"');
      expect(text).not.toContain('"evidence"');
    }
    // the director's view (with the token) does hold them
    const director = await fetch(`${session.hub.url}/api/director/tables/t1`, { headers: { authorization: 'Bearer e2e-director-token' } });
    expect(director.status).toBe(200);
    expect(await director.text()).toMatch(CONCEALED);
    expect((await fetch(`${session.hub.url}/api/director/tables/t1`)).status).toBe(401);
  }, 150_000);

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
