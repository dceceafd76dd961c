#!/usr/bin/env node
// Makes sure the system tools the tests need are on this machine before `npm test` runs a test.
// The end-to-end tests need socat (pseudo-terminals that stand in for USB readers), the browser
// tests need Chromium, the PostgreSQL store's tests start their own server from the PostgreSQL
// binaries, and the C reference decoder's test needs a C compiler. Running as root with apt
// (a fresh Debian machine, CI), the missing ones are installed here; otherwise this stops at once
// with the one command that installs them, so no test is skipped for want of a tool.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/** Each tool: the Debian package that brings it and how to tell it is there. */
const TOOLS = [
  { what: 'socat (pseudo-terminal readers)', pkg: 'socat', present: () => onPath('socat') },
  { what: 'Chromium (browser tests)', pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { what: 'PostgreSQL server binaries (store tests)', pkg: 'postgresql', present: () => postgresBin() },
  { what: 'a C compiler (C reference decoder test)', pkg: 'gcc', present: () => onPath('cc') },
];

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return false;
  return readdirSync(root).some((v) => existsSync(`${root}/${v}/bin/initdb`));
}

const missing = TOOLS.filter((t) => !t.present());
if (missing.length === 0) process.exit(0);

const pkgs = missing.map((t) => t.pkg);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
console.error(`npm test needs: ${missing.map((t) => t.what).join('; ')}`);
if (!isRoot || !onPath('apt-get')) {
  console.error(`install them once, then run npm test again:\n  sudo apt-get install -y ${pkgs.join(' ')}`);
  process.exit(1);
}
console.error(`installing with apt-get (once; about a minute): ${pkgs.join(' ')}`);
try {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...pkgs], { stdio: ['ignore', 'ignore', 'inherit'], env });
} catch (e) {
  console.error(`apt-get install ${pkgs.join(' ')} failed: ${e.message}`);
  process.exit(1);
}
const still = TOOLS.filter((t) => !t.present());
if (still.length > 0) {
  console.error(`still missing after the install: ${still.map((t) => t.what).join('; ')}`);
  process.exit(1);
}
