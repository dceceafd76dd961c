/**
 * Readers that debounce on board (PROTOCOL.md §5.1: HELLO `deb=2 scan=100`): through the reader
 * supervisor and the Royale Siamese engine on the bench's virtual clock (hub/table/test-bench.ts),
 * a strong read from such a reader settles at once; the hub's own windows stay for every other
 * reader and for weak reads. The engine is ticked by hand at exact times (no 50 ms steps).
 */
import { describe, expect, it } from 'vitest';
import type { OnBoardDebounce } from '../../firmware-protocol/messages.js';
import { tagOfTile } from '../tilesets/simulated.js';
import { STRONG_SETTLE_MS } from '../tracking/tracker.js';
import { HandBench, STRONG_DBM } from './test-bench.js';

const DEB: OnBoardDebounce = { scans: 2, scanMs: 100 };
/** a cross-read from the antenna next door (dBm): weak, below the tracker's -65 */
const WEAK_DBM = -78;

/**
 * The first tile of wall 1 lifted at `t` (DEL from WL-1/wall), put down on the floor 60 ms later
 * (ADD on FL-1/floor with `rssi`); then the engine is ticked at each time of `ticks` (ms after the
 * ADD). Returns the first of those times at which the move was in the log, or null.
 */
function discardFromWall(bench: HandBench, rssi: number, ticks: number[]): number | null {
  const tile = bench.nextFrom(0);
  const tag = tagOfTile(tile);
  const before = bench.moves().length;
  bench.send('WL-1', (seq) => ({ type: 'DEL', seq, zone: 'wall', tag }));
  bench.clock += 60;
  bench.send('FL-1', (seq) => ({ type: 'ADD', seq, zone: 'floor', tag, rssi }));
  const addAt = bench.clock;
  for (const dt of ticks) {
    bench.clock = addAt + dt;
    bench.engine.tick();
    const moves = bench.moves();
    if (moves.length > before) {
      expect(moves.at(-1)).toMatchObject({ tile, from: 'WL-1/wall', to: 'FL-1/floor' });
      return dt;
    }
  }
  return null;
}

/** A built table (walls of 38, every reader connected) whose readers announce `debounce(reader)`. */
function built(debounce?: (reader: string) => OnBoardDebounce | undefined): HandBench {
  const bench = new HandBench({ protocol: 1, ...(debounce ? { debounce } : {}) });
  bench.build();
  bench.settle();
  return bench;
}

describe('readers that debounce on board (HELLO deb= scan=)', () => {
  it('the supervisor keeps what a v1 HELLO announced, and not what a v0 HELLO says', () => {
    const bench = built((r) => (r === 'FL-1' ? DEB : undefined));
    expect(bench.supervisor.onBoardDebounce('FL-1')).toEqual({ scans: 2, scanMs: 100 });
    expect(bench.supervisor.onBoardDebounce('WL-1')).toBeNull();
    // the same fields on a proto=0 HELLO: a v0 reader keeps the hub's windows
    bench.send('FL-1', { type: 'HELLO', reader: 'FL-1', firmware: '0.1.0', protocol: 0, zones: ['floor'], debounce: DEB });
    expect(bench.supervisor.onBoardDebounce('FL-1')).toBeNull();
  });

  it('a strong read settles at once when both readers debounce on board; 200 ms after the ADD when neither does', () => {
    // both debounce: the move is due at max(ADD + 0, DEL + 0) = the ADD itself
    expect(
      discardFromWall(
        built(() => DEB),
        STRONG_DBM,
        [0],
      ),
    ).toBe(0);
    // neither: due at max(ADD + 200, DEL + 200) = ADD + 200 (the DEL came 60 ms before the ADD)
    expect(STRONG_SETTLE_MS).toBe(200);
    expect(discardFromWall(built(), STRONG_DBM, [0, 199, 200])).toBe(200);
  });

  it('only the floor reader debounces: the wall it left keeps its 200 ms, counted from the DEL (ADD + 140)', () => {
    // due at max(ADD + 0, DEL + 200) = ADD - 60 + 200 = ADD + 140
    expect(
      discardFromWall(
        built((r) => (r === 'FL-1' ? DEB : undefined)),
        STRONG_DBM,
        [0, 139, 140],
      ),
    ).toBe(140);
  });

  it('a weak read from a reader that debounces on board keeps its window: not at once, not at 200 ms', () => {
    // a weak read no snapshot has confirmed waits max(floor 250 ms, confirmMs 2500 ms) after it came
    expect(
      discardFromWall(
        built(() => DEB),
        WEAK_DBM,
        [0, 200, 250, 2499, 2500],
      ),
    ).toBe(2500);
  });
});
