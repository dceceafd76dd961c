/**
 * The director secret of `npm start` (hub/director-secret.ts): with neither MJHUB_DIRECTOR_SECRET
 * nor --director-secret-file, the secret generated on the first start is kept in
 * `<data>/director-secret` (mode 0600) and the next start on the same data folder uses it again.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DIRECTOR_SECRET_FILE, directorSecretFor, loadOrCreateDirectorSecret } from './director-secret.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'mjhub-secret-'));
  dirs.push(d);
  return d;
};
const mode = (f: string) => statSync(f).mode & 0o777;

describe('the generated director secret', () => {
  it('is made on the first start (24 base64url characters, mode 0600) and the same on the next start', () => {
    const data = path.join(tmp(), 'data'); // the folder does not exist yet
    const first = directorSecretFor({ dataDir: data });
    const file = path.join(data, DIRECTOR_SECRET_FILE);
    expect(first).toMatchObject({ source: 'data', created: true, from: `generated, kept in ${file}` });
    expect(first.value).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(readFileSync(file, 'utf8')).toBe(`${first.value}\n`);
    expect(mode(file)).toBe(0o600);

    const second = directorSecretFor({ dataDir: data, env: '' }); // an empty env is "not set"
    expect(second).toEqual({ value: first.value, source: 'data', created: false, from: `kept in ${file}` });
    expect(mode(file)).toBe(0o600);
  });

  it('two data folders get two secrets; a looser mode is tightened to 0600', () => {
    const a = loadOrCreateDirectorSecret(tmp());
    const b = loadOrCreateDirectorSecret(tmp());
    expect(a.value).not.toBe(b.value);
    chmodSync(a.file, 0o644);
    expect(loadOrCreateDirectorSecret(path.dirname(a.file)).value).toBe(a.value);
    expect(mode(a.file)).toBe(0o600);
  });

  it('MJHUB_DIRECTOR_SECRET, then --director-secret-file, come first and write nothing', () => {
    const data = tmp();
    const f = path.join(data, 'given.txt');
    writeFileSync(f, 'tile-room-42\nsecond line ignored\n');
    expect(directorSecretFor({ env: 'from-env', file: f, dataDir: data })).toEqual({ value: 'from-env', source: 'env', created: false, from: 'from MJHUB_DIRECTOR_SECRET' });
    expect(directorSecretFor({ file: f, dataDir: data })).toEqual({ value: 'tile-room-42', source: 'file', created: false, from: `from ${f}` });
    expect(() => statSync(path.join(data, DIRECTOR_SECRET_FILE))).toThrow();
  });

  it('names the file when it is empty or missing', () => {
    const data = tmp();
    writeFileSync(path.join(data, DIRECTOR_SECRET_FILE), '\n', { mode: 0o600 });
    expect(() => directorSecretFor({ dataDir: data })).toThrow(
      `${path.join(data, DIRECTOR_SECRET_FILE)}: the first line is empty: write the director secret there, or delete the file to have one generated`,
    );
    const missing = path.join(data, 'nope.txt');
    expect(() => directorSecretFor({ file: missing, dataDir: data })).toThrow(`--director-secret-file ${missing}: cannot read it (ENOENT)`);
    const blank = path.join(data, 'blank.txt');
    writeFileSync(blank, '  \nx\n');
    expect(() => directorSecretFor({ file: blank, dataDir: data })).toThrow(`--director-secret-file ${blank}: the first line is empty (write the secret there)`);
  });

  it('refuses a given secret shorter than 8 characters, naming where it came from; 8 is enough', () => {
    const data = tmp();
    expect(() => directorSecretFor({ env: 'dragon', dataDir: data })).toThrow(
      'MJHUB_DIRECTOR_SECRET is 6 characters long: the director secret must have at least 8 (or unset it to have one generated)',
    );
    const short = path.join(data, 'short.txt');
    writeFileSync(short, 'bams7\n');
    expect(() => directorSecretFor({ file: short, dataDir: data })).toThrow(`--director-secret-file ${short}: the secret is 5 characters long: it must have at least 8`);
    expect(directorSecretFor({ env: 'craks888', dataDir: data }).value).toBe('craks888');
    expect(() => statSync(path.join(data, DIRECTOR_SECRET_FILE))).toThrow(); // nothing generated on a refusal
  });
});
