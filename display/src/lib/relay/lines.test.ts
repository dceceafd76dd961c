import { describe, expect, it } from 'vitest';
import { encodeLine } from '../../../../firmware-protocol/codec.js';
import { ByteLines, helloReaderId } from './lines.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('ByteLines', () => {
  it('reassembles lines cut anywhere, drops \\r and empty lines', () => {
    const s = new ByteLines();
    expect(s.push(bytes('HB seq=1'))).toEqual([]);
    expect(s.push(bytes(' up=5*AB\r\n\nHB se'))).toEqual(['HB seq=1 up=5*AB']);
    expect(s.push('q=2 up=6*CD\nX\n')).toEqual(['HB seq=2 up=6*CD', 'X']);
  });
  it('after lost bytes, forgets the half line and skips to the next newline', () => {
    const s = new ByteLines();
    s.push(bytes('HELLO rdr=WL'));
    s.reset();
    expect(s.push(bytes('ne=wall*1234\nHB seq=3 up=7*EF\n'))).toEqual(['HB seq=3 up=7*EF']);
    // at a clean line end nothing is skipped
    s.reset();
    expect(s.push(bytes('HB seq=4 up=8*AB\n'))).toEqual(['HB seq=4 up=8*AB']);
  });
  it('drops a line longer than 4096 bytes up to the next newline, and counts it', () => {
    const s = new ByteLines();
    expect(s.push('A'.repeat(3000))).toEqual([]);
    expect(s.push('A'.repeat(3000))).toEqual([]);
    expect(s.push('AAA\nok\n')).toEqual(['ok']);
    expect(s.dropped).toBe(1);
    expect(s.push('B'.repeat(4097) + '\nfine\n')).toEqual(['fine']);
    expect(s.dropped).toBe(2);
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
