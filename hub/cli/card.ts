/**
 * `mjhub card check FILE` and `mjhub verify --card FILE --hand "..." [--exposed "..."]`.
 * A card file that does not load prints `file:line: problem` and exits 1. `verify` needs a whole
 * Mah Jongg hand: 14 tiles, concealed and exposed together (else `mjhub: a Mah Jongg hand is 14
 * tiles, not 15` and exit 1). `--exposed` are the exposures made before Mah Jongg: a group that is a
 * pair, a single or a set of singles is refused, naming it (NMJL: never exposed before Mah Jongg;
 * exit 1).
 */
import { Command } from 'commander';
import { readCardFile } from '../config/card-file.js';
import { describeCard } from '../../rules/card/check.js';
import { matchHand } from '../../rules/match.js';
import { parseKinds } from '../../rules/tiles.js';
import { FORBIDDEN_WORDS, forbiddenExposure } from '../../rules/variants/standard/exposure-judge.js';
import { RULES } from '../../rules/variants/standard/play.js';
import type { Card } from '../../rules/card/types.js';
import { commanderOutput, exitWithError } from './errors.js';

const readCard = (file: string): Card => readCardFile(file);

// output piped into `head` and closed early: stop quietly, as other command-line tools do
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const program = new Command().name('mjhub').configureOutput(commanderOutput).exitOverride();
program
  .command('card')
  .description('card files')
  .command('check')
  .argument('<file>', 'a card file (rules/CARD-FORMAT.md)')
  .description('validate a card and print each line with its number of concrete variations')
  .action((file: string) => {
    for (const line of describeCard(readCard(file))) console.log(line);
  });
program
  .command('verify')
  .description('which card lines a hand completes, and how each joker stands in (JSON)')
  .requiredOption('--card <file...>', 'card file(s)')
  .requiredOption('--hand <tiles>', 'concealed tiles, e.g. "1B 1B 1B J F F"')
  .option('--exposed <groups>', 'exposures made before Mah Jongg (pungs, kongs, quints, sextets), groups separated by "|", e.g. "5D 5D J | N N N"')
  .action((o: { card: string[]; hand: string; exposed?: string }) => {
    const cards = o.card.map(readCard);
    const exposures = (o.exposed ?? '')
      .split('|')
      .map((g) => g.trim())
      .filter(Boolean)
      .map(parseKinds);
    exposures.forEach((g, i) => {
      const forbidden = forbiddenExposure(g, cards);
      if (forbidden) throw new Error(`--exposed group ${i + 1} "${g.join(' ')}" is ${FORBIDDEN_WORDS[forbidden]}, not an exposure (${RULES.exposedPairOrSingles})`);
    });
    const concealed = parseKinds(o.hand);
    const tiles = concealed.length + exposures.reduce((n, g) => n + g.length, 0);
    if (tiles !== 14) throw new Error(`a Mah Jongg hand is 14 tiles, not ${tiles}` + (exposures.length > 0 ? ` (${concealed.length} in --hand, ${tiles - concealed.length} in --exposed)` : ''));
    const matches = matchHand(cards, { concealed, exposures });
    console.log(
      JSON.stringify(
        matches.map((m) => ({ line: m.line.id, text: m.line.text, value: m.value, jokerless: m.jokerless, jokers: m.jokers })),
        null,
        2,
      ),
    );
  });

try {
  program.parse();
} catch (e) {
  const err = e as { code?: string; message: string };
  if (err.code?.startsWith('commander.')) process.exit(err.code === 'commander.helpDisplayed' || err.code === 'commander.help' ? 0 : 2);
  exitWithError(err.message);
}
