import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathUnder } from './path-under.js';

describe('pathUnder: an id becomes a path inside its folder, never outside', () => {
  it('joins one or more segments under the folder', () => {
    expect(pathUnder('/srv/mjhub/data', 'sim', 't1')).toBe('/srv/mjhub/data/sim/t1');
    expect(pathUnder('data/tilesets', 'club-set-3.json')).toBe(path.resolve('data/tilesets/club-set-3.json'));
    expect(pathUnder('/srv/data', '..hub')).toBe('/srv/data/..hub'); // a name that only starts with two dots stays inside
  });

  it('refuses traversal, the folder itself, and a name of several segments', () => {
    const refused = (...names: string[]) => {
      try {
        return pathUnder('/srv/data', ...names);
      } catch (e) {
        return (e as Error).message;
      }
    };
    const notOne = (n: string) => `${JSON.stringify(n)} cannot name a file or folder inside /srv/data: it must be one path segment, not empty, "." or ".."`;
    expect(refused('..')).toBe(notOne('..'));
    expect(refused('.')).toBe(notOne('.'));
    expect(refused('')).toBe(notOne(''));
    expect(refused('sim', '..')).toBe(notOne('..'));
    expect(refused('../etc')).toBe(notOne('../etc'));
    expect(refused('a/b')).toBe(notOne('a/b'));
    expect(refused('a\\b')).toBe(notOne('a\\b'));
    expect(refused('/etc')).toBe(notOne('/etc'));
    expect(refused()).toBe('no name given: the path would be /srv/data itself, not a file inside it');
  });
});
