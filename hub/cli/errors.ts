/**
 * The one form of an error the command line prints before it exits (`mjhub start`, `mjhub card`,
 * `mjhub referee`, `mjhub replay`): `mjhub: <what was wrong, where>`, commander's own errors
 * (an unknown option, a bad option value) included.
 */

/** What every error line begins with. */
export const CLI_ERROR_PREFIX = 'mjhub: ';

/**
 * The error line for `message`, e.g. `mjhub: --port must be an integer 0-65535, not "x"`; a
 * message that already begins with commander's `error: ` (or with {@link CLI_ERROR_PREFIX}) is
 * given the prefix once.
 */
export function cliErrorLine(message: string): string {
  return `${CLI_ERROR_PREFIX}${message.replace(/^(error: |mjhub: )/, '')}`;
}

/** Prints {@link cliErrorLine} of `message` on stderr and exits with `code` (default 1). */
export function exitWithError(message: string, code = 1): never {
  console.error(cliErrorLine(message));
  process.exit(code);
}

/**
 * commander's output settings (`program.configureOutput(commanderOutput)`): its error lines
 * ("error: unknown option '--bogus'") in the form of {@link cliErrorLine}; help and the rest as they are.
 */
export const commanderOutput = {
  outputError: (str: string, write: (s: string) => void): void => write(cliErrorLine(str)),
};
