/**
 * The relay page's Bluetooth notification path, the one a real reader uses: the page subscribes to
 * TX (`startNotifications()`) and the reader's bytes arrive as `characteristicvaluechanged` events,
 * never as answers to reads. Chromium's BluetoothEmulation domain cannot push a notification (see
 * relay-bluetooth.test.ts for what the domain offers, checked on Chromium 156), so this test
 * installs a stubbed `navigator.bluetooth` before the page's scripts, as relay-serial.test.ts stubs
 * `navigator.serial`: a Nordic UART peripheral whose TX characteristic sets its `value` and
 * dispatches `characteristicvaluechanged` for each 20-byte notification the test sends, exactly the
 * event Chrome fires for a GATT notification. A real hub runs in-process.
 *
 * What a director would check by hand:
 * - the page subscribes to TX before anything arrives; the hub's `CMD snap` reaches RX in one piece
 *   of 14 bytes (header byte + `CMD snap*XXXX`) that rebuilds to the line;
 * - a HELLO from WL-2 and a 12-tile wall snapshot notified in 20-byte pieces reach the hub: WL-2 is
 *   connected and wall 1 holds 12 tiles; the page counts 2 lines relayed;
 * - a continuation piece arriving alone is rejected (shown as an error), never applied;
 * - the link drops (`gattserverdisconnected`): the page tells the hub (`relay:link`: WL-2 is
 *   reconnecting, one reconnect), reconnects, subscribes again, says the link is back, and the hub
 *   asks for the truth (`CMD snap`, WL-2 unsynced); a new HELLO + 20-tile snapshot notified after it
 *   reaches the hub (wall 1 holds 20 tiles, WL-2 connected).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadHubConfig } from '../../hub/config/load.js';
import { startHub, type RunningHub } from '../../hub/hub.js';
import { encodeLine } from '../../firmware-protocol/codec.js';
import { simulatedTagUid } from '../../hub/tilesets/simulated.js';
import { BleFragmenter, BleReassembler } from '../../firmware-protocol/ble.js';
import { buildDisplay, removeDisplay } from '../support/display-build.js';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOKEN = 'relay-director-token';

interface BleStub {
  /** what happened, in order: `connect`, `subscribe`, `rx <n> bytes`, `notify <n> bytes`, `disconnect` */
  log: string[];
  /** every RX write, as byte arrays */
  rx: number[][];
  /** sends one notification on TX (a 20-byte piece at most) */
  notify(bytes: number[]): void;
  /** the link drops: `gattserverdisconnected` on the device */
  drop(): void;
}

/**
 * Installed in the page before its scripts: `navigator.bluetooth.requestDevice()` gives one device
 * "MJ-WL-2" with the Nordic UART Service; `window.__bleStub` drives it (see BleStub).
 */
