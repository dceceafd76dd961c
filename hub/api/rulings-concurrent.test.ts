/**
 * Two directors rule on one flag at the same moment, through the real HTTP API of a hub over a
 * real Royale Siamese table engine fed with reader lines (hub/table/test-bench.ts): the first
 * ruling stands (200), the other is refused (409) with words that say who ruled and how to change
 * it; the log holds one ruling.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HandBench, closedAfterEach } from '../table/test-bench.js';
import { createHubServer, type HubServer } from './server.js';

const TOKEN = 'director-secret-rulings';
const keep = closedAfterEach<HandBench>();
const servers: HubServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe('concurrent rulings on one flag', () => {
  it('confirm and dismiss fired at once on the open 18C flag: exactly one 200, the other 409 naming the standing ruling', async () => {
    const b = keep(new HandBench());
    b.build();
    b.deal();
    b.turnWithExtraPick('RK-E1/in', 'RK-E2/in'); // Ann 28 tiles off turn: 003 rule 18C
    const flag = b.view().flags[0]!;
    expect([flag.rule, flag.status]).toEqual(['003 rule 18C', 'awaiting-director']);
    const hub = await createHubServer({ tables: [b.engine], directorToken: TOKEN });
    servers.push(hub);
    const url = await hub.listen(0);
    const post = (ruling: string, by: string) =>
      fetch(`${url}/api/director/tables/t1/flags/${flag.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ruling, by }),
      });
    const answers = await Promise.all([post('confirm', 'Ann Director'), post('dismiss', 'Bo Director')]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((r) => r.status === 200)!;
    const loser = answers.find((r) => r.status === 409)!;
    const stood = ((await winner.json()) as { flags: { id: string; status: string }[] }).flags.find((f) => f.id === flag.id)!.status;
    const [who, was] = stood === 'confirmed' ? ['Ann Director', 'confirmed'] : ['Bo Director', 'dismissed'];
    expect(((await loser.json()) as { message: string }).message).toBe(
      `flag '${flag.id}' was ${was} by ${who} meanwhile: this ruling was made on it awaiting the director. Look at the flag again; to change that ruling, rule with was: '${was}'`,
    );
    expect(b.store.events('t1').filter((e) => e.type === 'director-ruling')).toHaveLength(1);
    // naming the standing ruling, a change goes through
    const change = await fetch(`${url}/api/director/tables/t1/flags/${flag.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ruling: was === 'confirmed' ? 'dismiss' : 'confirm', was }),
    });
    expect(change.status).toBe(200);
  });
});
