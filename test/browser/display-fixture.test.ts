/**
 * The display in a real browser against a fixture hub that speaks the contract
 * (hub/api/socket-events.ts, hub/api/views.ts): build the SPA, serve it with fastify + socket.io,
 * drive headless Chromium with playwright-core.
 *
 * What a player would check by hand: Bea's count reads 27, then 28 after a delta; Ann's exposure
 * (5 Bam, 5 Bam, Joker, 5 Bam) is drawn on her first rack; the last discard is ringed; the flag
 * banner says "awaiting the director"; "Bea pays Ann 50"; a sequence gap is never applied (the
 * display asks for a resync); when the hub drops, the view is greyed out under "Connection lost";
 * when it returns, the view is live again. Director: token asked once, concealed tiles, evidence,
 * Confirm posts `{ ruling: 'confirm' }` with the Bearer token, a refusal shows the hub's message.
 * Screenshots: test-results/table-view.png, table-view-lost.png, director-view.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Server, type Namespace, type Socket } from 'socket.io';
import { chromium, type Browser, type Page } from 'playwright-core';
import { EV } from '../../hub/api/socket-events.js';
import type { DirectorTableView, PublicTableView } from '../../hub/api/views.js';
import { siameseDirectorFixture, siameseFixture, standardFixture } from '../../display/src/lib/fixtures.js';
import { buildDisplay, removeDisplay } from '../support/display-build.js';

const TOKEN = 'sesame-director';
/** the director secret of the fixture's `POST /api/login`, and the session cookie it sets */
const SECRET = 'four winds blow';
const SESSION = 'mjhub_director=fixture-session-1';
const RESULTS = resolve('test-results');

interface Fixture {
  url: string;
  app: FastifyInstance;
  io: Server;
  /** replaces top-level keys of both views and pushes one delta (seq + 1) to each namespace */
  push(changes: Partial<PublicTableView>): void;
  /** pushes a delta with a skipped seq (as if one was lost); the fixture's own state is unchanged */
  pushGap(changes: Partial<PublicTableView>): void;
  /** replaces top-level keys of the director view only and pushes one delta to the director namespace */
  pushDirector(changes: Partial<DirectorTableView>): void;
  /** drop every socket and refuse new ones until `up()` */
  down(): void;
  up(): void;
  resyncs: unknown[];
  rulings: { tableId: string; flagId: string; ruling: unknown; authorization: string | undefined }[];
  /** when set, the next ruling POST is refused with this status and error */
  refuseNext: { status: number; error: string } | null;
  /** what GET /api/director/health answers (the hub's event log health) */
  storeHealth: Record<string, unknown>;
}

