/**
 * An option of a command as data, read with commander's own semantics, so that every front end that
 * speaks the CLI's words reads it the same way: the CLI turns each spec into a commander `Option`
 * (`optionFromSpec` in cli/odds-command.ts), the web page parses its URL fragment (`#/mc?unit=german/4-6-7&check=1MC`)
 * with {@link parseOptionEntries}. test/calculators/option-spec.test.ts checks the two agree on every
 * calculator's options.
 *
 * Semantics (commander 14): `--x <v>` takes a value, parsed by `parse(value, previous)` (a repeatable
 * option accumulates through `previous`); `--x` is a flag (true when given); `--no-x` is a negated flag
 * whose attribute `x` defaults to true and is false when given; an option not given takes `default`
 * (absent when there is none). Attribute names are camelCase (`--broken-ml` -> `brokenMl`).
 */
import { inputError, isAslOddsError } from '../errors.js';

/** Parsed options: commander's camelCase attribute names (`--broken-ml` -> `brokenMl`) to values. */
export type ParsedOptions = Readonly<Record<string, unknown>>;

/** One option of a command. */
export interface OptionSpec {
  /**
   * Commander-style flags: `--elr <n>` (takes a value), `--pillbox` (a flag, default false),
   * `--no-cower` (a flag whose attribute `cower` defaults to true).
   */
  readonly flags: string;
  /** One line for `--help` (and the page's hint). */
  readonly description: string;
  /**
   * Parses a value (and, for a repeatable option, the value so far); unset: the text as given.
   * @throws an Error whose message says what is allowed (the front end names the option)
   */
  readonly parse?: (value: string, previous: never) => unknown;
  /** The value when the option is not given (unset: absent, or true for a `--no-x` flag). */
  readonly default?: unknown;
  /** The option must be given (commander's `requiredOption`). */
  readonly required?: boolean;
}

/** The long name without dashes: `--broken-ml <n>` -> `broken-ml`, `--no-leader` -> `no-leader`. Never throws. */
export function longName(spec: OptionSpec): string {
  const m = /--([a-z0-9-]+)/i.exec(spec.flags);
  return m ? m[1] : spec.flags;
}

/** True when the option takes a value (`<v>` or `[v]` in its flags). Never throws. */
export function takesValue(spec: OptionSpec): boolean {
  return /[<[]/.test(spec.flags);
}

/** True for a negated flag `--no-x`. Never throws. */
export function isNegated(spec: OptionSpec): boolean {
  return longName(spec).startsWith('no-') && !takesValue(spec);
}

/**
 * The attribute the parsed value goes to, as commander names it: `--broken-ml` -> `brokenMl`,
 * `--no-enemy-in-los` -> `enemyInLos`. Never throws.
 */
export function attributeName(spec: OptionSpec): string {
  const name = isNegated(spec) ? longName(spec).slice(3) : longName(spec);
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Reads `entries` (long option name without dashes, value as text) the way commander reads the same
 * options on a command line, in order: a repeated key repeats the option; a flag takes `true` (the value
 * must be `true` or empty; `false` leaves it unset, as not writing it on the command line does).
 * @param specs the command's options
 * @param entries e.g. `[['unit', 'german/4-6-7'], ['check', '1MC'], ['leader', 'german/8-1']]`
 * @returns attribute name -> value, defaults applied; options not given and without default absent
 * @throws AslOddsError `input.option` for an unknown name (with the allowed names), `input.value` for
 *   a value the option's parser rejects (naming `--<name>`), `input.required` for a missing required option
 * @example parseOptionEntries([{ flags: '--elr <n>', description: '', parse: Number }], [['elr', '2']]) // { elr: 2 }
 */
export function parseOptionEntries(specs: readonly OptionSpec[], entries: readonly (readonly [string, string])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of specs) {
    if (s.default !== undefined) out[attributeName(s)] = s.default;
    // as commander: `--no-x` defaults x to true unless a positive `--x` shares the attribute
    else if (isNegated(s) && !specs.some((p) => !isNegated(p) && attributeName(p) === attributeName(s))) out[attributeName(s)] = true;
  }
  const given = new Set<OptionSpec>();
  for (const [key, value] of entries) {
    const spec = specs.find((s) => longName(s) === key);
    if (!spec) throw inputError('input.option', `unknown option '${key}'; allowed: ${specs.map(longName).join(', ')}`);
    const attr = attributeName(spec);
    if (!takesValue(spec)) {
      const v = value.trim().toLowerCase();
      if (v === 'false') continue;
      if (v !== 'true' && v !== '') throw inputError('input.value', `--${key} is a flag: write ${key}=true, got '${value}'`);
      out[attr] = !isNegated(spec);
      given.add(spec);
      continue;
    }
    try {
      // as commander: the parser gets the value so far (the default, if any, before the first use)
      out[attr] = spec.parse ? spec.parse(value, out[attr] as never) : value;
    } catch (e) {
      if (isAslOddsError(e)) throw e;
      throw inputError('input.value', `option '--${key}' argument '${value}' is invalid. ${(e as Error).message}`);
    }
    given.add(spec);
  }
  for (const s of specs) {
    if (s.required && !given.has(s)) throw inputError('input.required', `required option '--${longName(s)}' not specified`);
  }
  return out;
}
