import { afterEach, describe, expect, it, vi } from 'vitest';
import { ago, enrollApi, enrollPath, percent, pickerRows } from './enroll.js';
import { route } from './route.js';

describe('enroll page helpers', () => {
  it('the picker has every one of the 36 kinds once, in card order', () => {
    const rows = pickerRows();
    expect(rows.map((r) => r.kinds.length)).toEqual([9, 9, 9, 4, 5]);
    expect(rows[3]!.kinds).toEqual(['N', 'E', 'W', 'S']);
    expect(rows[4]!.kinds).toEqual(['RD', 'GD', 'WD', 'F', 'J']);
    expect(rows.flatMap((r) => r.kinds)).toHaveLength(36);
  });
  it('says how long ago a tag was read', () => {
    expect(ago(1000, 1500)).toBe('just now');
    expect(ago(1000, 4500)).toBe('3 s ago');
    expect(ago(0, 150_000)).toBe('2 min ago');
  });
  it('builds the page path', () => {
    expect(enrollPath('t 1')).toBe('/enroll/t%201');
  });
});

describe('read rates in words', () => {
  it('percent: 0.6 is "60 %", 0.667 is "66.7 %", 0.9 is "90 %", 1 is "100 %"', () => {
    expect([0.6, 0.667, 0.9, 1].map(percent)).toEqual(['60 %', '66.7 %', '90 %', '100 %']);
  });
});

describe('route', () => {
  it('/enroll/:tableId is the enroll page', () => {
    expect(route('/enroll/t1')).toEqual({ page: 'enroll', tableId: 't1' });
    expect(route('/enroll/t%201/')).toEqual({ page: 'enroll', tableId: 't 1' });
    expect(route('/enroll')).toEqual({ page: 'not-found', path: '/enroll' });
  });
});

describe('the enrolment answers are read with the contract', () => {
  const view = {
    tableId: 't1',
    setId: 'club-1',
    enrolled: 0,
    total: 152,
    spares: 0,
    missing: [{ kind: '5D', count: 4 }],
    makeup: 'missing 5D ×4',
    complete: false,
    entries: [],
    unknown: [],
    savedFile: null,
  };
  const answer = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  afterEach(() => vi.unstubAllGlobals());

  it('a well-formed view is the value', async () => {
    vi.stubGlobal('fetch', answer(view));
    expect(await enrollApi('t1', 'tok').view()).toEqual({ ok: true, value: view });
  });

  it('a malformed answer is refused naming the field: enrolled as text, a tile that is no tile id', async () => {
    vi.stubGlobal('fetch', answer({ ...view, enrolled: '0' }));
    expect(await enrollApi('t1', 'tok').view()).toEqual({ ok: false, status: 200, message: "the hub's answer to GET /api/director/enroll/t1 does not fit: response.enrolled must be number" });
    vi.stubGlobal('fetch', answer({ entry: { tag: '04A1', tile: '5D', spare: false }, view }));
    expect(await enrollApi('t1', 'tok').enrol('04A1', '5D')).toEqual({
      ok: false,
      status: 200,
      message: 'the hub\'s answer to POST /api/director/enroll/t1/tags does not fit: response.entry.tile must be a tile id such as "5B#3"',
    });
  });
});
