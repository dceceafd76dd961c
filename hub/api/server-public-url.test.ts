/**
 * The hub's network edge (hub/api/server.ts): seat links and QR codes carry `--public-url` when it
 * is given (a phone cannot open 127.0.0.1), the server listens on the host it is told, and the
 * helpers behind the banner's phone addresses.
 */
import QRCode from 'qrcode';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import type { SeatCode } from './seat.js';
import { createHubServer, isLoopbackHost, lanUrls, localUrl, parsePublicUrl, type HubServer } from './server.js';

const TOKEN = 'director-token-for-tests';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const servers: HubServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function make(publicUrl?: string): Promise<HubServer> {
  const hub = await createHubServer({
    tables: [new FakeTableRuntime(sampleDirectorView('t1'))],
    directorToken: TOKEN,
    seatSecret: Buffer.alloc(32, 3),
    ...(publicUrl !== undefined ? { publicUrl } : {}),
  });
  servers.push(hub);
  return hub;
}

describe('seat links and QR codes', () => {
  it("use --public-url when given, whatever Host the director's request carried", async () => {
    const hub = await make('http://192.168.1.20:8080/');
    const res = await hub.app.inject({ method: 'GET', url: '/api/director/tables/t1/seats', headers: { ...AUTH, host: '127.0.0.1:8181' } });
    expect(res.statusCode).toBe(200);
    const codes = res.json<SeatCode[]>();
    expect(codes.map((c) => [c.player, c.name, c.seat])).toEqual([
      [0, 'Ann', 'East'],
      [1, 'Bea', 'West'],
    ]);
    for (const c of codes) {
      expect(c.url).toBe(`http://192.168.1.20:8080/seat/${c.token}`);
      // the QR code is exactly the QR of that link (same options as hub/api/seat.ts)
      expect(c.qrSvg).toBe(await QRCode.toString(c.url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }));
    }
  });

  it("keep the request's origin when no public URL is set (as before)", async () => {
    const hub = await make();
    const res = await hub.app.inject({ method: 'GET', url: '/api/director/tables/t1/seats', headers: { ...AUTH, host: '10.0.0.5:8080' } });
    const codes = res.json<SeatCode[]>();
    expect(codes[0]!.url).toBe(`http://10.0.0.5:8080/seat/${codes[0]!.token}`);
  });

  it('a public URL with a path prefix keeps it (a hub behind a reverse proxy)', async () => {
    const hub = await make('https://club.example.org/mahjongg');
    const res = await hub.app.inject({ method: 'GET', url: '/api/director/tables/t1/seats', headers: AUTH });
    const codes = res.json<SeatCode[]>();
    expect(codes[1]!.url).toBe(`https://club.example.org/mahjongg/seat/${codes[1]!.token}`);
  });

  it('a bad public URL is refused when the server is built, naming it', async () => {
    await expect(createHubServer({ tables: [], directorToken: TOKEN, publicUrl: '192.168.1.20:8080' })).rejects.toThrow(
      'publicUrl must be an http:// or https:// URL such as http://192.168.1.20:8080, not "192.168.1.20:8080"',
    );
  });
});

describe('listen', () => {
  it('listens on the host it is given (127.0.0.1) and any free port', async () => {
    const hub = await make();
    const url = await hub.listen(0, '127.0.0.1');
    const addr = hub.app.server.address();
    expect(typeof addr === 'object' && addr !== null ? addr.address : null).toBe('127.0.0.1');
    expect(url).toBe(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`);
    expect((await fetch(`${url}/api/tables`)).status).toBe(200);
  });

  it('defaults to 127.0.0.1 (a bare npm start stays on this machine)', async () => {
    const hub = await make();
    await hub.listen(0);
    const addr = hub.app.server.address();
    expect(typeof addr === 'object' && addr !== null ? addr.address : null).toBe('127.0.0.1');
  });
});

describe('the helpers of the banner', () => {
  it('parsePublicUrl keeps http(s) URLs without a trailing slash and refuses the rest, naming the option', () => {
    expect(parsePublicUrl('http://192.168.1.20:8080/')).toBe('http://192.168.1.20:8080');
    expect(parsePublicUrl('https://hub.local')).toBe('https://hub.local');
    expect(() => parsePublicUrl('ftp://x')).toThrow('--public-url must be an http:// or https:// URL such as http://192.168.1.20:8080, not "ftp://x"');
    expect(() => parsePublicUrl('http://h/?a=1', 'MJHUB_PUBLIC_URL')).toThrow('MJHUB_PUBLIC_URL must be an http:// or https:// URL');
    expect(() => parsePublicUrl('')).toThrow('not ""');
  });

  it('isLoopbackHost: 127.x, ::1 and localhost only', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost'].map(isLoopbackHost)).toEqual([true, true, true, true, true]);
    expect(['0.0.0.0', '::', '192.168.1.20', 'hub.local'].map(isLoopbackHost)).toEqual([false, false, false, false]);
  });

  it("localUrl turns a wildcard into this machine's loopback", () => {
    expect(localUrl('0.0.0.0', 8080)).toBe('http://127.0.0.1:8080');
    expect(localUrl('::', 8080)).toBe('http://[::1]:8080');
    expect(localUrl('192.168.1.20', 8080)).toBe('http://192.168.1.20:8080');
    expect(localUrl('fe80::1', 8080)).toBe('http://[fe80::1]:8080');
  });

  it('lanUrls lists the IPv4 non-internal addresses a phone opens', () => {
    const nets = {
      lo: [
        { address: '127.0.0.1', family: 'IPv4', internal: true },
        { address: '::1', family: 'IPv6', internal: true },
      ],
      wlan0: [
        { address: '192.168.1.20', family: 'IPv4', internal: false },
        { address: 'fe80::5', family: 'IPv6', internal: false },
      ],
      eth0: [{ address: '10.0.0.5', family: 4, internal: false }],
    };
    expect(lanUrls('0.0.0.0', 8080, nets)).toEqual(['http://192.168.1.20:8080', 'http://10.0.0.5:8080']);
    expect(lanUrls('10.0.0.5', 9000, nets)).toEqual(['http://10.0.0.5:9000']);
    expect(lanUrls('127.0.0.1', 8080, nets)).toEqual([]);
    expect(lanUrls('0.0.0.0', 8080, { lo: nets.lo })).toEqual([]);
  });
});
