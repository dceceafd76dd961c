/** The player link's pages on the display: their routes and the seat key the player page follows (playerLink.ts, route.ts). */
import { describe, expect, it } from 'vitest';
import { route } from './route.js';
import { seatKeyOf, type PlayerLink } from './playerLink.js';

describe('the player link on the display', () => {
  it('routes /claim, /claim/:table and /player', () => {
    expect(route('/claim/t1')).toEqual({ page: 'claim', tableId: 't1' });
    expect(route('/claim/t%201/')).toEqual({ page: 'claim', tableId: 't 1' });
    expect(route('/claim')).toEqual({ page: 'claim', tableId: null });
    expect(route('/player')).toEqual({ page: 'player' });
    expect(route('/player/x')).toEqual({ page: 'not-found', path: '/player/x' });
  });

  it('a new game, table, seat or round is a new seat key; a new token for the same seat is not', () => {
    const l: PlayerLink = { player: 'p2', name: 'Bea', tournament: 'T', round: 1, rounds: 2, table: 1, label: '1', seat: 'South', hubTable: 't1', seatToken: 'a.b', game: 1 };
    expect(seatKeyOf(l)).toBe('t1/1/South/1/1');
    expect(seatKeyOf({ ...l, seatToken: 'c.d' })).toBe(seatKeyOf(l));
    expect(seatKeyOf({ ...l, game: 2 })).not.toBe(seatKeyOf(l));
    expect(seatKeyOf({ ...l, round: 2, table: 2, seat: 'West', hubTable: 't2' })).toBe('t2/2/West/1/2');
  });
});