function installBluetoothStub(): void {
  const NUS = {
    service: '6e400001-b5a3-f393-e0a9-e50e24dcca9e',
    rx: '6e400002-b5a3-f393-e0a9-e50e24dcca9e',
    tx: '6e400003-b5a3-f393-e0a9-e50e24dcca9e',
  };
  const log: string[] = [];
  const rxWrites: number[][] = [];
  let connected = false;
  let subscribed = false;
  class Characteristic extends EventTarget {
    value: DataView | null = null;
    constructor(
      readonly uuid: string,
      readonly properties: { write: boolean; writeWithoutResponse: boolean; notify: boolean },
    ) {
      super();
    }
    async startNotifications() {
      if (!connected) throw new DOMException('GATT Server is disconnected.', 'NetworkError');
      subscribed = true;
      log.push('subscribe');
      return this;
    }
    async writeValueWithResponse(v: BufferSource) {
      if (!connected) throw new DOMException('GATT Server is disconnected.', 'NetworkError');
      const bytes = v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
      rxWrites.push([...bytes]);
      log.push(`rx ${bytes.length} bytes`);
    }
  }
  const rx = new Characteristic(NUS.rx, { write: true, writeWithoutResponse: true, notify: false });
  const tx = new Characteristic(NUS.tx, { write: false, writeWithoutResponse: false, notify: true });
  const service = {
    uuid: NUS.service,
    async getCharacteristic(uuid: string) {
      if (uuid === NUS.rx) return rx;
      if (uuid === NUS.tx) return tx;
      throw new DOMException(`No Characteristics matching UUID ${uuid} found in Service.`, 'NotFoundError');
    },
  };
  const device = new EventTarget() as EventTarget & { name: string; id: string; gatt: unknown };
  const gatt = {
    get connected() {
      return connected;
    },
    async connect() {
      connected = true;
      log.push('connect');
      return gatt;
    },
    disconnect() {
      connected = false;
      subscribed = false;
    },
    async getPrimaryService(uuid: string) {
      if (!connected) throw new DOMException('GATT Server is disconnected.', 'NetworkError');
      if (uuid !== NUS.service) throw new DOMException(`No Services matching UUID ${uuid} found in Device.`, 'NotFoundError');
      return service;
    },
  };
  Object.assign(device, { name: 'MJ-WL-2', id: 'stub-wl-2', gatt });
  Object.defineProperty(navigator, 'bluetooth', { configurable: true, value: { requestDevice: async () => device } });
  const stub: BleStub = {
    log,
    rx: rxWrites,
    notify(bytes) {
      if (!connected || !subscribed) {
        log.push(`notify dropped (${connected ? 'not subscribed' : 'not connected'})`);
        return;
      }
      // what Chrome does for a GATT notification: TX's value is the payload, then the event
      tx.value = new DataView(new Uint8Array(bytes).buffer);
      log.push(`notify ${bytes.length} bytes`);
      tx.dispatchEvent(new Event('characteristicvaluechanged'));
    },
    drop() {
      connected = false;
      subscribed = false;
      log.push('disconnect');
      device.dispatchEvent(new Event('gattserverdisconnected'));
    },
  };
  (window as unknown as { __bleStub: BleStub }).__bleStub = stub;
}

const stub = <T>(page: Page, f: (s: BleStub) => T): Promise<T> => page.evaluate(`(${f.toString()})(window.__bleStub)`) as Promise<T>;
const text = (page: Page, id: string) => page.textContent(`[data-testid="${id}"]`).then((t) => t?.trim());

