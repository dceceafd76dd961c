import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeLine, encodeLine } from '../../firmware-protocol/codec.js';
import type { Message } from '../../firmware-protocol/messages.js';
import { simulatedTagUid, simulatedTileSet, tagOfTile, tileOfTag } from '../tilesets/simulated.js';
import { VirtualReader } from './reader.js';

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
