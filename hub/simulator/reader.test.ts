import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeLine, encodeLine, frameLine } from '../../firmware-protocol/codec.js';
import type { Message } from '../../firmware-protocol/messages.js';
import { simulatedTagUid, simulatedTileSet, tagOfTile, tileOfTag } from '../tilesets/simulated.js';
import { ownAntennaRssi, VirtualReader } from './reader.js';

function reader() {
  const lines: string[] = [];
  const r = new VirtualReader({ id: 'RK-E1', zones: ['in', 'top'], send: (l) => lines.push(l), heartbeatMs: 0, now: () => 5000 });
  const messages = () =>
    lines.map((l) => {
      expect(l.endsWith('\n')).toBe(true);
      const d = decodeLine(l);
      if (!d.ok) throw new Error(`bad line ${l}: ${d.reason} ${d.detail}`);
      return d.message;
    });
  return { r, lines, messages };
}

const T1 = tagOfTile('1B#1');
const T2 = tagOfTile('J#8');

describe('simulated tile set', () => {
  it('gives each of the 152 tiles a 7-byte tag, and back', () => {
    const set = simulatedTileSet();
    expect(set.size).toBe(152);
    expect(T1).toBe('044D4A00000003');
    expect(T2).toBe('044D4A00009794');
    expect(simulatedTagUid(151)).toBe(T2);
    expect(set.get(T1)).toBe('1B#1');
    expect(tileOfTag(T2.toLowerCase())).toBe('J#8');
    expect(tileOfTag('04000000000000')).toBeUndefined();
    for (const tag of set.keys()) expect(tag).toMatch(/^[0-9A-F]{14}$/);
    expect(() => tagOfTile('0B#1' as never)).toThrow(/not a tile/);
  });
});

describe('virtual reader', () => {
  afterEach(() => vi.useRealTimers());

  it('stays silent until a hub asks, then sends HELLO and a SNAP per zone (absence explicit)', () => {
    const { r, lines, messages } = reader();
    r.load('in', [T1]);
    r.add('top', T2); // before any hub: tracked, not sent
    expect(lines).toEqual([]);
    r.receive(encodeLine({ type: 'CMD', command: 'snap' }) + '\n');
    expect(messages()).toEqual<Message[]>([
      { type: 'HELLO', reader: 'RK-E1', firmware: 'sim-0.1.0', protocol: 0, zones: ['in', 'top'] },
      { type: 'SNAP', seq: 1, zone: 'in', tags: [T1] },
      { type: 'SNAP', seq: 2, zone: 'top', tags: [T2] },
    ]);
    expect(r.snapRequests).toBe(1);
  });

  it('sends ADD and DEL with the next sequence number for each move, and nothing for a no-op', () => {
    const { r, lines, messages } = reader();
    r.connect();
    lines.length = 0;
    r.add('in', T1);
    r.add('in', T1); // already there
    r.remove('in', T1);
    r.remove('top', T1); // not there
    r.add('top', T1);
    r.heartbeat();
    expect(messages()).toEqual<Message[]>([
      { type: 'ADD', seq: 2, zone: 'in', tag: T1 },
      { type: 'DEL', seq: 3, zone: 'in', tag: T1 },
      { type: 'ADD', seq: 4, zone: 'top', tag: T1 },
      { type: 'HB', seq: 5, uptimeMs: 0 },
    ]);
    expect(lines[0]).toBe(encodeLine({ type: 'ADD', seq: 2, zone: 'in', tag: T1 }) + '\n');
    expect(r.tagsIn('in')).toEqual([]);
    expect(r.tagsIn('top')).toEqual([T1]);
  });

  it('answers CMD snap zone=top with that zone only, ignores garbage and other lines, and survives chunking', () => {
    const { r, lines, messages } = reader();
    r.connect();
    lines.length = 0;
    const cmd = encodeLine({ type: 'CMD', command: 'snap', zone: 'top' }) + '\n';
    r.receive('garbage\nCMD snap*0000\n' + cmd.slice(0, 5));
    expect(lines).toEqual([]);
    r.receive(cmd.slice(5));
    expect(messages()).toEqual<Message[]>([
      { type: 'HELLO', reader: 'RK-E1', firmware: 'sim-0.1.0', protocol: 0, zones: ['in', 'top'] },
      { type: 'SNAP', seq: 2, zone: 'top', tags: [] },
    ]);
  });

  it('sends a heartbeat every 1000 ms with its uptime', () => {
    vi.useFakeTimers();
    let now = 10_000;
    const lines: string[] = [];
    const r = new VirtualReader({ id: 'FL-1', zones: ['floor'], send: (l) => lines.push(l), now: () => now });
    r.connect();
    now += 1000;
    vi.advanceTimersByTime(1000);
    now += 1000;
    vi.advanceTimersByTime(1000);
    r.stop();
    vi.advanceTimersByTime(5000);
    const ms = lines.map((l) => decodeLine(l)).map((d) => (d.ok ? d.message : null));
    expect(ms).toEqual([
      { type: 'HELLO', reader: 'FL-1', firmware: 'sim-0.1.0', protocol: 0, zones: ['floor'] },
      { type: 'SNAP', seq: 0, zone: 'floor', tags: [] },
      { type: 'HB', seq: 1, uptimeMs: 1000 },
      { type: 'HB', seq: 2, uptimeMs: 2000 },
    ]);
  });

  it('throws naming the reader and its zones for an unknown zone', () => {
    const { r } = reader();
    expect(() => r.add('wall', T1)).toThrow('reader RK-E1 has no zone "wall" (zones: in, top)');
  });
});

