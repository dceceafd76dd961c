/**
 * Where a tile can be on a Mah Jongg table, in the game's own terms (no readers, no tags).
 * Players are numbered from 0 (East); a player's racks from 0 (the rack closest to the player).
 */

/** A place on the table. */
export type Place =
  /** one wall, numbered from 0 */
  | { area: 'wall'; wall: number }
  /** inside a rack: concealed tiles */
  | { area: 'rack'; player: number; rack: number }
  /** the top of a rack: exposures (and a declared Mah Jongg) */
  | { area: 'top'; player: number; rack: number }
  /** the discard floor */
  | { area: 'floor' };

/**
 * Short text for a place, for the director's evidence, counted as players count (from 1, as the
 * flags say "rack 1"): `wall 3` (wall 2), `Ann's rack 1` (player 0's rack 0), `top of Bea's rack 2`,
 * `floor`, `in hand` (null). Without names a player is `player 1` (player 0).
 */
export function describePlace(p: Place | null, names?: readonly string[]): string {
  if (!p) return 'in hand';
  const who = (n: number) => names?.[n] ?? `player ${n + 1}`;
  switch (p.area) {
    case 'wall':
      return `wall ${p.wall + 1}`;
    case 'floor':
      return 'floor';
    case 'rack':
      return `${who(p.player)}'s rack ${p.rack + 1}`;
    case 'top':
      return `top of ${who(p.player)}'s rack ${p.rack + 1}`;
  }
}

/** True when two places are the same place. */
export function samePlace(a: Place | null, b: Place | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.area !== b.area) return false;
  if (a.area === 'wall' && b.area === 'wall') return a.wall === b.wall;
  if ((a.area === 'rack' || a.area === 'top') && (b.area === 'rack' || b.area === 'top')) {
    return a.player === b.player && a.rack === b.rack;
  }
  return true;
}

/** The player holding a place (rack or top of a rack), or null for walls and the floor. */
export function ownerOf(p: Place | null): number | null {
  return p && (p.area === 'rack' || p.area === 'top') ? p.player : null;
}
