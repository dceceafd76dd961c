import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, Manager, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeTableRuntime, sampleDirectorView } from './fake-runtime.js';
import { loadOrCreateSeatSecret, SeatTokenError, SeatTokens, type SeatCode } from './seat.js';
import { SEAT_NAMESPACE } from './seat-events.js';
import { createHubServer, type HubServer } from './server.js';
import { DIRECTOR_NAMESPACE, EV } from './socket-events.js';
import type { SeatView } from './views.js';

const SECRET = Buffer.alloc(32, 7);
const DIRECTOR = 'director-secret-1';

describe('seat tokens (HMAC-SHA256, one seat of one game of one table)', () => {
  const at = 1_700_000_000_000;
  const tokens = new SeatTokens(SECRET, { now: () => at, ttlMs: 60_000 });
  const refused = (token: unknown, t = tokens) => {
    try {
      t.verify(token);
      return null;
    } catch (e) {
      expect(e).toBeInstanceOf(SeatTokenError);
      return [(e as SeatTokenError).statusCode, (e as Error).message];
    }
  };

  it('round-trips table, player, game and expiry', () => {
    const token = tokens.issue({ table: 't1', player: 1, game: 3 });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify(token)).toEqual({ table: 't1', player: 1, game: 3, exp: at + 60_000 });
  });

  it("refuses a tampered payload, a tampered signature, another hub's token, an expired one, and garbage", () => {
    const token = tokens.issue({ table: 't1', player: 1, game: 3 });
    const [payload, sig] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ t: 't1', p: 0, g: 3, e: at + 60_000 })).toString('base64url');
    const tampered = [401, 'seat token signature does not match: the code was altered or comes from another hub'];
    expect(refused(`${forged}.${sig}`)).toEqual(tampered);
    expect(refused(`${payload}.${sig.slice(0, -2)}AA`)).toEqual(tampered);
    // the signature's last character has 2 unused bits: the 3 other spellings of the same bytes are refused too
    const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const same = [...abc].filter((c) => c !== sig.at(-1) && abc.indexOf(c) >> 2 === abc.indexOf(sig.at(-1)!) >> 2);
    expect(same.map((c) => refused(`${payload}.${sig.slice(0, -1)}${c}`))).toEqual([tampered, tampered, tampered]);
    expect(refused(new SeatTokens(Buffer.alloc(32, 8), { now: () => at }).issue({ table: 't1', player: 1, game: 3 }))).toEqual(tampered);
    const later = new SeatTokens(SECRET, { now: () => at + 60_000 });
    expect(refused(token, later)).toEqual([401, 'seat token expired at 2023-11-14T22:14:20.000Z: ask the director for a new code']);
    expect(refused('')).toEqual([400, 'seat token missing']);
    expect(refused(42)).toEqual([400, 'seat token missing']);
    expect(refused('no-dot-here')).toEqual([400, 'seat token is malformed: expected <payload>.<signature> in base64url']);
    expect(refused('a'.repeat(600))).toEqual([400, 'seat token is malformed: longer than 512 characters']);
  });

  it('keeps its secret in the data folder, so codes survive a restart', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mjhub-seat-'));
    const a = loadOrCreateSeatSecret(dir);
    expect(a).toHaveLength(32);
    expect(loadOrCreateSeatSecret(dir).equals(a)).toBe(true);
    expect(readFileSync(path.join(dir, 'seat-secret.key'), 'utf8')).toBe(a.toString('hex') + '\n');
    writeFileSync(path.join(dir, 'seat-secret.key'), 'nope');
    expect(() => loadOrCreateSeatSecret(dir)).toThrow('seat-secret.key: expected 64 hex digits');
  });
});

// ---------------------------------------------------------------- over HTTP and socket.io

let hub: HubServer | null = null;
const clients: Socket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await hub?.close();
  hub = null;
});

