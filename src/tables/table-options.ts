/**
 * Options shared by the table kinds: the rule set and named settings (README "Settings").
 */
import { OptionValueError, collectSetting } from '../options/option-values.js';
import { parseRuleSetId, RULE_SET_IDS, type RuleSetId } from '../rules/rule-set.js';
import type { TableOption } from './grid-table.js';
import type { ParsedOptions } from '../options/option-spec.js';
import { isSettings, oneOf, option, optionWithDefault } from '../options/typed-option.js';

/**
 * `--rules` value parser.
 * @throws OptionValueError naming the allowed rule sets
 * @example ruleSetArg('gia') // 'gi-anvil'
 */
export function ruleSetArg(v: string): RuleSetId {
  try {
    return parseRuleSetId(v);
  } catch (e) {
    throw new OptionValueError(String(e instanceof Error ? e.message : e).replace(/^--rules: /, ''));
  }
}

const RULES = optionWithDefault<RuleSetId>(
  { flags: '--rules <set>', description: 'rule set: 2nd-edition or gi-anvil (G.I. Anvil of Victory A15)', parse: ruleSetArg, default: '2nd-edition' },
  oneOf(RULE_SET_IDS),
);
const SETTING = option({ flags: '--setting <name=value>', description: 'change a named rule setting (repeatable; see README "Settings")', parse: collectSetting }, isSettings);

/** `--rules <set>` (default 2nd-edition) and the repeatable `--setting <name=value>`, after each kind's own options. */
export const RULE_SET_OPTIONS: readonly TableOption[] = [RULES.spec, SETTING.spec];

/** The rule set and settings of `RULE_SET_OPTIONS`, as a table builder's input (typed readers, options/typed-option.ts). */
export function ruleSetInput(o: ParsedOptions): { rules: RuleSetId; settings: Readonly<Record<string, string>> | undefined } {
  return { rules: RULES.read(o), settings: SETTING.read(o) };
}
