/**
 * The room's words for a call for the director (a seat view's or a table display's call button),
 * one wording for the hub and the display.
 */

/**
 * What the room shows for a call: `"table 7 calls (East)"` for a seat's call, `"table 7 calls"`
 * for the table display's.
 * @param tableId the table's id, e.g. `"7"`
 * @param seat the calling seat's wind, e.g. `"East"`; null when the table display called
 */
export function callText(tableId: string, seat: string | null): string {
  return seat === null ? `table ${tableId} calls` : `table ${tableId} calls (${seat})`;
}

/** The call with its age, e.g. `"table 7 calls (East), 1 min ago"` (`ago` the display's words for it). */
export function callWithAge(text: string, ago: string): string {
  return `${text}, ${ago}`;
}