describe('virtual reader speaking protocol v1', () => {
  function v1(opts: { dropDelta?: () => boolean | 'reported' } = {}) {
    const lines: string[] = [];
    const r = new VirtualReader({ id: 'RK-E1', zones: ['in', 'top'], send: (l) => lines.push(l), heartbeatMs: 0, now: () => 5000, protocol: 1, ...opts });
    return { r, lines, text: () => lines.join('') };
  }

  it('a tile on its own antenna reads strong: -40 - (CRC-16 of "zone/tag" mod 16) dBm', () => {
    expect(ownAntennaRssi('in', T1)).toBe(-53);
    expect(ownAntennaRssi('top', T2)).toBe(-42);
    expect(ownAntennaRssi('top', T1)).toBe(-50);
  });

  it('says proto=1 and sends the signal strength on every ADD and SNAP (a cross-read as given, weak)', () => {
    const { r, text } = v1();
    r.load('in', [T1]);
    r.connect();
    r.add('top', T2);
    r.add('top', T1, -72); // the top antenna also sees the 1 Bam lying inside: a cross-read
    r.remove('top', T1);
    r.periodicSnapshot();
    expect(text()).toBe(
      [
        'HELLO rdr=RK-E1 fw=sim-0.1.0 proto=1 zones=in,top*6859',
        'SNAP seq=0 zone=in tags=044D4A00000003 rssi=-53*E8F3',
        'SNAP seq=1 zone=top tags= rssi=*ED7E',
        'ADD seq=2 zone=top tag=044D4A00009794 rssi=-42*AA6F',
        'ADD seq=3 zone=top tag=044D4A00000003 rssi=-72*3BE8',
        'DEL seq=4 zone=top tag=044D4A00000003*4045',
        'SNAP seq=5 zone=in tags=044D4A00000003 rssi=-53*AE67',
        'SNAP seq=6 zone=top tags=044D4A00009794 rssi=-42*8397',
        '',
      ].join('\n'),
    );
    // every line decodes with the hub's strict v1 rules
    for (const l of text().trim().split('\n')) expect(decodeLine(l, { protocol: 1 }).ok).toBe(true);
  });

  it('answers CMD replay from=N byte for byte, and ERR code=4 for a line not held or not sent yet', () => {
    const { r, lines } = v1();
    r.load('in', [T1]);
    r.connect();
    r.add('top', T2);
    r.remove('in', T1);
    const sent = [...lines];
    lines.length = 0;
    r.receive(encodeLine({ type: 'CMD', command: 'replay', from: 2 }) + '\n');
    expect(lines).toEqual(sent.slice(3)); // ADD seq=2 and DEL seq=3, exactly as first sent
    lines.length = 0;
    r.receive(encodeLine({ type: 'CMD', command: 'replay', from: 4 }) + '\n'); // the next seq: nothing missed
    expect(lines).toEqual([]);
    r.receive(encodeLine({ type: 'CMD', command: 'replay', from: 9 }) + '\n');
    expect(lines).toEqual(['ERR seq=4 code=4 text=not-sent-yet-newest-is-3*829A\n']);
  });

  it('keeps only its last replayLines lines: an older one is answered with ERR code=4', () => {
    const lines: string[] = [];
    const r = new VirtualReader({ id: 'FL-1', zones: ['floor'], send: (l) => lines.push(l), heartbeatMs: 0, now: () => 0, protocol: 1, replayLines: 2 });
    r.connect(); // SNAP seq=0
    r.heartbeat(); // seq 1
    r.heartbeat(); // seq 2
    lines.length = 0;
    r.receive(encodeLine({ type: 'CMD', command: 'replay', from: 0 }) + '\n');
    expect(lines).toEqual(['ERR seq=3 code=4 text=oldest-held-is-1*FE51\n']);
  });

  it('blink and scan are silent and change the reader; an unknown zone, command or argument gets ERR 3, 1, 2', () => {
    const { r, lines } = v1();
    r.connect();
    lines.length = 0;
    r.receive(encodeLine({ type: 'CMD', command: 'blink', ms: 3000 }) + '\n');
    r.receive(encodeLine({ type: 'CMD', command: 'scan', ms: 50 }) + '\n');
    expect(lines).toEqual([]);
    expect([r.blinkingUntil, r.scanMs]).toEqual([8000, 50]);
    r.receive(encodeLine({ type: 'CMD', command: 'snap', zone: 'wall' }) + '\n');
    r.receive(frameLine('CMD zap') + '\n');
    r.receive(frameLine('CMD blink ms=99999') + '\n');
    r.receive('CMD snap*0000\n'); // a bad CRC: silence
    expect(lines.join('')).toBe(['ERR seq=2 code=3 text=no-zone-wall*3BD3', 'ERR seq=3 code=1 text=bad-command*2121', 'ERR seq=4 code=2 text=bad-ms*7C23', ''].join('\n'));
  });

  it('a missed read it knows of (a collision) is reported with ERR code=6 and the zone re-read (SNAP); a v0 reader stays silent', () => {
    const { r, lines } = v1({ dropDelta: () => 'reported' });
    r.connect();
    lines.length = 0;
    r.add('top', T2);
    // the collision is reported, then the zone re-read and sent unasked: the tile is in it
    expect(lines).toEqual(['ERR seq=2 code=6 zone=top text=collision*A8A5\n', 'SNAP seq=3 zone=top tags=044D4A00009794 rssi=-42*3F95\n']);
    const v0: string[] = [];
    const old = new VirtualReader({ id: 'RK-E1', zones: ['in', 'top'], send: (l) => v0.push(l), heartbeatMs: 0, now: () => 0, dropDelta: () => 'reported' });
    old.connect();
    v0.length = 0;
    old.add('top', T2);
    old.receive(encodeLine({ type: 'CMD', command: 'blink', ms: 3000 }) + '\n');
    expect([v0, old.blinkingUntil]).toEqual([[], 0]);
  });
});

