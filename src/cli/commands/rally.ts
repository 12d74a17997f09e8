/**
 * `asl-odds rally`: exact odds of one Rally attempt (A10.6-10.64) and its Heat of Battle.
 */
import { Command } from 'commander';
import { rallyQuery } from '../../queries/morale-query.js';
import type { RallyTerrain } from '../../rules/rally.js';
import { addOutputOptions, addSituationOptions, addUnitOptions, collect, situationFrom, unitInputFrom, type CommonOptions } from '../common-options.js';
import type { CliContext } from '../io.js';
import { addMethodOptions, runOddsQuery, type MethodFlags } from '../method-options.js';
import { intIn, rallyTerrain } from '../parse.js';

interface RallyOptions extends CommonOptions, MethodFlags {
  selfRally?: boolean;
  terrain: RallyTerrain;
  dm?: boolean;
}

/** Builds the `rally` subcommand. */
export function rallyCommand(cli: CliContext): Command {
  const cmd = new Command('rally')
    .description(
      'Odds that a broken unit rallies: leader DRM, terrain -1, Self-Rally +1, DM +4, Fate on an Original 12, Heat of Battle after a non-Self-Rally Original 2 (A10.6-10.64, A15.1).',
    )
    .option('--leader <id>', 'a Good Order leader in the Location attempting the rally (repeatable; the best applies)', collect)
    .option('--self-rally', 'the unit attempts Self-Rally (+1; not with a Good Order leader present, A10.63)')
    .option('--terrain <terrain>', 'open, building, woods, pillbox or trench (-1 except open, A10.61)', rallyTerrain, 'open')
    .option('--dm', 'the unit is under Desperation Morale (+4, A10.62)')
    .option('--drm <n>', 'other DRM, -6..6', intIn(-6, 6));
  addUnitOptions(cmd);
  addSituationOptions(cmd);
  addOutputOptions(cmd);
  addMethodOptions(cmd);
  cmd.addHelpText(
    'after',
    '\nExamples:\n  asl-odds rally --unit german/4-6-7 --leader german/8-1 --terrain building\n  asl-odds rally --unit russian/4-4-7 --self-rally --dm --json\n',
  );
  return cmd.action(async (o: RallyOptions) => {
    const query = rallyQuery({
      ...unitInputFrom(o),
      broken: true,
      dm: o.dm,
      leaders: o.leader,
      selfRally: o.selfRally,
      terrain: o.terrain,
      drm: o.drm,
      ...situationFrom(o),
    });
    cli.exitCode = await runOddsQuery(query, o, cli.io, cli.argv);
  });
}