async function start() {
  const t1 = new FakeTableRuntime(sampleDirectorView('t1'));
  const t2 = new FakeTableRuntime(sampleDirectorView('t2'));
  hub = await createHubServer({ tables: [t1, t2], directorToken: DIRECTOR, seatSecret: SECRET });
  const url = await hub.listen(0);
  const codes = async (table = 't1', query = ''): Promise<SeatCode[]> => {
    const res = await fetch(`${url}/api/director/tables/${table}/seats${query}`, { headers: { authorization: `Bearer ${DIRECTOR}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as SeatCode[];
  };
  return { url, t1, t2, codes };
}

const BEA = ['2D#1', '2D#2', '4B#1', 'WD#1', 'F#2', 'J#2', '1D#1', '7C#3', 'GD#2'];
const ANN = ['1B#1', '4C#2', 'RD#1', 'F#1', '1C#1', '9D#3', 'GD#1', 'J#1'];

describe('seat routes', () => {
  it('gives the director one code per player with a QR code; nobody else', async () => {
    const { url, codes } = await start();
    expect((await fetch(`${url}/api/director/tables/t1/seats`)).status).toBe(401);
    const list = await codes();
    expect(list.map((c) => [c.player, c.name, c.seat, c.game])).toEqual([
      [0, 'Ann', 'East', 1],
      [1, 'Bea', 'West', 1],
    ]);
    expect(list[0]!.url).toBe(`${url}/seat/${list[0]!.token}`);
    expect(list[0]!.qrSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((await codes('t1', '?game=2')).map((c) => c.game)).toEqual([2, 2]);
    const far = await fetch(`${url}/api/director/tables/t1/seats?game=999999`, { headers: { authorization: `Bearer ${DIRECTOR}` } });
    expect([far.status, ((await far.json()) as { message: string }).message]).toEqual([
      400,
      "no seat codes for game 999999: table 't1' is on game 1 (ask for game 1, or game 2 to hand out before it begins)",
    ]);
    const ahead = await fetch(`${url}/api/director/tables/t1/seats?game=3`, { headers: { authorization: `Bearer ${DIRECTOR}` } });
    expect([ahead.status, ((await ahead.json()) as { message: string }).message]).toEqual([
      400,
      "no seat codes for game 3: table 't1' is on game 1 (ask for game 1, or game 2 to hand out before it begins)",
    ]);
    const unknown = await fetch(`${url}/api/director/tables/t9/seats`, { headers: { authorization: `Bearer ${DIRECTOR}` } });
    expect([unknown.status, ((await unknown.json()) as { message: string }).message]).toEqual([404, "unknown table 't9'"]);
  });

  it("serves that seat's own tiles and no one else's", async () => {
    const { url, codes } = await start();
    const [ann, bea] = await codes();
    const res = await fetch(`${url}/api/seat/${bea!.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const view = JSON.parse(text) as SeatView;
    expect([view.player, view.name, view.gameNo, view.turn]).toEqual([1, 'Bea', 1, 0]);
    expect(view.racks[0]!.concealed.map((t) => t.id)).toEqual(
      ['4B#1', '6B#1', '6B#2', '8B#1', '8B#2', '4B#2', '2D#1', '2D#2', 'WD#1', 'WD#2', 'F#2', 'F#3', 'J#2'].sort((a, b) => order(a) - order(b)),
    );
    expect(view.racks.map((r) => r.concealed.length)).toEqual([13, 14]);
    for (const id of BEA) expect(text).toContain(`"${id}"`);
    for (const id of ANN) expect(text).not.toContain(`"${id}"`);
    expect(text).not.toContain('evidence');
    expect(text).not.toContain('lines');
    expect(view.practice).toBeNull(); // the fake table has no seatView: no practice help
    const annText = await (await fetch(`${url}/api/seat/${ann!.token}`)).text();
    for (const id of ANN) expect(annText).toContain(`"${id}"`);
    for (const id of BEA) expect(annText).not.toContain(`"${id}"`);
  });

  it('refuses a tampered token, another table, a game that is over, and a game not begun', async () => {
    const { url, t1, codes } = await start();
    const [, bea] = await codes();
    const get = async (p: string) => {
      const r = await fetch(`${url}${p}`);
      return [r.status, ((await r.json()) as { message: string }).message];
    };
    const [payload, sig] = bea!.token.split('.') as [string, string];
    // Bea's code with the player changed to Ann's: the signature no longer matches
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), p: 0 })).toString('base64url');
    expect(await get(`/api/seat/${forged}.${sig}`)).toEqual([401, 'seat token signature does not match: the code was altered or comes from another hub']);
    expect(await get(`/api/seat/${bea!.token}?table=t2`)).toEqual([403, "seat token is for table 't1', not 't2'"]);
    const t2code = (await codes('t2'))[1]!;
    expect((await fetch(`${url}/api/seat/${t2code.token}`)).status).toBe(200);
    expect(await get(`/api/seat/${t2code.token}?table=t1`)).toEqual([403, "seat token is for table 't2', not 't1'"]);
    // a code for game 2 (handed out ahead) while game 1 is in play
    expect(await get(`/api/seat/${(await codes('t1', '?game=2'))[1]!.token}`)).toEqual([409, "seat token is for game 2; table 't1' is on game 1, not yet over"]);
    // game 1 ends: a code for game 2 opens a seat with no tiles until the walls are built
    t1.set((v) => (v.phase = 'ended'));
    const next = (await codes())[1]!;
    expect(next.game).toBe(2);
    const pending = (await (await fetch(`${url}/api/seat/${next.token}`)).json()) as SeatView;
    expect([pending.gameNo, pending.phase, pending.racks.map((r) => r.concealed.length)]).toEqual([2, 'waiting', [0, 0]]);
    // game 2 begins: the game 1 code is refused
    t1.set((v) => {
      v.gameNo = 2;
      v.phase = 'deal';
    });
    expect(await get(`/api/seat/${bea!.token}`)).toEqual([410, "seat token is for game 1; table 't1' is on game 2 now: ask the director for this game's code"]);
    expect((await fetch(`${url}/api/seat/${next.token}`)).status).toBe(200);
  });
});