async function startFixture(dist: string): Promise<Fixture> {
  const app = Fastify();
  await app.register(fastifyStatic, { root: dist, wildcard: false });
  let view: PublicTableView = siameseFixture();
  let director: DirectorTableView = siameseDirectorFixture();
  let seq = 100;
  let directorSeq = 500;
  let isDown = false;
  const resyncs: unknown[] = [];
  const rulings: Fixture['rulings'] = [];

  // the hub answers the tables' public views (hub/contract/responses.ts PublicTablesReply), which the display checks
  app.get('/api/tables', async () => [siameseFixture(), standardFixture()]);
  // the director's login, as hub/api/login.ts answers it
  const hasSession = (cookie: string | undefined) => (cookie ?? '').split(/;\s*/).includes(SESSION);
  app.post<{ Body: { secret?: unknown } }>('/api/login', async (req, reply) => {
    if (req.body?.secret !== SECRET) return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: 'wrong director secret' });
    reply.header('set-cookie', `${SESSION}; Max-Age=43200; Path=/; HttpOnly; SameSite=Strict`);
    return { ok: true, token: 'script-bearer', expiresAt: Date.now() + 43_200_000 };
  });
  app.get('/api/director/health', async (req, reply) => {
    if (!hasSession(req.headers.cookie)) return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: 'director login needed' });
    return { store: fixture.storeHealth };
  });
  app.get('/api/session', async (req) => ({ director: hasSession(req.headers.cookie), via: hasSession(req.headers.cookie) ? 'cookie' : null, expiresAt: null }));
  app.post('/api/logout', async (_req, reply) => {
    reply.header('set-cookie', 'mjhub_director=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict');
    return { ok: true, loggedOut: true };
  });
  app.post<{ Params: { id: string; flagId: string }; Body: { ruling?: unknown } }>('/api/director/tables/:id/flags/:flagId', async (req, reply) => {
    const authorization = req.headers.authorization;
    if (authorization !== `Bearer ${TOKEN}` && !hasSession(req.headers.cookie)) return reply.code(401).send({ error: 'unauthorized' });
    rulings.push({ tableId: req.params.id, flagId: req.params.flagId, ruling: req.body?.ruling, authorization });
    if (fixture.refuseNext) {
      const { status, error } = fixture.refuseNext;
      fixture.refuseNext = null;
      return reply.code(status).send({ error });
    }
    return { ok: true };
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/api/')) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ error: `no route ${req.method} ${req.url}` });
  });

  const io = new Server(app.server);
  app.addHook('preClose', async () => {
    await io.close();
  });

  const serve = (ns: Namespace, current: () => { seq: number; view: PublicTableView }): void => {
    ns.use((_socket, next) => (isDown ? next(new Error('hub restarting')) : next()));
    ns.on('connection', (socket: Socket) => {
      const send = (payload: unknown): void => {
        const tableId = (payload as { tableId?: unknown } | null)?.tableId;
        if (tableId === 's1' && ns.name === '/') {
          socket.emit(EV.snapshot, { tableId: 's1', seq: 1, view: standardFixture() });
          return;
        }
        if (tableId !== 't1') {
          socket.emit(EV.problem, { error: `unknown table ${JSON.stringify(tableId)}` });
          return;
        }
        void socket.join('table:t1');
        socket.emit(EV.snapshot, { tableId: 't1', ...current() });
      };
      socket.on(EV.watch, send);
      socket.on(EV.resync, (payload: unknown) => {
        resyncs.push(payload);
        send(payload);
      });
    });
  };
  serve(io.of('/'), () => ({ seq, view }));
  const directorNs = io.of('/director');
  directorNs.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    next(token === TOKEN || hasSession(socket.handshake.headers.cookie) ? undefined : new Error('unauthorized'));
  });
  serve(directorNs, () => ({ seq: directorSeq, view: director }));

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('fixture: no TCP address');

  const fixture: Fixture = {
    url: `http://127.0.0.1:${address.port}`,
    app,
    io,
    push(changes) {
      view = { ...view, ...changes };
      director = { ...director, ...changes };
      seq += 1;
      directorSeq += 1;
      io.of('/').to('table:t1').emit(EV.delta, { tableId: 't1', seq, changes });
      directorNs.to('table:t1').emit(EV.delta, { tableId: 't1', seq: directorSeq, changes });
    },
    pushGap(changes) {
      io.of('/')
        .to('table:t1')
        .emit(EV.delta, { tableId: 't1', seq: seq + 2, changes });
    },
    pushDirector(changes) {
      director = { ...director, ...changes };
      directorSeq += 1;
      directorNs.to('table:t1').emit(EV.delta, { tableId: 't1', seq: directorSeq, changes });
    },
    down() {
      isDown = true;
      io.of('/').disconnectSockets(true);
      directorNs.disconnectSockets(true);
    },
    up() {
      isDown = false;
    },
    resyncs,
    rulings,
    refuseNext: null,
    storeHealth: { ok: true },
  };
  return fixture;
}

const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

