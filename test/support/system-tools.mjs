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

/**
 * Optional, not needed by `npm test`: the cross-compilers of the reader firmware's target builds
 * (`firmware/build.sh avr|samd21`), simavr and qemu-system-arm, which run the self-test images. Only
 * `node test/support/system-tools.mjs --cross` (what .ci/run does) checks and installs these.
 */
const CROSS_TOOLS = [
  { what: 'avr-gcc (ATmega2560 firmware build)', pkg: 'gcc-avr', present: () => onPath('avr-gcc') },
  { what: 'avr-libc (ATmega2560 firmware build)', pkg: 'avr-libc', present: () => existsSync('/usr/lib/avr/include/avr/io.h') },
  { what: 'arm-none-eabi-gcc (SAMD21 firmware build)', pkg: 'gcc-arm-none-eabi', present: () => onPath('arm-none-eabi-gcc') },
  { what: 'newlib for arm-none-eabi (SAMD21 firmware build)', pkg: 'libnewlib-arm-none-eabi', present: () => existsSync('/usr/lib/arm-none-eabi/lib/libc_nano.a') },
  { what: 'simavr (the firmware self-test on the ATmega2560 image)', pkg: 'simavr', present: () => onPath('simavr') },
  { what: 'qemu-system-arm (the firmware self-test on a Cortex-M0 image)', pkg: 'qemu-system-arm', present: () => onPath('qemu-system-arm') },
];

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return false;
  return readdirSync(root).some((v) => existsSync(`${root}/${v}/bin/initdb`));
}

const wanted = process.argv.includes('--cross') ? CROSS_TOOLS : TOOLS;
const missing = wanted.filter((t) => !t.present());
if (missing.length === 0) process.exit(0);

const pkgs = missing.map((t) => t.pkg);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
console.error(`${wanted === TOOLS ? 'npm test' : 'the firmware cross builds'} need: ${missing.map((t) => t.what).join('; ')}`);
if (!isRoot || !onPath('apt-get')) {
  console.error(`install them once, then run again:\n  sudo apt-get install -y ${pkgs.join(' ')}`);
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
const still = wanted.filter((t) => !t.present());
if (still.length > 0) {
  console.error(`still missing after the install: ${still.map((t) => t.what).join('; ')}`);
  process.exit(1);
}
