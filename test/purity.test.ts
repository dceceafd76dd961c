/**
 * rules/ and firmware-protocol/ are pure: they import nothing from Node or the DOM,
 * only each other and themselves, so the browser relay and a reader of the rules can trust them.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

describe('pure cores', () => {
  for (const folder of ['rules', 'firmware-protocol']) {
    it(`${folder}/ imports only relative modules inside rules/ and firmware-protocol/`, () => {
      const bad: string[] = [];
      const files = sources(path.join(root, folder));
      expect(files.length).toBeGreaterThan(3);
      for (const file of files) {
        // comments may mention anything; only code counts
        const text = readFileSync(file, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/^\s*\/\/.*$/gm, '');
        for (const m of text.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)) {
          const spec = m[1]!;
          const target = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : spec;
          const inside = spec.startsWith('.') && ['rules', 'firmware-protocol'].some((f) => target.startsWith(path.join(root, f) + path.sep));
          if (!inside) bad.push(`${path.relative(root, file)} imports "${spec}"`);
        }
        for (const g of ['process.', 'Buffer.', 'document.', 'window.', 'require(']) {
          if (text.includes(g)) bad.push(`${path.relative(root, file)} uses ${g}`);
        }
      }
      expect(bad).toEqual([]);
    });
  }
});

describe('the hub logs through its logger (hub/log.ts)', () => {
  it('no console.* in hub/ but in main.ts (the start banner and the stop line), the CLI (hub/cli) and the simulator, which print by design', () => {
    const printers = [path.join(root, 'hub/main.ts'), path.join(root, 'hub/cli') + path.sep, path.join(root, 'hub/simulator') + path.sep];
    const files = sources(path.join(root, 'hub')).filter((f) => !printers.some((p) => f === p || f.startsWith(p)));
    expect(files.length).toBeGreaterThan(20);
    const bad: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // test code (suites shared by *.test.ts files) prints its figures: speed is printed, never asserted
      if (/from ['"]vitest['"]/.test(text)) continue;
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      for (const m of code.matchAll(/\bconsole\.\w+/g)) bad.push(`${path.relative(root, file)}: ${m[0]}`);
    }
    expect(bad).toEqual([]);
  });
});
