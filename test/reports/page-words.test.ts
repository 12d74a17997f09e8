/**
 * The page's words (src/reports/glossary.ts): every option of every calculator and odds table has a
 * label and field help in players' words, never a command-line option name; errors read with the
 * form's fields; the Fire Group errors of the fire attack builder, by their stable codes, as one plain
 * sentence with the rule (A7.5).
 */
import { describe, expect, it } from 'vitest';
import { CALCULATORS } from '../../src/calculators/calculators.js';
import { longName } from '../../src/options/option-spec.js';
import { ERROR_SENTENCES, errorInWords, OPTION_HELP, optionHelp, optionLabel, optionsInWords } from '../../src/reports/glossary.js';
import { TABLE_KINDS } from '../../src/tables/table-kinds.js';

describe('field help and labels on the page', () => {
  const options = [...CALCULATORS.flatMap((c) => c.options.map((s) => [c.name, longName(s)] as const)), ...TABLE_KINDS.flatMap((k) => k.options.map((s) => [`table/${k.name}`, longName(s)] as const))];
  it.each(options)('%s %s: help and label in players\' words', (calc, name) => {
    const help = optionHelp(name, calc);
    expect(help, `${calc} ${name}: help`).not.toBe('');
    expect(help).not.toMatch(/--[a-z]/);
    expect(help).not.toMatch(/\b[a-z]+\/\d+-\d+/); // no counter ids: "German 4-6-7"
    expect(optionLabel(name)).not.toMatch(/--|^[a-z]/);
  });
  it('a calculator-specific help comes first: attack DRM is the IFT DRM, MC DRM the check\'s', () => {
    expect(optionHelp('drm', 'attack')).toMatch(/^the IFT DRM/);
    expect(optionHelp('drm', 'mc')).toBe(OPTION_HELP.drm);
  });
});

describe('errors in the form\'s words', () => {
  it('the builder\'s old error names the fields "Firers", "Firepower (FP)"', () => {
    const m = '--firer: several firers make their attack without --fp; with --fp give at most one --firer (for Cowering), or --firer-class for a FG';
    const w = errorInWords(m, 'input.firer');
    expect(w).toBe('"Firers": several firers make their attack without "Firepower (FP)"; with "Firepower (FP)" give at most one "Firers" (for Cowering), or "Firer class" for a FG');
  });
  it('commander\'s invalid argument names the field', () => {
    expect(errorInWords("option '--elr <n>' argument '9' is invalid. expected an integer in [0, 5].", 'commander.invalidArgument')).toBe('"ELR": \'9\' is not allowed. expected an integer in [0, 5].');
    expect(errorInWords("required option '--unit <id>' not specified", 'input.required')).toBe('"Unit" is needed');
  });
  it('counter ids read as the counter', () => {
    expect(errorInWords("unknown unit 'german/4-6-9'; closest: german/4-6-8", 'input.unit')).toBe("unknown unit 'German 4-6-9'; closest: German 4-6-8");
  });
  it('a Fire Group at its own side, of two sides, or directed by an enemy leader: one plain sentence with the rule', () => {
    // the codes and messages of the fire attack builder's refusals (src/rules/fire-group.ts)
    for (const [code, message, rule] of [
      ['input.targetSide', "--target german/4-6-7: a unit of the firers' own side (german); fire attacks are made on enemy units (A7)", /\(A7\)/],
      ['input.fireGroupSide', "--firer german/4-6-7, russian/4-4-7: a Fire Group combines the FP of one side's units; these are enemies (A7.5)", /\(A7\.5\)/],
      ['input.leaderSide', "--leader russian/9-1: a leader directs the fire of his own side's units only, not of german/4-6-7 (A7.53)", /\(A7\.53\)/],
    ] as const) {
      const w = errorInWords(message, code);
      expect(w).toBe(ERROR_SENTENCES[code]);
      expect(w).toMatch(rule);
      expect(w).not.toMatch(/--|[a-z]+\/\d/);
    }
  });
  it('text naming options (a calculator\'s summary) reads with the fields', () => {
    expect(optionsInWords('a sequence of attacks with --then (A7)')).toBe('a sequence of attacks with "Later attacks (FP:DRM)" (A7)');
  });
});
