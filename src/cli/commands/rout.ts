/**
 * `asl-odds rout`: the rout calculator (calculators/rout.ts) plus `--compare`, which prices further
 * routes side by side (exact only).
 */
import { Command, Option } from 'commander';
import { join } from 'node:path';
import type { ParsedOptions } from '../../calculators/calculator.js';
import { routCalculator, routInputFrom } from '../../calculators/rout.js';
import { inputError } from '../../errors.js';
import { routCompare, routExact, routQuery } from '../../queries/rout-query.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { formatRouteComparison } from '../../reports/route-comparison-table.js';
import { writeOddsReport } from '../../report-files/write-report.js';
import { emitResult } from '../emit.js';
import type { CliContext } from '../io.js';
import { runOddsQuery, type MethodFlags } from '../method-options.js';
import { oddsCommand } from '../odds-command.js';
import { checkOutputPaths } from '../output-paths.js';

/** True when a Monte Carlo option was given (they need `--trials`; `runOddsQuery` says so). */
function wantsMonteCarlo(o: MethodFlags): boolean {
  return !!(o.trials !== undefined || o.tallyFrom || o.seed || o.threads || o.checkpoint || o.resume || o.shard || o.compareExact || o.exact);
}

/** Builds the `rout` subcommand. */
export function routCommand(cli: CliContext): Command {
  const compare = new Option(
    '--compare <routes...>',
    'also price these routes (same syntax as --path) and print all side by side, e.g. --compare crawl "clear,open"',
  );
  return oddsCommand(
    routCalculator,
    cli,
    async (o: ParsedOptions & MethodFlags) => {
      checkOutputPaths(o);
      const input = routInputFrom(o);
      if (!wantsMonteCarlo(o)) cli.beforeExact?.(); // exact: --compare, or no --trials
      if (o.compare !== undefined) {
        if (wantsMonteCarlo(o)) throw inputError('input.compare', '--compare: routes are compared exactly; drop --trials and the other Monte Carlo options');
        const c = routCompare(input, o.compare as string[]);
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
        const result = routExact(input);
        await emitResult(result, o, cli.io, { argv: cli.argv });
        return;
      }
      cli.exitCode = await runOddsQuery(routQuery(input), o, cli);
    },
    [compare],
  );
}
