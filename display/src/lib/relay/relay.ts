/**
 * The relay page's engine: holds one reader (Web Serial or Web Bluetooth) and one socket.io link to
 * the hub's `/relay` namespace (hub/transports/relay.ts is the contract), and forwards between them:
 * reader lines → `relay:line` (a line over 4096 bytes → `relay:overlong`, its first 80 bytes and
 * its length), hub `relay:write` → the reader. Its status is what the page shows.
 *
 * Each time the link to the hub (re)connects while a reader is held, the page sends `relay:open`
 * again: the hub then asks the reader for a fresh HELLO and snapshot (`CMD snap`). Lines read while
 * the hub is unreachable are counted as dropped, not queued: the snapshot after reconnecting tells
 * the hub everything they would have.
 *
 * When the link to the reader drops and the page retries (Web Bluetooth reconnecting, a Web Serial
 * read error) the page tells the hub (`relay:link {state: 'retrying'}`, then `{state: 'back'}`), so
 * the director sees that reader `reconnecting` rather than connected.
 *
 * When another page (or a port) takes this page's reader — the hub keeps the newest session of a
 * reader id — the hub says so (`relay:superseded`): the page shows it plainly, counts its lines as
 * ignored rather than relayed, and does not open the reader again by itself after a reconnect (it
 * would silently take the reader back); {@link RelayController.takeOver} does that on purpose.
 */
import { io, type Socket } from 'socket.io-client';
import { RELAY_EV, RELAY_NAMESPACE, type RelayAck, type RelayLink, type RelaySuperseded } from '../../../../hub/transports/relay.js';
import { RelayLineSchema, RelayProblemSchema, RelaySupersededSchema } from '../../../../hub/contract/relay.js';
import { check } from '../../../../hub/contract/issues.js';
import { hourMinute } from '../format.js';
import { describeError, type DeviceEvents, type HeldDevice } from './device.js';
import type { OverlongLine } from '../../../../firmware-protocol/lines.js';
import { MAX_LINE_LENGTH } from '../../../../firmware-protocol/messages.js';
import { helloReaderId } from './lines.js';
import { openSerialDevice, type SerialLike } from './serial.js';
import { openBleDevice, REQUEST_OPTIONS, type BluetoothLike } from './ble.js';

/** What the relay page shows. */
export interface RelayStatus {
  /**
   * the link to the hub: `refused` = the director token was refused; `superseded` = linked, but
   * another connection holds this page's reader and the hub ignores this page's lines
   */
  hub: 'connecting' | 'connected' | 'lost' | 'refused' | 'superseded';
  /** the hub's or socket's last message about the link, or null */
  hubMessage: string | null;
  /** the reader: none held yet, being opened, held and read, its link retrying (Bluetooth dropped, a serial read error), or let go */
  device: 'none' | 'opening' | 'connected' | 'retrying' | 'closed';
  kind: 'serial' | 'bluetooth' | null;
  /** e.g. `"USB 10c4:ea60"` */
  hint: string | null;
  /** the hub's name for this relay, e.g. `"relay://Xa3… (USB 10c4:ea60)"`, once it accepted `relay:open` */
  connectionName: string | null;
  /** the reader id of the last HELLO read, e.g. `"WL-1"` */
  readerId: string | null;
  /** lines sent to the hub and taken by it */
  linesRelayed: number;
  /** lines read after the hub said this page was superseded (the hub ignores them) */
  linesIgnored: number;
  /** the hub's word that another connection now holds this page's reader, or null */
  superseded: RelaySuperseded | null;
  /** lines read while the hub was unreachable (not sent) */
  linesDropped: number;
  /** hub commands written to the reader */
  commandsWritten: number;
  /** the last line read, for a glance */
  lastLine: string | null;
  /** recent problems, oldest first, at most 20; `at` in ms since epoch */
  errors: { at: number; message: string }[];
}

/** The status before anything happened. */
export function initialRelayStatus(): RelayStatus {
  return {
    hub: 'connecting',
    hubMessage: null,
    device: 'none',
    kind: null,
    hint: null,
    connectionName: null,
    readerId: null,
    linesRelayed: 0,
    linesIgnored: 0,
    superseded: null,
    linesDropped: 0,
    commandsWritten: 0,
    lastLine: null,
    errors: [],
  };
}

/** Options of {@link RelayController}. */
export interface RelayOptions {
  /** the director token (`auth.token` of the `/relay` namespace) */
  token: string;
  /** the hub's origin, e.g. `http://127.0.0.1:8080`; default: this page's origin */
  url?: string;
  /** called after every status change with a fresh copy */
  onChange: (status: RelayStatus) => void;
}

