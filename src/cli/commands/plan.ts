/**
 * `asl-odds plan`: fire plans compared (calculators/plan.ts, queries/fire-plans.ts): text or `--json`,
 * `--out <file>` written atomically.
 */
import { Command } from 'commander';
import { PLAN_OPTIONS, planInputOf } from '../../calculators/plan.js';
import type { ParsedOptions } from '../../calculators/calculator.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { comparePlans } from '../../queries/fire-plans.js';
import { describePlan, formatPlanComparison } from '../../reports/plan-text.js';

/** `12 s`, `3 min 20 s`. */
function formatSeconds(s: number): string {
  if (s < 90) return `${Math.max(1, Math.round(s))} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - 60 * m)} s`;
}
import type { CliContext } from '../io.js';
import { optionFromSpec } from '../odds-command.js';
import { VIEWER_OPTION } from '../../options/viewer-option.js';
import { applyVaslPlan } from '../vasl-odds.js';

/** Builds the `plan` subcommand. */
export function planCommand(cli: CliContext): Command {
  const cmd = new Command('plan').description(
    'Fire plans compared: every partition of up to 6 firers into fire groups, in every order, against one stack; ranked by P(at least one unit broken), squad-equivalents broken or eliminated, P(a leader lost) or P(the whole stack broken or eliminated) (A7.5, A7.53).',
  );
  // --target is required unless a VASL game's Location (--vasl --at) gives it (applyVaslPlan checks).
  for (const spec of PLAN_OPTIONS) cmd.addOption(optionFromSpec(spec.flags.startsWith('--target ') ? { ...spec, required: false } : spec));
  cmd.option('--vasl <file>', 'a VASL saved game (.vsav): the target stack comes from the Location --at, the firers from --from');
  cmd.addOption(optionFromSpec(VIEWER_OPTION.spec));
  cmd.option('--at <hex>', 'with --vasl: the target Location, e.g. 57-H8');
  cmd.option('--from <hex,...>', 'with --vasl: the firing Locations, e.g. 57-H9,57-H10: their Good Order units and MGs, each at its own range from the map');
  cmd.option('--json', 'print one JSON object instead of the text');
  cmd.option('--out <file>', 'also write the JSON to <file> (atomically)');
  cmd.option('--quiet', "no progress or notes on stderr (the screen, the estimate, each plan done; what a VASL game's Locations leave out)");
  cmd.addHelpText(
    'after',
    '\nExamples:\n  asl-odds plan --vasl test/fixtures/vasl/Hazmo-52-After-Finn-4.vsav --at 57-G3 --from 57-H9,57-H10\n  asl-odds plan --firer german/4-6-7,german/4-6-7,german/mmg --range 4 --terrain wooden-building --target russian/4-4-7,russian/4-4-7\n  asl-odds plan --firer german/4-6-7,german/4-6-7 --leader german/8-1 --objective leader-lost --target russian/9-1,russian/4-4-7\n',
  );
  return cmd.action(async (o: ParsedOptions) => {
    const applied = await applyVaslPlan(o);
    // On stderr unless --quiet: the exact screen's ranking at once, the estimate before the stack
    // figures start, then each candidate done (a 6-firer comparison at 1e6 trials runs for minutes).
    const say = (line: string) => {
      if (!o.quiet) cli.io.stderr(`${line}\n`);
    };
    const c0 = await comparePlans(planInputOf(applied.options), {
      screened: (rows, n) => {
        say(`screen (exact, NMC or better), best of ${n} plans:`);
        for (const r of rows.slice(0, 5)) say(`  ${String(r.rank).padStart(2)}. ${(100 * r.nmcOrBetter).toFixed(1)}%  ${describePlan(r)}`);
      },
      estimate: (seconds, n) => say(`stack figures of ${n} plans: about ${formatSeconds(seconds)} more (estimated from the first Monte Carlo plan's time)`),
      evaluated: (done, total, seconds) => say(`plan ${done}/${total} done, ${seconds.toFixed(1)} s`),
    });
    const c = applied.stamp === undefined ? c0 : { ...c0, input: applied.stamp };
    if (!o.quiet) for (const note of applied.notes) cli.io.stderr(`note: ${note}\n`);
    const json = JSON.stringify(c, null, 2) + '\n';
    cli.io.stdout(o.json ? json : formatPlanComparison(c));
    if (o.out) await writeFileAtomic(o.out as string, json);
  });
}
