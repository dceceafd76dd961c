import { describe, expect, it } from 'vitest';
import { chooseFaceStyle, DEFAULT_FACE_STYLE, parseFaceStyle } from './faceStyle.js';

describe("a table display's tile faces", () => {
  it('reads "plain" and "traditional", nothing else', () => {
    expect(parseFaceStyle('plain')).toBe('plain');
    expect(parseFaceStyle('traditional')).toBe('traditional');
    expect([parseFaceStyle('Plain'), parseFaceStyle(''), parseFaceStyle(null), parseFaceStyle(undefined)]).toEqual([null, null, null, null]);
  });

  it('takes the URL first, then the display toggle, then the table config, else traditional', () => {
    expect(chooseFaceStyle({ query: 'plain', stored: 'traditional', tableDefault: 'traditional' })).toBe('plain');
    expect(chooseFaceStyle({ query: null, stored: 'plain', tableDefault: 'traditional' })).toBe('plain');
    expect(chooseFaceStyle({ query: null, stored: null, tableDefault: 'plain' })).toBe('plain');
    expect(chooseFaceStyle({ query: null, stored: null })).toBe('traditional');
    expect(DEFAULT_FACE_STYLE).toBe('traditional');
  });

  it('passes over a mistyped URL or stored value to the next source', () => {
    expect(chooseFaceStyle({ query: 'fancy', stored: 'plain' })).toBe('plain');
    expect(chooseFaceStyle({ query: 'fancy', stored: 'x', tableDefault: 'plain' })).toBe('plain');
  });
});
