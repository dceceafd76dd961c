import { describe, expect, it } from 'vitest';
import { ago, countText, delayText, flagWho, readerText, flagStatusText, paymentText, phaseText, playerName, rackLabel, wallLabel } from './format.js';
import { broadcastPath, route, tablePath, directorPath } from './route.js';
import { siameseFixture } from './fixtures.js';

describe('format', () => {
  const view = siameseFixture();

  it('writes the payment as players say it (003 rule 17)', () => {
    expect(paymentText(view.score, view.players)).toBe('Bea pays Ann 50');
    expect(paymentText({ ...view.score!, payment: { from: 0, to: 1, amount: 100 } }, view.players)).toBe('Ann pays Bea 100');
    expect(paymentText({ ...view.score!, payment: null }, view.players)).toBeNull();
    expect(paymentText(null, view.players)).toBeNull();
  });

  it('names players and racks 1-based', () => {
    expect(playerName(view.players, 1)).toBe('Bea');
    expect(playerName(view.players, 3)).toBe('Player 4');
    expect(rackLabel(0)).toBe('Rack 1');
    expect(rackLabel(null)).toBe('');
    expect(wallLabel(1)).toBe('Wall 2');
  });

  it('writes who a flag names and reader chips', () => {
    expect(flagWho(view.flags[0]!, view.players)).toBe('Bea · Rack 2');
    expect(flagWho({ player: 0, rack: null }, view.players)).toBe('Ann');
    expect(readerText({ id: 'RK-E1', state: 'connected', discarded: 0 })).toBe('RK-E1');
    expect(readerText({ id: 'RK-W2', state: 'stale', discarded: 3 })).toBe('RK-W2 stale · 3 bad');
  });

  it('writes counts, phases, statuses and ages', () => {
    expect(countText(27)).toBe('27');
    expect(countText(0)).toBe('0');
    expect(countText(null)).toBe('—');
    expect(phaseText({ phase: 'play' })).toBe('Playing');
    expect(phaseText({ phase: 'ended' })).toBe('Game over');
    expect(flagStatusText('awaiting-director')).toBe('awaiting the director');
    expect(ago(1_000, 1_500)).toBe('just now');
    expect(ago(0, 40_000)).toBe('40 s ago');
    expect(ago(0, 185_000)).toBe('3 min ago');
    expect(ago(null, 5)).toBe('never');
  });
});

describe('route', () => {
  it('routes by pathname', () => {
    expect(route('/')).toEqual({ page: 'list' });
    expect(route('/table/t1')).toEqual({ page: 'table', tableId: 't1' });
    expect(route('/table/t1/')).toEqual({ page: 'table', tableId: 't1' });
    expect(route('/director/t%201')).toEqual({ page: 'director', tableId: 't 1' });
    expect(route('/table')).toEqual({ page: 'not-found', path: '/table' });
    expect(route('/table/%E0%A4%A')).toEqual({ page: 'not-found', path: '/table/%E0%A4%A' });
  });

  it('routes the broadcast pages: /broadcast the room, /broadcast/<table> a table', () => {
    expect(route('/broadcast')).toEqual({ page: 'broadcast-room' });
    expect(route('/broadcast/t1')).toEqual({ page: 'broadcast', tableId: 't1' });
    expect(route(broadcastPath('t 2'))).toEqual({ page: 'broadcast', tableId: 't 2' });
  });

  it('routes /tiles to the tile faces chart', () => {
    expect(route('/tiles')).toEqual({ page: 'tiles' });
    expect(route('/tiles/x')).toEqual({ page: 'not-found', path: '/tiles/x' });
  });

  it("writes the broadcast's delay as spectators read it", () => {
    expect(delayText(900_000)).toBe('15 min delay'); // 15 × 60 000 ms
    expect(delayText(1_800_000)).toBe('30 min delay');
    expect(delayText(90_000)).toBe('1.5 min delay');
    expect(delayText(2000)).toBe('2 s delay');
    expect(delayText(0)).toBe('no delay');
  });

  it('builds paths that route back', () => {
    expect(tablePath('t 1')).toBe('/table/t%201');
    expect(route(directorPath('a/b'))).toEqual({ page: 'director', tableId: 'a/b' });
  });
});