const KINDS = [
  '1B',
  '2B',
  '3B',
  '4B',
  '5B',
  '6B',
  '7B',
  '8B',
  '9B',
  '1C',
  '2C',
  '3C',
  '4C',
  '5C',
  '6C',
  '7C',
  '8C',
  '9C',
  '1D',
  '2D',
  '3D',
  '4D',
  '5D',
  '6D',
  '7D',
  '8D',
  '9D',
  'N',
  'E',
  'W',
  'S',
  'RD',
  'GD',
  'WD',
  'F',
  'J',
];
function order(id: string): number {
  const [k, n] = id.split('#') as [string, string];
  return KINDS.indexOf(k) * 100 + Number(n);
}

describe('the /seat namespace', () => {
  function seatClient(url: string, token: unknown) {
    const socket = connect(url + SEAT_NAMESPACE, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
    clients.push(socket);
    const got: { ev: string; payload: any }[] = [];
    socket.onAny((ev: string, payload: unknown) => got.push({ ev, payload }));
    return { socket, got };
  }
  const until = async (cond: () => boolean, what: string) => {
    await vi.waitFor(
      () => {
        if (!cond()) throw new Error(`timed out waiting for ${what}`);
      },
      { timeout: 5000, interval: 10 },
    );
  };

  it('refuses a bad token at the handshake with a clear reason', async () => {
    const { url } = await start();
    const { socket } = seatClient(url, 'garbage');
    const err = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(err.message).toBe('seat token is malformed: expected <payload>.<signature> in base64url');
  });

  it('sends a snapshot, then seq-numbered deltas of that seat only; ends the seat when its game is over', async () => {
    const { url, t1, codes } = await start();
    const [, bea] = await codes();
    const c = seatClient(url, bea!.token);
    await new Promise<void>((r) => c.socket.once('connect', () => r()));
    c.socket.emit(EV.watch, {});
    await until(() => c.got.some((g) => g.ev === EV.snapshot), 'the snapshot');
    const snap = c.got.find((g) => g.ev === EV.snapshot)!.payload as { tableId: string; seq: number; view: SeatView };
    expect([snap.tableId, snap.seq, snap.view.player, snap.view.racks[1]!.concealed.length]).toEqual(['t1', 0, 1, 14]);
    // Bea discards her 7C#3 (from rack 2): one delta, seq 1, her rack shrinks, the floor grows
    t1.set((v) => {
      v.concealed[1]![1] = v.concealed[1]![1]!.filter((t) => t !== '7C#3');
      v.discards = [...v.discards, '7C'];
    });
    await until(() => c.got.some((g) => g.ev === EV.delta), 'a delta');
    const delta = c.got.find((g) => g.ev === EV.delta)!.payload as { seq: number; changes: Partial<SeatView> };
    expect(delta.seq).toBe(1);
    expect(Object.keys(delta.changes).sort()).toEqual(['discards', 'racks']);
    expect(delta.changes.racks![1]!.concealed.map((t) => t.id)).not.toContain('7C#3');
    // Ann's hand changes: Bea's seat hears nothing (no delta: her view did not change). Then a
    // discard Bea does see: deltas go out in order, so once its delta is here any delta for Ann's
    // change would have come before it, as seq 2
    t1.set((v) => (v.concealed[0]![0] = v.concealed[0]![0]!.slice(1)));
    t1.set((v) => (v.discards = [...v.discards, '3D']));
    await until(() => c.got.filter((g) => g.ev === EV.delta).length >= 2, 'the delta of the second discard');
    expect(c.got.filter((g) => g.ev === EV.delta).map((g) => [g.payload.seq, Object.keys(g.payload.changes)])).toEqual([
      [1, ['racks', 'discards']],
      [2, ['discards']],
    ]);
    for (const g of c.got) for (const id of ANN) expect(JSON.stringify(g.payload)).not.toContain(`"${id}"`);
    // the table moves on to game 2: the seat is told (fatal) and disconnected
    const closed = new Promise<void>((r) => c.socket.once('disconnect', () => r()));
    t1.set((v) => {
      v.gameNo = 2;
      v.phase = 'deal';
    });
    await closed;
    expect(c.got.at(-1)).toEqual({ ev: EV.problem, payload: { error: "seat token is for game 1; table 't1' is on game 2 now: ask the director for this game's code", fatal: true } });
  });

  it('a seat opened while the walls are built (a code for game 1 before its deal) follows the game once it begins', async () => {
    const { url, t1, codes } = await start();
    t1.set((v) => {
      v.gameNo = 0;
      v.phase = 'waiting';
      v.score = null;
    });
    const [, bea] = await codes();
    expect(bea!.game).toBe(1);
    const c = seatClient(url, bea!.token);
    await new Promise<void>((r) => c.socket.once('connect', () => r()));
    c.socket.emit(EV.watch, {});
    await until(() => c.got.some((g) => g.ev === EV.snapshot), 'the snapshot');
    const snap = c.got.find((g) => g.ev === EV.snapshot)!.payload as { view: SeatView };
    expect([snap.view.gameNo, snap.view.phase]).toEqual([1, 'waiting']);
    // the deal begins: game 1 is the table's game now
    t1.set((v) => {
      v.gameNo = 1;
      v.phase = 'deal';
    });
    await until(() => c.got.some((g) => g.ev === EV.delta && g.payload.changes.phase === 'deal'), 'the delta of the deal');
    t1.set((v) => (v.phase = 'play'));
    await until(() => c.got.some((g) => g.ev === EV.delta && g.payload.changes.phase === 'play'), 'the delta of play');
  });

  it('ends only the seat when its game is over: the public and director views of the same page keep receiving', async () => {
    const { url, t1, codes } = await start();
    const [, bea] = await codes();
    // one page, one connection: socket.io multiplexes the three namespaces over one Manager
    const manager = new Manager(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    const record = (socket: Socket) => {
      clients.push(socket);
      const got: { ev: string; payload: any }[] = [];
      socket.onAny((ev: string, payload: unknown) => got.push({ ev, payload }));
      socket.on('disconnect', (reason) => got.push({ ev: 'disconnect', payload: reason }));
      return { socket, got };
    };
    const pub = record(manager.socket('/'));
    const dir = record(manager.socket(DIRECTOR_NAMESPACE, { auth: { token: DIRECTOR } }));
    const seat = record(manager.socket(SEAT_NAMESPACE, { auth: { token: bea!.token } }));
    await until(() => pub.socket.connected && dir.socket.connected && seat.socket.connected, 'three namespaces connected');
    pub.socket.emit(EV.watch, { tableId: 't1' });
    dir.socket.emit(EV.watch, { tableId: 't1' });
    seat.socket.emit(EV.watch, {});
    for (const c of [pub, dir, seat]) await until(() => c.got.some((g) => g.ev === EV.snapshot), 'the three snapshots');
    // game 1 is over and game 2 begins: Bea's game 1 seat is refused and closed
    t1.set((v) => {
      v.gameNo = 2;
      v.phase = 'deal';
    });
    await until(() => seat.got.some((g) => g.ev === 'disconnect'), "the seat's disconnect");
    expect(seat.got.filter((g) => g.ev === EV.problem || g.ev === 'disconnect')).toEqual([
      { ev: EV.problem, payload: { error: "seat token is for game 1; table 't1' is on game 2 now: ask the director for this game's code", fatal: true } },
      { ev: 'disconnect', payload: 'io server disconnect' },
    ]);
    // the next change still reaches the public and the director views on the same connection
    const deltasBefore = [pub, dir].map((c) => c.got.filter((g) => g.ev === EV.delta).length);
    t1.set((v) => (v.discards = [...v.discards, '7C']));
    await until(() => [pub, dir].every((c, i) => c.got.filter((g) => g.ev === EV.delta).length > deltasBefore[i]!), 'the next delta on / and /director');
    for (const c of [pub, dir]) {
      expect(c.socket.connected).toBe(true);
      expect(c.got.some((g) => g.ev === 'disconnect')).toBe(false);
      expect((c.got.filter((g) => g.ev === EV.delta).at(-1)!.payload as { changes: { discards: string[] } }).changes.discards.at(-1)).toBe('7C');
    }
  });
});
