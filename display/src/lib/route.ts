/**
 * Routing by `location.pathname` (no router library):
 * `/` → list of tables; `/table/:id` → the table view; `/director/:id` → the director view;
 * `/broadcast` → the spectators' room; `/broadcast/:id` → a table's broadcast (hands a delay behind);
 * `/tiles` → the tile faces chart; `/replay/:id/:game` → a finished game's replay.
 */

/** The page a path asks for. */
export type Route =
  | { page: 'list' }
  | { page: 'table'; tableId: string }
  | { page: 'director'; tableId: string }
  | { page: 'room' }
  | { page: 'enroll'; tableId: string }
  | { page: 'relay' }
  | { page: 'seat'; token: string }
  | { page: 'claim'; tableId: string | null }
  | { page: 'player' }
  | { page: 'broadcast'; tableId: string }
  | { page: 'broadcast-room' }
  | { page: 'tiles' }
  | { page: 'replay'; tableId: string; gameNo: number }
  | { page: 'not-found'; path: string };

/** Reads a pathname: `route('/table/t1') → { page: 'table', tableId: 't1' }`. A trailing slash is fine. Never throws. */
export function route(pathname: string): Route {
  const parts = pathname.split('/').filter((p) => p.length > 0);
  let decoded: string[];
  try {
    decoded = parts.map((p) => decodeURIComponent(p));
  } catch {
    return { page: 'not-found', path: pathname };
  }
  if (decoded.length === 0) return { page: 'list' };
  if (decoded.length === 2 && decoded[0] === 'table') return { page: 'table', tableId: decoded[1]! };
  if (decoded.length === 1 && decoded[0] === 'director') return { page: 'room' }; // the director's room dashboard
  if (decoded.length === 2 && decoded[0] === 'director') return { page: 'director', tableId: decoded[1]! };
  if (decoded.length === 2 && decoded[0] === 'enroll') return { page: 'enroll', tableId: decoded[1]! }; // tile-set enrolment
  if (decoded.length === 1 && decoded[0] === 'relay') return { page: 'relay' };
  if (decoded.length === 1 && decoded[0] === 'broadcast') return { page: 'broadcast-room' }; // spectators: the room (hub/api/broadcast.ts)
  if (decoded.length === 2 && decoded[0] === 'broadcast') return { page: 'broadcast', tableId: decoded[1]! }; // spectators: one table, hands a delay behind
  if (decoded.length === 2 && decoded[0] === 'seat') return { page: 'seat', token: decoded[1]! }; // a player's phone (hub/api/seat.ts)
  if (decoded[0] === 'claim' && decoded.length <= 2) return { page: 'claim', tableId: decoded[1] ?? null }; // a table's claim page (hub/api/player-routes.ts)
  if (decoded.length === 1 && decoded[0] === 'tiles') return { page: 'tiles' }; // every tile face, both styles (views/TileChart.svelte)
  if (decoded.length === 1 && decoded[0] === 'player') return { page: 'player' }; // the player link on the phone
  if (decoded.length === 3 && decoded[0] === 'replay' && /^[1-9]\d*$/.test(decoded[2]!)) return { page: 'replay', tableId: decoded[1]!, gameNo: Number(decoded[2]) }; // a finished game's replay (docs/replay.md)
  return { page: 'not-found', path: pathname };
}

/** The path of a table's public view: `tablePath('t 1') === '/table/t%201'`. */
export function tablePath(tableId: string): string {
  return `/table/${encodeURIComponent(tableId)}`;
}

/** The path of a table's director view. */
export function directorPath(tableId: string): string {
  return `/director/${encodeURIComponent(tableId)}`;
}

/** The path of a table's broadcast page: `broadcastPath('t1') === '/broadcast/t1'`. */
export function broadcastPath(tableId: string): string {
  return `/broadcast/${encodeURIComponent(tableId)}`;
}

/** The path of a finished game's replay page: `replayPath('t1', 3) === '/replay/t1/3'`. */
export function replayPath(tableId: string, gameNo: number): string {
  return `/replay/${encodeURIComponent(tableId)}/${gameNo}`;
}
