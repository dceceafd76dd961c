/**
 * A fake TableRuntime for tests and for running the display without readers: holds a
 * DirectorTableView you change by hand; `publicView()` returns it WITHOUT stripping (like a buggy
 * runtime would), so the API's own picking is what keeps concealed tiles private.
 */
import { RulingError, type TableRuntime } from './runtime.js';
import type { DirectorTableView, PublicTableView } from './views.js';

/** A small Siamese table mid-game: Ann (East) and Bea (West), two racks each, one flag awaiting the director. */
export function sampleDirectorView(tableId = 't1'): DirectorTableView {
  return {
    tableId,
    variant: 'siamese',
    gameNo: 1,
    phase: 'play',
    endReason: null,
    turn: 0,
    players: [
      {
        index: 0,
        name: 'Ann',
        seat: 'East',
        count: 28,
        racks: [
          { rack: 0, count: 14, concealedCount: 11, exposed: ['5B', '5B', 'J'], dead: false, deadReason: null, mahJongg: null },
          { rack: 1, count: 14, concealedCount: 14, exposed: [], dead: false, deadReason: null, mahJongg: null },
        ],
      },
      {
        index: 1,
        name: 'Bea',
        seat: 'West',
        count: 27,
        racks: [
          { rack: 0, count: 13, concealedCount: 13, exposed: [], dead: false, deadReason: null, mahJongg: null },
          { rack: 1, count: 14, concealedCount: 14, exposed: [], dead: false, deadReason: null, mahJongg: null },
        ],
      },
    ],
    walls: [
      { wall: 0, left: 0, current: false },
      { wall: 1, left: 21, current: true },
      { wall: 2, left: 38, current: false },
      { wall: 3, left: 38, current: false },
    ],
    discards: ['N', '3D'],
    flags: [
      {
        id: 'g1-f1',
        kind: 'wrong-wall',
        rule: '003 rule 20',
        title: 'Bea picked from wall 3 while wall 1 is current',
        player: 1,
        rack: 0,
        at: 1_700_000_100_000,
        status: 'awaiting-director',
        consequence: "Bea's hand is dead (rule 20)",

        gameNo: 1,
      },
    ],
    score: null,
    readers: [{ id: 'RK-E1', state: 'connected', lastMessageAt: 1_700_000_100_500, discarded: 0 }],
    updatedAt: 1_700_000_100_500,
    concealed: [
      [
        ['1B#1', '2B#1', '3B#1', '4C#2', '4C#3', '6D#1', '7D#1', '8D#1', 'RD#1', 'RD#2', 'F#1'],
        ['1C#1', '1C#2', '2C#1', '3C#1', '9D#1', '9D#2', '9D#3', 'N#1', 'N#2', 'E#1', 'W#1', 'S#1', 'GD#1', 'J#1'],
      ],
      [
        ['2D#1', '2D#2', '4B#1', '4B#2', '6B#1', '6B#2', '8B#1', '8B#2', 'WD#1', 'WD#2', 'F#2', 'F#3', 'J#2'],
        ['1D#1', '1D#2', '3D#2', '5D#1', '7C#1', '7C#2', '7C#3', 'S#2', 'S#3', 'E#2', 'E#3', 'GD#2', 'F#4', 'J#3'],
      ],
    ],
    evidence: [
      {
        flagId: 'g1-f1',
        tiles: [{ tile: '6B#2', tag: '04a1b2c3', from: 'wall-3', to: 'rack-1-0', at: 1_700_000_099_800 }],
        counts: [
          [14, 14],
          [13, 14],
        ],
        lines: [{ reader: 'WL-3', at: 1_700_000_099_700, line: 'GONE 04a1b2c3 *5e21' }],
      },
    ],
  };
}

/** The fake runtime: `view` is the state; `set()` changes it and tells listeners. */
export class FakeTableRuntime implements TableRuntime {
  readonly rulings: { flagId: string; ruling: 'confirm' | 'dismiss'; by: string; deadRack?: number }[] = [];
  private listeners = new Set<() => void>();

  constructor(public view: DirectorTableView = sampleDirectorView()) {}

  get id(): string {
    return this.view.tableId;
  }

  /** Deliberately unsafe: returns the director view as the public one (the API must strip it). */
  publicView(): PublicTableView {
    return structuredClone(this.view);
  }

  directorView(): DirectorTableView {
    return structuredClone(this.view);
  }

  /**
   * Records the ruling and sets the flag's status (and `rack` to a chosen `deadRack`), as the
   * engine does (hub/table/machine.ts `rule`): RulingError 404 for an unknown flag, 400 for a
   * `deadRack` on a dismiss, on a flag with no `deadRackChoice` or not among its racks, 409 for the
   * same ruling as the standing one (a different one changes it).
   */
  rule(flagId: string, ruling: 'confirm' | 'dismiss', by: string, deadRack?: number): void {
    const flag = this.view.flags.find((f) => f.id === flagId);
    if (!flag) throw new RulingError(404, `unknown flag '${flagId}' on table '${this.id}'`);
    const choice = flag.deadRackChoice;
    if (deadRack !== undefined) {
      if (ruling !== 'confirm') throw new RulingError(400, `deadRack goes only with a confirm, not with '${ruling}' (flag '${flagId}')`);
      if (!choice) throw new RulingError(400, `flag '${flagId}' (${flag.kind}, ${flag.rule}) leaves the director no choice of the dead hand`);
      if (!choice.racks.includes(deadRack)) throw new RulingError(400, `deadRack ${deadRack} is not a rack that can die for flag '${flagId}'`);
    }
    const dies = (r: { ruling: string; deadRack?: number }) => (r.ruling === 'confirm' && choice ? (r.deadRack ?? choice.default) : null);
    const standing = this.rulings.filter((r) => r.flagId === flagId).at(-1);
    if (standing && standing.ruling === ruling && dies(standing) === dies({ ruling, deadRack })) throw new RulingError(409, `flag '${flagId}' is already ${flag.status}`);
    this.rulings.push({ flagId, ruling, by, ...(deadRack !== undefined ? { deadRack } : {}) });
    const rack = dies({ ruling, deadRack });
    this.set((v) => {
      v.flags = v.flags.map((f) => (f.id === flagId ? { ...f, status: ruling === 'confirm' ? 'confirmed' : 'dismissed', ...(rack !== null ? { rack } : {}) } : f));
    });
  }

  /** Changes the view in place and tells every listener. */
  set(change: (v: DirectorTableView) => void): void {
    change(this.view);
    for (const l of [...this.listeners]) l();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** how many listeners are subscribed (to check the server unsubscribes on close) */
  get listenerCount(): number {
    return this.listeners.size;
  }
}
