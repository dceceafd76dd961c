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
 *
 * Protocol version 1 (`protocol: 1`; PROTOCOL.md "version 1"), on top of the above:
 * - HELLO says `proto=1`; every ADD and SNAP carries the signal strength of each read (`rssi`, dBm):
 *   a tile on the zone's own antenna reads strong (-40 to -55 dBm, fixed per tag and zone, see
 *   {@link ownAntennaRssi}); whoever calls `add(zone, tag, rssi)` may give another value (the noise
 *   model's cross-reads next door read weak, -68 to -84 dBm);
 * - it keeps its last `replayLines` (default 64) sequenced lines, exactly as first encoded, and answers
 *   `CMD replay from=N` with lines N… byte for byte, or `ERR code=4` when N is not held (§6.1);
 * - `CMD blink ms=…` sets `blinkingUntil`, `CMD scan ms=…` sets `scanMs` (silent on success, §5.6);
 * - it answers a command it does not know with `ERR code=1`, a bad argument with `ERR code=2`, a
 *   `snap` of a zone it does not have with `ERR code=3` (§5.7); a line with a bad CRC stays unanswered;
 * - a missed read the reader knows of (`dropDelta` answering `'reported'`: a collision) is reported
 *   as `ERR code=6 zone=… text=collision` (tag-unreadable; the ADD/DEL itself is still missing), and
 *   the reader then re-reads that zone and sends its SNAP unasked (PROTOCOL.md §7 rule 2 allows
 *   unsolicited snapshots), so the hub has the truth at once instead of at the next periodic one.
 * A version 0 reader (the default) sends none of these and ignores every command but `snap`.
 *
 * The scan (`scanPeriodMs` > 0; default 0: every change is reported at once, as before): the reader
 * inventories its zones once every `scanPeriodMs`, at a phase of its own (`scanPhaseMs`, default
 * random), and debounces on board as the reference firmware does (firmware/core: a tag is present
 * after `presentAfter` consecutive scans that read it, gone after `absentAfter` that miss it). A tile
 * put down at t is reported (ADD) at the `presentAfter`-th scan at or after t: between
 * (`presentAfter` - 1) and `presentAfter` scan periods after it came to rest; lifted, at the
 * `absentAfter`-th scan. A tile lifted before its ADD went out is never reported; put back before its
 * DEL went out, neither. Snapshots hold what has been reported. `announceDebounce` (v1, `presentAfter`
 * ≥ 2): the HELLO says so, `deb=<presentAfter> scan=<scanPeriodMs>` (PROTOCOL.md §5.1).
 */
import { encodeLine, nextSeq, LineSplitter } from '../../firmware-protocol/codec.js';
import { PROTOCOL_VERSION, type ProtocolVersion, type ReaderMessage } from '../../firmware-protocol/messages.js';
import { crc16 } from '../../firmware-protocol/crc16.js';

/**
 * The signal strength (dBm) a tag reads at on the antenna it lies on: -40 to -55, fixed per tag and
 * zone (each tile sits a little differently): -40 - (CRC-16 of `zone/tag` mod 16).
 */
export function ownAntennaRssi(zone: string, tag: string): number {
  return -40 - (crc16(`${zone}/${tag}`) % 16);
}

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
  /**
   * noise: true = this ADD/DEL is missed (not sent, no sequence number taken); `'reported'` = missed,
   * and a v1 reader knows it (a collision): it sends `ERR code=6` for the zone instead
   */
  dropDelta?: (msg: { type: 'ADD' | 'DEL'; zone: string; tag: string }) => boolean | 'reported';
  /** protocol version spoken (default {@link PROTOCOL_VERSION}, 0); 1 adds rssi, ERR, blink/scan/replay */
  protocol?: ProtocolVersion;
  /** v1: sequenced lines kept for `CMD replay` (default 64; PROTOCOL.md §6.1 asks for at least 32) */
  replayLines?: number;
  /** the scan period (ms; default 0: no scan modelled, every change reported at once); `CMD scan ms=` changes it */
  scanPeriodMs?: number;
  /** when the scans fall: at `scanPhaseMs + k × scanPeriodMs` on the reader's clock (default: a random phase in [0, period)) */
  scanPhaseMs?: number;
  /** with a scan: consecutive scans that must read a tag before its ADD (N, default 1: no debounce) */
  presentAfter?: number;
  /** with a scan: consecutive scans that must miss a tag before its DEL (M, default 1) */
  absentAfter?: number;
  /** v1, with a scan and `presentAfter` ≥ 2: the HELLO announces the debounce, `deb=N scan=P` (default false) */
  announceDebounce?: boolean;
  /** called with each ADD or DEL as it is sent (the line itself goes to `send`) */
  onDelta?: (msg: { type: 'ADD' | 'DEL'; zone: string; tag: string }) => void;
}

