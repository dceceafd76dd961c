/**
 * Serial readers without a pseudo-terminal: a {@link MockSerialDevice} is one USB cable on
 * `@serialport/binding-mock`, and {@link openMockPort} is what `openSerial`'s `openPort` option
 * takes to open it. What the hub writes reaches the device's `onData`; `write` is what the hub
 * reads; `unplug` ends the open connection as a pulled cable does (serialport's `close` with
 * `disconnected: true`) and makes every reopen fail until `replug`. Real pseudo-terminals (socat)
 * are left to the end-to-end tier (test/e2e).
 */
import { SerialPortMock, type SerialPortMockOpenOptions } from 'serialport';
import type { SerialPortLike } from './serial.js';

/** What is used here of `@serialport/binding-mock`'s port (its own typings do not resolve under this package's module settings). */
interface MockPortBinding {
  isOpen: boolean;
  emitData(data: Buffer): void;
  read(buffer: Buffer, offset: number, length: number): Promise<{ buffer: Buffer; bytesRead: number }>;
  write(buffer: Buffer): Promise<void>;
}
/** `@serialport/binding-mock`'s MockBinding (the binding of serialport's SerialPortMock). */
const MockBinding = SerialPortMock.binding as unknown as {
  createPort(path: string): void;
  open(options: { path: string }): Promise<MockPortBinding>;
};

const devices = new Map<string, MockSerialDevice>();

/** The mock binding with cables that can be pulled: opening an unplugged device fails. */
const binding = {
  ...MockBinding,
  async open(options: { path: string }): Promise<MockPortBinding> {
    const device = devices.get(options.path);
    if (device && !device.plugged) throw new Error(`cannot open ${options.path}: no such device (unplugged)`);
    const port = await MockBinding.open(options);
    device?.attach(port);
    return port;
  },
};

/** One serial device at a mock path (e.g. `/dev/mock/RK-E1`), plugged in. */
export class MockSerialDevice {
  /** text the hub wrote to the device (latin1) */
  onData: ((chunk: string) => void) | undefined;
  plugged = true;
  private open: MockPortBinding | undefined;
  private readonly pulls = new Set<(e: Error) => void>();

  constructor(readonly path: string) {
    MockBinding.createPort(path);
    devices.set(path, this);
  }

  /** Sends text to the hub (dropped while no hub has the port open, as a reader's bytes on a closed port). */
  write(text: string): void {
    if (this.open?.isOpen) this.open.emitData(Buffer.from(text, 'latin1'));
  }

  /** Pulls the cable: the hub's open port closes (disconnected), reopening fails until {@link replug}. */
  unplug(): void {
    this.plugged = false;
    for (const pull of [...this.pulls]) pull(new Error('device disconnected'));
    this.pulls.clear();
  }

  /** Plugs the cable back: the next open succeeds. */
  replug(): void {
    this.plugged = true;
  }

  /** @internal the binding opened this device: its reads can be ended by a pull, its writes reach onData */
  attach(port: MockPortBinding): void {
    this.open = port;
    const read = port.read.bind(port);
    const write = port.write.bind(port);
    port.read = (buffer, offset, length) =>
      new Promise((resolve, reject) => {
        this.pulls.add(reject);
        read(buffer, offset, length)
          .then(resolve, reject)
          .finally(() => this.pulls.delete(reject));
      });
    port.write = async (buffer) => {
      await write(buffer);
      this.onData?.(buffer.toString('latin1'));
    };
  }
}

/** The `openPort` of `openSerial` for mock devices: a `SerialPortMock` over the binding above. */
export function openMockPort(path: string, baudRate: number): SerialPortMock & SerialPortLike {
  return new SerialPortMock({ path, baudRate, autoOpen: false, binding } as SerialPortMockOpenOptions);
}
