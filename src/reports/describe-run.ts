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

/**
 * A short form of the resolved input for titles: like {@link describeInput}, but an object with a
 * string `id` (a resolved counter) prints as its id, other objects (settings) and empty arrays are left
 * out, and so are `false` flags.
 * @param input `OddsResult.input`
 * @returns e.g. `unit=german/4-6-7, check=1MC, leaders=german/8-1, elr=3, knownEnemyInLOS=true`.
 *   Never throws.
 * @example describeInputBrief({ unit: { id: 'german/4-6-7', ml: 7 }, check: '1MC', pillbox: false }) // 'unit=german/4-6-7, check=1MC'
 */
export function describeInputBrief(input: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined || value === false || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) parts.push(`${key}=${value.map((v) => (hasId(v) ? v.id : describeValue(v))).join('+')}`);
      continue;
    }
    if (typeof value === 'object') {
      if (hasId(value)) parts.push(`${key}=${value.id}`);
      continue;
    }
    parts.push(`${key}=${String(value)}`);
  }
  return parts.join(', ');
}

function hasId(v: unknown): v is { id: string } {
  return typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string';
}

/**
 * The resolved input flattened to `[path, value]` pairs (`unit.id`, `settings.japaneseHoBDRM`), for
 * a key/value table. Arrays print as their items joined by `+` (objects by id when they have one).
 * Never throws.
 * @example flattenInput({ unit: { id: 'german/4-6-7' }, drm: 0 }) // [['unit.id', 'german/4-6-7'], ['drm', '0']]
 */
export function flattenInput(input: Readonly<Record<string, unknown>>, prefix = ''): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(input)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) out.push([path, value.length === 0 ? '(none)' : value.map((v) => (hasId(v) ? v.id : describeValue(v))).join(' + ')]);
    else if (typeof value === 'object') out.push(...flattenInput(value as Record<string, unknown>, path));
    else out.push([path, String(value)]);
  }
  return out;
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
