/**
 * A reader over Web Bluetooth: the Nordic UART Service (NUS). The page (the central) writes hub
 * commands to RX `6e400002-…` and receives the reader's bytes as notifications on TX `6e400003-…`.
 * BLE payloads are at most 20 bytes by default, so lines travel in pieces:
 * - framing `pieces` (the default, PROTOCOL.md §1.1, firmware-protocol/ble.ts): each piece has a
 *   header byte (first / continuation / last, index, line counter); BleReassembler rebuilds lines
 *   and rejects broken ones (reported as recoverable errors); commands go out via BleFragmenter;
 * - framing `text`: plain newline-terminated text cut anywhere, reassembled at the newline.
 *
 * When the link drops, the page reconnects a few times (250 ms, 500 ms, 1 s) before giving up:
 * `retrying` is reported at the drop, `back` once notifications are on again, `closed` when it gives up.
 */
import { BleFragmenter, BleReassembler } from '../../../../firmware-protocol/ble.js';
import { forwardLines, RawLineSplitter } from './lines.js';
import { describeError, type DeviceEvents, type HeldDevice } from './device.js';

/** Nordic UART Service UUIDs. */
export const NUS = {
  service: '6e400001-b5a3-f393-e0a9-e50e24dcca9e',
  /** the central writes here */
  rx: '6e400002-b5a3-f393-e0a9-e50e24dcca9e',
  /** the peripheral notifies here */
  tx: '6e400003-b5a3-f393-e0a9-e50e24dcca9e',
} as const;

/** Default BLE payload (ATT MTU 23 minus 3), in bytes. */
export const BLE_PAYLOAD = 20;

/** Reconnect attempts after the link drops, and the wait before each (ms). */
const RECONNECT_MS = [250, 500, 1000];

// The slice of Web Bluetooth the relay uses (TypeScript's DOM lib does not declare it).
export interface GattCharacteristicLike extends EventTarget {
  readonly value?: DataView | null;
  readonly properties?: { write?: boolean; writeWithoutResponse?: boolean };
  startNotifications(): Promise<GattCharacteristicLike>;
  writeValueWithResponse?(value: BufferSource): Promise<void>;
  writeValueWithoutResponse?(value: BufferSource): Promise<void>;
  writeValue?(value: BufferSource): Promise<void>;
}
export interface GattServiceLike {
  getCharacteristic(uuid: string): Promise<GattCharacteristicLike>;
}
export interface GattServerLike {
  readonly connected: boolean;
  connect(): Promise<GattServerLike>;
  disconnect(): void;
  getPrimaryService(uuid: string): Promise<GattServiceLike>;
}
export interface BluetoothDeviceLike extends EventTarget {
  readonly name?: string | null;
  readonly id?: string;
  readonly gatt?: GattServerLike | null;
}
export interface BluetoothLike {
  requestDevice(options: object): Promise<BluetoothDeviceLike>;
}

/** The options for `navigator.bluetooth.requestDevice`: any device offering the Nordic UART Service. */
export const REQUEST_OPTIONS = { filters: [{ services: [NUS.service] }] } as const;

