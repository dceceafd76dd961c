/**
 * The relay page's engine (RelayController) holding a fake Web Bluetooth reader, against a bare
 * socket.io `/relay` namespace that records what the page sends: when the Bluetooth link drops the
 * page says `relay:link {state: 'retrying'}` and shows the reader retrying; when it reconnects,
 * `{state: 'back'}`; a link that cannot come back ends in `relay:close`. (The hub's side, the reader
 * `reconnecting`: hub/api/relay-link.test.ts and test/relay-link.test.ts.)
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RELAY_EV, RELAY_NAMESPACE } from '../../../../hub/transports/relay.js';
import { FakeDevice } from './ble.test-helpers.js';
import { RelayController, type RelayStatus } from './relay.js';

const TOKEN = 'relay-secret';

describe('RelayController: the Bluetooth link to its reader retrying', () => {
  let http: HttpServer;
  let io: Server;
  let url: string;
  let got: string[];
  let ctl: RelayController | null = null;

  beforeEach(async () => {
    got = [];
    http = createServer();
    io = new Server(http, { serveClient: false });
    io.of(RELAY_NAMESPACE).on('connection', (socket) => {
      socket.on(RELAY_EV.open, (p: unknown, ack: (a: unknown) => void) => {
        got.push(`open ${JSON.stringify(p)}`);
        ack({ ok: true, name: 'relay://page (Bluetooth MJ-FL-1)' });
      });
      socket.on(RELAY_EV.link, (p: unknown) => got.push(`link ${JSON.stringify(p)}`));
      socket.on(RELAY_EV.close, (p: unknown) => got.push(`close ${JSON.stringify(p)}`));
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await ctl?.dispose();
    ctl = null;
    await io.close();
  });

  async function holding(dev: FakeDevice): Promise<() => RelayStatus | null> {
    let status: RelayStatus | null = null;
    ctl = new RelayController({ token: TOKEN, url, onChange: (s) => (status = s) });
    await expect.poll(() => status?.hub, { timeout: 5000 }).toBe('connected');
    await ctl.connectBluetooth({ requestDevice: async () => dev });
    await expect.poll(() => got).toEqual(['open {"readerHint":"Bluetooth MJ-FL-1"}']);
    return () => status;
  }

  it('drop, one failed reconnect, then back: relay:link retrying (device retrying), then back (device connected)', async () => {
    const dev = Object.assign(new FakeDevice(), { name: 'MJ-FL-1' });
    const status = await holding(dev);
    dev.failConnects = 1;
    dev.drop();
    await expect.poll(() => status()?.device).toBe('retrying');
    await expect.poll(() => got.length).toBe(2);
    expect(got[1]).toBe('link {"state":"retrying","reason":"Bluetooth link lost"}');
    await expect.poll(() => status()?.device, { timeout: 5000 }).toBe('connected'); // 250 ms (fails) + 500 ms
    await expect.poll(() => got.length).toBe(3);
    expect(got[2]).toBe('link {"state":"back"}');
  });

  it('three reconnects fail: relay:link retrying, never back, then relay:close', async () => {
    const dev = Object.assign(new FakeDevice(), { name: 'MJ-FL-1' });
    const status = await holding(dev);
    dev.failConnects = 3;
    dev.drop();
    await expect.poll(() => status()?.device, { timeout: 5000 }).toBe('closed'); // 250 + 500 + 1000 ms
    // the status turns closed before the close reaches the hub's socket: wait for it, do not race it
    await expect.poll(() => got.length).toBe(3);
    expect(got.slice(1)).toEqual(['link {"state":"retrying","reason":"Bluetooth link lost"}', 'close {"reason":"Bluetooth link lost; 3 reconnects failed"}']);
  });
});