describe('virtual reader with a scan and an on-board debounce (N=2 present, M=3 misses)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A v1 rack reader scanning every 100 ms at phase 30 (scans at …, 1030, 1130, 1230 ms), clock and timers together. */
  function scanning(announceDebounce: boolean) {
    vi.useFakeTimers();
    let now = 1000;
    const lines: Message[] = [];
    const r = new VirtualReader({
      id: 'RK-E1',
      zones: ['in', 'top'],
      protocol: 1,
      heartbeatMs: 0,
      now: () => now,
      send: (l) => {
        const d = decodeLine(l);
        if (!d.ok) throw new Error(`bad line ${l}`);
        lines.push(d.message);
      },
      scanPeriodMs: 100,
      scanPhaseMs: 30,
      presentAfter: 2,
      absentAfter: 3,
      announceDebounce,
    });
    const advance = (ms: number) => {
      for (let i = 0; i < ms; i++) {
        now += 1;
        vi.advanceTimersByTime(1);
      }
    };
    return { r, lines, advance, at: () => now };
  }

  it('announces deb=2 scan=100 in its HELLO when asked, and not otherwise', () => {
    const a = scanning(true);
    a.r.connect();
    expect(a.lines[0]).toEqual({ type: 'HELLO', reader: 'RK-E1', firmware: 'sim-0.1.0', protocol: 1, zones: ['in', 'top'], debounce: { scans: 2, scanMs: 100 } });
    vi.useRealTimers();
    const b = scanning(false);
    b.r.connect();
    expect(b.lines[0]).toEqual({ type: 'HELLO', reader: 'RK-E1', firmware: 'sim-0.1.0', protocol: 1, zones: ['in', 'top'] });
  });

  it('a tile put down at 1045 ms is reported at the 2nd scan, 1230 ms (185 ms later); lifted at 1300, at the 3rd scan that misses it, 1530', () => {
    const { r, lines, advance, at } = scanning(true);
    r.connect();
    lines.length = 0;
    advance(45); // 1045
    expect(r.scanDelay(2)).toBe(185); // scans at 1130 and 1230
    r.add('in', T1);
    advance(184); // 1229
    expect(lines).toEqual([]);
    expect(r.tagsIn('in')).toEqual([]); // not reported yet: its snapshot does not hold it
    advance(1); // 1230
    expect(at()).toBe(1230);
    expect(lines).toEqual([{ type: 'ADD', seq: 2, zone: 'in', tag: T1, rssi: ownAntennaRssi('in', T1) }]);
    advance(70); // 1300
    r.remove('in', T1);
    advance(229); // 1529: scans at 1330, 1430 missed it, 1530 is the third
    expect(lines).toHaveLength(1);
    advance(1);
    expect(lines.at(-1)).toEqual({ type: 'DEL', seq: 3, zone: 'in', tag: T1 });
  });

  it('a tile lifted before its ADD went out is never reported (nor one put back before its DEL)', () => {
    const { r, lines, advance } = scanning(true);
    r.connect();
    lines.length = 0;
    r.add('in', T1); // at 1000: scans at 1030 and 1130 would report it
    advance(100);
    r.remove('in', T1);
    advance(1000);
    expect(lines).toEqual([]);
    r.add('top', T2);
    advance(200);
    expect(lines).toHaveLength(1);
    r.remove('top', T2);
    advance(150);
    r.add('top', T2); // back before the 3rd miss
    advance(1000);
    expect(lines).toHaveLength(1);
    expect(r.tagsIn('top')).toEqual([T2]);
  });
});
