/**
 * The layer rules of biome.jsonc (docs/lint.md): each fires on a fixture that breaks it, and the
 * real tree breaks none. The fixtures under test/fixtures/lint/ are laid out as the tree they
 * stand in for (test/fixtures/lint/rules/dom.ts lints as rules/dom.ts): they are copied with
 * biome.jsonc and its plugin into a scratch folder and linted there.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');

/** the diagnostics that are layer rules, as "path:line rule" */
const LAYER = new Set(['lint/correctness/noNodejsModules', 'lint/style/noRestrictedGlobals', 'lint/style/noRestrictedImports', 'plugin']);

interface Diagnostic {
  category: string;
  location: { path: string; start: { line: number } };
}

function layerDiagnostics(cwd: string, args: string[]): string[] {
  const r = spawnSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', ...args, '.'], { cwd, encoding: 'utf8' });
  expect(r.error).toBeUndefined();
  const report = JSON.parse(r.stdout) as { diagnostics: Diagnostic[] };
  return report.diagnostics
    .filter((d) => LAYER.has(d.category))
    .map((d) => `${d.location.path}:${d.location.start.line} ${d.category.replace('lint/', '')}`)
    .sort();
}

describe('layer rules (biome.jsonc, docs/lint.md)', () => {
  it('each fires on its fixture, on the line that breaks it, and the display may import every contract module', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mjhub-lint-'));
    try {
      cpSync(path.join(root, 'biome.jsonc'), path.join(dir, 'biome.jsonc'));
      cpSync(path.join(root, 'lint'), path.join(dir, 'lint'), { recursive: true });
      cpSync(path.join(root, 'test/fixtures/lint'), dir, { recursive: true });
      // no git in the scratch folder
      expect(layerDiagnostics(dir, ['--vcs-enabled=false'])).toEqual([
        // the one import outside the contract modules (hub-contract.ts imports the eight and hub/contract/: none)
        'display/src/lib/hub-internals.ts:3 style/noRestrictedImports',
        // the protocol: the node:crypto import, Buffer
        'firmware-protocol/node-buffer.ts:2 correctness/noNodejsModules',
        'firmware-protocol/node-buffer.ts:4 style/noRestrictedGlobals',
        // the RulingError(409, ...): the status literal
        'hub/table/http-status.ts:5 plugin',
        // one engine: the import from rules/referee/ (deleted)
        'hub/table/referee-import.ts:2 plugin',
        // import type { FastifyReply } from 'fastify'
        'hub/tournament/http-server.ts:2 style/noRestrictedImports',
        // document, window
        'rules/dom.ts:2 style/noRestrictedGlobals',
        'rules/dom.ts:3 style/noRestrictedGlobals',
        // the engine's layer (rules/game/): import type { TableEngine } from the hub
        'rules/game/hub-import.ts:2 style/noRestrictedImports',
        // one engine: a re-export from rules/referee/ (a shim)
        'rules/game/referee-reexport.ts:2 plugin',
        // one engine: variant.id === 'standard' in rules/game/ (the same line in rules/variants/ is not flagged)
        'rules/game/variant-id.ts:2 plugin',
        // 'node:fs', 'path', process
        'rules/node-builtins.ts:2 correctness/noNodejsModules',
        'rules/node-builtins.ts:3 correctness/noNodejsModules',
        'rules/node-builtins.ts:6 style/noRestrictedGlobals',
        // the variants' layer (rules/variants/): 'node:fs'
        'rules/variants/node-fs.ts:2 correctness/noNodejsModules',
        // the wording layer (rules/wording/): navigator
        'rules/wording/dom.ts:2 style/noRestrictedGlobals',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the real tree breaks none of them', () => {
    expect(layerDiagnostics(root, [])).toEqual([]);
  });
});
