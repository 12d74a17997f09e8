/**
 * `asl-odds rout`: odds of a broken unit's rout along a route, hex by hex: Interdiction NMCs in Open
 * Ground, Casualty Reduction, pins and Failure to Rout, Heat of Battle, Low Crawl, a leader routing
 * voluntarily with it (A10.5-10.533, A10.711, A19.12, A15); `--compare` prices routes side by side.
 */
import { Command, InvalidArgumentError } from 'commander';
import { inputError } from '../../errors.js';
import { ROUT_FROM, routCompare, routOdds, routQuery, type RoutFrom, type RoutInput } from '../../queries/rout-query.js';
import { join } from 'node:path';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { formatRouteComparison, formatRouteSummary } from '../../reports/route-comparison-table.js';
import { writeOddsReport } from '../../reports/write-report.js';
import { parseNationality } from '../../counters/catalog.js';
import { addOutputOptions, type CommonOptions } from '../common-options.js';
import { emitResult } from '../emit.js';
import type { CliContext } from '../io.js';
import { addMethodOptions, runOddsQuery, type MethodFlags } from '../method-options.js';
import { intIn, unitClass } from '../parse.js';

interface RoutOptions extends Omit<CommonOptions, 'enemyInLos' | 'leader'>, MethodFlags {
  path: string;
  lowCrawl?: boolean;
  leader?: string;
  endAdjacent?: boolean;
  from: RoutFrom;
  compare?: string[];
}

function routFrom(v: string): RoutFrom {
  const t = v.trim().toLowerCase() as RoutFrom;
  if (!ROUT_FROM.includes(t)) throw new InvalidArgumentError(`expected one of ${ROUT_FROM.join(', ')}.`);
  return t;
}

/** True when a Monte Carlo option was given (they need `--trials`; `runOddsQuery` says so). */
function wantsMonteCarlo(o: MethodFlags): boolean {
  return !!(o.trials !== undefined || o.tallyFrom || o.seed || o.threads || o.checkpoint || o.resume || o.shard || o.compareExact || o.exact);
}

/** Builds the `rout` subcommand. */
export function routCommand(cli: CliContext): Command {
  const cmd = new Command('rout')
    .description(
      'Odds of a broken unit routing along a route: an Interdiction NMC in each Open Ground hex, Casualty Reduction, pins and Failure to Rout, Heat of Battle, Low Crawl, a leader routing with it (A10.5-10.533, A10.711, A19.12, A15).',
    )
    .requiredOption('--unit <id>', 'the broken unit, a catalog id such as german/4-6-7, german/2-4-7, german/8-1 (see `asl-odds units`)')
    .requiredOption('--path <route>', "hexes entered, in order: open (Interdiction applies) or clear, each optionally :<MF 1-6>, :adj (ADJACENT to a Known enemy), :enc (Encircled); e.g. open,clear:2,open; 'crawl' (Low Crawl); 'none' (no legal route)")
    .option('--low-crawl', 'Low Crawl into the one hex of --path: all MF, never Interdicted (A10.52)')
    .option('--leader <id>', 'a Good Order leader routing voluntarily with the unit: adds his DRM, eliminated if it fails a NMC (A10.711)')
    .option('--drm <n>', 'other DRM on every Interdiction NMC, -6..6', intIn(-6, 6))
    .option('--end-adjacent', 'every hex but the last is ADJACENT to a Known armed unbroken enemy: pinned there = Failure to Rout (A10.53)')
    .option('--compare <routes...>', 'also price these routes (same syntax as --path) and print all side by side, e.g. --compare crawl "clear,open"')
    .option('--from <terrain>', `the hex the unit routs from: ${ROUT_FROM.join(' or ')}; a Disrupted unit routs only from Open Ground (A19.12)`, routFrom, 'open')
    .option('--broken-ml <n>', 'override the broken-side Morale Level (2-10)', intIn(2, 10))
    .option('--class <class>', 'override the class (HoB DRM): elite, 1st-line, 2nd-line, green, conscript', unitClass)
    .option('--nationality <nat>', 'override the nationality (HoB DRM and results)')
    .option('--fanatic', 'the unit is Fanatic: ML +1 (A10.8)')
    .option('--wounded', 'the unit is a wounded SMC: ML -1, 3 MF (A17.2)')
    .option('--disrupted', 'the unit is Disrupted: routs only from Open Ground, no Low Crawl (A19.12)')
    .option('--encircled', 'the unit begins the RtPh Encircled: the first hex costs double MF (A7.7)')
    .option('--vs-russians', 'the enemy is Russian (SS never surrender by HoB, A15.5)')
    .option('--no-quarter', 'No Quarter: a unit that cannot rout is eliminated, not captured (A20.3); 2nd Ed HoB surrender becomes berserk');
  addOutputOptions(cmd);
  addMethodOptions(cmd);
  cmd.addHelpText(
    'after',
    '\nExamples:\n  asl-odds rout --unit german/4-6-7 --path open,open\n  asl-odds rout --unit german/4-6-7 --path open,open --leader german/8-1 --end-adjacent\n  asl-odds rout --unit russian/4-4-7 --path open,open --compare crawl "clear:2,open"\n',
  );
  return cmd.action(async (o: RoutOptions) => {
    const input: RoutInput = {
      unit: o.unit,
      overrides: {
        ...(o.brokenMl !== undefined ? { brokenML: o.brokenMl } : {}),
        ...(o.class !== undefined ? { unitClass: o.class } : {}),
        ...(o.nationality !== undefined ? { nationality: parseNationality(o.nationality) } : {}),
      },
      fanatic: o.fanatic,
      wounded: o.wounded,
      disrupted: o.disrupted,
      encircled: o.encircled,
      path: o.path,
      lowCrawl: o.lowCrawl,
      leader: o.leader,
      drm: o.drm,
      endAdjacent: o.endAdjacent,
      from: o.from,
      rules: o.rules,
      settings: o.setting,
      vsRussians: !!o.vsRussians,
      noQuarter: o.quarter === false,
    };
    if (o.compare !== undefined) {
      if (wantsMonteCarlo(o)) throw inputError('input.compare', '--compare: routes are compared exactly; drop --trials and the other Monte Carlo options');
      const c = routCompare(input, o.compare);
      const json = JSON.stringify(c, null, 2) + '\n';
      const table = formatRouteComparison(c, o.format); // checks --format before any file is written
      if (o.out) await writeFileAtomic(o.out, json);
      if (o.report) {
        const files: string[] = [];
        // One report directory per route (each with its own index.html): route-1/, route-2/, ...
        for (const [i, r] of c.routes.entries()) files.push(...(await writeOddsReport(join(o.report, `route-${i + 1}`), r.result, { name: 'rout' })).files);
        if (!o.json && !o.quiet) cli.io.stderr(`report: ${files.join(', ')}\n`);
      }
      cli.io.stdout(o.json ? json : table);
      return;
    }
    if (!wantsMonteCarlo(o)) {
      const result = routOdds(input);
      await emitResult(result, o, cli.io);
      if (!o.json && (o.format ?? 'text') === 'text') cli.io.stdout(formatRouteSummary(result));
      return;
    }
    cli.exitCode = await runOddsQuery(routQuery(input), o, cli.io, cli.argv);
  });
}
