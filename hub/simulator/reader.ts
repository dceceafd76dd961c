/**
 * A virtual RFID reader: what the firmware of one reader does (firmware-protocol/PROTOCOL.md).
 *
 * - It holds the set of tags each of its zones sees.
 * - On connect (`connect()`) and on every `CMD snap` from the hub: a HELLO, then a SNAP for every
 *   zone (an empty zone is sent as `tags=` with no tag: absence is explicit). `CMD snap zone=Z`
 *   answers with the SNAP of zone Z only (HELLO first too).
 * - On every change: ADD (a tag came into a zone) or DEL (a tag left), each with the next sequence number.
 * - Every `heartbeatMs` (default 1000 ms): HB with the uptime in ms.
 * - Every `snapshotMs` (default 0 = never; real firmware: 2000): a SNAP of every zone, no HELLO,
 *   so a lost ADD/DEL is repaired within that period.
 * - `dropDelta` (noise): when it answers true, an ADD/DEL is not sent at all and takes no sequence
 *   number (a missed read: only the next snapshot repairs it).
 * - `powerOff()` / `powerOn()`: a reboot: silent meanwhile, then HELLO + SNAPs with seq from 0.
 * Sequence numbers start at 0 at power-up and increase by one per SNAP, ADD, DEL and HB (HELLO has none).
 * While not connected it still tracks tags but sends nothing (like firmware waiting for the host's DTR).
 */
import { encodeLine, nextSeq, LineSplitter } from '../../firmware-protocol/codec.js';
import { PROTOCOL_VERSION, type ReaderMessage } from '../../firmware-protocol/messages.js';

/** Options of a virtual reader. */
export interface VirtualReaderOptions {
  /** reader id sent in HELLO, e.g. `"RK-E1"` */
  id: string;
  /** zone names, e.g. `["in","top"]` */
  zones: string[];
  /** where lines go: one call per line, WITH the trailing `\n` */
  send: (line: string) => void;
  /** firmware version in HELLO (default `"sim-0.1.0"`) */
  firmware?: string;
  /** ms between heartbeats (default 1000; 0 = no heartbeat timer) */
  heartbeatMs?: number;
  /** clock in ms (default Date.now), for uptime */
  now?: () => number;
  /** ms between periodic snapshots (default 0: none) */
  snapshotMs?: number;
  /** noise: true = this ADD/DEL is missed (not sent, no sequence number taken) */
  dropDelta?: (msg: { type: 'ADD' | 'DEL'; zone: string; tag: string }) => boolean;
}

/** One simulated reader. */
export class VirtualReader {
  readonly id: string;
  readonly zones: readonly string[];
  private readonly tags = new Map<string, Set<string>>();
  private seq = -1;
  private readonly sendLine: (line: string) => void;
  private readonly firmware: string;
  private readonly heartbeatMs: number;
  private readonly now: () => number;
  private bootedAt: number;
  private timer: ReturnType<typeof setInterval> | undefined;
  private snapTimer: ReturnType<typeof setInterval> | undefined;
  private readonly snapshotMs: number;
  private readonly dropDelta: VirtualReaderOptions['dropDelta'];
  /** true between powerOff() and powerOn(): the reader sends nothing */
  private off = false;
  private readonly splitter = new LineSplitter();
  /** true while a hub is listening (after connect() or the first line from the hub) */
  connected = false;
  /** how many `CMD snap` the reader has received */
  snapRequests = 0;
  /** called after every `CMD snap` handled */
  onSnapRequest: (() => void) | undefined;

  constructor(opts: VirtualReaderOptions) {
    this.id = opts.id;
    this.zones = [...opts.zones];
    for (const z of opts.zones) this.tags.set(z, new Set());
    this.sendLine = opts.send;
    this.firmware = opts.firmware ?? 'sim-0.1.0';
    this.heartbeatMs = opts.heartbeatMs ?? 1000;
    this.now = opts.now ?? Date.now;
    this.bootedAt = this.now();
    this.snapshotMs = opts.snapshotMs ?? 0;
    this.dropDelta = opts.dropDelta;
  }

  /** Tags now in `zone`, in the order they came. @throws Error when the reader has no such zone */
  tagsIn(zone: string): string[] {
    return [...this.zoneSet(zone)];
  }

  /**
   * A tag came into a zone: updates the set and sends ADD (when connected). A tag already there is
   * ignored (no message). @throws Error when the reader has no such zone
   */
  add(zone: string, tag: string): void {
    const set = this.zoneSet(zone);
    if (set.has(tag)) return;
    set.add(tag);
    if (this.connected && !this.off && this.dropDelta?.({ type: 'ADD', zone, tag })) return;
    this.emit({ type: 'ADD', seq: this.takeSeq(), zone, tag });
  }

