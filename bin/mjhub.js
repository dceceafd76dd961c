#!/usr/bin/env node
// mjhub: the Mah Jongg Table Hub command line.
//   mjhub start [options]        run the hub (no --reader: with the embedded simulated table)
//   mjhub simulate [options]     run the reader simulator alone
//   mjhub card check FILE        validate a card file
//   mjhub verify --card FILE --hand "..." [--exposed "..."]
//   mjhub referee RECORD.jsonl --card FILE...   referee and score a game record (rules/GAME-RECORD.md)
//   mjhub replay CAPTURE [--config TABLE]      replay a capture of the wire (firmware-protocol/CAPTURE.md)
// Each runs the compiled hub in dist/ (`npm run build`), with no TypeScript compiled at run time.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [cmd, ...rest] = process.argv.slice(2);
const scripts = {
  start: 'dist/hub/main.js',
  simulate: 'dist/hub/simulator/main.js',
  card: 'dist/hub/cli/card.js',
  verify: 'dist/hub/cli/card.js',
  referee: 'dist/hub/cli/referee.js',
  replay: 'dist/hub/cli/replay.js',
};
if (!cmd || !(cmd in scripts)) {
  console.log(
    'usage: mjhub start | simulate | card check FILE | verify --card FILE --hand "..." [--exposed "..."] | referee RECORD.jsonl --card FILE... | replay CAPTURE [--config TABLE]  (--help on each)',
  );
  process.exit(cmd ? 2 : 0);
}
const args = cmd === 'card' || cmd === 'verify' || cmd === 'referee' ? [cmd, ...rest] : rest;
const script = path.join(root, scripts[cmd]);
if (!existsSync(script)) {
  console.error(`mjhub: ${scripts[cmd]} is missing: build the hub first with \`npm run build\` (in ${root})`);
  process.exit(1);
}
const r = spawnSync(process.execPath, [script, ...args], { stdio: 'inherit', cwd: process.cwd() });
process.exit(r.status ?? 1);
