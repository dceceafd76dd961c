/**
 * The words of the player link (a tournament player's personal code bound to one phone,
 * hub/tournament/players.ts): what the hub answers and what the phone shows. Pure: the display
 * imports it.
 */

/** "10:30" (the hub's or the phone's local time) from ms since epoch. */
export function hhmm(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** A code that is no player's code (wrong, or an old code the director reissued). */
export const CODE_NOT_FOUND = 'this is not a player code of this tournament (or it was reissued): check it against your slip, or ask the director';

/** A code that is not 12 letters and digits. */
export const codeMalformed = (got: string): string => `a player code is 12 letters and digits, e.g. K7QM-3XPA-9RTD (dashes and spaces optional); got ${got.length} character(s)`;

/** A second device claiming a code already bound (409). */
export const codeAlreadyBound = (name: string, player: string, since: number): string =>
  `the code of ${name} (${player}) is already bound to another device (since ${hhmm(since)}): ask the director to reissue it`;

/** A device whose link the director revoked by reissuing the player's code (410); the phone shows it as it is. */
export const linkRevoked = (at: number): string => `This link was revoked by the director at ${hhmm(at)}: ask the director for your new code.`;

/** A device secret the hub never bound (401). */
export const DEVICE_UNKNOWN = 'this phone is not bound to a player: open the claim page of your table and enter your code';

/** Too many wrong codes from one address (429). */
export const tooManyClaims = (max: number, windowS: number, after: string): string => `too many code attempts from this address: at most ${max} per ${windowS} s; try again in ${after}`;
