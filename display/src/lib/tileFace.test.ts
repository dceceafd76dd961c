import { describe, expect, it } from 'vitest';
import { tileFace } from './tileFace.js';
import { TILE_KINDS } from '../../../rules/tiles.js';

describe('tileFace', () => {
  it('draws suit tiles with their number and suit colour', () => {
    expect(tileFace('5B')).toEqual({ family: 'suit', colour: 'bam', mark: '5', sub: 'BAM', name: '5 Bam', suit: 'B' });
    expect(tileFace('9C')).toEqual({ family: 'suit', colour: 'crak', mark: '9', sub: 'CRAK', name: '9 Crak', suit: 'C' });
    expect(tileFace('1D')).toEqual({ family: 'suit', colour: 'dot', mark: '1', sub: 'DOT', name: '1 Dot', suit: 'D' });
    // only a suit tile has a suit symbol
    expect(tileFace('RD').suit).toBeNull();
    expect(tileFace('J').suit).toBeNull();
  });

  it('draws dragons as R (red), G (green) and Soap (blue frame, no mark)', () => {
    expect(tileFace('RD')).toMatchObject({ family: 'dragon', colour: 'crak', mark: 'R', name: 'Red dragon' });
    expect(tileFace('GD')).toMatchObject({ family: 'dragon', colour: 'bam', mark: 'G', name: 'Green dragon' });
    expect(tileFace('WD')).toMatchObject({ family: 'soap', colour: 'dot', mark: '', name: 'White dragon (Soap)' });
  });

  it('draws winds as letters, flowers with a flower, jokers as JOKER', () => {
    expect(tileFace('N')).toMatchObject({ family: 'wind', mark: 'N', name: 'North wind' });
    expect(tileFace('E')).toMatchObject({ mark: 'E', name: 'East wind' });
    expect(tileFace('W')).toMatchObject({ mark: 'W', name: 'West wind' });
    expect(tileFace('S')).toMatchObject({ mark: 'S', name: 'South wind' });
    expect(tileFace('F')).toMatchObject({ family: 'flower', mark: '✿', name: 'Flower' });
    expect(tileFace('J')).toMatchObject({ family: 'joker', mark: '★', sub: 'JOKER', name: 'Joker' });
  });

  it('reads a physical tile id as its kind', () => {
    expect(tileFace('5B#3').name).toBe('5 Bam');
    expect(tileFace('J#8').sub).toBe('JOKER');
  });

  it('never throws on an unknown code', () => {
    expect(tileFace('XX')).toMatchObject({ family: 'unknown', mark: '?', name: 'unknown tile "XX"' });
    expect(tileFace('')).toMatchObject({ family: 'unknown' });
  });

  it('gives every one of the 36 kinds a distinct name', () => {
    const names = new Set(TILE_KINDS.map((k) => tileFace(k).name));
    expect(TILE_KINDS.length).toBe(36);
    expect(names.size).toBe(36);
    expect(TILE_KINDS.every((k) => tileFace(k).family !== 'unknown')).toBe(true);
  });
});
