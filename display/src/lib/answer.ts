/**
 * Reading the hub's HTTP answers with the contract (hub/contract/responses.ts): every fetch of the
 * display parses the 2xx body with the route's schema, so an answer of another shape (an older
 * hub, a proxy's page) is shown as one line naming the field instead of breaking the page later.
 */
import type { z } from 'zod';
import { check } from '../../../hub/contract/issues.js';

/**
 * The body of a 2xx answer, checked with `schema` (and returned as sent: a field the schema does not name is kept).
 * @param what the request in words for the message, e.g. `GET /api/director/enroll/t1`
 * @throws Error `the hub's answer to GET /api/director/enroll/t1 does not fit: response.enrolled must be number`
 *   (`response is not JSON` when the body is not JSON)
 */
export async function readAnswer<S extends z.ZodType>(res: Response, schema: S, what: string): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new Error(`the hub's answer to ${what} does not fit: response is not JSON`);
  }
  const r = check(schema, body, 'response');
  if (!r.ok) throw new Error(`the hub's answer to ${what} does not fit: ${r.error}`);
  // the body as the hub sent it: a field the schema does not name is kept, not checked
  return body as z.output<S>;
}

/** True for the error {@link readAnswer} throws for an answer of another shape. */
export function isWrongAnswer(err: unknown): err is Error {
  return err instanceof Error && err.message.startsWith("the hub's answer to ");
}

/**
 * For a fetch that never throws and falls back (null, the last view) on an answer of another shape:
 * says which field was wrong on the console (`console.warn`, the message of {@link readAnswer},
 * e.g. `the hub's answer to GET /api/director/health does not fit: response.store.ok must be boolean`).
 * @returns the message when `err` is such an answer, else null (the network, or any other failure)
 */
export function reportWrongAnswer(err: unknown): string | null {
  if (!isWrongAnswer(err)) return null;
  console.warn(err.message);
  return err.message;
}