  /** A tag left a zone: updates the set and sends DEL (when connected). A tag not there is ignored. */
  remove(zone: string, tag: string): void {
    const set = this.zoneSet(zone);
    if (!set.delete(tag)) return;
    if (this.connected && !this.off && this.dropDelta?.({ type: 'DEL', zone, tag })) return;
    this.emit({ type: 'DEL', seq: this.takeSeq(), zone, tag });
  }

  /** Empties every zone silently and sets it (no ADD/DEL): the state at power-up, e.g. walls built. */
  load(zone: string, tags: readonly string[]): void {
    const set = this.zoneSet(zone);
    set.clear();
    for (const t of tags) set.add(t);
  }

  /** A hub is listening: HELLO + a SNAP per zone, then heartbeats. */
  connect(): void {
    this.connected = true;
    this.sendSnapshot();
    this.startHeartbeat();
  }

  /** The hub went away: stop sending (tags are still tracked). */
  disconnect(): void {
    this.connected = false;
    this.splitter.reset();
  }

  /**
   * Bytes from the hub (any chunking). Handles `CMD snap` (HELLO + SNAPs); any other line or garbage
   * is ignored, as firmware would. The first line from the hub marks the reader connected.
   */
  receive(chunk: string): void {
    if (this.off) return; // rebooting: the UART is not listening
    for (const r of this.splitter.push(chunk)) {
      if (!r.ok) continue;
      const m = r.message;
      if (m.type !== 'CMD' || m.command !== 'snap') continue;
      if (!this.connected) {
        this.connected = true;
        this.startHeartbeat();
      }
      this.snapRequests++;
      this.sendSnapshot(m.zone);
      this.onSnapRequest?.();
    }
  }

  /** Sends HELLO and the SNAP of every zone (or of `zone` only, when it is one of the reader's). */
  sendSnapshot(zone?: string): void {
    this.emit({ type: 'HELLO', reader: this.id, firmware: this.firmware, protocol: PROTOCOL_VERSION, zones: [...this.zones] });
    const which = zone !== undefined && this.tags.has(zone) ? [zone] : this.zones;
    for (const z of which) this.emit({ type: 'SNAP', seq: this.takeSeq(), zone: z, tags: this.tagsIn(z) });
  }

  /** Sends one heartbeat now (when connected). */
  heartbeat(): void {
    this.emit({ type: 'HB', seq: this.takeSeq(), uptimeMs: Math.max(0, Math.round(this.now() - this.bootedAt)) });
  }

  /** Sends a SNAP of every zone, without HELLO (the firmware's periodic inventory). */
  periodicSnapshot(): void {
    for (const z of this.zones) this.emit({ type: 'SNAP', seq: this.takeSeq(), zone: z, tags: this.tagsIn(z) });
  }

  /** Noise: the reader reboots; it sends nothing until powerOn(). Tags are still tracked (the antenna still sees them). */
  powerOff(): void {
    this.off = true;
    this.seq = -1;
    this.splitter.reset();
  }

  /** Noise: the reader is back from a reboot: uptime and seq restart, HELLO + SNAP of every zone. */
  powerOn(): void {
    this.off = false;
    this.seq = -1;
    this.bootedAt = this.now();
    this.sendSnapshot();
  }

  /** Stops the heartbeat and snapshot timers. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.snapTimer) clearInterval(this.snapTimer);
    this.timer = undefined;
    this.snapTimer = undefined;
  }

  private startHeartbeat(): void {
    if (!this.snapTimer && this.snapshotMs > 0) {
      this.snapTimer = setInterval(() => this.periodicSnapshot(), this.snapshotMs);
      this.snapTimer.unref?.();
    }
    if (this.timer || this.heartbeatMs <= 0) return;
    this.timer = setInterval(() => this.heartbeat(), this.heartbeatMs);
    this.timer.unref?.();
  }

  private zoneSet(zone: string): Set<string> {
    const s = this.tags.get(zone);
    if (!s) throw new Error(`reader ${this.id} has no zone "${zone}" (zones: ${this.zones.join(', ')})`);
    return s;
  }

  /** The next sequence number; taken even while not connected, so the hub sees a gap after a reconnect. */
  private takeSeq(): number {
    this.seq = this.seq < 0 ? 0 : nextSeq(this.seq);
    return this.seq;
  }

  private emit(msg: ReaderMessage): void {
    if (!this.connected || this.off) return;
    this.sendLine(encodeLine(msg) + '\n');
  }
}