const MAX_ERRORS = 20;

/** What the hub status line says while superseded. */
export const SUPERSEDED_HUB_MESSAGE = "this page's lines are ignored";

/**
 * The superseded notice as the page shows it: "Superseded: another page (opened 14:05) now relays
 * reader FL-1; this page's lines are ignored" (a serial or TCP connection is named instead).
 */
export function supersededText(n: RelaySuperseded): string {
  if (n.openedAt === null) return `Superseded: the hub now reads reader ${n.reader} from ${n.by}; ${SUPERSEDED_HUB_MESSAGE}`;
  return `Superseded: another page (opened ${hourMinute(n.openedAt)}) now relays reader ${n.reader}; ${SUPERSEDED_HUB_MESSAGE}`;
}

/** A `relay:superseded` payload checked field by field, or null when it is not one. */
function parseSuperseded(p: unknown): RelaySuperseded | null {
  const r = RelaySupersededSchema.safeParse(p);
  return r.success ? r.data : null;
}

/** One relay: one hub link, at most one reader at a time. */
export class RelayController {
  private status = initialRelayStatus();
  private readonly socket: Socket;
  private device: HeldDevice | null = null;
  private opened = false;

  constructor(private readonly opts: RelayOptions) {
    this.socket = io(`${opts.url ?? ''}${RELAY_NAMESPACE}`, {
      auth: { token: opts.token },
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
    });
    this.socket.on('connect', () => {
      if (this.status.superseded) return this.set({ hub: 'superseded', hubMessage: SUPERSEDED_HUB_MESSAGE });
      this.set({ hub: 'connected', hubMessage: null });
      this.sendOpen();
    });
    this.socket.on('disconnect', (why) => {
      this.opened = false;
      this.set({ hub: 'lost', hubMessage: `hub link lost (${why}); reconnecting`, connectionName: null });
    });
    this.socket.on('connect_error', (err) => {
      const refused = /token/i.test(err.message);
      this.set({ hub: refused ? 'refused' : 'lost', hubMessage: err.message });
    });
    this.socket.on(RELAY_EV.write, (payload: unknown) => {
      const w = check(RelayLineSchema, payload, '');
      if (!w.ok) return this.error(`hub sent a relay:write this page cannot read (${w.error})`);
      const { line } = w.value;
      if (!this.device) return;
      this.device.write(line).then(
        () => this.set({ commandsWritten: this.status.commandsWritten + 1 }),
        (err) => this.error(`could not write "${line}" to the reader: ${describeError(err)}`),
      );
    });
    this.socket.on(RELAY_EV.superseded, (payload: unknown) => {
      const notice = parseSuperseded(payload);
      if (!notice) return this.error('hub sent a superseded notice this page cannot read');
      this.set({ superseded: notice, hub: 'superseded', hubMessage: SUPERSEDED_HUB_MESSAGE });
      this.error(supersededText(notice));
    });
    this.socket.on(RELAY_EV.problem, (payload: unknown) => {
      const p = RelayProblemSchema.safeParse(payload);
      this.error(`hub refused: ${p.success ? p.data.error : 'unknown problem'}`);
    });
  }

  /** The status now (a copy). */
  current(): RelayStatus {
    return { ...this.status, errors: [...this.status.errors] };
  }

  /**
   * Asks the director for a USB serial port (the browser's chooser), opens it at 115200 baud and
   * relays it. Errors (no port chosen, port busy) are shown in the status, never thrown.
   */
  async connectSerial(serial: SerialLike | undefined): Promise<void> {
    if (!serial) return this.error('Web Serial is not available in this browser (use Chrome or Edge, over http://127.0.0.1 or https)');
    await this.hold(async (events) => openSerialDevice(await serial.requestPort(), events));
  }

  /** Asks for a Bluetooth reader offering the Nordic UART Service and relays it. Never throws. */
  async connectBluetooth(bluetooth: BluetoothLike | undefined): Promise<void> {
    if (!bluetooth) return this.error('Web Bluetooth is not available in this browser');
    await this.hold(async (events) => openBleDevice(await bluetooth.requestDevice(REQUEST_OPTIONS), events));
  }

  /**
   * After being superseded: relay this page's reader again. The hub closes this page's old
   * connection, opens a new one and asks the reader for a HELLO, which takes the reader back (the
   * other page is then told it was superseded).
   */
  takeOver(): void {
    if (!this.status.superseded) return;
    this.set({ superseded: null, hub: this.socket.connected ? 'connected' : 'lost', hubMessage: null });
    this.sendOpen();
  }

