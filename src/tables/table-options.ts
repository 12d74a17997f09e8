/**
 * Options shared by the table kinds: the rule set and named settings (README "Settings").
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { collectSetting } from '../cli/parse.js';
import { parseRuleSetId, type RuleSetId } from '../rules/rule-set.js';

/**
 * `--rules` value parser: commander prints its message as one line naming the option.
 * @throws InvalidArgumentError naming the allowed rule sets
 * @example ruleSetArg('gia') // 'gi-anvil'
 */
export function ruleSetArg(v: string): RuleSetId {
  try {
    return parseRuleSetId(v);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message.replace(/^--rules: /, ''));
  }
}

/** Adds `--rules <set>` (default 2nd-edition) and the repeatable `--setting <name=value>`. */
export function addRuleSetOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--rules <set>', 'rule set: 2nd-edition or gi-anvil (G.I. Anvil of Victory A15)').default('2nd-edition').argParser(ruleSetArg))
    .option('--setting <name=value>', 'change a named rule setting (repeatable; see README "Settings")', collectSetting);
}

/** The rule set and settings `addRuleSetOptions` parsed, as a table builder's input. */
export function ruleSetInput(o: Record<string, unknown>): { rules: RuleSetId | undefined; settings: Record<string, string> | undefined } {
  return { rules: o.rules as RuleSetId | undefined, settings: o.setting as Record<string, string> | undefined };
}
