/**
 * The words of the director's corrections of what the readers saw (hub/table/machine/corrections.ts),
 * one wording for the director's view, the game record's readers and the display.
 */

/**
 * A `place` correction, e.g. `"move 471: from wall 3 (W3/wall), not wall 2 (W2/wall) as read (Dora)"`.
 * @param ref the corrected move's event sequence number
 * @param end which end of the move was wrong
 * @param zone the corrected end, in words with its zone
 * @param was the end as read, in words with its zone
 */
export function placeCorrectionText(ref: number | string, end: 'from' | 'to', zone: string, was: string, by: string): string {
  return `move ${ref}: ${end} ${zone}, not ${was} as read (${by})`;
}

/**
 * A `tile` correction, e.g. `"move 471: tag 04A1B2C3 is F#8, not N#3 as enrolled; tag 04A1B2C4, enrolled as F#8, is N#3 (Dora)"`.
 * @param swap the other tag of a mix-up at enrolment, when there is one
 */
export function tileCorrectionText(ref: number | string, tag: string, tile: string, was: string, by: string, swap?: { tag: string; was: string; tile: string }): string {
  const other = swap ? `; tag ${swap.tag}, enrolled as ${swap.was}, is ${swap.tile}` : '';
  return `move ${ref}: tag ${tag} is ${tile}, not ${was} as enrolled${other} (${by})`;
}
