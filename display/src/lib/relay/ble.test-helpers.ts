/**
 * A fake Web Bluetooth reader (Nordic UART Service) for the relay's tests (not a test file itself):
 * display/src/lib/relay/ble.test.ts and relay.test.ts.
 */
import { NUS, type BluetoothDeviceLike, type GattCharacteristicLike, type GattServerLike } from './ble.js';

/** A GATT characteristic: `notify` delivers bytes as the reader's TX does; `written` what the page wrote to RX. */
export class FakeChar extends EventTarget implements GattCharacteristicLike {
  value: DataView | null = null;
  properties = { write: true, writeWithoutResponse: true };
  written: Uint8Array[] = [];
  notifying = 0;
  async startNotifications() {
    this.notifying += 1;
    return this;
  }
  async writeValueWithResponse(v: BufferSource) {
    this.written.push(new Uint8Array(v as ArrayBuffer));
  }
  notify(bytes: Uint8Array) {
    this.value = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.dispatchEvent(new Event('characteristicvaluechanged'));
  }
}

/**
 * A Nordic UART reader: `drop()` disconnects it (as the reader going out of range), `failConnects`
 * makes that many next connects fail.
 */
export class FakeDevice extends EventTarget implements BluetoothDeviceLike {
  name = 'MJ-RK-E1';
  rx = new FakeChar();
  tx = new FakeChar();
  connects = 0;
  failConnects = 0;
  connected = false;
  gatt: GattServerLike = this.server();
  private server(): GattServerLike {
    const dev = this;
    return {
      get connected() {
        return dev.connected;
      },
      connect: async () => {
        this.connects += 1;
        if (this.failConnects > 0) {
          this.failConnects -= 1;
          throw new Error('connection attempt failed');
        }
        this.connected = true;
        return this.gatt;
      },
      disconnect: () => void (this.connected = false),
      getPrimaryService: async (uuid: string) => {
        if (uuid !== NUS.service) throw new Error('no such service');
        return { getCharacteristic: async (u: string) => (u === NUS.rx ? this.rx : this.tx) };
      },
    };
  }
  drop() {
    this.connected = false;
    this.dispatchEvent(new Event('gattserverdisconnected'));
  }
}
