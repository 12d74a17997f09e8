/**
 * Calculators receive typed, validated options (issue 39 item 3): each option spec is paired with a
 * reader that returns its value typed and refuses a value of another type, so no calculator casts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALCULATORS } from '../../src/calculators/calculators.js';
import { isAslOddsError } from '../../src/errors.js';
import { parseOptionEntries } from '../../src/options/option-spec.js';
import { flagOption, intOption, listOption, oneOf, optionWithDefault, requiredOption, isString } from '../../src/options/typed-option.js';

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isAslOddsError(e)) return e.code;
    throw e;
  }
  return 'no error';
}

describe('typed option readers', () => {
  const ELR = intOption('--elr <n>', 'ELR', 0, 5);
  it('an integer option: its parser holds the bounds, its reader the type', () => {
    expect(ELR.read(parseOptionEntries([ELR.spec], [['elr', '2']]))).toBe(2);
    expect(ELR.read({})).toBeUndefined();
    expect(codeOf(() => parseOptionEntries([ELR.spec], [['elr', '6']]))).toBe('input.value');
    expect(codeOf(() => ELR.read({ elr: '2' }))).toBe('input.value'); // a raw string, not the parsed number
    expect(codeOf(() => ELR.read({ elr: 9 }))).toBe('input.value');
  });
  it('flags and negated flags', () => {
    const PILLBOX = flagOption('--pillbox', '');
    const ENEMY = flagOption('--no-enemy-in-los', '');
    expect(PILLBOX.read({})).toBe(false);
    expect(PILLBOX.read(parseOptionEntries([PILLBOX.spec], [['pillbox', 'true']]))).toBe(true);
    expect(ENEMY.read(parseOptionEntries([ENEMY.spec], []))).toBe(true);
    expect(ENEMY.read(parseOptionEntries([ENEMY.spec], [['no-enemy-in-los', 'true']]))).toBe(false);
  });
  it('defaults, required options, lists and choices', () => {
    const CHECK = optionWithDefault({ flags: '--check <c>', description: '', default: 'NMC' }, isString);
    expect(CHECK.read({})).toBe('NMC');
    const UNIT = requiredOption({ flags: '--unit <id>', description: '' }, isString);
    expect(UNIT.spec.required).toBe(true);
    expect(codeOf(() => UNIT.read({}))).toBe('input.required');
    const LEADER = listOption('--leader <id>', '');
    expect(LEADER.read(parseOptionEntries([LEADER.spec], [['leader', 'a,b'], ['leader', 'c']]))).toEqual(['a', 'b', 'c']);
    expect(oneOf(['a', 'b'] as const)('c')).toBe(false);
  });
  it("a key inherited from Object.prototype is no option's value", () => {
    expect(codeOf(() => ELR.read(JSON.parse('{"__proto__": {"elr": 3}}') as Record<string, unknown>))).toBe('no error');
    expect(ELR.read(JSON.parse('{"__proto__": {"elr": 3}}') as Record<string, unknown>)).toBeUndefined();
  });
});

describe('every calculator', () => {
  it.each(CALCULATORS.map((c) => [c.name, c] as const))('%s: its examples read back typed and make a question', (_, calc) => {
    for (const example of calc.examples) {
      const words = example.replace(/\s+#.*$/, '').split(/\s+/).slice(1);
      const entries: [string, string][] = [];
      for (let i = 0; i < words.length; i++) {
        const key = words[i]!.replace(/^--/, '');
        const takes = calc.options.find((s) => s.flags.startsWith(`--${key} `));
        if (takes && words[i + 1] !== undefined && !words[i + 1]!.startsWith('--')) entries.push([key, words[++i]!.replace(/^"|"$/g, '')]);
        else if (key !== 'json' && key !== 'compare' && !/^"/.test(key)) entries.push([key, 'true']);
      }
      const known = entries.filter(([k]) => calc.options.some((s) => s.flags.includes(`--${k}`)));
      expect(() => calc.query(parseOptionEntries(calc.options, known))).not.toThrow();
    }
  });
  it('no calculator or table kind casts its options (`o.x as T`)', () => {
    for (const dir of [new URL('../../src/calculators/', import.meta.url), new URL('../../src/tables/', import.meta.url)]) for (const f of readdirSync(dir)) {
      const text = readFileSync(new URL(f, dir), 'utf8');
      expect(text.match(/\bo(\.\w+|\[[^\]]+\]) as /g) ?? [], f).toEqual([]);
      expect(text.match(/\bo\.\w+ as |\bas (unknown|number|string|boolean|UnitClass|Record<)/g) ?? [], f).toEqual([]);
    }
  });
});
