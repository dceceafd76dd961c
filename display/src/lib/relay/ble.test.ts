/**
 * The Web Bluetooth (Nordic UART) reader against a fake GATT device: lines rebuilt from 20-byte
 * pieces (PROTOCOL.md §1.1 framing, and plain text), broken pieces reported, commands written in
 * pieces, and a reconnect after the link drops.
 */
import { describe, expect, it, vi } from 'vitest';
import { BleReassembler, fragmentLine } from '../../../../firmware-protocol/ble.js';
import { encodeLine } from '../../../../firmware-protocol/codec.js';
import { chunkBytes, openBleDevice } from './ble.js';
import { FakeDevice } from './ble.test-helpers.js';
import type { DeviceEvents } from './device.js';

let dev: FakeDevice;

function recorder() {
  const log: string[] = [];
  const events: DeviceEvents = {
    line: (t) => log.push(`line ${t}`),
    overlong: (o) => log.push(`overlong ${o.head.slice(0, 8)}… ${o.length}`),
    error: (m, r) => log.push(`error ${m}${r ? '' : ' (fatal)'}`),
    closed: (r) => log.push(`closed ${r}`),
    retrying: (r) => log.push(`retrying ${r}`),
    back: () => log.push('back'),
  };
  return { log, events };
}

const hello = encodeLine({ type: 'HELLO', reader: 'RK-E1', firmware: '1.0.0', protocol: 1, zones: ['in', 'top'] });

describe('openBleDevice', () => {
  it('rebuilds lines from §1.1 pieces, reports broken ones, writes commands in pieces of at most 20 bytes', async () => {
    dev = new FakeDevice();
    const { log, events } = recorder();
    const held = await openBleDevice(dev, events);
    expect(held.hint).toBe('Bluetooth MJ-RK-E1');
    expect(dev.tx.notifying).toBe(1);
    const pieces = fragmentLine(hello, 20, 3);
    expect(pieces.length).toBe(Math.ceil(hello.length / 19));
    for (const p of pieces) dev.tx.notify(p);
    // a continuation without its first piece is rejected, never glued
    dev.tx.notify(pieces[1]!);
    expect(log).toEqual([`line ${hello}`, 'error Bluetooth piece rejected (orphan): continuation piece (header 0x93) without its first piece']);

    const cmd = encodeLine({ type: 'CMD', command: 'snap', zone: 'top' });
    await held.write(cmd);
    expect(dev.rx.written.every((p) => p.length <= 20)).toBe(true);
    const r = new BleReassembler();
    expect(dev.rx.written.flatMap((p) => r.push(p).lines)).toEqual([cmd]);
    await held.close();
    expect(log.at(-1)).toBe('closed closed by the director');
    expect(dev.connected).toBe(false);
  });

  it('plain text framing: reassembles at the newline', async () => {
    dev = new FakeDevice();
    const { log, events } = recorder();
    const held = await openBleDevice(dev, events, 'text');
    for (const p of chunkBytes(new TextEncoder().encode(hello + '\r\n'))) dev.tx.notify(p);
    expect(log).toEqual([`line ${hello}`]);
    await held.write('CMD snap*1234');
    expect(dev.rx.written.map((p) => new TextDecoder().decode(p))).toEqual(['CMD snap*1234\n']);
  });

  it('reconnects after the link drops (250 ms, then 500 ms), and relays again', async () => {
    dev = new FakeDevice();
    const { log, events } = recorder();
    await openBleDevice(dev, events);
    dev.failConnects = 1;
    dev.drop();
    // back once notifications are on again (250 ms + 500 ms after the drop)
    await vi.waitFor(() => expect(dev.tx.notifying).toBe(2), { timeout: 3000 });
    expect(dev.connects).toBe(3);
    expect(dev.tx.notifying).toBe(2);
    for (const p of fragmentLine(hello)) dev.tx.notify(p);
    expect(log).toEqual([
      'retrying Bluetooth link lost', // at the drop: the hub shows the reader reconnecting
      'error Bluetooth link lost; reconnecting in 250 ms',
      'error Bluetooth reconnect failed: connection attempt failed',
      'error Bluetooth link lost; reconnecting in 500 ms',
      'back', // notifications on again
      `line ${hello}`,
    ]);
  });
});

describe('openBleDevice giving up', () => {
  it('three reconnects fail (250, 500, 1000 ms): retrying, never back, then closed', async () => {
    dev = new FakeDevice();
    const { log, events } = recorder();
    await openBleDevice(dev, events);
    dev.failConnects = 3;
    dev.drop();
    await vi.waitFor(() => expect(log.at(-1)).toBe('closed Bluetooth link lost; 3 reconnects failed'), { timeout: 5000 });
    expect(log.filter((l) => l === 'back' || l.startsWith('retrying'))).toEqual(['retrying Bluetooth link lost']);
  });
});

describe('chunkBytes', () => {
  it('cuts 45 bytes into 20 + 20 + 5', () => {
    expect(chunkBytes(new Uint8Array(45)).map((c) => c.length)).toEqual([20, 20, 5]);
    expect(() => chunkBytes(new Uint8Array(3), 0)).toThrow('chunk size 0 must be a positive integer');
  });
});
