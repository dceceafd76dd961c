#!/usr/bin/env node
// mjhub: the Mah Jongg Table Hub command line.
//   mjhub start [options]        run the hub (no --reader: with the embedded simulated table)
//   mjhub simulate [options]     run the reader simulator alone
//   mjhub card check FILE        validate a card file
//   mjhub verify --card FILE --hand "..." [--exposed "..."]
//   mjhub referee RECORD.jsonl --card FILE...   referee and score a game record (rules/GAME-RECORD.md)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [cmd, ...rest] = process.argv.slice(2);
const scripts = { start: 'hub/main.ts', simulate: 'hub/simulator/main.ts', card: 'hub/cli/card.ts', verify: 'hub/cli/card.ts', referee: 'hub/cli/referee.ts' };
if (!cmd || !(cmd in scripts)) {
  console.log('usage: mjhub start | simulate | card check FILE | verify --card FILE --hand "..." [--exposed "..."] | referee RECORD.jsonl --card FILE...  (--help on each)');
  process.exit(cmd ? 2 : 0);
}
const args = cmd === 'card' || cmd === 'verify' || cmd === 'referee' ? [cmd, ...rest] : rest;
const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, scripts[cmd]), ...args], { stdio: 'inherit', cwd: process.cwd() });
process.exit(r.status ?? 1);
