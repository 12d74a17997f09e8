/**
 * Option value parsers for commander: the shared parsers of options/option-values.ts, whose
 * `OptionValueError` becomes commander's `InvalidArgumentError`, which commander prints as one line
 * naming the option.
 */
import { InvalidArgumentError } from 'commander';
import * as values from '../options/option-values.js';

/**
 * `parse` as a commander argument parser: an `OptionValueError` becomes an `InvalidArgumentError`.
 * Other errors pass through unchanged.
 */
export function commanderParser<A extends [string, ...unknown[]], T>(parse: (...args: A) => T): (...args: A) => T {
  const wrapped = (...args: A): T => {
    try {
      return parse(...args);
    } catch (e) {
      if (e instanceof values.OptionValueError) throw new InvalidArgumentError(e.message);
      throw e;
    }
  };
  return Object.assign(wrapped, { wraps: parse });
}

/** True when `parser` (as given to commander) collects repeated values: `collect`, `collectSetting`, `collectEach`, or a parser marked `repeatable: true` (attack --other-drm). */
export function isRepeatableParser(parser: unknown): boolean {
  const inner = (parser as { wraps?: unknown } | undefined)?.wraps ?? parser;
  if ((inner as { repeatable?: unknown } | undefined)?.repeatable === true) return true;
  return inner === values.collect || inner === values.collectSetting || inner === values.collectEach;
}

/** A parser for an integer option in [lo, hi] (options/option-values.ts). */
export const intIn = (lo: number, hi: number): ((v: string) => number) => commanderParser(values.intIn(lo, hi));
/** Collects a repeatable option into an array (also splits on commas). */
export const collect = commanderParser(values.collect);

/** A value of an option with no parser of its own: refused when empty or blank (`--out ''`, `--seed ''` would otherwise silently mean "none"). */
export function nonEmpty(v: string): string {
  if (v.trim() === '') throw new InvalidArgumentError('expected a value, got an empty one.');
  return v;
}

/** Collects `name=value` settings into an object. */
export const collectSetting = commanderParser(values.collectSetting);
/** Collects a repeatable option's values as given (no comma splitting). */
export const collectEach = commanderParser(values.collectEach);
/** Parses a unit class (`elite`, `1st-line`, `2nd-line`, `green`, `conscript`). */
export const unitClass = commanderParser(values.unitClass);
/** Parses a rally terrain. */
export const rallyTerrain = commanderParser(values.rallyTerrain);
