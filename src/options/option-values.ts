/**
 * Parsers of option values written as on the command line (`--elr 3`, `--setting name=value`), shared
 * by the CLI (cli/parse.ts wraps them for commander), the odds tables' option lists (tables/) and any
 * other front end that speaks the CLI's words (a web page's URL). Each throws
 * {@link OptionValueError} saying what is allowed; the front end names the option.
 */
import { CLASS_ORDER, type UnitClass } from '../counters/types.js';
import { RALLY_TERRAIN, type RallyTerrain } from '../rules/rally.js';

/** A value an option does not allow; `message` says what is allowed (e.g. "expected an integer in [0, 5]."). */
export class OptionValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OptionValueError';
  }
}

/**
 * A parser for an integer option in [lo, hi].
 * @throws OptionValueError (from the parser) unless an integer in [lo, hi]
 * @example intIn(0, 5)('3') // 3
 */
export function intIn(lo: number, hi: number): (v: string) => number {
  return (v: string) => {
    const n = Number(v.trim());
    if (!/^[+-]?\d+$/.test(v.trim()) || n < lo || n > hi) throw new OptionValueError(`expected an integer in [${lo}, ${hi}].`);
    return n;
  };
}

/**
 * Collects a repeatable option into an array (also splits on commas).
 * @throws OptionValueError when the value holds no item (`''`, `,`): an empty list would silently mean none
 * @example collect('a, b', ['x']) // ['x', 'a', 'b']
 */
export function collect(v: string, prev: string[] = []): string[] {
  const items = v.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw new OptionValueError('expected at least one value (comma-separated), got nothing.');
  return [...prev, ...items];
}

/**
 * Collects a repeatable option's values as given (no comma splitting: `--sweep a=1,2 --sweep b=3`).
 * Never throws.
 * @example collectEach('b=3', ['a=1,2']) // ['a=1,2', 'b=3']
 */
export function collectEach(v: string, prev: string[] = []): string[] {
  return [...prev, v];
}

/**
 * Collects `name=value` settings into an object.
 * @throws OptionValueError unless `name=value`
 * @example collectSetting('casualtyMCAlsoReplaces=false') // { casualtyMCAlsoReplaces: 'false' }
 */
export function collectSetting(v: string, prev: Record<string, string> = {}): Record<string, string> {
  const m = /^([A-Za-z0-9]+)=(.+)$/.exec(v.trim());
  if (!m) throw new OptionValueError('expected name=value, e.g. casualtyMCAlsoReplaces=false.');
  return { ...prev, [m[1]]: m[2] };
}

/**
 * Parses a unit class (`elite`, `1st-line`, `2nd-line`, `green`, `conscript`; case and `1stline` allowed).
 * @throws OptionValueError naming the classes
 */
export function unitClass(v: string): UnitClass {
  const t = v.trim().toLowerCase().replace(/\s+/g, '-');
  const found = CLASS_ORDER.find((c) => c === t || c.replace('-', '') === t);
  if (!found) throw new OptionValueError(`expected one of ${CLASS_ORDER.join(', ')}.`);
  return found;
}

/**
 * Parses a rally terrain.
 * @throws OptionValueError naming the terrains
 */
export function rallyTerrain(v: string): RallyTerrain {
  const t = v.trim().toLowerCase() as RallyTerrain;
  if (!RALLY_TERRAIN.includes(t)) throw new OptionValueError(`expected one of ${RALLY_TERRAIN.join(', ')}.`);
  return t;
}
