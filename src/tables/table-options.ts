/**
 * Options shared by the table kinds: the rule set and named settings (README "Settings").
 */
import { OptionValueError, collectSetting } from '../options/option-values.js';
import { parseRuleSetId, type RuleSetId } from '../rules/rule-set.js';
import type { TableOption } from './grid-table.js';

/**
 * `--rules` value parser.
 * @throws OptionValueError naming the allowed rule sets
 * @example ruleSetArg('gia') // 'gi-anvil'
 */
export function ruleSetArg(v: string): RuleSetId {
  try {
    return parseRuleSetId(v);
  } catch (e) {
    throw new OptionValueError((e as Error).message.replace(/^--rules: /, ''));
  }
}

/** `--rules <set>` (default 2nd-edition) and the repeatable `--setting <name=value>`, after each kind's own options. */
export const RULE_SET_OPTIONS: readonly TableOption[] = [
  { flags: '--rules <set>', description: 'rule set: 2nd-edition or gi-anvil (G.I. Anvil of Victory A15)', parse: ruleSetArg, default: '2nd-edition' },
  { flags: '--setting <name=value>', description: 'change a named rule setting (repeatable; see README "Settings")', parse: collectSetting },
];

/** The rule set and settings of `RULE_SET_OPTIONS`, as a table builder's input. */
export function ruleSetInput(o: Record<string, unknown>): { rules: RuleSetId | undefined; settings: Record<string, string> | undefined } {
  return { rules: o.rules as RuleSetId | undefined, settings: o.setting as Record<string, string> | undefined };
}
