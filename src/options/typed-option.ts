/**
 * An option spec paired with its typed reader: the calculators declare each option once, with its parser
 * and bounds (the spec the CLI and the page read), and read its parsed value back through the same
 * object, typed and checked, instead of casting `o.elr as number`.
 *
 *   const ELR = intOption('--elr <n>', "the side's ELR, 0-5", 0, 5);
 *   options: [ELR.spec, ...]            // the CLI's commander option, the page's form and URL key
 *   query: (o) => q({ elr: ELR.read(o) }) // number | undefined, checked
 *
 * A reader checks the value's type (a parser that returned something else, or a front end that put a
 * raw string where a parser was expected, is refused with `input.value` naming the option), so a
 * calculator never receives a value of another type than it declares.
 */
import { inputError } from '../errors.js';
import { attributeName, isNegated, longName, type OptionSpec, type ParsedOptions } from './option-spec.js';
import { collect, intIn } from './option-values.js';

/** A value check: true when `v` is a T. */
export type Guard<T> = (v: unknown) => v is T;

/** An option: its spec, and its parsed value read back typed. */
export interface TypedOption<T> {
  readonly spec: OptionSpec;
  /**
   * This option's value in `o` (parsed options, commander's attribute names).
   * @throws AslOddsError `input.value` when the value is not of the option's type; `input.required` when
   *   a required option is missing
   */
  read(o: ParsedOptions): T;
}

export const isString: Guard<string> = (v): v is string => typeof v === 'string';
export const isNumber: Guard<number> = (v): v is number => typeof v === 'number' && Number.isFinite(v);
export const isStringList: Guard<readonly string[]> = (v): v is readonly string[] => Array.isArray(v) && v.every(isString);
export const isSettings: Guard<Readonly<Record<string, string>>> = (v): v is Readonly<Record<string, string>> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(isString);

/** A guard for one of `values`. @example oneOf(['a', 'b'] as const)('a') // true */
export function oneOf<T extends string>(values: readonly T[]): Guard<T> {
  return (v): v is T => typeof v === 'string' && (values as readonly string[]).includes(v);
}

function valueOf<T>(spec: OptionSpec, o: ParsedOptions, is: Guard<T>): T | undefined {
  const v = Object.hasOwn(o, attributeName(spec)) ? o[attributeName(spec)] : undefined;
  if (v === undefined) return undefined;
  if (!is(v)) throw inputError('input.value', `--${longName(spec)}: unexpected value ${JSON.stringify(v)}`);
  return v;
}

/**
 * An option that may be absent: its value or undefined.
 * @example option({ flags: '--leader <id>', description: '' }, isString).read({ leader: 'german/8-1' }) // 'german/8-1'
 */
export function option<T>(spec: OptionSpec, is: Guard<T>): TypedOption<T | undefined> {
  return { spec, read: (o) => valueOf(spec, o, is) };
}

/** An option with a default (the spec's `default`, which must pass `is`): always a value. */
export function optionWithDefault<T>(spec: OptionSpec & { readonly default: T }, is: Guard<T>): TypedOption<T> {
  return { spec, read: (o) => valueOf(spec, o, is) ?? spec.default };
}

/** A required option (`required: true` in its spec): always a value. */
export function requiredOption<T>(spec: OptionSpec, is: Guard<T>): TypedOption<T> {
  const required: OptionSpec = { ...spec, required: true };
  return {
    spec: required,
    read: (o) => {
      const v = valueOf(required, o, is);
      if (v === undefined) throw inputError('input.required', `required option '--${longName(required)}' not specified`);
      return v;
    },
  };
}

/**
 * A flag (`--pillbox`: false unless given) or a negated flag (`--no-enemy-in-los`: true unless given).
 * @example flagOption('--pillbox', '').read({}) // false
 */
export function flagOption(flags: string, description: string): TypedOption<boolean> {
  const spec: OptionSpec = { flags, description };
  const is: Guard<boolean> = (v): v is boolean => typeof v === 'boolean';
  return { spec, read: (o) => valueOf(spec, o, is) ?? isNegated(spec) };
}

/** An integer option in [lo, hi] (its bounds in its parser, the one place they are written). */
export function intOption(flags: string, description: string, lo: number, hi: number): TypedOption<number | undefined> {
  return option({ flags, description, parse: intIn(lo, hi) }, (v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi);
}

/** A repeatable list option (comma-separated or repeated), e.g. `--leader <id>`. */
export function listOption(flags: string, description: string): TypedOption<readonly string[] | undefined> {
  return option({ flags, description, parse: collect }, isStringList);
}

/** A required list option. */
export function requiredListOption(flags: string, description: string): TypedOption<readonly string[]> {
  return requiredOption({ flags, description, parse: collect }, isStringList);
}

/** A text option (no parser of its own), e.g. `--firer <id>`. */
export function textOption(flags: string, description: string): TypedOption<string | undefined> {
  return option({ flags, description }, isString);
}
