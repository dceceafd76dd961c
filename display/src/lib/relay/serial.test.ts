/**
 * The Web Serial read loop against a stub port built from web streams (Node has them): lines flow,
 * commands are written with a newline, a line error (Chrome errors `readable` and offers a new one)
 * is survived, and a lost device (`readable` null) closes the reader.
 */
import { describe, expect, it, vi } from 'vitest';
import { openSerialDevice, serialHint, type SerialPortLike } from './serial.js';
import type { DeviceEvents } from './device.js';

/** A stub port: `feed` pushes bytes, `fail` errors the current readable and offers a new one (or none). */
class StubPort implements SerialPortLike {
  readable: ReadableStream<Uint8Array> | null = null;
  writable: WritableStream<Uint8Array> | null = null;
  written: string[] = [];
  opened: { baudRate: number } | null = null;
  closed = false;
  private ctl: ReadableStreamDefaultController<Uint8Array> | null = null;

  async open(o: { baudRate: number }) {
    this.opened = o;
    this.fresh();
    this.writable = new WritableStream({ write: (chunk) => void this.written.push(new TextDecoder().decode(chunk)) });
  }
  async close() {
    this.closed = true;
    this.readable = null;
  }
  getInfo(): { usbVendorId?: number; usbProductId?: number } {
    return { usbVendorId: 0x10c4, usbProductId: 0xea60 };
  }
  fresh() {
    this.readable = new ReadableStream<Uint8Array>({ start: (c) => void (this.ctl = c) });
  }
  feed(s: string) {
    this.ctl!.enqueue(new TextEncoder().encode(s));
  }
  fail(name: string, recover: boolean) {
    const c = this.ctl!;
    if (recover) this.fresh();
    else this.readable = null;
    c.error(Object.assign(new Error(`stub ${name}`), { name }));
  }
}

function recorder() {
  const log: string[] = [];
  const events: DeviceEvents = {
    line: (t) => log.push(`line ${t}`),
    overlong: (o) => log.push(`overlong ${o.head.slice(0, 8)}… ${o.length}`),
    error: (m, r) => log.push(`error ${m} ${r ? 'recoverable' : 'fatal'}`),
    closed: (r) => log.push(`closed ${r}`),
    retrying: (r) => log.push(`retrying ${r}`),
    back: () => log.push('back'),
  };
  return { log, events };
}

describe('openSerialDevice', () => {
  it('opens at 115200, relays lines, writes commands, survives a line error', async () => {
    const port = new StubPort();
    const { log, events } = recorder();
    const dev = await openSerialDevice(port, events);
    expect(port.opened).toEqual({ baudRate: 115200 });
    expect(dev.hint).toBe('USB 10c4:ea60');
    port.feed('HB seq=1 up=1*AAAA\nHB seq=2');
    await vi.waitFor(() => expect(log).toEqual(['line HB seq=1 up=1*AAAA']), { timeout: 2000 });
    port.fail('FramingError', true);
    // the read loop has met the error (and dropped the half line) before the next bytes come
    await vi.waitFor(() => expect(log).toHaveLength(3), { timeout: 2000 });
    port.feed(' up=2*BBBB\nHB seq=3 up=3*CCCC\n');
    await vi.waitFor(() => expect(log).toHaveLength(5), { timeout: 2000 });
    await dev.write('CMD snap*1234');
    expect(port.written).toEqual(['CMD snap*1234\n']);
    expect(log).toEqual([
      'line HB seq=1 up=1*AAAA',
      'error serial read error: FramingError: stub FramingError recoverable',
      'retrying serial read error: FramingError: stub FramingError', // the hub shows the reader reconnecting
      'back', // bytes flow again
      // the half line before the error is not glued to the bytes after it
      'line HB seq=3 up=3*CCCC',
    ]);
    await dev.close();
    expect(port.closed).toBe(true);
    expect(log.at(-1)).toBe('closed closed by the director');
  });

  it('a line over 4096 bytes is handed on as its first 80 bytes and its length, never held whole', async () => {
    const port = new StubPort();
    const { log, events } = recorder();
    await openSerialDevice(port, events);
    for (let i = 0; i < 3; i++) port.feed('X'.repeat(3000));
    port.feed('\r\nHB seq=4 up=4*DDDD\n');
    // 3 × 3000 = 9000 bytes before the \r\n
    await vi.waitFor(() => expect(log).toEqual(['overlong XXXXXXXX… 9000', 'line HB seq=4 up=4*DDDD']), { timeout: 2000 });
  });

  it('closes when the device is lost (no new readable)', async () => {
    const port = new StubPort();
    const { log, events } = recorder();
    const dev = await openSerialDevice(port, events);
    port.fail('NetworkError', false);
    await vi.waitFor(() => expect(log).toEqual(['error serial read error: NetworkError: stub NetworkError fatal', 'closed the reader was unplugged or the port closed']), { timeout: 2000 });
    await expect(dev.write('CMD snap*1234')).rejects.toThrow('cannot write "CMD snap*1234": the serial port is closed');
  });

  it('names a port without USB ids plainly', () => {
    const port = new StubPort();
    port.getInfo = () => ({});
    expect(serialHint(port)).toBe('USB serial');
  });
});
