/**
 * Logs every flag a table raises, once, when its view first shows it: the director reading the
 * log sees what the referee judged, at which table, under which rule. Flags already on the view
 * when the hub starts (raised before a restart, and logged then) are not logged again.
 */
import type { HubLogger } from '../log.js';
import type { TableRuntime } from '../api/runtime.js';

/**
 * Watches `table` (its `onChange`) and logs each new flag at `warn` on `log` (the table's child:
 * `part: 'table'`, `table`), with its id, kind, rule, player and rack.
 * @returns stops watching
 */
export function logFlags(table: Pick<TableRuntime, 'onChange' | 'publicView'>, log: HubLogger): () => void {
  const seen = new Set(table.publicView().flags.map((f) => f.id));
  return table.onChange(() => {
    for (const f of table.publicView().flags) {
      if (seen.has(f.id)) continue;
      seen.add(f.id);
      log.warn({ flag: f.id, kind: f.kind, rule: f.rule, player: f.player, rack: f.rack }, `flag ${f.id} (${f.rule}): ${f.title}; ${f.consequence}`);
    }
  });
}
