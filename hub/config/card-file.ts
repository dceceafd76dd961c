/**
 * Reads a card file from disk: the one way the hub and `mjhub` open a card.
 * A path that does not end in `.card` is refused before anything is read, so a mistyped path (a
 * password file, a log) is never opened and none of its text reaches an error message.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadCard } from '../../rules/card/parse.js';
import type { Card } from '../../rules/card/types.js';

/** The extension every card file carries (rules/CARD-FORMAT.md). */
export const CARD_EXTENSION = '.card';

/** A card path that cannot be read as a card: not a `.card` file, or unreadable. */
export class CardFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardFileError';
  }
}

/** SHA-256 (hex) of a card file's text as UTF-8: the hash a game record names the card by (rules/GAME-RECORD.md). */
export function cardTextSha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Loads the card at `file` (its id is the file name less `.card`), with the SHA-256 of its text (`sha256`).
 * @throws CardFileError when `file` does not end in `.card` or cannot be read;
 *   CardError (the card loader's) naming the file and line of a malformed card
 */
export function readCardFile(file: string): Card {
  if (!file.endsWith(CARD_EXTENSION)) throw new CardFileError(`${file}: a card file's name ends in ${CARD_EXTENSION}; refused without reading it`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new CardFileError(`cannot read card ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return { ...loadCard(text, { id: path.basename(file, CARD_EXTENSION), file }), sha256: cardTextSha256(text) };
}
