/**
 * The relay page in Chromium with a stubbed `navigator.serial` (headless Chromium never settles
 * `requestPort()`), against a real hub started in-process with the Siamese demo table and no ports.
 *
 * Four pages each hold one wall reader (WL-1 … WL-4). What a director would check by hand: the page
 * shows "connected" and the hub's name for the relay; the hub's first words to each reader are
 * `CMD snap` (written to the stub's port with a newline); after HELLO and a 38-tile snapshot from
 * each wall reader, the supervisor lists WL-1 … WL-4 as connected and the table shows 4 walls of
 * 38. WL-4's port suffers a framing error mid-way (Chrome errors `readable` and offers a new one):
 * the page shows the error, keeps reading, and its snapshot still reaches the hub. Letting the
 * reader go takes it offline at the hub.
 *
 * Two pages claiming the floor reader FL-1: the older one shows plainly that it was superseded and
 * counts its lines as ignored; the director's reader table names the live page; "Relay from this
 * page again" takes the reader back.
 *
 * A reader line of 200 000 bytes reaches the hub as one
 * too-long bad line of its reader (its first 80 bytes in the raw log), the lines after it relayed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loadHubConfig } from '../../hub/config/load.js';
import { startHub, type RunningHub } from '../../hub/hub.js';
import { encodeLine } from '../../firmware-protocol/codec.js';
import { simulatedTagUid } from '../../hub/tilesets/simulated.js';
import { SNAP_REQUEST_INTERVAL_MS } from '../../hub/readers/supervisor.js';
import { buildDisplay, removeDisplay } from '../support/display-build.js';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOKEN = 'relay-director-token';
const CMD_SNAP = encodeLine({ type: 'CMD', command: 'snap' });

/**
 * Installed in the page before its scripts: a `navigator.serial` whose one port is fed by the test
 * (`__serialStub.feed(text)`), records what is written (`__serialStub.written`), and can error its
 * readable once (`__serialStub.lineError()`), offering a fresh one as Chrome does.
 */
function installSerialStub(): void {
  let ctl: ReadableStreamDefaultController<Uint8Array> | null = null;
  let readable: ReadableStream<Uint8Array> | null = null;
  const written: string[] = [];
  const fresh = () => {
    readable = new ReadableStream<Uint8Array>({ start: (c) => void (ctl = c) });
  };
  const port = {
    opened: null as null | { baudRate: number },
    async open(o: { baudRate: number }) {
      port.opened = o;
      fresh();
    },
    async close() {
      readable = null;
    },
    get readable() {
      return readable;
    },
    writable: new WritableStream<Uint8Array>({ write: (chunk) => void written.push(new TextDecoder().decode(chunk)) }),
    getInfo: () => ({ usbVendorId: 0x10c4, usbProductId: 0xea60 }),
  };
  Object.defineProperty(navigator, 'serial', { configurable: true, value: { requestPort: async () => port } });
  (window as unknown as Record<string, unknown>).__serialStub = {
    port,
    written,
    feed: (text: string) => ctl!.enqueue(new TextEncoder().encode(text)),
    lineError: () => {
      const old = ctl!;
      fresh();
      old.error(new DOMException('A framing error was detected.', 'FramingError'));
    },
  };
}

const hello = (reader: string) => encodeLine({ type: 'HELLO', reader, firmware: '0.3.1', protocol: 0, zones: ['wall'] });
/** WL-n's wall: the tiles of fullTileSet() indexes 38(n-1) … 38n-1, by their simulated tags. */
const wallSnap = (n: number, seq: number) => encodeLine({ type: 'SNAP', seq, zone: 'wall', tags: Array.from({ length: 38 }, (_, i) => simulatedTagUid(38 * (n - 1) + i)) });

