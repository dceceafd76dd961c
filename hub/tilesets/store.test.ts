import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fullTileSet, kindOf } from '../../rules/tiles.js';
import { tileSetById } from '../hub.js';
import { TileSetRegistry } from './registry.js';
import { enrolledTagMap, loadTileSet, saveTileSet, tileSetDir, tileSetPath } from './store.js';

const tag = (i: number) => `04C0FFEE${i.toString(16).toUpperCase().padStart(6, '0')}`;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tmp(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'mjhub-tilesets-'));
  dirs.push(d);
  return d;
}
function fullSet(id = 'club-set-3'): TileSetRegistry {
  const r = new TileSetRegistry(id);
  fullTileSet().forEach((t, i) => r.enrol(tag(i), kindOf(t)));
  return r;
}

describe('tile set files', () => {
  it('round-trips: saved atomically (no tmp file left), reloaded with the same tags, tiles and spares', () => {
    const data = tmp();
    const dir = tileSetDir(data);
    const r = fullSet();
    r.enrol('04AAAAAAAAAAAA', 'F');
    const file = saveTileSet(dir, r, true, new Date('2026-11-30T05:00:00Z'));
    expect(file).toBe(path.join(data, 'tilesets', 'club-set-3.json'));
    expect(readdirSync(dir)).toEqual(['club-set-3.json']);
    const body = JSON.parse(readFileSync(file, 'utf8'));
    expect(body).toMatchObject({ format: 'mjhub-tileset', version: 1, id: 'club-set-3', complete: true, savedAt: '2026-11-30T05:00:00.000Z', makeup: 'complete: 152 of 152 (1 spare)' });
    expect(body.tags[0]).toEqual({ tag: tag(0), tile: '1B#1', spare: false });
    expect(body.tags).toHaveLength(153);

    const back = loadTileSet(dir, 'club-set-3')!;
    expect(back.complete).toBe(true);
    expect(back.registry.entries()).toEqual(r.entries());
    expect(back.registry.get('04aaaaaaaaaaaa')).toEqual({ tag: '04AAAAAAAAAAAA', tile: 'F#9', spare: true });
    // the hub plays it by id
    const map = tileSetById('club-set-3', data);
    expect(map.size).toBe(153);
    expect(map.get(tag(151))).toBe('J#8');
  });

  it('a draft (incomplete) loads to go on with, but a hub refuses to play it', () => {
    const data = tmp();
    const dir = tileSetDir(data);
    const r = fullSet('half');
    r.remove(tag(fullTileSet().indexOf('5D#3')));
    saveTileSet(dir, r, false);
    expect(loadTileSet(dir, 'half')!.complete).toBe(false);
    expect(() => enrolledTagMap(dir, 'half')).toThrow(/tile set "half" \(.*half\.json\) is not complete \(missing 5D ×1\): finish its enrollment first/);
    expect(() => tileSetById('half', data)).toThrow(/missing 5D ×1/);
  });

  it('no file: null; unknown to the hub: a clear error; "none" is an empty set', () => {
    const data = tmp();
    expect(loadTileSet(tileSetDir(data), 'nope')).toBeNull();
    expect(() => tileSetById('nope', data)).toThrow(`unknown tile set "nope": it is neither "simulated" nor enrolled in ${tileSetDir(data)} (enrol it at /enroll/<table>)`);
    expect(tileSetById('none', data).size).toBe(0);
    expect(() => tileSetPath(tileSetDir(data), '../etc/passwd')).toThrow(/^tile set id "\.\.\/etc\/passwd" must start with a letter or digit/);
    // a device name would open the device, not `NUL.json`, on Windows
    expect(() => tileSetPath(tileSetDir(data), 'NUL')).toThrow(/^tile set id "NUL" is a Windows device name/);
  });

  it('a damaged file is refused naming the file and the entry', () => {
    const data = tmp();
    const dir = tileSetDir(data);
    saveTileSet(dir, fullSet('bad'), true);
    const file = tileSetPath(dir, 'bad');
    const body = JSON.parse(readFileSync(file, 'utf8'));
    body.tags[5].tag = body.tags[0].tag;
    writeFileSync(file, JSON.stringify(body));
    expect(() => loadTileSet(dir, 'bad')).toThrow(`${file}: entries[5]: tag ${tag(0)} is already enrolled as 1B#1; it cannot also be 2B#2 (the same tag twice)`);
    writeFileSync(file, '{ nope');
    expect(() => loadTileSet(dir, 'bad')).toThrow(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: not JSON`));
    expect(existsSync(file)).toBe(true);
  });
});
