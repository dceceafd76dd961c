/**
 * `mjhub replay CAPTURE [--config TABLE]`: plays a capture (firmware-protocol/CAPTURE.md) into a
 * real reader supervisor and the table's engine on a virtual clock (hub/capture/replay.ts) and
 * prints, as JSON, the tile moves, the referee's actions, the flags, each game's points and each
 * reader's state. `--config` replays on a hub table config file instead of the capture's own table
 * (the table with the capture's table id, or its only table). Exit 1 with `mjhub: …` on stderr for a
 * capture that does not read (naming its line and field) or a config that does not load.
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { ConfigError, loadHubConfig } from '../config/load.js';
import { CaptureError, parseCapture } from '../capture/format.js';
import { replayCapture } from '../capture/replay.js';
import { commanderOutput, exitWithError } from './errors.js';

// output piped into `head` and closed early: stop quietly, as other command-line tools do
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const program = new Command().name('mjhub replay').configureOutput(commanderOutput).exitOverride();
program
  .argument('<capture>', 'a capture (firmware-protocol/CAPTURE.md), e.g. t1-game-1.capture.jsonl')
  .option('--config <table>', "a hub table config file to replay on (default: the capture's own table, cards and tile set)")
  .description('replay what the wire said into a real supervisor and engine: moves, actions, flags, points, readers (JSON)')
  .action((file: string, o: { config?: string }) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new Error(`cannot read capture ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    let capture: ReturnType<typeof parseCapture>;
    try {
      capture = parseCapture(text);
    } catch (e) {
      if (e instanceof CaptureError) throw new Error(`${file}: ${e.message}`);
      throw e;
    }
    let loaded: Parameters<typeof replayCapture>[1];
    if (o.config) {
      let tables: ReturnType<typeof loadHubConfig>;
      try {
        tables = loadHubConfig(o.config);
      } catch (e) {
        if (e instanceof ConfigError) throw new Error(e.message);
        throw e;
      }
      const id = capture.header.table.id;
      loaded = tables.find((t) => t.table.id === id) ?? (tables.length === 1 ? tables[0] : undefined);
      if (!loaded) throw new Error(`${o.config}: no table "${id}" (the capture's), and more than one table to choose from: ${tables.map((t) => t.table.id).join(', ')}`);
    }
    console.log(JSON.stringify(replayCapture(capture, loaded), null, 2));
  });

try {
  program.parse(process.argv);
} catch (e) {
  const err = e as { code?: string; message: string };
  if (err.code?.startsWith('commander.')) process.exit(err.code === 'commander.helpDisplayed' || err.code === 'commander.help' ? 0 : 2);
  exitWithError(err.message);
}