  /** Lets the reader go (the hub sees it close). */
  async release(): Promise<void> {
    const d = this.device;
    if (!d) return;
    await d.close();
  }

  /** Lets the reader go and closes the hub link. */
  async dispose(): Promise<void> {
    await this.release();
    this.socket.disconnect();
  }

  private async hold(open: (events: DeviceEvents) => Promise<HeldDevice>): Promise<void> {
    await this.release();
    this.set({
      device: 'opening',
      kind: null,
      hint: null,
      readerId: null,
      connectionName: null,
      ...(this.status.superseded ? { superseded: null, hub: this.socket.connected ? 'connected' : 'lost', hubMessage: null } : {}),
    });
    let held: HeldDevice | null = null;
    const events: DeviceEvents = {
      line: (text) => this.relayLine(text),
      overlong: (line) => this.relayOverlong(line),
      error: (message, recoverable) => this.error(recoverable ? `${message} (recovered; still reading)` : message),
      retrying: (reason) => {
        if (held && this.device !== held) return;
        this.set({ device: 'retrying' });
        this.sendLink({ state: 'retrying', reason });
      },
      back: () => {
        if (held && this.device !== held) return;
        this.set({ device: 'connected' });
        this.sendLink({ state: 'back' });
      },
      closed: (reason) => {
        if (held && this.device !== held) return;
        this.device = null;
        if (this.opened && this.socket.connected) this.socket.emit(RELAY_EV.close, { reason });
        this.opened = false;
        this.set({ device: 'closed', connectionName: null, hubMessage: this.status.hubMessage });
        this.error(`reader closed: ${reason}`);
      },
    };
    try {
      held = await open(events);
    } catch (err) {
      this.set({ device: 'none' });
      return this.error(`could not open the reader: ${describeError(err)}`);
    }
    this.device = held;
    this.set({ device: 'connected', kind: held.kind, hint: held.hint });
    this.sendOpen();
  }

  private sendOpen(): void {
    const d = this.device;
    if (!d || !this.socket.connected) return;
    this.opened = true;
    this.socket.emit(RELAY_EV.open, { readerHint: d.hint }, (ack: RelayAck) => {
      if (ack.ok) this.set({ connectionName: ack.name });
      else this.error(`hub refused the reader: ${ack.error}`);
    });
    // opened again (the hub link came back) while the reader's link still retries: say so at once
    if (this.status.device === 'retrying') this.sendLink({ state: 'retrying', reason: 'the link to the reader is still retrying' });
  }

  /** Tells the hub the reader's link is retrying or back (`relay:link`), when the reader is open on the hub. */
  private sendLink(link: RelayLink): void {
    if (this.opened && this.socket.connected) this.socket.emit(RELAY_EV.link, link);
  }

  private relayLine(text: string): void {
    const id = helloReaderId(text);
    if (this.status.superseded) {
      // still sent, so the hub's raw log keeps them (marked ignored); not counted as relayed
      if (this.opened && this.socket.connected) this.socket.emit(RELAY_EV.line, { line: text });
      this.set({ linesIgnored: this.status.linesIgnored + 1, lastLine: text, ...(id ? { readerId: id } : {}) });
    } else if (this.opened && this.socket.connected) {
      this.socket.emit(RELAY_EV.line, { line: text });
      this.set({ linesRelayed: this.status.linesRelayed + 1, lastLine: text, ...(id ? { readerId: id } : {}) });
    } else {
      this.set({ linesDropped: this.status.linesDropped + 1, lastLine: text, ...(id ? { readerId: id } : {}) });
    }
  }

  /** A reader line over 4096 bytes: the hub gets its first 80 bytes and its length (`relay:overlong`) and counts it as a bad line. */
  private relayOverlong(line: OverlongLine): void {
    const shown = `${line.head}… (${line.length} bytes, longer than ${MAX_LINE_LENGTH})`;
    this.error(`the reader sent a line of ${line.length} bytes, longer than the ${MAX_LINE_LENGTH} allowed`);
    if (this.opened && this.socket.connected) {
      this.socket.emit(RELAY_EV.overlong, { head: line.head, length: line.length });
      this.set({ linesRelayed: this.status.linesRelayed + 1, lastLine: shown });
    } else {
      this.set({ linesDropped: this.status.linesDropped + 1, lastLine: shown });
    }
  }

  private error(message: string): void {
    const errors = [...this.status.errors, { at: Date.now(), message }].slice(-MAX_ERRORS);
    this.set({ errors });
  }

  private set(patch: Partial<RelayStatus>): void {
    this.status = { ...this.status, ...patch };
    this.opts.onChange(this.current());
  }
}