describe('display against a fixture hub', { timeout: 60_000 }, () => {
  let dist: string;
  let fixture: Fixture;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    dist = await buildDisplay();
    fixture = await startFixture(dist);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: launchArgs });
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    mkdirSync(RESULTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await fixture?.app.close();
    removeDisplay(dist);
  });

  const text = async (sel: string): Promise<string> => ((await page.textContent(sel)) ?? '').trim();

  it('lists the tables with links', async () => {
    await page.goto(`${fixture.url}/`);
    await page.waitForSelector('a.table-link');
    expect(await page.$$eval('a.table-link', (as) => as.map((a) => a.getAttribute('href')))).toEqual(['/table/t1', '/table/s1']);
    expect(await text('a.table-link')).toContain('Ann · Bea');
  });

  it('shows the live table: counts, exposures, discards, walls, flag, score', async () => {
    await page.goto(`${fixture.url}/table/t1`);
    await page.waitForFunction(() => document.querySelector('[data-testid="player-count-1"]')?.textContent?.trim() === '27');
    expect(await page.$('[data-testid="connection-banner"]')).toBeNull();
    expect(await page.getAttribute('[data-testid="table-view"]', 'data-stale')).toBe('false');

    expect(await text('[data-testid="player-count-0"]')).toBe('28');
    expect(await text('[data-testid="player-count-1"]')).toBe('27');
    expect(await text('[data-testid="rack-count-0-0"]')).toBe('14');
    expect(await text('[data-testid="rack-count-1-0"]')).toBe('13');
    expect(await text('[data-testid="rack-count-1-1"]')).toBe('14');

    const exposure = await page.$$eval('[data-testid="rack-0-0"] .exposed [role="img"]', (els) => els.map((e) => e.getAttribute('aria-label')));
    // laid 5B 5B J 5B, drawn as one group as on the card: the joker inside the kong it stands in
    expect(exposure).toEqual(['5 Bam', '5 Bam', '5 Bam', 'Joker']);
    expect(await page.$$eval('[data-testid="rack-0-0"] .exposed .group', (gs) => gs.length)).toBe(1);
    const dragons = await page.$$eval('[data-testid="rack-1-1"] .exposed [role="img"]', (els) => els.map((e) => e.getAttribute('aria-label')));
    expect(dragons).toEqual(['Red dragon', 'Red dragon', 'Red dragon']);

    const discards = await page.$$eval('[data-testid="discards"] [role="img"]', (els) => els.map((e) => e.getAttribute('aria-label')));
    expect(discards).toHaveLength(11);
    expect(discards[0]).toBe('North wind');
    expect(discards[2]).toBe('Flower');
    expect(discards[4]).toBe('White dragon (Soap)');
    const ringed = await page.$$eval('[data-testid="discards"] .highlight', (els) => els.map((e) => e.getAttribute('aria-label')));
    expect(ringed).toEqual(['East wind']);

    expect(await text('[data-testid="wall-1"]')).toContain('21');
    expect(await page.getAttribute('[data-testid="wall-1"]', 'class')).toContain('current');
    expect(await page.getAttribute('[data-testid="wall-2"]', 'class')).not.toContain('current');
    expect(await text('[data-testid="turn"]')).toBe('Turn Ann');
    expect(await text('[data-testid="phase"]')).toBe('Playing');

    const banner = await text('[data-testid="flag-banner"]');
    expect(banner).toContain('Bea picked from wall 3, not the current wall 2');
    expect(banner).toContain('Bea · Rack 2');
    expect(banner).toContain('003 rule 20');
    expect(banner).toContain('awaiting the director');
    expect(await text('[data-testid="payment"]')).toBe('Bea pays Ann 50');
    expect(await text('[data-testid="readers"]')).toContain('RK-W2 stale');

    // a public view never shows concealed tiles
    expect(await page.$('[data-testid^="concealed-"]')).toBeNull();

    await page.screenshot({ path: join(RESULTS, 'table-view.png'), fullPage: true });
  });

  it('applies a delta in sequence: Bea picks, 27 → 28', async () => {
    const players = structuredClone(siameseFixture().players);
    players[1]!.count = 28;
    players[1]!.racks[0]!.count = 14;
    players[1]!.racks[0]!.concealedCount = 14;
    fixture.push({ players, turn: 1 });
    await page.waitForFunction(() => document.querySelector('[data-testid="player-count-1"]')?.textContent?.trim() === '28');
    expect(await text('[data-testid="rack-count-1-0"]')).toBe('14');
    expect(await text('[data-testid="turn"]')).toBe('Turn Bea');
  });

  it('never applies a delta after a gap: asks for a resync and shows the snapshot', async () => {
    expect(fixture.resyncs).toEqual([]);
    fixture.pushGap({ gameNo: 99 });
    await expect.poll(() => fixture.resyncs.length, { timeout: 5000 }).toBe(1);
    expect(fixture.resyncs[0]).toEqual({ tableId: 't1' });
    await page.waitForSelector('[data-testid="table-view"][data-stale="false"]');
    expect(await text('header .variant')).toBe('Royale Siamese · Game 2');
    // and the next delta in sequence applies again
    fixture.push({ walls: [{ wall: 1, left: 20, current: true }] });
    await page.waitForFunction(() => document.querySelector('[data-testid="wall-1"]')?.textContent?.includes('20'));
  });

  it('greys the view out under "Connection lost" when the hub drops, and goes live again', async () => {
    fixture.down();
    await page.waitForSelector('[data-testid="connection-banner"][data-state="lost"]');
    expect(await text('[data-testid="connection-banner"]')).toContain('Connection lost — not live.');
    expect(await page.getAttribute('[data-testid="table-view"]', 'data-stale')).toBe('true');
    // the last known counts stay visible (greyed), not blanked
    expect(await text('[data-testid="player-count-1"]')).toBe('28');
    await page.screenshot({ path: join(RESULTS, 'table-view-lost.png') });

    fixture.up();
    await page.waitForSelector('[data-testid="connection-banner"]', { state: 'detached', timeout: 15_000 });
    expect(await page.getAttribute('[data-testid="table-view"]', 'data-stale')).toBe('false');
    expect(await text('[data-testid="player-count-1"]')).toBe('28');
  });

  it('shows a dead hand, a verified Mah Jongg and the final payment', async () => {
    const players = structuredClone(siameseFixture().players);
    players[0]!.racks[0]!.mahJongg = { lineId: 'S-7', lineText: '555 Bams · kong of Red · pairs (sample)', value: 30, jokerless: false, order: 1 };
    players[1]!.racks[1]!.dead = true;
    players[1]!.racks[1]!.deadReason = 'picked from the wrong wall (003 rule 20)';
    fixture.push({
      players,
      phase: 'ended',
      endReason: 'wall game',
      turn: null,
      score: { points: [80, 0], payment: { from: 1, to: 0, amount: 80 }, breakdown: [['Mah Jongg 30', 'game 1: 50'], []], final: true },
    });
    await page.waitForSelector('[data-testid="dead-1-1"]');
    expect(await text('[data-testid="dead-1-1"]')).toBe('DEAD HAND picked from the wrong wall (003 rule 20)');
    expect(await text('[data-testid="mahjongg-0-0"]')).toBe('MAH JONGG 555 Bams · kong of Red · pairs (sample) 30 pts');
    expect(await text('[data-testid="phase"]')).toBe('Game over: wall game');
    expect(await text('[data-testid="score"] h2')).toBe('Final score');
    expect(await text('[data-testid="payment"]')).toBe('Bea pays Ann 80');
    expect(await text('[data-testid="turn"]')).toBe('');
    await page.screenshot({ path: join(RESULTS, 'table-view-ended.png'), fullPage: true });
  });

  it('?flat=1 turns the far seat (Bea) to face her', async () => {
    await page.goto(`${fixture.url}/table/t1?flat=1`);
    await page.waitForSelector('[data-testid="player-1"].rotated');
    expect(await page.getAttribute('[data-testid="player-0"]', 'class')).not.toContain('rotated');
    await page.screenshot({ path: join(RESULTS, 'table-view-flat.png') });
  });

  it('draws a standard 4-player table generically (one rack each)', async () => {
    await page.goto(`${fixture.url}/table/s1`);
    await page.waitForSelector('[data-testid="player-count-3"]');
    const counts = await page.$$eval('[data-testid^="player-count-"]', (els) => els.map((e) => `${e.getAttribute('data-testid')}=${e.textContent?.trim()}`).sort());
    expect(counts).toEqual(['player-count-0=14', 'player-count-1=13', 'player-count-2=13', 'player-count-3=13']);
    expect(await page.$$eval('[data-testid="rack-2-0"] .exposed [role="img"]', (els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(['2 Crak', '2 Crak', '2 Crak', 'Joker']);
    expect(await page.$('[data-testid="flag-banner"]')).toBeNull();
    await page.screenshot({ path: join(RESULTS, 'table-view-standard.png'), fullPage: true });
  });

  it('director: logs in with the secret once (session cookie), shows concealed tiles and evidence, posts rulings', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const dir = await ctx.newPage();
    try {
      await dir.goto(`${fixture.url}/director/t1`);
      await dir.fill('#director-secret', 'wrong');
      await dir.click('button[type="submit"]');
      await dir.waitForSelector('.login .error');
      expect(((await dir.textContent('.login .error')) ?? '').trim()).toBe('Wrong director secret.');

      await dir.fill('#director-secret', SECRET);
      await dir.click('button[type="submit"]');
      await dir.waitForSelector('[data-testid="concealed-0-0"]');
      // the page keeps neither the secret nor a token; the browser holds the HttpOnly cookie
      expect(await dir.evaluate(() => sessionStorage.getItem('mjhub.directorToken'))).toBeNull();
      expect(await dir.evaluate(() => document.cookie)).toBe('');
      expect((await ctx.cookies()).map((c) => [c.name, c.value, c.httpOnly, c.sameSite])).toEqual([['mjhub_director', 'fixture-session-1', true, 'Strict']]);
      expect(await dir.$$eval('[data-testid="concealed-0-0"] [role="img"]', (e) => e.length)).toBe(10);
      expect(await dir.$$eval('[data-testid="concealed-1-1"] [role="img"]', (e) => e.length)).toBe(11);
      const card = (await dir.textContent('[data-testid="flag-card-g2-f1"]')) ?? '';
      expect(card).toContain('8C#1');
      expect(card).toContain('wall 3');
      expect(card).toContain('P2 rack 2');
      expect(card).toContain('D 988 RK-W2 +in:E2801160600002054C1A*0C91');

      // a move the rules refused: listed for the director with the referee's words
      expect(await dir.$('[data-testid="unplaced"]')).toBeNull();
      fixture.pushDirector({
        unplaced: [
          {
            at: Date.UTC(2026, 10, 30, 10, 4, 5),
            action: 'pass',
            reason: 'pass: Bea passed 1 blind in the first right; blind passes only on the first left and the last right (NMJL)',
            ref: '412',
          },
        ],
      });
      await dir.waitForSelector('[data-testid="unplaced"] li');
      expect(((await dir.textContent('[data-testid="unplaced"] h2')) ?? '').trim()).toBe('Moves the hub could not place (1)');
      const li = ((await dir.textContent('[data-testid="unplaced"] li')) ?? '').replace(/\s+/g, ' ').trim();
      expect(li).toMatch(/^\d\d:\d\d:\d\d pass \(event 412\): pass: Bea passed 1 blind in the first right; blind passes only on the first left and the last right \(NMJL\)$/);

      // what the hub could not judge while a reader was out: who, which tiles, when, what is not known
      expect(await dir.$('[data-testid="not-seen"]')).toBeNull();
      fixture.pushDirector({
        notSeen: [
          {
            rule: '003 rule 20',
            player: 1,
            tiles: ['3B#2'],
            window: { from: Date.UTC(2026, 10, 30, 10, 1, 5), to: Date.UTC(2026, 10, 30, 10, 1, 40) },
            title: "Bea's pick of 3B#2 from wall 2: wall 1's last tile left in the same window, while a reader was not heard; which came first (a pick from the wrong wall?) is not known",
            ref: '415',
          },
        ],
      });
      await dir.waitForSelector('[data-testid="not-seen"] li');
      expect(((await dir.textContent('[data-testid="not-seen"] h2')) ?? '').trim()).toBe('Not seen while a reader was out (1)');
      const ns = ((await dir.textContent('[data-testid="not-seen"] li')) ?? '').replace(/\s+/g, ' ').trim();
      expect(ns).toMatch(
        /^\d\d:01:05–\d\d:01:40 Bea \(3B#2\): Bea's pick of 3B#2 from wall 2: wall 1's last tile left in the same window, while a reader was not heard; which came first \(a pick from the wrong wall\?\) is not known \(003 rule 20\)$/,
      );

      await dir.click('[data-testid="flag-card-g2-f1"] button.confirm');
      await dir.waitForSelector('[data-testid="ruling-result-g2-f1"]');
      expect(await dir.textContent('[data-testid="ruling-result-g2-f1"]')).toContain('Confirmed: sent to the hub');
      expect(fixture.rulings).toEqual([{ tableId: 't1', flagId: 'g2-f1', ruling: 'confirm', authorization: undefined }]);

      fixture.refuseNext = { status: 409, error: 'flag g2-f1 was already ruled on' };
      await dir.click('[data-testid="flag-card-g2-f1"] button.dismiss');
      await dir.waitForFunction(() => document.querySelector('[data-testid="ruling-result-g2-f1"]')?.textContent?.includes('already ruled'));
      expect(((await dir.textContent('[data-testid="ruling-result-g2-f1"]')) ?? '').trim()).toBe('flag g2-f1 was already ruled on');
      expect(fixture.rulings[1]).toMatchObject({ flagId: 'g2-f1', ruling: 'dismiss' });

      // the hub's event log stops being written: the director's page says so, in red, after a reload (or within 5 s)
      expect(await dir.$('[data-testid="store-health"]')).toBeNull();
      fixture.storeHealth = { ok: false, error: 'UNIQUE constraint failed: events.seq', since: Date.UTC(2026, 10, 30, 11, 3, 2), retrying: false, unwritten: 12 };
      await dir.reload();
      await dir.waitForSelector('[data-testid="store-health"]');
      expect(((await dir.textContent('[data-testid="store-health"]')) ?? '').trim()).toMatch(
        /^⚠ The event log is not being saved \(since \d\d:\d\d:02\): UNIQUE constraint failed: events\.seq\. 12 events and reader lines are not saved: they are lost when the hub stops\. Table views stop updating\. Stop the hub and check its data folder\.$/,
      );
      fixture.storeHealth = { ok: true };

      // reload: the secret is not asked again (the session cookie)
      await dir.reload();
      await dir.waitForSelector('[data-testid="concealed-0-0"]');
      expect(await dir.$('[data-testid="store-health"]')).toBeNull();
      await dir.screenshot({ path: join(RESULTS, 'director-view.png'), fullPage: true });

      // log out: the login form comes back, and stays after a reload
      await dir.click('button.forget');
      await dir.waitForSelector('#director-secret');
      expect(await ctx.cookies()).toEqual([]);
      await dir.reload();
      await dir.waitForSelector('#director-secret');
    } finally {
      await ctx.close();
    }
  });
});
