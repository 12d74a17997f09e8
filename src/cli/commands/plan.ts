/**
 * `asl-odds plan`: fire plans compared (calculators/plan.ts, queries/fire-plans.ts): text or `--json`,
 * `--out <file>` written atomically.
 */
import { Command } from 'commander';
import { PLAN_OPTIONS, planInputOf } from '../../calculators/plan.js';
import type { ParsedOptions } from '../../calculators/calculator.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { comparePlans } from '../../queries/fire-plans.js';
import { formatPlanComparison } from '../../reports/plan-text.js';
import type { CliContext } from '../io.js';
import { optionFromSpec } from '../odds-command.js';
import { VIEWER_OPTION } from '../../options/viewer-option.js';
import { applyVaslPlan } from '../vasl-odds.js';

/** Builds the `plan` subcommand. */
export function planCommand(cli: CliContext): Command {
  const cmd = new Command('plan').description(
    'Fire plans compared: every partition of up to 6 firers into fire groups, in every order, against one stack; ranked by P(at least one unit broken), squad-equivalents broken or eliminated, P(a leader lost) or P(the whole stack broken or eliminated) (A7.5, A7.53, issue 40).',
  );
  // --target is required unless a VASL game's Location (--vasl --at) gives it (applyVaslPlan checks).
  for (const spec of PLAN_OPTIONS) cmd.addOption(optionFromSpec(spec.flags.startsWith('--target ') ? { ...spec, required: false } : spec));
  cmd.option('--vasl <file>', 'a VASL saved game (.vsav): the target stack comes from the Location --at, the firers from --from');
  cmd.addOption(optionFromSpec(VIEWER_OPTION.spec));
  cmd.option('--at <hex>', 'with --vasl: the target Location, e.g. 57-H8');
  cmd.option('--from <hex,...>', 'with --vasl: the firing Locations, e.g. 57-H9,57-H10: their Good Order units and MGs, each at its own range from the map');
  cmd.option('--json', 'print one JSON object instead of the text');
  cmd.option('--out <file>', 'also write the JSON to <file> (atomically)');
  cmd.option('--quiet', "no notes on stderr (what a VASL game's Locations leave out)");
  cmd.addHelpText(
    'after',
    '\nExamples:\n  asl-odds plan --vasl test/fixtures/vasl/Hazmo-52-After-Finn-4.vsav --at 57-G3 --from 57-H9,57-H10\n  asl-odds plan --firer german/4-6-7,german/4-6-7,german/mmg --range 4 --terrain wooden-building --target russian/4-4-7,russian/4-4-7\n  asl-odds plan --firer german/4-6-7,german/4-6-7 --leader german/8-1 --objective leader-lost --target russian/9-1,russian/4-4-7\n',
  );
  return cmd.action(async (o: ParsedOptions) => {
    const applied = await applyVaslPlan(o);
    const c0 = await comparePlans(planInputOf(applied.options));
    const c = applied.stamp === undefined ? c0 : { ...c0, input: applied.stamp };
    if (!o.quiet) for (const note of applied.notes) cli.io.stderr(`note: ${note}\n`);
    const json = JSON.stringify(c, null, 2) + '\n';
    cli.io.stdout(o.json ? json : formatPlanComparison(c));
    if (o.out) await writeFileAtomic(o.out as string, json);
  });
}
