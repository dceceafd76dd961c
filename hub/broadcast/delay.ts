/**
 * The broadcast delay as the event sets it (`--broadcast-delay-min`, docs/spectators.md): minutes
 * above 0 (15 by default, as chess championships; poker streams use 30). A delay of 0 would show
 * every concealed hand live to anyone at `/broadcast`: it is taken only when the director says so
 * explicitly (`--broadcast-no-delay`).
 */

/** The default delay, in minutes. */
export const DEFAULT_BROADCAST_DELAY_MIN = 15;
/** The longest delay taken, in minutes (a day). */
const MAX_DELAY_MIN = 24 * 60;

/**
 * The delay in ms of `--broadcast-delay-min <minutes>` (e.g. `"15"` → 900 000, `"0.5"` → 30 000),
 * or of a tournament config's `broadcastDelayMin`.
 * @param noDelay `--broadcast-no-delay` given: the director allows a delay of 0 (hands shown live)
 * @param where what to name in the error: the flag (default), or `t.json: broadcastDelayMin`
 * @throws RangeError naming `where` and the value: not a number of minutes, negative, over a day,
 *   or 0 without `noDelay`
 */
export function broadcastDelayMs(minutes: string | undefined, noDelay = false, where = '--broadcast-delay-min'): number {
  if (minutes === undefined) return noDelay ? 0 : DEFAULT_BROADCAST_DELAY_MIN * 60_000;
  const n = Number(minutes);
  if (minutes.trim() === '' || !Number.isFinite(n) || n < 0 || n > MAX_DELAY_MIN)
    throw new RangeError(`${where} must be a number of minutes from 0 to ${MAX_DELAY_MIN} (e.g. 15, or 30 as poker streams), not "${minutes}"`);
  if (n === 0 && !noDelay)
    throw new RangeError(
      `${where} 0 would show every concealed hand live at /broadcast: give a delay above 0 (15 as chess championships, 30 as poker streams), or add --broadcast-no-delay if that is what you mean`,
    );
  return Math.round(n * 60_000);
}
