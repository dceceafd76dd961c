import { describe, expect, it } from 'vitest';
import { ago, enrollPath, percent, pickerRows } from './enroll.js';
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
