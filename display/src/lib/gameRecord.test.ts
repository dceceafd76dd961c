import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadGameCapture, downloadGameRecord } from './api.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('downloadGameRecord (rules/GAME-RECORD.md)', () => {
  it('asks the director route with the token and saves the body as <table>-game-<n>.jsonl', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('{"format":"mjhub.game-record","version":1}\n', { status: 200 });
    });
    const saved: { href: string; download: string }[] = [];
    const anchor = { href: '', download: '', click: () => saved.push({ href: anchor.href, download: anchor.download }), remove: () => {} };
    vi.stubGlobal('document', { createElement: () => anchor, body: { appendChild: () => {} } });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:record', revokeObjectURL: () => {} }));
    expect(await downloadGameRecord('t 1', 3, 'abc')).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/director/tables/t%201/games/3/record']);
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer abc');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(saved).toEqual([{ href: 'blob:record', download: 't 1-game-3.jsonl' }]);
  });

  it("gives the hub's refusal word for word", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: "table 't1' has no game 4 (games begun: 3)" }), { status: 404 }));
    expect(await downloadGameRecord('t1', 4, '')).toBe("Not Found: table 't1' has no game 4 (games begun: 3)");
  });
});

describe('downloadGameCapture (firmware-protocol/CAPTURE.md)', () => {
  it('asks the director capture route with the token and saves the body as <table>-game-<n>.capture.jsonl', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      return new Response('{"format":"mjhub.capture","version":1}\n', { status: 200 });
    });
    const saved: string[] = [];
    const anchor = { href: '', download: '', click: () => saved.push(anchor.download), remove: () => {} };
    vi.stubGlobal('document', { createElement: () => anchor, body: { appendChild: () => {} } });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:capture', revokeObjectURL: () => {} }));
    expect(await downloadGameCapture('t1', 2, 'abc')).toBeNull();
    expect(calls).toEqual(['/api/director/tables/t1/games/2/capture']);
    expect(saved).toEqual(['t1-game-2.capture.jsonl']);
  });
});