describe.skipIf(!existsSync(CHROMIUM))('relay page: a USB reader over Web Serial (stubbed) into a real hub', () => {
  let hub: RunningHub;
  let browser: Browser;
  let dist: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    dist = await buildDisplay();
    hub = await startHub({
      tables: loadHubConfig(path.join(ROOT, 'hub/config/tables/siamese-demo.json')),
      dataDir: ':memory:',
      ports: [],
      httpPort: 0,
      directorToken: TOKEN,
      staticDir: dist,
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  }, 90_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await hub?.close();
    removeDisplay(dist);
  });

  /** A tab on /relay with the stub; the first one logs in (the director's login form: no token field), the others have a token stored. */
  async function relayPage(typeToken: boolean): Promise<Page> {
    const ctx = await browser.newContext();
    contexts.push(ctx);
    await ctx.addInitScript(installSerialStub);
    if (!typeToken) await ctx.addInitScript((t) => sessionStorage.setItem('mjhub.directorToken', t), TOKEN);
    const page = await ctx.newPage();
    await page.goto(`${hub.url}/relay`);
    if (typeToken) {
      await page.fill('#director-secret', TOKEN);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="relay-hub"]');
      expect(await page.$('#director-token')).toBeNull();
    }
    await page.waitForSelector('[data-testid="relay-hub"].connected');
    await page.click('[data-testid="relay-serial"]');
    await page.waitForSelector('[data-testid="relay-device"].connected');
    // the hub accepted the relay and, as for any new connection, asked for a HELLO and a snapshot
    await page.waitForFunction(() => document.querySelector('[data-testid="relay-connection"]')?.textContent?.startsWith('relay://'));
    await page.waitForFunction(() => (window as unknown as { __serialStub: { written: string[] } }).__serialStub.written.length >= 1);
    return page;
  }
  const feed = (page: Page, text: string) => page.evaluate((t) => (window as unknown as { __serialStub: { feed(t: string): void } }).__serialStub.feed(t), text);
  const written = (page: Page) => page.evaluate(() => [...(window as unknown as { __serialStub: { written: string[] } }).__serialStub.written]);
  const text = (page: Page, id: string) => page.textContent(`[data-testid="${id}"]`).then((t) => t?.trim());

  it('relays four wall readers: the hub sees them connected and the walls fill (4 × 38), across a line error', async () => {
    const pages: Page[] = [];
    for (let n = 1; n <= 4; n++) pages.push(await relayPage(n === 1));
    for (const page of pages) {
      // the hub asks at the connection, and again with backoff until the reader answers (hub/readers/snap-retry.ts)
      const asked = await written(page);
      expect(asked.length).toBeGreaterThanOrEqual(1);
      expect(new Set(asked)).toEqual(new Set([CMD_SNAP + '\n']));
      expect(await page.evaluate(() => (window as unknown as { __serialStub: { port: { opened: unknown } } }).__serialStub.port.opened)).toEqual({ baudRate: 115200 });
      expect(await text(page, 'relay-device')).toBe('connected — USB 10c4:ea60');
    }

    // WL-1..WL-3: HELLO and the wall's snapshot, cut in the middle of lines as a UART would
    for (let n = 1; n <= 3; n++) {
      const all = `${hello(`WL-${n}`)}\r\n${wallSnap(n, 0)}\r\n`;
      await feed(pages[n - 1]!, all.slice(0, 30));
      await feed(pages[n - 1]!, all.slice(30, 200));
      await feed(pages[n - 1]!, all.slice(200));
    }
    // WL-4: HELLO, then a framing error (Chrome errors readable and offers a new one), then the snapshot
    const wl4 = pages[3]!;
    await feed(wl4, `${hello('WL-4')}\n`);
    await wl4.waitForFunction(() => document.querySelector('[data-testid="relay-lines"]')?.textContent?.trim() === '1');
    await wl4.evaluate(() => (window as unknown as { __serialStub: { lineError(): void } }).__serialStub.lineError());
    await wl4.waitForSelector('[data-testid="relay-errors"]');
    expect(await text(wl4, 'relay-errors')).toContain('serial read error: FramingError: A framing error was detected. (recovered; still reading)');
    await feed(wl4, `${wallSnap(4, 0)}\n`);

    for (const page of pages) await page.waitForFunction(() => document.querySelector('[data-testid="relay-lines"]')?.textContent?.trim() === '2');
    expect(await text(pages[0]!, 'relay-reader-id')).toBe('WL-1');
    expect(await text(wl4, 'relay-reader-id')).toBe('WL-4');
    expect(await text(wl4, 'relay-device')).toBe('connected — USB 10c4:ea60');

    // the hub: four wall readers connected, four walls of 38 once the snapshots settle (250 ms)
    const engine = hub.engines.get('t1')!;
    await vi.waitFor(() => expect(engine.publicView().walls.map((w) => w.left)).toEqual([38, 38, 38, 38]), { timeout: 10_000, interval: 50 });
    const states = Object.fromEntries(hub.supervisor.statuses(Date.now()).map((s) => [s.id, s.state]));
    expect([states['WL-1'], states['WL-2'], states['WL-3'], states['WL-4']]).toEqual(['connected', 'connected', 'connected', 'connected']);
    // the table page a player looks at says the same
    expect(((await (await fetch(`${hub.url}/api/tables/t1`)).json()) as { walls: { left: number }[] }).walls.map((w) => w.left)).toEqual([38, 38, 38, 38]);

    // a sequence gap (seq 0 → 5) makes the hub ask again: a second CMD snap reaches the port
    // not a wait for an event: the protocol's own interval passing (the hub asks a reader at most
    // once per SNAP_REQUEST_INTERVAL_MS; its first CMD snap went out at the connection)
    await new Promise((r) => setTimeout(r, SNAP_REQUEST_INTERVAL_MS + 100));
    const before = (await written(pages[1]!)).length; // synced: no more asking again
    await feed(pages[1]!, `${encodeLine({ type: 'HB', seq: 5, uptimeMs: 60_000 })}\n`);
    await pages[1]!.waitForFunction((n) => document.querySelector('[data-testid="relay-commands"]')?.textContent?.trim() === String(n), before + 1);
    expect(await written(pages[1]!)).toEqual(Array.from({ length: before + 1 }, () => CMD_SNAP + '\n'));

    // letting WL-3 go takes it offline at the hub; its tiles stay in the wall
    await pages[2]!.click('[data-testid="relay-release"]');
    await pages[2]!.waitForSelector('[data-testid="relay-device"].closed');
    const stateOf = (id: string) => hub.supervisor.statuses(Date.now()).find((s) => s.id === id)?.state;
    await vi.waitFor(() => expect(stateOf('WL-3')).not.toBe('connected'), { timeout: 5000, interval: 50 });
    expect(engine.publicView().walls.map((w) => w.left)).toEqual([38, 38, 38, 38]);
  }, 60_000);

  it('two pages claim one reader: the older page says plainly it is superseded and stops counting its lines as relayed; the director sees the live page', async () => {
    const floorHello = encodeLine({ type: 'HELLO', reader: 'FL-1', firmware: '0.3.1', protocol: 0, zones: ['floor'] });
    const floorSnap = (seq: number) => encodeLine({ type: 'SNAP', seq, zone: 'floor', tags: [] });
    const pageId = async (page: Page) => /^relay:\/\/(\S+) /.exec((await text(page, 'relay-connection')) ?? '')![1]!;
    const fl1 = () => hub.supervisor.statuses(Date.now()).find((s) => s.id === 'FL-1')!;
    const waitFor = async (ok: () => boolean, what: string) => {
      await vi.waitFor(
        () => {
          if (!ok()) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(fl1())}`);
        },
        { timeout: 10_000, interval: 50 },
      );
    };
    const hhmm = (at: number) => `${String(new Date(at).getHours()).padStart(2, '0')}:${String(new Date(at).getMinutes()).padStart(2, '0')}`;

    const a = await relayPage(false);
    await feed(a, `${floorHello}\n${floorSnap(0)}\n`);
    await a.waitForFunction(() => document.querySelector('[data-testid="relay-lines"]')?.textContent?.trim() === '2');
    const idA = await pageId(a);
    await waitFor(() => fl1().relay?.page === idA, 'FL-1 relayed by page A');

    const b = await relayPage(false);
    await feed(b, `${floorHello}\n${floorSnap(0)}\n`);
    const idB = await pageId(b);
    await waitFor(() => fl1().relay?.page === idB, 'FL-1 relayed by page B');
    const live = fl1().relay!;

    // page A: told plainly, in words a director reads at a glance
    const notice = `Superseded: another page (opened ${hhmm(live.openedAt)}) now relays reader FL-1; this page's lines are ignored`;
    await a.waitForSelector('[data-testid="relay-superseded"]');
    expect(await text(a, 'relay-superseded')).toBe(notice);
    expect(await text(a, 'relay-hub')).toBe("superseded — this page's lines are ignored");
    expect(await text(a, 'relay-errors')).toContain(notice);
    // a line read on page A now counts as ignored, not relayed (2 relayed before, still 2)
    await feed(a, `${encodeLine({ type: 'HB', seq: 1, uptimeMs: 5000 })}\n`);
    await a.waitForFunction(() => document.querySelector('[data-testid="relay-ignored"]')?.textContent?.trim() === '1');
    expect(await text(a, 'relay-lines')).toBe('2');
    // page B, the live one, says nothing of the kind
    expect(await b.$('[data-testid="relay-superseded"]')).toBeNull();
    expect(await text(b, 'relay-hub')).toBe('connected');

    // the director's reader table names the live page: its id, when it opened, its browser
    const ctx = await browser.newContext();
    contexts.push(ctx);
    await ctx.addInitScript((t) => sessionStorage.setItem('mjhub.directorToken', t), TOKEN);
    const director = await ctx.newPage();
    await director.goto(`${hub.url}/director/t1`);
    await director.waitForSelector('[data-testid="reader-relay-FL-1"]', { timeout: 20_000 });
    expect(await text(director, 'reader-relay-FL-1')).toBe(`live page ${idB} · opened ${hhmm(live.openedAt)} · ${live.userAgent}`);
    expect(live.userAgent).toContain('HeadlessChrome');

    // page A takes the reader back: it opens the relay again, the hub asks the reader for a HELLO
    await a.click('[data-testid="relay-take-over"]');
    await a.waitForFunction(() => (window as unknown as { __serialStub: { written: string[] } }).__serialStub.written.length >= 2);
    await feed(a, `${floorHello}\n${floorSnap(2)}\n`);
    const idA2 = await pageId(a);
    await waitFor(() => fl1().relay?.page === idA2, 'FL-1 relayed by page A again');
    expect(await a.$('[data-testid="relay-superseded"]')).toBeNull();
    await b.waitForSelector('[data-testid="relay-superseded"]');
    expect(await text(b, 'relay-superseded')).toBe(`Superseded: another page (opened ${hhmm(fl1().relay!.openedAt)}) now relays reader FL-1; this page's lines are ignored`);
    await director.waitForFunction((id) => document.querySelector('[data-testid="reader-relay-FL-1"]')?.textContent?.includes(id), idA2);
  }, 60_000);

  it('a reader line of 200 000 bytes, no newline for a while: the hub counts one too-long line of the reader, its first 80 bytes in the raw log, and the lines after it are relayed', async () => {
    const page = await relayPage(false);
    const status = (id: string) => hub.supervisor.statuses(Date.now()).find((s) => s.id === id);
    const before = status('WL-3')!;
    for (let i = 0; i < 4; i++) await feed(page, 'X'.repeat(50_000));
    await feed(page, `\r\n${hello('WL-3')}\n`);
    await page.waitForFunction(() => document.querySelector('[data-testid="relay-lines"]')?.textContent?.trim() === '2');
    expect(await text(page, 'relay-errors')).toContain('the reader sent a line of 200000 bytes, longer than the 4096 allowed');
    expect(await text(page, 'relay-reader-id')).toBe('WL-3');
    await vi.waitFor(() => expect(status('WL-3')!.discarded).not.toBe(before.discarded), { timeout: 5000, interval: 50 });
    // one bad line more than before (4 × 50 000 = 200 000 bytes before the \r\n), carried to WL-3 by its HELLO
    expect(status('WL-3')!.discarded).toBe(before.discarded + 1);
    expect(status('WL-3')!.errors?.['too-long']).toBe((before.errors?.['too-long'] ?? 0) + 1);
    hub.store.flush();
    const raw = hub.store.rawLines(Array.from({ length: 200 }, (_, i) => i + 1)).filter((l) => l.status.startsWith('too-long'));
    expect(raw.map((l) => [l.line, l.status])).toEqual([['X'.repeat(80), 'too-long: line is 200000 bytes, longer than the 4096 allowed; only its first 80 bytes are kept']]);
  }, 30_000);
});