describe.skipIf(!existsSync(CHROMIUM))("relay page: a Bluetooth reader's notifications (stubbed navigator.bluetooth) into a real hub", () => {
  let hub: RunningHub;
  let browser: Browser;
  let dist: string;

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
    await browser?.close();
    await hub?.close();
    removeDisplay(dist);
  });

  it('subscribes, writes CMD snap, relays notified 20-byte pieces, rejects an orphan piece, and re-subscribes after a link loss', async () => {
    const ctx = await browser.newContext();
    await ctx.addInitScript(installBluetoothStub);
    await ctx.addInitScript((t) => sessionStorage.setItem('mjhub.directorToken', t), TOKEN);
    const page = await ctx.newPage();
    await page.goto(`${hub.url}/relay`);
    await page.waitForSelector('[data-testid="relay-hub"].connected');
    await page.click('[data-testid="relay-bluetooth"]');
    await page.waitForSelector('[data-testid="relay-device"].connected');
    expect(await text(page, 'relay-device')).toBe('connected — Bluetooth MJ-WL-2');

    // the hub's CMD snap arrives on RX in one 14-byte piece; the page had subscribed to TX first.
    // The hub asks again 500 ms later while the reader has said no HELLO (hub/readers/snap-retry.ts):
    // on a slow machine more than one may come before the HELLO below, each alike
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="relay-commands"]')?.textContent?.trim()) >= 1);
    // the log and the bytes read at one moment, so a CMD written between two reads cannot split them
    const { log: asked, rx } = await stub(page, (s) => ({ log: s.log, rx: s.rx }));
    expect(asked.slice(0, 3)).toEqual(['connect', 'subscribe', 'rx 14 bytes']);
    expect(asked.slice(3)).toEqual(Array(asked.length - 3).fill('rx 14 bytes'));
    const rebuilt = new BleReassembler();
    const cmds = rx.flatMap((b) => rebuilt.push(new Uint8Array(b)).lines);
    expect(cmds).toEqual(Array(asked.length - 2).fill(encodeLine({ type: 'CMD', command: 'snap' })));

    // HELLO and a 12-tile wall snapshot from WL-2, notified in 20-byte pieces
    const reader = new BleFragmenter(20);
    const pieces = (lines: string[]) => lines.flatMap((l) => reader.fragment(l)).map((p) => [...p]);
    const hello = encodeLine({ type: 'HELLO', reader: 'WL-2', firmware: '0.3.1', protocol: 0, zones: ['wall'] });
    const first = pieces([hello, encodeLine({ type: 'SNAP', seq: 0, zone: 'wall', tags: Array.from({ length: 12 }, (_, i) => simulatedTagUid(38 + i)) })]);
    expect(first.every((p) => p.length <= 20)).toBe(true);
    for (const p of first) await page.evaluate((bytes) => (window as unknown as { __bleStub: BleStub }).__bleStub.notify(bytes), p);
    await page.waitForFunction(() => document.querySelector('[data-testid="relay-lines"]')?.textContent?.trim() === '2');
    expect(await text(page, 'relay-reader-id')).toBe('WL-2');
    expect((await stub(page, (s) => s.log)).filter((l) => l.startsWith('notify'))).toHaveLength(first.length);

    const engine = hub.engines.get('t1')!;
    const wallsAre = async (want: number[]) => {
      await vi.waitFor(() => expect(engine.publicView().walls.map((w) => w.left)).toEqual(want), { timeout: 5000, interval: 50 });
    };
    await wallsAre([0, 12, 0, 0]);
    expect(hub.supervisor.statuses(Date.now()).find((s) => s.id === 'WL-2')?.state).toBe('connected');

    // a continuation piece that arrives alone (its first piece lost on the air) is rejected, not applied
    const orphan = pieces([encodeLine({ type: 'HB', seq: 1, uptimeMs: 5000 })])[1]!;
    await page.evaluate((bytes) => (window as unknown as { __bleStub: BleStub }).__bleStub.notify(bytes), orphan);
    await page.waitForSelector('[data-testid="relay-errors"]');
    expect(await text(page, 'relay-errors')).toMatch(/Bluetooth piece rejected \(orphan\)/);
    expect(await text(page, 'relay-lines')).toBe('2');

    // the link drops: the page reconnects (after 250 ms), subscribes again, and later notifications arrive
    await page.evaluate(() => (window as unknown as { __bleStub: BleStub }).__bleStub.drop());
    // once subscribed again the page says the link is back (relay:link) and the hub asks for the truth: CMD snap in one piece
    await page.waitForFunction(() => (window as unknown as { __bleStub: BleStub }).__bleStub.log.filter((l) => l === 'subscribe').length === 2, null, { timeout: 5000 });
    await page.waitForFunction(() => (window as unknown as { __bleStub: BleStub }).__bleStub.log.at(-1) === 'rx 14 bytes', null, { timeout: 5000 });
    const log = await stub(page, (s) => s.log);
    const after = log.slice(log.lastIndexOf('disconnect'));
    expect(after.slice(0, 4)).toEqual(['disconnect', 'connect', 'subscribe', 'rx 14 bytes']);
    expect(after.slice(4)).toEqual(Array(after.length - 4).fill('rx 14 bytes')); // asked again meanwhile, as above
    expect(hub.supervisor.statuses(Date.now()).find((s) => s.id === 'WL-2')).toMatchObject({ state: 'unsynced', reconnects: 1 }); // its snapshot not in yet
    const second = pieces([hello, encodeLine({ type: 'SNAP', seq: 0, zone: 'wall', tags: Array.from({ length: 20 }, (_, i) => simulatedTagUid(38 + i)) })]);
    for (const p of second) await page.evaluate((bytes) => (window as unknown as { __bleStub: BleStub }).__bleStub.notify(bytes), p);
    await page.waitForFunction(() => document.querySelector('[data-testid="relay-lines"]')?.textContent?.trim() === '4');
    await wallsAre([0, 20, 0, 0]);
    expect(hub.supervisor.statuses(Date.now()).find((s) => s.id === 'WL-2')?.state).toBe('connected');
    expect(await text(page, 'relay-device')).toBe('connected — Bluetooth MJ-WL-2');
    await ctx.close();
  }, 60_000);
});
