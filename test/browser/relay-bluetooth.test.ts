/**
 * The relay page with a Bluetooth reader, through Chromium's own Web Bluetooth emulation (DevTools
 * protocol `BluetoothEmulation`; `navigator.bluetooth` exists on Linux only with
 * `--enable-experimental-web-platform-features`), against a real hub started in-process.
 *
 * The emulated peripheral offers the Nordic UART Service: RX `…0002…` (the page writes), TX
 * `…0003…` (notify, with its 0x2902 descriptor). The test answers every GATT operation the page
 * makes, picks the peripheral in the device chooser (`DeviceAccess`), and checks by hand-countable
 * facts: the page subscribes to TX; the hub's `CMD snap` arrives on RX in pieces of at most 20 bytes
 * (PROTOCOL.md §1.1 framing, firmware-protocol/ble.ts) that rebuild to `CMD snap*XXXX`; a HELLO and
 * a 12-tile wall snapshot sent in 20-byte pieces reach the hub whole: WL-2 is connected and wall 1
 * holds 12 tiles.
 *
 * The emulation has no "send a notification" command, so each 20-byte piece is delivered as the
 * answer to a read of TX; Chromium fires the same `characteristicvaluechanged` event for a read
 * as for a notification, which is the event the page listens to. The notification path proper
 * (startNotifications, then values pushed by the reader, and a re-subscription after a link loss)
 * is covered by relay-bluetooth-notify.test.ts with a stubbed `navigator.bluetooth`.
 *
 * Checked on Chromium 156.0.8078.108 (`GET /json/protocol` of `--remote-debugging-port`), the
 * BluetoothEmulation domain (experimental) offers exactly:
 * - commands: enable(state, leSupported), setSimulatedCentralState(state), disable,
 *   simulatePreconnectedPeripheral(address, name, manufacturerData, knownServiceUuids),
 *   simulateAdvertisement(entry), simulateGATTOperationResponse(address, type, code),
 *   simulateCharacteristicOperationResponse(characteristicId, type, code, data?),
 *   simulateDescriptorOperationResponse(descriptorId, type, code, data?), addService(address,
 *   serviceUuid), removeService(serviceId), addCharacteristic(serviceId, characteristicUuid,
 *   properties), removeCharacteristic(characteristicId), addDescriptor(characteristicId,
 *   descriptorUuid), removeDescriptor(descriptorId), simulateGATTDisconnection(address);
 * - events: gattOperationReceived(address, type), characteristicOperationReceived(characteristicId,
 *   type, data?, writeType?), descriptorOperationReceived(descriptorId, type, data?);
 * - CharacteristicOperationType: read | write | subscribe-to-notifications |
 *   unsubscribe-from-notifications; GATTOperationType: connection | discovery.
 * `subscribe-to-notifications` is only the answer to the page's subscription: nothing pushes a value
 * afterwards. Tried after a subscription, with data: an unsolicited `read` response, a second
 * `subscribe-to-notifications` response, a `write` and an `unsubscribe-from-notifications` response
 * are all accepted ({}) and fire no `characteristicvaluechanged`; `simulateCharacteristicNotification`
 * does not exist ("wasn't found").
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { loadHubConfig } from '../../hub/config/load.js';
import { startHub, type RunningHub } from '../../hub/hub.js';
import { encodeLine } from '../../firmware-protocol/codec.js';
import { simulatedTagUid } from '../../hub/tilesets/simulated.js';
import { NUS } from '../../display/src/lib/relay/ble.js';
import { BleFragmenter, BleReassembler } from '../../firmware-protocol/ble.js';
import { buildDisplay, removeDisplay } from '../support/display-build.js';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOKEN = 'relay-director-token';
const ADDRESS = '09:09:09:09:09:09';
const CCCD = '00002902-0000-1000-8000-00805f9b34fb';

describe.skipIf(!existsSync(CHROMIUM))("relay page: a Bluetooth (Nordic UART) reader through Chromium's Bluetooth emulation", () => {
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
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-experimental-web-platform-features'],
    });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    removeDisplay(dist);
  });

  /**
   * The emulated peripheral: answers every operation; RX writes are kept, TX reads answered from a
   * queue. `cdp` is a browser-level session (the BluetoothEmulation domain is not offered on page
   * sessions); `pageCdp` answers the page's device chooser.
   */
  async function peripheral(cdp: CDPSession, pageCdp: CDPSession) {
    const rxWrites: Buffer[] = [];
    const txReads: Uint8Array[] = [];
    const ops: string[] = [];
    /** an answer that fails (e.g. after the page closed) is noted, not thrown */
    const answer = (p: Promise<unknown>) => void p.catch((e: unknown) => ops.push(`answer failed: ${String(e).slice(0, 120)}`));
    await cdp.send('BluetoothEmulation.enable', { state: 'powered-on', leSupported: true });
    await cdp.send('BluetoothEmulation.simulatePreconnectedPeripheral', {
      address: ADDRESS,
      name: 'MJ-WL-2',
      manufacturerData: [],
      knownServiceUuids: [NUS.service],
    });
    const { serviceId } = await cdp.send('BluetoothEmulation.addService', { address: ADDRESS, serviceUuid: NUS.service });
    const { characteristicId: rx } = await cdp.send('BluetoothEmulation.addCharacteristic', {
      serviceId,
      characteristicUuid: NUS.rx,
      properties: { write: true, writeWithoutResponse: true },
    });
    const { characteristicId: tx } = await cdp.send('BluetoothEmulation.addCharacteristic', {
      serviceId,
      characteristicUuid: NUS.tx,
      properties: { notify: true, read: true },
    });
    await cdp.send('BluetoothEmulation.addDescriptor', { characteristicId: tx, descriptorUuid: CCCD });

    cdp.on('BluetoothEmulation.gattOperationReceived', (e) => {
      ops.push(`gatt ${e.type}`);
      answer(cdp.send('BluetoothEmulation.simulateGATTOperationResponse', { address: e.address, type: e.type, code: 0 }));
    });
    cdp.on('BluetoothEmulation.characteristicOperationReceived', (e) => {
      const which = e.characteristicId === rx ? 'rx' : e.characteristicId === tx ? 'tx' : e.characteristicId;
      ops.push(`${which} ${e.type}`);
      if (e.type === 'write') {
        rxWrites.push(Buffer.from(e.data ?? '', 'base64'));
        if (e.writeType === 'write-without-response') return;
        answer(cdp.send('BluetoothEmulation.simulateCharacteristicOperationResponse', { characteristicId: e.characteristicId, type: 'write', code: 0 }));
      } else if (e.type === 'read') {
        const piece = txReads.shift() ?? new Uint8Array(0);
        answer(
          cdp.send('BluetoothEmulation.simulateCharacteristicOperationResponse', {
            characteristicId: e.characteristicId,
            type: 'read',
            code: 0,
            data: Buffer.from(piece).toString('base64'),
          }),
        );
      } else {
        answer(cdp.send('BluetoothEmulation.simulateCharacteristicOperationResponse', { characteristicId: e.characteristicId, type: e.type, code: 0 }));
      }
    });
    cdp.on('BluetoothEmulation.descriptorOperationReceived', (e) => {
      ops.push(`descriptor ${e.type}`);
      answer(
        cdp.send('BluetoothEmulation.simulateDescriptorOperationResponse', {
          descriptorId: e.descriptorId,
          type: e.type,
          code: 0,
          ...(e.type === 'read' ? { data: Buffer.from([0, 0]).toString('base64') } : {}),
        }),
      );
    });
    // the device chooser: pick our peripheral as soon as it is listed
    await pageCdp.send('DeviceAccess.enable');
    const answered = new Set<string>();
    pageCdp.on('DeviceAccess.deviceRequestPrompted', (e) => {
      // the emulated peripheral is the only device; the chooser may list it with an empty name
      const d = e.devices[0];
      if (!d || answered.has(e.id)) return;
      answered.add(e.id);
      ops.push('chooser: picked the peripheral');
      answer(pageCdp.send('DeviceAccess.selectPrompt', { id: e.id, deviceId: d.id }));
    });
    return { rxWrites, txReads, ops };
  }

  /** Delivers one piece on TX: queued for the next read, then the page's TX characteristic is read. */
  async function deliver(page: Page, txReads: Uint8Array[], piece: Uint8Array): Promise<void> {
    txReads.push(piece);
    await page.evaluate(
      async (uuids) => {
        const nav = navigator as unknown as {
          bluetooth: { getDevices(): Promise<{ gatt: { getPrimaryService(u: string): Promise<{ getCharacteristic(u: string): Promise<{ readValue(): Promise<DataView> }> }> } }[]> };
        };
        const [device] = await nav.bluetooth.getDevices();
        const service = await device!.gatt.getPrimaryService(uuids.service);
        const tx = await service.getCharacteristic(uuids.tx);
        await tx.readValue();
      },
      { service: NUS.service, tx: NUS.tx },
    );
  }

  it('connects, subscribes, writes CMD snap in 20-byte pieces, and relays a line delivered in 20-byte pieces', async () => {
    const ctx = await browser.newContext();
    await ctx.addInitScript((t) => sessionStorage.setItem('mjhub.directorToken', t), TOKEN);
    const page = await ctx.newPage();
    const p = await peripheral(await browser.newBrowserCDPSession(), await ctx.newCDPSession(page));
    await page.goto(`${hub.url}/relay`);
    await page.waitForSelector('[data-testid="relay-hub"].connected');
    expect(await page.evaluate(() => typeof (navigator as unknown as { bluetooth?: unknown }).bluetooth)).toBe('object');
    await page.click('[data-testid="relay-bluetooth"]');
    await page.waitForSelector('[data-testid="relay-device"].connected', { timeout: 10_000 }).catch(async (e: unknown) => {
      throw new Error(`${String(e)}\nops: ${p.ops.join(' | ')}\nerrors: ${await page.textContent('.relay')}`);
    });
    expect((await page.textContent('[data-testid="relay-device"]'))?.trim()).toBe('connected — Bluetooth MJ-WL-2');
    // chooser, GATT connection, service discovery, then the page subscribes to TX
    expect(p.ops.slice(0, 4)).toEqual(['chooser: picked the peripheral', 'gatt connection', 'gatt discovery', 'tx subscribe-to-notifications']);

    // the hub's CMD snap, written to RX in pieces of at most 20 bytes (header byte + 19)
    const cmd = encodeLine({ type: 'CMD', command: 'snap' });
    // the hub asks again 500 ms later while the reader has said no HELLO (hub/readers/snap-retry.ts):
    // on a slow machine the page may have written a second one before the HELLO below
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="relay-commands"]')?.textContent?.trim()) >= 1, null, { timeout: 10_000 });
    await vi.waitFor(() => expect(p.rxWrites.length).toBeGreaterThanOrEqual(1), { timeout: 5000, interval: 50 });
    const asked = p.rxWrites.length;
    // each a single piece: the header byte + the 13 bytes of "CMD snap*XXXX"
    expect(p.rxWrites.map((b) => b.length)).toEqual(Array(asked).fill(14));
    const rebuilt = new BleReassembler();
    expect(p.rxWrites.flatMap((b) => rebuilt.push(new Uint8Array(b)).lines)).toEqual(Array(asked).fill(cmd));

    // HELLO and a 12-tile wall snapshot from WL-2, in 20-byte pieces
    const tags = Array.from({ length: 12 }, (_, i) => simulatedTagUid(38 + i));
    const reader = new BleFragmenter(20);
    const all = [
      ...reader.fragment(encodeLine({ type: 'HELLO', reader: 'WL-2', firmware: '0.3.1', protocol: 0, zones: ['wall'] })),
      ...reader.fragment(encodeLine({ type: 'SNAP', seq: 0, zone: 'wall', tags })),
    ];
    expect(all.every((piece) => piece.length <= 20)).toBe(true);
    expect(all.length).toBeGreaterThan(10);
    for (const piece of all) await deliver(page, p.txReads, piece);
    expect(p.ops.filter((o) => o === 'tx read')).toHaveLength(all.length);
    await page.waitForFunction(() => document.querySelector('[data-testid="relay-lines"]')?.textContent?.trim() === '2', null, { timeout: 5000 });
    expect((await page.textContent('[data-testid="relay-reader-id"]'))?.trim()).toBe('WL-2');

    const engine = hub.engines.get('t1')!;
    await vi.waitFor(() => expect(engine.publicView().walls.map((w) => w.left)).toEqual([0, 12, 0, 0]), { timeout: 5000, interval: 50 });
    expect(hub.supervisor.statuses(Date.now()).find((s) => s.id === 'WL-2')?.state).toBe('connected');
    await ctx.close();
  }, 60_000);
});
