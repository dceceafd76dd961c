/**
 * The relay page's engine (RelayController) holding a fake Web Bluetooth reader, linked to a real
 * `/relay` namespace whose connections feed a real ReaderSupervisor (as hub/hub.ts wires them):
 * when the Bluetooth link drops and the page reconnects, the page says so (`relay:link`) and the
 * hub shows the reader `reconnecting`, not connected; when it is back the hub asks for its snapshots.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fragmentLine } from '../firmware-protocol/ble.js';
import { encodeLine } from '../firmware-protocol/codec.js';
import type { ReaderMessage } from '../firmware-protocol/messages.js';
import { attachRelay } from '../hub/api/relay.js';
import { tokenChecker } from '../hub/api/auth.js';
import { ReaderSupervisor } from '../hub/readers/supervisor.js';
import { openSqliteStore } from '../hub/store/sqlite.js';
import type { TransportSink } from '../hub/transports/transport.js';
import { FakeDevice } from '../display/src/lib/relay/ble.test-helpers.js';
import { RelayController, type RelayStatus } from '../display/src/lib/relay/relay.js';

const TOKEN = 'relay-secret';

describe('RelayController: a Bluetooth reader whose link drops and comes back', () => {
  let http: HttpServer;
  let io: Server;
  let url: string;
  let sup: ReaderSupervisor;
  let ctl: RelayController | null = null;

  beforeEach(async () => {
    sup = new ReaderSupervisor(new Map([['FL-1', ['floor']]]), openSqliteStore(':memory:'), { snapshot: () => {}, add: () => {}, remove: () => {}, status: () => {} }, 5000);
    const sink: TransportSink = {
      opened: (c) => sup.opened(c),
      line: (c, text, at) => sup.line(c, text, at),
      overlong: (c, line, at) => sup.overlong(c, line, at),
      closed: (c, reason, retrying) => sup.closed(c, reason, retrying),
      link: (c, retrying, reason) => sup.link(c, retrying, reason),
    };
    http = createServer();
    io = new Server(http, { serveClient: false });
    attachRelay(io, { sink, isDirectorToken: tokenChecker(TOKEN) });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await ctl?.dispose();
    ctl = null;
    sup.close();
    await io.close();
  });

  it('retrying: the page shows the reader retrying and the hub reconnecting; back: connected on both once its snapshot came', async () => {
    let status: RelayStatus | null = null;
    ctl = new RelayController({ token: TOKEN, url, onChange: (s) => (status = s) });
    await expect.poll(() => status?.hub, { timeout: 5000 }).toBe('connected');
    const dev = new FakeDevice();
    dev.name = 'MJ-FL-1';
    await ctl.connectBluetooth({ requestDevice: async () => dev });
    let counter = 0;
    const say = (m: ReaderMessage) => {
      for (const p of fragmentLine(encodeLine(m), 20, counter++ % 16)) dev.tx.notify(p);
    };
    const fl1 = () => sup.statuses(Date.now()).find((r) => r.id === 'FL-1')!;
    await expect.poll(() => status?.connectionName).toMatch(/^relay:\/\/\S+ \(Bluetooth MJ-FL-1\)$/);
    say({ type: 'HELLO', reader: 'FL-1', firmware: '1.0.0', protocol: 1, zones: ['floor'] });
    say({ type: 'SNAP', seq: 0, zone: 'floor', tags: [] });
    await expect.poll(() => fl1().state).toBe('connected');

    dev.failConnects = 1; // the first reconnect (250 ms) fails, the second (500 ms later) holds
    dev.drop();
    await expect.poll(() => status?.device).toBe('retrying');
    await expect.poll(() => fl1().state).toBe('reconnecting');
    expect(fl1().reconnects).toBe(1);

    await expect.poll(() => status?.device, { timeout: 5000 }).toBe('connected');
    await expect.poll(() => fl1().state).toBe('unsynced'); // back: its zones wait for a snapshot, CMD snap asked
    say({ type: 'HELLO', reader: 'FL-1', firmware: '1.0.0', protocol: 1, zones: ['floor'] });
    say({ type: 'SNAP', seq: 0, zone: 'floor', tags: [] });
    await expect.poll(() => fl1().state).toBe('connected');
    expect(fl1().reconnects).toBe(1);
  });
});
