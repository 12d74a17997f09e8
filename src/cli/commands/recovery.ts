/**
 * `asl-odds recovery`: odds of Recovering an unpossessed SW/Gun (A4.44): Final dr < 6, +1 CX, +1 night.
 */
import { Command } from 'commander';
import { recoveryQuery } from '../../queries/recovery-query.js';
import type { CliContext } from '../io.js';
import { addMethodOptions, runOddsQuery, type MethodFlags } from '../method-options.js';
import { intIn } from '../parse.js';

interface RecoveryOptions extends MethodFlags {
  cx?: boolean;
  night?: boolean;
  drm?: number;
}

/** Builds the `recovery` subcommand. */
export function recoveryCommand(cli: CliContext): Command {
  const cmd = new Command('recovery')
    .description('Odds that a unit Recovers an unpossessed SW/Gun: Final dr < 6, +1 if CX, +1 at night (A4.44).')
    .option('--cx', 'the unit is CX: +1 drm')
    .option('--night', 'night: +1 drm')
    .option('--drm <n>', 'other drm (e.g. G.5 jungle/kunai/bamboo), -6..6', intIn(-6, 6))
    .option('--json', 'print one JSON object instead of the table')
    .option('--format <fmt>', 'table format: text, markdown, csv', 'text')
    .option('--report <dir>', 'also write the table, JSON, Vega-Lite spec and SVG chart into <dir>')
    .option('--out <file>', 'also write the JSON result to <file> (atomically)');
  addMethodOptions(cmd);
  cmd.addHelpText('after', '\nExamples:\n  asl-odds recovery\n  asl-odds recovery --cx --night --json\n');
  return cmd.action(async (o: RecoveryOptions) => {
    cli.exitCode = await runOddsQuery(recoveryQuery({ cx: o.cx, night: o.night, drm: o.drm }), o, cli.io, cli.argv);
  });
}
