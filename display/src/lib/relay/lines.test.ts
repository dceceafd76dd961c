import { describe, expect, it } from 'vitest';
import { encodeLine } from '../../../../firmware-protocol/codec.js';
import { forwardLines, helloReaderId, RawLineSplitter } from './lines.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('forwardLines (the page on the protocol splitter, firmware-protocol/lines.ts)', () => {
  it('hands lines to events.line and a line over 4096 bytes to events.overlong, in order', () => {
    const s = new RawLineSplitter();
    const got: string[] = [];
    const events = { line: (t: string) => got.push(`line ${t}`), overlong: (o: { head: string; length: number }) => got.push(`overlong ${o.head.length} ${o.length}`) };
    forwardLines(s.push(bytes('HB seq=1')), events);
    forwardLines(s.push(bytes(` up=5*AB\r\n${'A'.repeat(3000)}`)), events);
    forwardLines(s.push('A'.repeat(3000)), events);
    forwardLines(s.push('\nok\n'), events);
    // 3000 + 3000 = 6000 bytes; 80 kept
    expect(got).toEqual(['line HB seq=1 up=5*AB', 'overlong 80 6000', 'line ok']);
  });
});

describe('forwardLines: a frame cut off by a start of frame (0x02)', () => {
  it('goes to events.line as its head and 0x02, which the hub cuts again into the same cut frame', () => {
    const s = new RawLineSplitter();
    const got: string[] = [];
    const events = { line: (t: string) => got.push(t), overlong: () => got.push('overlong') };
    forwardLines(s.push('\u0002HB seq=1 up\u0002HB seq=2 up=6*CD\n'), events);
    expect(got).toEqual(['HB seq=1 up\u0002', 'HB seq=2 up=6*CD']);
    // the hub's relay splits each relayed payload with the same splitter: 11 bytes cut off
    expect(new RawLineSplitter().push(got[0]!)).toEqual([{ kind: 'cut', head: 'HB seq=1 up', length: 11 }]);
  });
});

describe('helloReaderId', () => {
  it('reads the reader id of a valid HELLO only', () => {
    const hello = encodeLine({ type: 'HELLO', reader: 'WL-1', firmware: '0.1.0', protocol: 0, zones: ['wall'] });
    expect(helloReaderId(hello)).toBe('WL-1');
    expect(helloReaderId(hello.replace('WL-1', 'WL-2'))).toBeNull(); // checksum no longer matches
    expect(helloReaderId('HB seq=1 up=2*0000')).toBeNull();
  });
});
