/**
 * The deal signal of a simulator run with `dealOnSignal` (`--deal-on-signal`, ./run.ts): the
 * walls, built, stand until the file `DIR/deal` appears; the run takes it away and deals. Whoever
 * watches the hub writes it once the hub shows every tile of the set in the walls
 * ({@link dealWhenWallsBuilt}): the hub starts a game on seeing the walls built (all
 * {@link TILES_IN_SET} tiles in walls, hub/table/moves/moves.ts), and a deal begun before that (the
 * run's 1 s stand over while a loaded hub was still settling the snapshots) left its table
 * `waiting` for good, the simulator's last line "waiting for the hub to ask every reader for a
 * snapshot" (docs/test-time.md, "The snapshot stall").
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TILES_IN_SET } from '../../rules/tiles.js';

/** The file that lets a simulator run with `dealOnSignal` in DIR deal: `DIR/deal`. */
export function dealSignalPath(dir: string): string {
  return join(resolve(dir), 'deal');
}

/** Lets a simulator run with `dealOnSignal` in DIR deal its next game (writes DIR/deal atomically). @returns the file's path */
export function signalDeal(dir: string): string {
  const file = dealSignalPath(dir);
  writeFileSync(file + '.tmp', 'deal\n');
  renameSync(file + '.tmp', file);
  return file;
}

/** What the watch reads of a table's public view: the tiles left in each wall. */
export interface WallsView {
  walls: readonly { left: number }[];
}

/** Tiles standing in the walls of a view (tiles). */
export function tilesInWalls(v: WallsView): number {
  return v.walls.reduce((n, w) => n + w.left, 0);
}

/**
 * Polls `view` every 100 ms (a tenth of the walls' 1 s stand) and writes DIR/deal ({@link signalDeal}) each time the walls become
 * full (all {@link TILES_IN_SET} tiles, 152): once per build, again only after they were not
 * full. `view` may return null or undefined (no table yet). @returns a function that stops the watch
 */
export function dealWhenWallsBuilt(view: () => WallsView | null | undefined, simDir: string): () => void {
  let signalled = false;
  const timer = setInterval(() => {
    const v = view();
    const full = v ? tilesInWalls(v) === TILES_IN_SET : false;
    if (full && !signalled) signalDeal(simDir);
    signalled = full;
  }, 100);
  timer.unref?.();
  return () => clearInterval(timer);
}
