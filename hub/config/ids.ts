/**
 * The one rule for ids that name files and URLs: table ids (`/table/<id>`, `/director/<id>`,
 * `<data>/sim/<id>`) and tile set ids (`<data>/tilesets/<id>.json`). Reader ids keep the firmware
 * protocol's spelling (PROTOCOL.md, set in the reader); they only reach paths behind a prefix
 * (`hub-<reader>`), joined by hub/config/path-under.ts.
 *
 * An id is 1-64 ASCII letters, digits, `_` or `-`, starting with a letter or digit, and is not a
 * device name Windows reserves (CON, PRN, AUX, NUL, COM0-9, LPT0-9, any case, with or without an
 * extension). So `..`, `.`, `-`, `.hidden`, `con` and `NUL` are refused: the first two walk out of
 * their folder, and a browser folds `/table/..` into `/`; a leading `-` reads as a command-line
 * option; a dot-file hides; a device name opens the device instead of a file.
 *
 * Pure: no Node imports (the tile set registry uses it). hub/config/path-under.ts joins such a
 * name under its folder and checks the result stays inside it.
 */
/** The longest id (characters). */
export const ID_MAX = 64;

/** The rule in words, for error messages and docs. */
export const ID_RULE = `ids are 1-${ID_MAX} letters, digits, "_" or "-", starting with a letter or digit, and not a Windows device name (CON, PRN, AUX, NUL, COM0-9, LPT0-9): they name files and URLs`;

const ID = new RegExp(`^[A-Za-z0-9][A-Za-z0-9_-]{0,${ID_MAX - 1}}$`);
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * Why `id` is not a safe id, or null when it is.
 * @returns e.g. `".." must start with a letter or digit`, `"a b" has " ", which is not a letter, digit, "_" or "-"`,
 *   `"con" is a Windows device name`
 */
export function idProblem(id: unknown): string | null {
  if (typeof id !== 'string') return `${JSON.stringify(id) ?? String(id)} is not a string`;
  if (id === '') return 'the id is empty';
  if (id.length > ID_MAX) return `"${id.slice(0, 20)}…" is ${id.length} characters long, more than ${ID_MAX}`;
  if (!/^[A-Za-z0-9]/.test(id)) return `${JSON.stringify(id)} must start with a letter or digit`;
  if (!ID.test(id)) {
    const bad = [...id].find((c) => !/[A-Za-z0-9_-]/.test(c))!;
    return `${JSON.stringify(id)} has ${JSON.stringify(bad)}, which is not a letter, digit, "_" or "-"`;
  }
  if (RESERVED.test(id)) return `${JSON.stringify(id)} is a Windows device name`;
  return null;
}

/** An id that breaks {@link ID_RULE}, with the field it came from. */
export class IdError extends Error {
  /**
   * @param field where the id came from, e.g. `hub.json: tables.0.id`
   * @param problem {@link idProblem}'s words
   */
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem} (${ID_RULE})`);
    this.name = 'IdError';
  }
}

/**
 * Returns `id` when it follows {@link ID_RULE}.
 * @param field named in the error, e.g. `hub.json: tables.0.id` or `--table`
 * @throws IdError naming the field and the value
 */
export function checkId(id: unknown, field: string): string {
  const problem = idProblem(id);
  if (problem) throw new IdError(field, problem);
  return id as string;
}
