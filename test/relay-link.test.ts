/**
 * The relay page's engine (RelayController) holding a fake Web Bluetooth reader, linked to a real
 * `/relay` namespace whose connections feed a real ReaderSupervisor (as hub/hub.ts wires them):
 * when the Bluetooth link drops and the page reconnects, the page says so (`relay:link`) and the
 * hub shows the reader `reconnecting`, not connected; when it is back the hub asks for its snapshots.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fragmentLine } from '../firmware-protocol/ble.js';
import { encodeLine } from '../firmware-protocol/codec.js';
import type { ReaderMessage } from '../firmware-protocol/messages.js';
import type { ReaderSupervisor } from '../hub/readers/supervisor.js';
import { startRelayTestHub, type RelayTestHub } from '../hub/api/relay.test-helpers.js';
import { FakeDevice } from '../display/src/lib/relay/ble.test-helpers.js';
import { RelayController, type RelayStatus } from '../display/src/lib/relay/relay.js';

const TOKEN = 'relay-secret';

describe('RelayController: a Bluetooth reader whose link drops and comes back', () => {
  let hub: RelayTestHub;
  let url: string;
  let sup: ReaderSupervisor;
  let ctl: RelayController | null = null;

  beforeEach(async () => {
    hub = await startRelayTestHub(TOKEN);
    sup = hub.sup;
    url = hub.url;
  });
  afterEach(async () => {
    await ctl?.dispose();
    ctl = null;
    await hub.close();
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
