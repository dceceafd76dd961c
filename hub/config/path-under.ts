/**
 * The way every id becomes a path: joined under its folder and checked to stay strictly inside
 * it, so an id that slipped past hub/config/ids.ts can still never name a file elsewhere.
 */
import path from 'node:path';

/**
 * `folder/name` as an absolute path, checked to lie strictly inside `folder`: the way every id
 * becomes a path (`pathUnder(data, 'sim', tableId)`, `pathUnder(dir, \`hub-${reader}\`)`).
 * @param names one path segment each (no `/` or `\`, not `.` or `..`)
 * @throws Error naming the folder and the name when a name is not one segment or the result would
 *   leave the folder (or be the folder itself)
 */
export function pathUnder(folder: string, ...names: string[]): string {
  const base = path.resolve(folder);
  for (const n of names) {
    if (n === '' || n === '.' || n === '..' || /[/\\\0]/.test(n)) {
      throw new Error(`${JSON.stringify(n)} cannot name a file or folder inside ${base}: it must be one path segment, not empty, "." or ".."`);
    }
  }
  const full = path.resolve(base, ...names);
  const rel = path.relative(base, full);
  if (rel === '') throw new Error(`no name given: the path would be ${base} itself, not a file inside it`);
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) {
    throw new Error(`${JSON.stringify(names.join('/'))} leads to ${full}, outside ${base}`);
  }
  return full;
}
