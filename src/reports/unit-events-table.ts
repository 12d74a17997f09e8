/**
 * The per-unit and stack sections of an `attack` result's table (result.units, result.stackEvents):
 * one row per (target unit, event with probability > 0), then the stack events. Cells are strings in
 * the same formats as the odds table (`formatPercent`, `formatOneIn`, exact fractions).
 */
import { EVENT_NAMES } from '../rules/events.js';
import type { OddsResult } from '../result.js';
import { formatOneIn, formatPercent, readableFraction } from './format-probability.js';
import { eventWords, stackEventWords, unitWords } from './glossary.js';

/** A table as cell strings (same shape as odds-table's). */
export interface SectionTable {
  readonly columns: readonly { readonly header: string; readonly align: 'left' | 'right' }[];
  readonly rows: readonly (readonly string[])[];
}

/**
 * The unit events of a result: `Unit` (`1 german/9-1`), `Event`, `Probability`, `Odds`, and `Exact`
 * when fractions are present; events in EVENT_NAMES order, only those with probability > 0.
 * @returns null when the result has no `units`. Never throws.
 * @example unitEventsTable(attackResult)?.rows[0] // ['1 German 9-1', 'passes (not pinned)', '83.3%', '1 in 1.2', '5/6']
 */
export function unitEventsTable(result: OddsResult): SectionTable | null {
  if (!result.units || result.units.length === 0) return null;
  const exact = result.units.some((u) => u.eventFractions !== undefined);
  const rows: string[][] = [];
  for (const u of result.units) {
    for (const name of EVENT_NAMES) {
      const p = u.events[name];
      if (p === undefined || !(p > 0)) continue;
      const row = [`${u.position} ${unitWords(u.id)}`, eventWords(name), formatPercent(p), formatOneIn(p)];
      if (exact) row.push(readableFraction(u.eventFractions?.[name] ?? ''));
      rows.push(row);
    }
  }
  const columns: SectionTable['columns'][number][] = [
    { header: 'Unit', align: 'left' },
    { header: 'Event (at least once)', align: 'left' },
    { header: 'Probability', align: 'right' },
    { header: 'Odds', align: 'left' },
  ];
  if (exact) columns.push({ header: 'Exact', align: 'right' });
  return { columns, rows };
}

/**
 * The stack events of a result: probabilities as percent and odds; `expectedSquadsBroken` as a number
 * with 3 decimals (it is an expectation, not a probability).
 * @returns null when the result has no `stackEvents`. Never throws.
 * @example stackEventsTable(attackResult)?.rows.at(-1) // ['squads broken, on average (a HS or crew counts 1/2)', '0.412', '', '89/216']
 */
export function stackEventsTable(result: OddsResult): SectionTable | null {
  if (!result.stackEvents) return null;
  const exact = result.stackEventFractions !== undefined;
  const rows = Object.entries(result.stackEvents).map(([name, v]) => {
    const expectation = name.startsWith('expected');
    const row = [stackEventWords(name), expectation ? v.toFixed(3) : formatPercent(v), expectation ? '' : formatOneIn(v)];
    if (exact) row.push(readableFraction(result.stackEventFractions?.[name] ?? ''));
    return row;
  });
  const columns: SectionTable['columns'][number][] = [
    { header: 'Stack', align: 'left' },
    { header: 'Value', align: 'right' },
    { header: 'Odds', align: 'left' },
  ];
  if (exact) columns.push({ header: 'Exact', align: 'right' });
  return { columns, rows };
}
