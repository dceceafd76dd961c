/**
 * A virtual RFID reader: what the firmware of one reader does (firmware-protocol/PROTOCOL.md).
 *
 * - It holds the set of tags each of its zones sees.
 * - On connect (`connect()`) and on every `CMD snap` from the hub: a HELLO, then a SNAP for every
 *   zone (an empty zone is sent as `tags=` with no tag: absence is explicit). `CMD snap zone=Z`
 *   answers with the SNAP of zone Z only (HELLO first too).
 * - On every change: ADD (a tag came into a zone) or DEL (a tag left), each with the next sequence number.
 * - Every `heartbeatMs` (default 1000 ms): HB with the uptime in ms.
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
  private readonly bootedAt: number;
  private timer: ReturnType<typeof setInterval> | undefined;
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
    this.emit({ type: 'ADD', seq: this.takeSeq(), zone, tag });
  }

  /** A tag left a zone: updates the set and sends DEL (when connected). A tag not there is ignored. */
  remove(zone: string, tag: string): void {
    const set = this.zoneSet(zone);
    if (!set.delete(tag)) return;
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

  /** Stops the heartbeat timer. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private startHeartbeat(): void {
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
    if (!this.connected) return;
    this.sendLine(encodeLine(msg) + '\n');
  }
}
