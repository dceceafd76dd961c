/**
 * `mjhub referee RECORD.jsonl --card FILE...`: referees and scores a game record
 * (rules/GAME-RECORD.md) with the given cards and prints, as JSON, every flag, the outcome and each
 * seat's points (hub/record/replay.ts). Exit 1 with `mjhub: …` on stderr for a record that does not
 * read (naming its line and field), a card whose file's SHA-256 differs from the record's, or a
 * card the record names that is not given. A record file's name ends in `.jsonl` (refused unread otherwise).
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { readCardFile } from '../config/card-file.js';
import { GameRecordError, parseGameRecord } from '../../rules/record/game-record.js';
import { refereeRecord } from '../record/replay.js';
import { commanderOutput, exitWithError } from './errors.js';

// output piped into `head` and closed early: stop quietly, as other command-line tools do
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

/** The extension of a game record file (what the director's download is named). */
const RECORD_EXTENSION = '.jsonl';

const program = new Command().name('mjhub referee').configureOutput(commanderOutput).exitOverride();
program
  .argument('<record>', 'a game record (rules/GAME-RECORD.md), e.g. t1-game-3.jsonl')
  .requiredOption('--card <file...>', "the card files the game was played with (each checked against the record's SHA-256)")
  .description("referee and score a game record: every flag, the outcome and each seat's points (JSON)")
  .action((file: string, o: { card: string[] }) => {
    if (!file.endsWith(RECORD_EXTENSION)) throw new Error(`${file}: a game record's name ends in ${RECORD_EXTENSION}; refused without reading it`);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new Error(`cannot read record ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    let record: ReturnType<typeof parseGameRecord>;
    try {
      record = parseGameRecord(text);
    } catch (e) {
      if (e instanceof GameRecordError) throw new Error(`${file}: ${e.message}`);
      throw e;
    }
    const cards = o.card.map((c) => readCardFile(c));
    const r = refereeRecord(record, cards);
    console.log(JSON.stringify(r, null, 2));
  });

try {
  program.parse(process.argv.slice(0, 2).concat(process.argv.slice(3)));
} catch (e) {
  const err = e as { code?: string; message: string };
  if (err.code?.startsWith('commander.')) process.exit(err.code === 'commander.helpDisplayed' || err.code === 'commander.help' ? 0 : 2);
  exitWithError(err.message);
}
