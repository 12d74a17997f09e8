/**
 * `asl-odds mc`: exact odds of a MC/TC on one unit and its Heat of Battle chain.
 */
import { Command } from 'commander';
import { mcQuery } from '../../queries/morale-query.js';
import { addOutputOptions, addSituationOptions, addUnitOptions, collect, situationFrom, unitInputFrom, type CommonOptions } from '../common-options.js';
import type { CliContext } from '../io.js';
import { addMethodOptions, runOddsQuery, type MethodFlags } from '../method-options.js';
import { intIn } from '../parse.js';

interface McOptions extends CommonOptions, MethodFlags {
  check: string;
  broken?: boolean;
  berserk?: boolean;
}

/** Builds the `mc` subcommand. */
export function mcCommand(cli: CliContext): Command {
  const cmd = new Command('mc')
    .description(
      'Odds of a Morale Check (NMC, #MC), PTC or NTC on one unit: pass, pin, break, Casualty MC, ELR Replacement or Disruption, wounds, and the Heat of Battle that follows an Original 2 (A10, A15, A19).',
    )
    .option('--check <check>', 'NMC, 1MC..6MC, PTC or NTC', 'NMC')
    .option('--drm <n>', 'other DRM on the check (terrain, etc.), -6..6', intIn(-6, 6))
    .option('--leader <id>', 'a Good Order leader in the Location lending his DRM (repeatable; the best applies, A10.7)', collect)
    .option('--broken', 'the unit is already broken: a failure Casualty Reduces it (A10.3)')
    .option('--berserk', 'the unit is berserk: ML 10, failure Casualty Reduces (A15.42)');
  addUnitOptions(cmd);
  addSituationOptions(cmd);
  addOutputOptions(cmd);
  addMethodOptions(cmd);
  cmd.addHelpText(
    'after',
    '\nExamples:\n  asl-odds mc --unit german/4-6-7 --check 1MC --leader german/8-1\n  asl-odds mc --unit russian/4-4-7 --check 2MC --elr 2 --adjacent-enemy --json\n',
  );
  return cmd.action(async (o: McOptions) => {
    const query = mcQuery({
      ...unitInputFrom(o),
      broken: o.broken,
      berserk: o.berserk,
      check: o.check,
      drm: o.drm,
      leaders: o.leader,
      ...situationFrom(o),
    });
    cli.exitCode = await runOddsQuery(query, o, cli.io, cli.argv);
  });
}
