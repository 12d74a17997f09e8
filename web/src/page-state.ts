/**
 * The page state a URL fragment stands for, defaults filled in: the calculator's first example when the
 * fragment names no options, the MC calculator when it names nothing, the first table for `#/table`.
 * One definition for the page (app.tsx) and its compute worker (compute-worker.ts, which answers the
 * fragment boot.ts sends before the page has loaded).
 */
import { calculatorNamed } from '../../src/calculators/calculators.js';
import { CALCULATORS, defaultEntries } from './defaults.js';
import { parseFragment, type PageState } from './fragment.js';
import { TABLE_KINDS } from './table-kinds.js';

/** The state to show for `hash` (`#/mc?unit=...`). Never throws: a fragment it cannot read shows the MC calculator. */
export function resolveState(hash: string): PageState {
  const s = parseFragment(hash);
  if (s.command === '') return { command: 'mc', entries: defaultEntries(CALCULATORS[0]) };
  if (s.command === 'table') return { command: `table/${TABLE_KINDS[0].name}`, entries: [] };
  const calc = calculatorNamed(s.command);
  if (calc && s.entries.length === 0) return { command: s.command, entries: defaultEntries(calc) };
  return s;
}

/** The key of a question: equal keys, equal answers. */
export function questionKey(command: string, entries: readonly (readonly [string, string])[]): string {
  return JSON.stringify([command, entries]);
}
