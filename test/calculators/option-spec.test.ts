/**
 * The web page reads its URL fragment with parseOptionEntries (options/option-spec.ts); the CLI reads
 * argv with commander, from the same option specs (cli/odds-command.ts). These tests keep the two
 * readings equal on every calculator: same values for the same words, same defaults, same refusals.
 */
import { Command, CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { CALCULATORS } from '../../src/calculators/calculators.js';
import { optionFromSpec } from '../../src/cli/odds-command.js';
import { isAslOddsError } from '../../src/errors.js';
import { attributeName, isNegated, longName, parseOptionEntries, takesValue } from '../../src/options/option-spec.js';

/** What commander makes of `entries` written as a command line with the calculator's options. */
function viaCommander(calc: (typeof CALCULATORS)[number], entries: readonly (readonly [string, string])[]): Record<string, unknown> | string {
  const cmd = new Command(calc.name).exitOverride().configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  for (const s of calc.options) cmd.addOption(optionFromSpec(s));
  let seen: Record<string, unknown> = {};
  cmd.action((o: Record<string, unknown>) => {
    seen = { ...o };
  });
  const argv: string[] = [];
  for (const [k, v] of entries) {
    const spec = calc.options.find((s) => longName(s) === k)!;
    if (takesValue(spec)) argv.push(`--${k}`, v);
    else if (v === 'true') argv.push(`--${k}`);
  }
  try {
    cmd.parse(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return 'error';
    if (isAslOddsError(e)) return 'error';
    throw e;
  }
  return seen;
}

function viaSpecs(calc: (typeof CALCULATORS)[number], entries: readonly (readonly [string, string])[]): Record<string, unknown> | string {
  try {
    return parseOptionEntries(calc.options, entries);
  } catch (e) {
    if (isAslOddsError(e)) return 'error';
    throw e;
  }
}

/** Sample words for each option: a good value and a bad one where the option checks its values. */
function samples(name: string): string[] {
  const table: Record<string, string[]> = {
    unit: ['german/4-6-7'],
    target: ['german/9-1,german/4-6-7'],
    attacker: ['german/4-6-7'],
    defender: ['russian/4-4-7'],
    path: ['open,open'],
    losses: ['2', '99'],
    check: ['1MC'],
    drm: ['-2', '+1', '7', 'x'],
    elr: ['0', '6'],
    ml: ['8', '1'],
    'broken-ml': ['6'],
    class: ['elite', 'Elite', 'nope'],
    'firer-class': ['green', 'nope'],
    rules: ['gi-anvil', 'gia', 'nope'],
    setting: ['casualtyMCAlsoReplaces=false', 'bad'],
    terrain: ['building', 'cellar'],
    from: ['clear', 'roof'],
    fp: ['8', '2.5', '0'],
    ambush: ['attacker', 'nobody'],
  };
  return table[name] ?? ['2'];
}

describe('URL fragment and command line read the same options the same way', () => {
  for (const calc of CALCULATORS) {
    it(`${calc.name}: defaults, each option alone with good and bad values, repeated options`, () => {
      const required = calc.options.filter((s) => s.required).map((s) => [longName(s), samples(longName(s))[0]] as const);
      expect(viaSpecs(calc, required)).toEqual(viaCommander(calc, required));
      for (const spec of calc.options) {
        const name = longName(spec);
        if (spec.required) continue;
        const values = takesValue(spec) ? samples(name) : ['true'];
        for (const v of values) {
          const entries = [...required, [name, v] as const];
          expect(viaSpecs(calc, entries), `${calc.name} --${name} ${v}`).toEqual(viaCommander(calc, entries));
        }
        if (takesValue(spec)) {
          const twice = [...required, [name, values[0]] as const, [name, values[0]] as const];
          expect(viaSpecs(calc, twice), `${calc.name} --${name} twice`).toEqual(viaCommander(calc, twice));
        }
      }
      // a missing required option is refused by both
      if (required.length) expect(viaSpecs(calc, [])).toBe('error');
    });
  }

  it('names: long name, attribute (camelCase, --no-x -> x), flags and negations', () => {
    const spec = { flags: '--no-enemy-in-los', description: '' };
    expect([longName(spec), attributeName(spec), isNegated(spec), takesValue(spec)]).toEqual(['no-enemy-in-los', 'enemyInLos', true, false]);
    expect(attributeName({ flags: '--broken-ml <n>', description: '' })).toBe('brokenMl');
  });

  it('an unknown fragment key is an error naming what is allowed', () => {
    expect(() => parseOptionEntries(CALCULATORS[0].options, [['unit', 'german/4-6-7'], ['elrr', '2']])).toThrow(/unknown option 'elrr'; allowed: unit, check/);
  });

  it('calculator names are unique', () => {
    expect(new Set(CALCULATORS.map((c) => c.name)).size).toBe(CALCULATORS.length);
  });
});