/** Cuts bytes into pieces of at most `size` bytes: 45 bytes → 20 + 20 + 5. @throws RangeError when size < 1 */
export function chunkBytes(bytes: Uint8Array<ArrayBuffer>, size = BLE_PAYLOAD): Uint8Array<ArrayBuffer>[] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size ${size} must be a positive integer`);
  const out: Uint8Array<ArrayBuffer>[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

/** How lines are cut into BLE payloads (see the file's comment). */
export type BleFraming = 'pieces' | 'text';

/**
 * Connects to a NUS reader, subscribes to TX, and relays its lines.
 * @param framing `pieces` (PROTOCOL.md §1.1, default) or `text`
 * @throws Error (the browser's) when the device has no GATT server, no NUS, or the connect fails
 */
export async function openBleDevice(device: BluetoothDeviceLike, events: DeviceEvents, framing: BleFraming = 'pieces'): Promise<HeldDevice> {
  const gatt = device.gatt;
  if (!gatt) throw new Error(`Bluetooth device ${device.name ?? device.id ?? '?'} has no GATT server`);
  const lines = new RawLineSplitter();
  const reassembler = new BleReassembler();
  const fragmenter = new BleFragmenter(BLE_PAYLOAD);
  const encoder = new TextEncoder();
  let stopped = false;
  let closedReported = false;
  let rx: GattCharacteristicLike | null = null;
  let tx: GattCharacteristicLike | null = null;
  let writes: Promise<void> = Promise.resolve();

  const onValue = (ev: Event) => {
    const v = (ev.target as GattCharacteristicLike).value;
    if (!v) return;
    const bytes = new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));
    if (framing === 'text') {
      forwardLines(lines.push(bytes), events);
      return;
    }
    const r = reassembler.push(bytes);
    for (const x of r.rejected) events.error(`Bluetooth piece rejected (${x.reason}): ${x.detail}`, true);
    for (const l of r.lines) events.line(l);
  };
  /** The BLE payloads of one hub → reader line. @throws RangeError (fragmentLine's) for a line that cannot be sent */
  const piecesOf = (line: string): Uint8Array<ArrayBuffer>[] => (framing === 'text' ? chunkBytes(encoder.encode(line + '\n')) : fragmenter.fragment(line).map((p) => new Uint8Array(p)));
  const reportClosed = (reason: string) => {
    if (closedReported) return;
    closedReported = true;
    events.closed(reason);
  };

  const attach = async () => {
    const server = await gatt.connect();
    const service = await server.getPrimaryService(NUS.service);
    rx = await service.getCharacteristic(NUS.rx);
    const t = await service.getCharacteristic(NUS.tx);
    if (tx !== t) {
      tx?.removeEventListener('characteristicvaluechanged', onValue);
      t.addEventListener('characteristicvaluechanged', onValue);
      tx = t;
    }
    await t.startNotifications();
  };

  const onDisconnected = async () => {
    if (stopped) return;
    lines.lost();
    reassembler.reset();
    events.retrying('Bluetooth link lost');
    for (const wait of RECONNECT_MS) {
      events.error(`Bluetooth link lost; reconnecting in ${wait} ms`, true);
      await new Promise((r) => setTimeout(r, wait));
      if (stopped) return;
      try {
        await attach();
        if (!stopped) events.back();
        return;
      } catch (err) {
        events.error(`Bluetooth reconnect failed: ${describeError(err)}`, true);
      }
    }
    stopped = true;
    reportClosed(`Bluetooth link lost; ${RECONNECT_MS.length} reconnects failed`);
  };

  await attach();
  device.addEventListener('gattserverdisconnected', () => void onDisconnected());

  return {
    kind: 'bluetooth',
    hint: `Bluetooth ${device.name ?? device.id ?? 'reader'}`,
    write(line: string) {
      const job = writes.then(async () => {
        const c = rx;
        if (stopped || !c || !gatt.connected) throw new Error(`cannot write "${line.slice(0, 40)}": the Bluetooth reader is not connected`);
        for (const piece of piecesOf(line)) {
          if (c.properties?.write === false && c.writeValueWithoutResponse) await c.writeValueWithoutResponse(piece);
          else if (c.writeValueWithResponse) await c.writeValueWithResponse(piece);
          else if (c.writeValue) await c.writeValue(piece);
          else throw new Error('the RX characteristic cannot be written');
        }
      });
      writes = job.catch(() => undefined);
      return job;
    },
    async close() {
      if (stopped && closedReported) return;
      stopped = true;
      tx?.removeEventListener('characteristicvaluechanged', onValue);
      try {
        gatt.disconnect();
      } catch {
        /* already gone */
      }
      reportClosed('closed by the director');
    },
  };
}
