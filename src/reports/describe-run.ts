/**
 * One-line descriptions of an odds run (what was computed, how, from which input), used as the header
 * of tables and as chart titles. Every report records the command, rule set, method, trials, seed and
 * asl-odds version (STYLE.md principle 4).
 */
import type { OddsResult } from '../result.js';
import { groupThousands } from './format-probability.js';

/**
 * The method of a result in words.
 * @param result an odds result; `trials` and `seed` are read only for Monte Carlo results
 * @returns `exact`, or `Monte Carlo, 1,000,000 trials, seed 42` (a null trials or seed is left out).
 *   Never throws.
 * @example describeMethod({ ...r, method: 'monte-carlo', trials: 1e6, seed: '42' })
 *   // 'Monte Carlo, 1,000,000 trials, seed 42'
 */
export function describeMethod(result: Pick<OddsResult, 'method' | 'trials' | 'seed'>): string {
  if (result.method === 'exact') return 'exact';
  const parts = ['Monte Carlo'];
  if (result.trials !== null) parts.push(`${groupThousands(result.trials)} trials`);
  if (result.seed !== null) parts.push(`seed ${result.seed}`);
  return parts.join(', ');
}

/**
 * The resolved input as `key=value` pairs, in the input's own key order.
 *
 * Strings, numbers and booleans print as themselves, arrays as their items joined by `+`, objects as
 * compact JSON; null and undefined values are left out.
 * @param input `OddsResult.input`
 * @returns e.g. `unit=german/4-6-7, check=1MC, leader=german/8-1`; empty string for an empty input.
 *   Never throws (values JSON cannot print, such as BigInt, fall back to `String(value)`).
 * @example describeInput({ unit: 'german/4-6-7', check: '1MC', drm: -1 }) // 'unit=german/4-6-7, check=1MC, drm=-1'
 */
export function describeInput(input: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue;
    parts.push(`${key}=${describeValue(value)}`);
  }
  return parts.join(', ');
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(describeValue).join('+');
  if (typeof value === 'object' && value !== null) {
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/**
 * The header line of a report: command, rule set, method and version.
 * @param result an odds result
 * @returns e.g. `asl-odds mc · rule set 2nd-edition · exact · v0.1.0`. Never throws.
 */
export function describeRun(result: OddsResult): string {
  return `asl-odds ${result.command} · rule set ${result.ruleSet} · ${describeMethod(result)} · v${result.version}`;
}
