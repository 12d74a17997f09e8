/**
 * Option value parsers for commander: each throws `InvalidArgumentError` with what is allowed, which
 * commander prints as one line naming the option.
 */
import { InvalidArgumentError } from 'commander';
import { CLASS_ORDER, type UnitClass } from '../counters/types.js';
import { RALLY_TERRAIN, type RallyTerrain } from '../rules/rally.js';

/** A parser for an integer option in [lo, hi]. */
export function intIn(lo: number, hi: number): (v: string) => number {
  return (v: string) => {
    const n = Number(v.trim());
    if (!/^[+-]?\d+$/.test(v.trim()) || n < lo || n > hi) throw new InvalidArgumentError(`expected an integer in [${lo}, ${hi}].`);
    return n;
  };
}

/** Collects a repeatable option into an array (also splits on commas). */
export function collect(v: string, prev: string[] = []): string[] {
  return [...prev, ...v.split(',').map((s) => s.trim()).filter(Boolean)];
}

/** Collects `name=value` settings into an object. */
export function collectSetting(v: string, prev: Record<string, string> = {}): Record<string, string> {
  const m = /^([A-Za-z0-9]+)=(.+)$/.exec(v.trim());
  if (!m) throw new InvalidArgumentError('expected name=value, e.g. casualtyMCAlsoReplaces=false.');
  return { ...prev, [m[1]]: m[2] };
}

/** Parses a unit class (`elite`, `1st-line`, `2nd-line`, `green`, `conscript`). */
export function unitClass(v: string): UnitClass {
  const t = v.trim().toLowerCase().replace(/\s+/g, '-');
  const found = CLASS_ORDER.find((c) => c === t || c.replace('-', '') === t);
  if (!found) throw new InvalidArgumentError(`expected one of ${CLASS_ORDER.join(', ')}.`);
  return found;
}

/** Parses a rally terrain. */
export function rallyTerrain(v: string): RallyTerrain {
  const t = v.trim().toLowerCase() as RallyTerrain;
  if (!RALLY_TERRAIN.includes(t)) throw new InvalidArgumentError(`expected one of ${RALLY_TERRAIN.join(', ')}.`);
  return t;
}