/** One simulated reader. */
export class VirtualReader {
  readonly id: string;
  readonly zones: readonly string[];
  /** protocol version spoken (0 or 1) */
  readonly protocol: ProtocolVersion;
  /** zone → tag → the signal strength it reads at (dBm), in the order the tags came */
  private readonly tags = new Map<string, Map<string, number>>();
  /** v1: the last sequenced lines as sent (seq, line with its `\n`), oldest first */
  private readonly sent: { seq: number; line: string }[] = [];
  private readonly replayLines: number;
  /** v1: until when (ms, the reader's clock) its LED blinks after `CMD blink` (0: not blinking) */
  blinkingUntil = 0;
  /** v1: the inventory period set by `CMD scan` (ms), or null when never set */
  scanMs: number | null = null;
  /** v1: ERR lines sent, by code */
  readonly errorsSent = new Map<number, number>();
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
  /** the scan period in use (ms; 0: no scan modelled) */
  private scanPeriodMs: number;
  private readonly scanPhaseMs: number;
  private readonly presentAfter: number;
  private readonly absentAfter: number;
  private readonly announceDebounce: boolean;
  private readonly onDelta: VirtualReaderOptions['onDelta'];
  /** `zone/tag` → the report (ADD or DEL) waiting for its scan, with its timer */
  private readonly waiting = new Map<string, { type: 'ADD' | 'DEL'; rssi: number; timer: ReturnType<typeof setTimeout> }>();
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
    this.protocol = opts.protocol ?? (PROTOCOL_VERSION as ProtocolVersion);
    this.replayLines = opts.replayLines ?? 64;
    for (const z of opts.zones) this.tags.set(z, new Map());
    this.sendLine = opts.send;
    this.firmware = opts.firmware ?? 'sim-0.1.0';
    this.heartbeatMs = opts.heartbeatMs ?? 1000;
    this.now = opts.now ?? Date.now;
    this.bootedAt = this.now();
    this.snapshotMs = opts.snapshotMs ?? 0;
    this.dropDelta = opts.dropDelta;
    this.scanPeriodMs = opts.scanPeriodMs ?? 0;
    this.scanPhaseMs = opts.scanPhaseMs ?? Math.random() * this.scanPeriodMs;
    this.presentAfter = opts.presentAfter ?? 1;
    this.absentAfter = opts.absentAfter ?? 1;
    this.announceDebounce = opts.announceDebounce ?? false;
    this.onDelta = opts.onDelta;
  }

  /**
   * With a scan: ms from now to the `n`-th scan at or after now (a scan falling exactly now counts),
   * e.g. period 100, phase 30, now 1045, n 2: scans at 1130 and 1230, so 185.
   */
  scanDelay(n: number): number {
    const now = this.now();
    const p = this.scanPeriodMs;
    const next = this.scanPhaseMs + Math.ceil((now - this.scanPhaseMs) / p) * p;
    return next + (n - 1) * p - now;
  }

  /** The on-board debounce the HELLO announces, or undefined (not v1, no scan, N < 2, or not asked). */
  private announced(): { scans: number; scanMs: number } | undefined {
    if (!this.announceDebounce || this.protocol < 1 || this.scanPeriodMs <= 0 || this.presentAfter < 2) return undefined;
    return { scans: this.presentAfter, scanMs: Math.round(this.scanPeriodMs) };
  }

  /** With a scan: a change seen now is reported after `n` scans (a report waiting for the opposite change is cancelled instead). */
  private scheduleReport(type: 'ADD' | 'DEL', zone: string, tag: string, rssi: number): void {
    const key = `${zone}/${tag}`;
    const w = this.waiting.get(key);
    if (w) {
      // the opposite change had not been reported yet: the reader never saw the tile go (or come)
      clearTimeout(w.timer);
      this.waiting.delete(key);
      return;
    }
    const timer = setTimeout(
      () => {
        this.waiting.delete(key);
        this.report(type, zone, tag, rssi);
      },
      Math.max(0, this.scanDelay(type === 'ADD' ? this.presentAfter : this.absentAfter)),
    );
    timer.unref?.();
    this.waiting.set(key, { type, rssi, timer });
  }

  /** The reader's inventory now says the tag came (ADD) or went (DEL): its set changes, and the line goes out. */
  private report(type: 'ADD' | 'DEL', zone: string, tag: string, rssi: number): void {
    const set = this.zoneSet(zone);
    if (type === 'ADD') set.set(tag, rssi);
    else set.delete(tag);
    if (this.dropped({ type, zone, tag })) return;
    this.emit(type === 'ADD' ? { type, seq: this.takeSeq(), zone, tag, ...(this.protocol >= 1 ? { rssi } : {}) } : { type, seq: this.takeSeq(), zone, tag });
    this.onDelta?.({ type, zone, tag });
  }

  /** Tags now in `zone`, in the order they came. @throws Error when the reader has no such zone */
  tagsIn(zone: string): string[] {
    return [...this.zoneSet(zone).keys()];
  }

  /** The signal strength (dBm) each tag of `zone` reads at, parallel to `tagsIn(zone)`. @throws Error when the reader has no such zone */
  rssiIn(zone: string): number[] {
    return [...this.zoneSet(zone).values()];
  }

  /**
   * A tag came into a zone: updates the set and sends ADD (when connected). A tag already there is
   * ignored (no message). `rssi`: how strongly it reads (dBm, -128..0; default
   * {@link ownAntennaRssi}: it lies on this antenna); sent only by a v1 reader.
   * @throws Error when the reader has no such zone
   */
  add(zone: string, tag: string, rssi?: number): void {
    const set = this.zoneSet(zone);
    const strength = rssi ?? ownAntennaRssi(zone, tag);
    if (this.scanPeriodMs > 0) {
      const w = this.waiting.get(`${zone}/${tag}`);
      if (w ? w.type === 'ADD' : set.has(tag)) return;
      this.scheduleReport('ADD', zone, tag, strength);
      return;
    }
    if (set.has(tag)) return;
    this.report('ADD', zone, tag, strength);
  }

  /** A tag left a zone: updates the set and sends DEL (when connected; with a scan, `absentAfter` scans later). A tag not there is ignored. */
  remove(zone: string, tag: string): void {
    const set = this.zoneSet(zone);
    if (this.scanPeriodMs > 0) {
      const w = this.waiting.get(`${zone}/${tag}`);
      if (w ? w.type === 'DEL' : !set.has(tag)) return;
      this.scheduleReport('DEL', zone, tag, 0);
      return;
    }
    if (!set.has(tag)) return;
    this.report('DEL', zone, tag, 0);
  }

  /** Empties every zone silently and sets it (no ADD/DEL): the state at power-up, e.g. walls built. */
  load(zone: string, tags: readonly string[]): void {
    const set = this.zoneSet(zone);
    set.clear();
    for (const t of tags) set.set(t, ownAntennaRssi(zone, t));
  }

  /**
   * v1: sends `ERR seq=… code=… [zone=…] [text=…]` (PROTOCOL.md §5.7); a v0 reader sends nothing.
   * `text`: 1-64 printable characters, no space or `*`.
   */
  error(code: number, zone?: string, text?: string): void {
    if (this.protocol < 1) return;
    this.errorsSent.set(code, (this.errorsSent.get(code) ?? 0) + 1);
    this.emit({ type: 'ERR', seq: this.takeSeq(), code, ...(zone !== undefined ? { zone } : {}), ...(text !== undefined ? { text } : {}) });
  }

  /** Asks the noise hook whether this delta is missed; a missed read the reader knows of becomes ERR code 6. */
  private dropped(msg: { type: 'ADD' | 'DEL'; zone: string; tag: string }): boolean {
    if (!this.connected || this.off || !this.dropDelta) return false;
    const d = this.dropDelta(msg);
    if (d === 'reported' && this.protocol >= 1) {
      this.error(6, msg.zone, 'collision');
      this.emitSnap(msg.zone); // the re-read after the collision: the zone as it is now
    }
    return d !== false;
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
   * Bytes from the hub (any chunking). Handles `CMD snap` (HELLO + SNAPs); a v1 reader also
   * `blink`, `scan` and `replay`, and answers a CRC-valid command it cannot carry out with ERR (see
   * the module comment). Garbage and lines with a bad CRC are ignored, as firmware would. The first
   * command from the hub marks the reader connected.
   */
  receive(chunk: string): void {
    if (this.off) return; // rebooting: the UART is not listening
    for (const r of this.splitter.push(chunk)) {
      if (!r.ok) {
        // a hub line with a right CRC but a command or argument this reader cannot use (v1: say so)
        if (this.protocol >= 1 && this.connected && r.reason === 'malformed' && r.line.startsWith('CMD ')) {
          this.error(r.field === 'command' ? 1 : 2, undefined, r.field ? `bad-${r.field}` : undefined);
        }
        continue;
      }
      const m = r.message;
      if (m.type !== 'CMD') continue;
      if (m.command !== 'snap' && this.protocol < 1) continue; // v0 knows only snap
      if (!this.connected) {
        this.connected = true;
        this.startHeartbeat();
      }
      switch (m.command) {
        case 'snap':
          if (m.zone !== undefined && !this.tags.has(m.zone) && this.protocol >= 1) {
            this.error(3, undefined, `no-zone-${m.zone}`);
            break;
          }
          this.snapRequests++;
          this.sendSnapshot(m.zone);
          this.onSnapRequest?.();
          break;
        case 'blink':
          this.blinkingUntil = m.ms === 0 ? 0 : this.now() + m.ms;
          break;
        case 'scan':
          this.scanMs = m.ms;
          if (this.scanPeriodMs > 0) this.scanPeriodMs = m.ms; // the modelled scan follows (its next HELLO says so)
          break;
        case 'replay':
          this.replay(m.from);
          break;
      }
    }
  }

  /**
   * v1 `CMD replay from=N` (PROTOCOL.md §6.1): re-sends held lines N… byte for byte; nothing when N
   * is the next seq; `ERR code=4` when N is no longer held or in the future.
   */
  private replay(from: number): void {
    const next = this.seq < 0 ? 0 : nextSeq(this.seq);
    if (from === next) return;
    const i = this.sent.findIndex((l) => l.seq === from);
    if (i < 0) {
      const oldest = this.sent[0]?.seq;
      const newest = this.sent.at(-1)?.seq;
      const text = oldest === undefined ? 'nothing-held' : newest !== undefined && from > newest && from - newest < 1_000_000 ? `not-sent-yet-newest-is-${newest}` : `oldest-held-is-${oldest}`;
      this.error(4, undefined, text);
      return;
    }
    for (const l of this.sent.slice(i)) if (this.connected && !this.off) this.sendLine(l.line);
  }

  /** Sends HELLO and the SNAP of every zone (or of `zone` only, when it is one of the reader's). */
  sendSnapshot(zone?: string): void {
    const debounce = this.announced();
    this.emit({ type: 'HELLO', reader: this.id, firmware: this.firmware, protocol: this.protocol, zones: [...this.zones], ...(debounce ? { debounce } : {}) });
    const which = zone !== undefined && this.tags.has(zone) ? [zone] : this.zones;
    for (const z of which) this.emitSnap(z);
  }

  private emitSnap(z: string): void {
    this.emit({ type: 'SNAP', seq: this.takeSeq(), zone: z, tags: this.tagsIn(z), ...(this.protocol >= 1 ? { rssi: this.rssiIn(z) } : {}) });
  }

  /** Sends one heartbeat now (when connected). */
  heartbeat(): void {
    this.emit({ type: 'HB', seq: this.takeSeq(), uptimeMs: Math.max(0, Math.round(this.now() - this.bootedAt)) });
  }

  /** Sends a SNAP of every zone, without HELLO (the firmware's periodic inventory). */
  periodicSnapshot(): void {
    for (const z of this.zones) this.emitSnap(z);
  }

  /** Noise: the reader reboots; it sends nothing until powerOn(). Tags are still tracked (the antenna still sees them). */
  powerOff(): void {
    this.off = true;
    this.seq = -1;
    this.sent.length = 0; // RAM is lost
    this.blinkingUntil = 0;
    this.scanMs = null;
    this.splitter.reset();
  }

  /** Noise: the reader is back from a reboot: uptime and seq restart, HELLO + SNAP of every zone. */
  powerOn(): void {
    this.off = false;
    this.seq = -1;
    this.bootedAt = this.now();
    this.sendSnapshot();
  }

  /** Stops the heartbeat and snapshot timers, and the reports waiting for their scan (never sent). */
  stop(): void {
    for (const w of this.waiting.values()) clearTimeout(w.timer);
    this.waiting.clear();
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

  private zoneSet(zone: string): Map<string, number> {
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
    if (this.off) return;
    const line = encodeLine(msg) + '\n';
    // v1 firmware keeps its sequenced lines for replay whether or not a host was listening
    if (this.protocol >= 1 && msg.type !== 'HELLO') {
      this.sent.push({ seq: msg.seq, line });
      if (this.sent.length > this.replayLines) this.sent.shift();
    }
    if (!this.connected) return;
    this.sendLine(line);
  }
}

/**
 * What the simulator's runner and noise model need of a reader: a {@link VirtualReader}, or a
 * FirmwareReader (firmware-reader.ts: the host build of firmware/ making the lines itself).
 */
export type SimReader = Pick<VirtualReader, 'id' | 'zones' | 'add' | 'remove' | 'load' | 'tagsIn' | 'receive' | 'connect' | 'disconnect' | 'stop' | 'snapRequests' | 'powerOff' | 'powerOn'>;
