/**
 * `asl-odds integrity`: the odds of one Battlefield Integrity Check (A16.2) or ELR regain attempt (A16.3).
 */
import { Command, Option } from 'commander';
import { integrityQuery } from '../../queries/integrity-query.js';
import { parseRuleSetId, type RuleSetId } from '../../rules/rule-set.js';
import type { CliContext } from '../io.js';
import { addMethodOptions, runOddsQuery, type MethodFlags } from '../method-options.js';
import { collectSetting, intIn } from '../parse.js';

interface IntegrityOptions extends MethodFlags {
  losses: number;
  /** A leader id, or false from --no-leader. */
  leader?: string | false;
  enemyArmor?: boolean;
  enemyAir?: boolean;
  friendlyArmor?: boolean;
  friendlyAir?: boolean;
  elr?: number;
  regain?: boolean;
  reinforcementBpv?: number;
  integrityBase?: number;
  startingElr?: number;
  rules: RuleSetId;
  setting?: Record<string, string>;
}

/** Builds the `integrity` subcommand. */
export function integrityCommand(cli: CliContext): Command {
  const cmd = new Command('integrity')
    .description(
      'Odds that a Battlefield Integrity Check lowers the ELR (Final DR >= 12, A16.2), or that a regain attempt succeeds (Final DR <= 2 with only negative DRM, A16.3).',
    )
    .requiredOption('--losses <n>', 'Integrity Base losses so far, this one included (+1 DRM each), 1-20', intIn(0, 20))
    .option('--leader <id>', "the side's best Good Order leader (adds his modifier), e.g. russian/9-1")
    .option('--no-leader', 'the side has no Good Order leader (setting integrityNoLeaderDRM, default +1)')
    .option('--enemy-armor', 'enemy unopposed armor support (+1)')
    .option('--enemy-air', 'enemy air support (+1)')
    .option('--friendly-armor', 'friendly unopposed armor support (-1)')
    .option('--friendly-air', 'friendly air support (-1)')
    .option('--elr <n>', "the side's current ELR, 0-5", intIn(0, 5))
    .option('--regain', 'an attempt to regain ELR instead of a check (A16.3)')
    .option('--reinforcement-bpv <n>', 'regain: MMC BPV of the reinforcements that arrived this Player Turn', intIn(0, 100000))
    .option('--integrity-base <n>', 'regain: the Integrity Base before they arrived', intIn(1, 100000))
    .option('--starting-elr <n>', 'regain: the ELR the side started with (default current + 1)', intIn(0, 5))
    .addOption(new Option('--rules <set>', 'rule set: 2nd-edition or gi-anvil').default('2nd-edition').argParser(parseRuleSetId))
    .option('--setting <name=value>', 'change a named rule setting (repeatable)', collectSetting)
    .option('--json', 'print one JSON object instead of the table')
    .option('--format <fmt>', 'table format: text, markdown, csv', 'text')
    .option('--report <dir>', 'also write the table, JSON, Vega-Lite spec and SVG chart into <dir>')
    .option('--out <file>', 'also write the JSON result to <file> (atomically)');
  addMethodOptions(cmd);
  cmd.addHelpText(
    'after',
    '\nExamples:\n  asl-odds integrity --losses 1 --leader russian/9-1          # A16.21 EX: ELR lost only on an Original 12\n  asl-odds integrity --losses 3 --no-leader --enemy-armor --json\n  asl-odds integrity --regain --losses 2 --elr 2 --reinforcement-bpv 41 --integrity-base 40\n',
  );
  // commander's --no-leader defines `leader: false`; keep --leader <id> working alongside it.
  return cmd.action(async (o: IntegrityOptions) => {
    const query = integrityQuery({
      losses: o.losses,
      leader: typeof o.leader === 'string' ? o.leader : undefined,
      noLeader: o.leader === false,
      enemyArmor: o.enemyArmor,
      enemyAir: o.enemyAir,
      friendlyArmor: o.friendlyArmor,
      friendlyAir: o.friendlyAir,
      elr: o.elr,
      regain: o.regain,
      reinforcementBPV: o.reinforcementBpv,
      integrityBase: o.integrityBase,
      startingELR: o.startingElr,
      rules: o.rules,
      settings: o.setting,
    });
    cli.exitCode = await runOddsQuery(query, o, cli.io, cli.argv);
  });
}
