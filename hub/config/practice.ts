/**
 * A standard table's NMJL practice settings (not in 000; rules/variants/standard/misdeal.ts): what the
 * table config's `nmjlPractice` says, every setting it leaves out at its default (on).
 */
import { NMJL_PRACTICE_DEFAULTS, type NmjlPractice } from '../../rules/variants/standard/misdeal.js';
import type { TableConfig } from './types.js';

/** The table's NMJL practice: `table.nmjlPractice` over {@link NMJL_PRACTICE_DEFAULTS}. */
export function practiceOf(table: Pick<TableConfig, 'nmjlPractice'>): NmjlPractice {
  return { ...NMJL_PRACTICE_DEFAULTS, ...table.nmjlPractice };
}
