/**
 * One line naming the field and what is wrong, for every check of the contract (hub/contract/):
 * `body.ruling must be one of "confirm", "dismiss"`, `tableId must be string`,
 * `body.extra is not allowed (unknown field)`. The wording follows the JSON-schema wording the
 * HTTP API has always answered with, so a client reads one style whether the check was an HTTP
 * body, a socket event or a view the display received. Pure: the display imports it.
 */
import type { z } from 'zod';

/** A zod issue with the input kept (`safeParse(x, { reportInput: true })`), as far as this reads it. */
type Issue = z.core.$ZodIssue & { input?: unknown };

const TYPE_WORDS: Record<string, string> = { int: 'integer', nan: 'number', record: 'object' };

/**
 * The field an issue is about, dotted from `root`: `fieldOf('body', ['players', 0])` → `body.players.0`;
 * an empty root gives the path alone (`tableId`), an empty path the root (`body`).
 */
export function fieldOf(root: string, path: readonly PropertyKey[]): string {
  return [root, ...path.map(String)].filter((p) => p !== '').join('.') || '(top)';
}

/**
 * One issue in words, naming the field: `body.secret is required`, `body.secret must be string`,
 * `body.secret must NOT have fewer than 1 characters`, `body.deadRack must be one of 0, 1`,
 * `body.x is not allowed (unknown field)`, `params.round must match pattern "^[1-9][0-9]{0,5}$"`.
 * @param root what the checked value is called (`body`, `params`, `querystring`, `tableId`, `view`), or '' for none
 */
export function describeIssue(issue: Issue, root: string): string {
  const field = fieldOf(root, issue.path);
  if ('input' in issue && issue.input === undefined && issue.path.length > 0 && issue.code !== 'unrecognized_keys') return `${field} is required`;
  // a schema's own words win when they say what the value must be (`must be integer`, `must be a tile kind …`)
  if (issue.message.startsWith('must ')) return `${field} ${issue.message}`;
  switch (issue.code) {
    case 'invalid_type':
      return `${field} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'unrecognized_keys':
      return `${fieldOf(root, [...issue.path, issue.keys[0] ?? ''])} is not allowed (unknown field)`;
    case 'invalid_value':
      return issue.values.length === 1 ? `${field} must be ${JSON.stringify(issue.values[0])}` : `${field} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      if (issue.origin === 'string') return `${field} must NOT have fewer than ${String(issue.minimum)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${field} must NOT have fewer than ${String(issue.minimum)} items`;
      return `${field} must be ${issue.inclusive === false ? '>' : '>='} ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `${field} must NOT have more than ${String(issue.maximum)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${field} must NOT have more than ${String(issue.maximum)} items`;
      return `${field} must be ${issue.inclusive === false ? '<' : '<='} ${String(issue.maximum)}`;
    case 'invalid_format':
      if (issue.format === 'regex' && 'pattern' in issue && typeof issue.pattern === 'string') return `${field} must match pattern "${issue.pattern.replace(/^\/(.*)\/[a-z]*$/, '$1')}"`;
      return `${field} must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_union':
      return `${field} ${issue.message === 'Invalid input' ? 'does not match any allowed shape' : issue.message}`;
    default:
      return `${field} ${issue.message}`;
  }
}

/** The first issue of a failed parse in words ({@link describeIssue}). */
export function describeError(error: z.ZodError, root: string): string {
  const first = error.issues[0];
  return first ? describeIssue(first as Issue, root) : `${root || 'value'} is invalid`;
}

/**
 * Checks `value` against `schema`: the parsed value, or the first problem in words naming the field.
 * @param root what the value is called in the message (`view`, `body`, '' for an event payload)
 */
export function check<S extends z.ZodType>(schema: S, value: unknown, root: string): { ok: true; value: z.output<S> } | { ok: false; error: string } {
  const r = schema.safeParse(value, { reportInput: true });
  return r.success ? { ok: true, value: r.data } : { ok: false, error: describeError(r.error, root) };
}
