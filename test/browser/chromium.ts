/**
 * Shared by the director's browser tests (test/browser/director-*.test.ts; not a test file itself):
 * the system Chromium, the display built once per run (../support/display-build.ts), and the director's login.
 */
import { afterAll, beforeAll } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildDisplay, removeDisplay } from '../support/display-build.js';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createHubServer, type HubServer, type HubServerOptions } from '../../hub/api/server.js';
import { DIRECTOR_TOKEN, ROOT, type Session } from '../e2e/harness.js';

/** The system Chromium playwright-core drives. */
export const CHROMIUM = '/usr/bin/chromium';
/** Whether these tests can run here: Chromium and socat (the simulator's pseudo-terminals) installed. */
export const canRun = existsSync(CHROMIUM) && existsSync('/usr/bin/socat');
/** Where the screenshots go: test-results/ at the repository root. */
export const RESULTS = path.join(ROOT, 'test-results');

/** The display built once per run for the Chromium files (../support/display-build.ts). */
export { buildDisplay, removeDisplay };

/** Launches the system Chromium headless, without sandbox, GPU or background traffic. */
export function launchChromium(): Promise<Browser> {
  const quiet = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', ...quiet] });
}

/**
 * Logs in with DIRECTOR_TOKEN on whichever form the page shows (the login secret, or the token
 * form), unless `inside` (a selector of the page behind it) shows first. Waits up to 20 s.
 */
export async function logIn(page: Page, inside: string): Promise<void> {
  const form = await page.waitForSelector(`#director-secret, #director-token, ${inside}`, { timeout: 20_000 });
  const id = await form.getAttribute('id');
  if (id === null) return; // already in
  await page.fill(`#${id}`, DIRECTOR_TOKEN);
  await page.click('button[type="submit"]');
}

/** The text of the first element `sel` matches, trimmed ('' when it has none). */
export async function text(page: Page, sel: string): Promise<string> {
  return ((await page.textContent(sel)) ?? '').trim();
}

/** The text of every element `sel` matches, white space folded to single spaces and trimmed. */
export async function texts(page: Page, sel: string): Promise<string[]> {
  return page.$$eval(sel, (els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

/** What `chromiumPerSuite` gives a describe block: `dist` and `browser` are set by its beforeAll. */
export interface ChromiumSuite {
  /** the display's build folder (the hub's static dir) */
  dist: string;
  browser: Browser;
  /** the hub sessions the tests started: each stopped after the suite */
  sessions: Session[];
}

/**
 * Registers, in the enclosing describe block, a beforeAll (90 s) that builds the display and
 * launches Chromium, and an afterAll that closes the browser, stops every session in `sessions`
 * and removes the build folder.
 */
export function chromiumPerSuite(): ChromiumSuite {
  const suite: ChromiumSuite = { dist: '', browser: undefined as unknown as Browser, sessions: [] };
  beforeAll(async () => {
    suite.dist = await buildDisplay();
    suite.browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await suite.browser?.close();
    for (const s of suite.sessions) await s.stop();
    removeDisplay(suite.dist);
  });
  return suite;
}

/** What `benchHubPerSuite`'s set-up gives: the engines a test bench drives, their store, and what to close after. */
export interface BenchTables {
  tables: HubServerOptions['tables'];
  store: NonNullable<HubServerOptions['store']>;
  /** closes the engines and the store */
  close(): void;
}

/** What `benchHubPerSuite` gives a describe block: `url` and `browser` are set by its beforeAll. */
export interface BenchHub {
  /** the hub server's base URL (127.0.0.1, a free port) */
  url: string;
  browser: Browser;
}

/**
 * Registers, in the enclosing describe block, a beforeAll (90 s) that builds the display, runs
 * `setUp` (a bench's engines made ready, hub/table/test-bench.ts), serves them with the real hub
 * server (hub/api/server.ts) on a free port behind the director's login `secret`, and launches
 * Chromium; and an afterAll that closes the browser, the server, the build folder and `setUp`'s tables.
 */
export function benchHubPerSuite(secret: string, setUp: () => BenchTables): BenchHub {
  const out: BenchHub = { url: '', browser: undefined as unknown as Browser };
  let dist = '';
  let hub: HubServer | undefined;
  let bench: BenchTables | undefined;
  beforeAll(async () => {
    dist = await buildDisplay();
    bench = setUp();
    hub = await createHubServer({ tables: bench.tables, directorToken: 'unused-script-token', directorSecret: secret, store: bench.store, staticDir: dist });
    out.url = await hub.listen(0);
    out.browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await out.browser?.close();
    await hub?.close();
    bench?.close();
    removeDisplay(dist);
  });
  return out;
}

/**
 * Opens `route` (e.g. `/director/t1`) of the hub at `url` in a new 1280x900 page and logs in with
 * the director's `secret` on the login form. The caller closes `ctx`.
 */
export async function directorPage(browser: Browser, url: string, route: string, secret: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`${url}${route}`);
  await page.fill('#director-secret', secret);
  await page.click('button[type="submit"]');
  return { ctx, page };
}

/** The pages of a PDF (Chromium's `page.pdf()`): its "/Type /Page" objects ("/Type /Pages" is the page tree, not a page). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}
