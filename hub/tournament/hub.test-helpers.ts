/**
 * Test helpers shared by the tournament tests that go through the hub's HTTP routes
 * (corrections.test.ts, routes.test.ts, routes-siamese.test.ts); not part of the hub.
 */
import { afterEach } from 'vitest';
import { FakeTableRuntime, sampleDirectorView } from '../api/fake-runtime.js';
import type { TableRuntime } from '../api/runtime.js';
import { createHubServer, type HubServer } from '../api/server.js';
import { openSqliteStore } from '../store/sqlite.js';
import { T0 } from './fixtures.test-helpers.js';
import { TournamentService } from './service.js';

/**
 * Registers an `afterEach` that closes every hub `serve` started (the hub, then its tournament
 * service), and returns `serve`: a hub over `tables` (the service's wrapped tables) with the
 * director token `token` and the tournament `svc`.
 */
export function hubsClosedAfterEach(token: string): (svc: TournamentService, tables: TableRuntime[]) => Promise<HubServer> {
  const open: { hub: HubServer; svc: TournamentService }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.hub.close();
      o.svc.close();
    }
  });
  return async (svc, tables) => {
    const hub = await createHubServer({ tables, directorToken: token, tournament: svc });
    open.push({ hub, svc });
    return hub;
  };
}

/**
 * A Siamese tournament (kind 'siamese', 'Siamese Open', prizes 100 and 60) of `rounds` rounds on two
 * fake Siamese tables t1 (table 1) and t2 (table 2), players Ann, Bea, Cy and Di (p1..p4), an
 * in-memory store, the clock standing at T0 and no ticking.
 */
export function siameseTournament(rounds: number): { t1: FakeTableRuntime; t2: FakeTableRuntime; svc: TournamentService } {
  const t1 = new FakeTableRuntime(sampleDirectorView('t1'));
  const t2 = new FakeTableRuntime(sampleDirectorView('t2'));
  const svc = new TournamentService({
    config: {
      kind: 'siamese',
      name: 'Siamese Open',
      rounds,
      prizes: [100, 60],
      tables: [
        { table: 1, hubTable: 't1' },
        { table: 2, hubTable: 't2' },
      ],
      players: [
        { id: 'p1', name: 'Ann' },
        { id: 'p2', name: 'Bea' },
        { id: 'p3', name: 'Cy' },
        { id: 'p4', name: 'Di' },
      ],
    },
    store: openSqliteStore(':memory:'),
    now: () => T0,
    tickMs: 0,
  });
  return { t1, t2, svc };
}
