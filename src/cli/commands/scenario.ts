/**
 * `asl-odds scenario <file>`: plays a scenario's morale economy many times (Monte Carlo over the
 * turn model) and reports each side's victory odds, ELR losses, when sides crack, and per-turn
 * strength; `--sweep` compares values of one field side by side.
 */
import { availableParallelism } from 'node:os';
import { Command, InvalidArgumentError } from 'commander';
import { randomSeed } from '../../dice/streams.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { formatScenarioResult, formatSweep, type SweepRow } from '../../reports/scenario-text.js';
import { writeScenarioReport } from '../../reports/write-scenario-report.js';
import { shellQuote } from '../../reports/write-report.js';
import { poolChunkRunner } from '../../pool/pool-runner.js';
import { runScenario } from '../../scenario/run-scenario.js';
import { loadScenarioFile } from '../../io/load-scenario.js';
import { applySweep, parseSweep } from '../../scenario/sweep.js';
import type { CliContext } from '../io.js';
import { parseTrials } from '../method-options.js';
import { intIn } from '../parse.js';
import { createProgress, withInterrupt } from '../progress.js';

interface ScenarioOptions {
  trials?: number;
  precision?: number;
  seed?: string;
  threads?: number;
  sweep?: string;
  report?: string;
  out?: string;
  json?: boolean;
  quiet?: boolean;
}

/** Default playthroughs. */
export const DEFAULT_SCENARIO_TRIALS = 2000;
/** Default most playthroughs with --precision. */
export const DEFAULT_PRECISION_MAX_TRIALS = 1_000_000;

/** Parses --precision: percentage points in (0, 50]. */
function parsePrecision(v: string): number {
  const n = Number(v.trim());
  if (!Number.isFinite(n) || n <= 0 || n > 50) throw new InvalidArgumentError('expected percentage points in (0, 50], e.g. 1 or 0.5.');
  return n;
}

/** Builds the `scenario` subcommand. */
export function scenarioCommand(cli: CliContext): Command {
  return new Command('scenario')
    .description(
      "Play a scenario's morale economy many times (fire, morale checks, Heat of Battle, rout, rally, Casualty Tally, Battlefield Integrity and ELR) and report each side's victory odds, ELR losses, when it cracks, and its strength turn by turn.",
    )
    .argument('<file>', 'scenario file (YAML or JSON; see scenarios/ and scenarios/scenario.schema.json)')
    .option('--trials <n>', `playthroughs (default ${DEFAULT_SCENARIO_TRIALS}; with --precision the most to run, default ${DEFAULT_PRECISION_MAX_TRIALS.toLocaleString('en-US')})`, parseTrials)
    .option('--precision <pp>', 'run until every victory probability is known within +-pp percentage points (95%), in whole chunks of 256 (the same playthroughs for a seed)', parsePrecision)
    .option('--seed <string>', 'seed (default: random, printed and stored)')
    .option('--threads <n>', `worker threads (default: available cores, ${availableParallelism()} here)`, intIn(1, 1024))
    .option('--sweep <path=values>', 'run once per value of a numeric or flag field, e.g. sides.german.elr=2,3,4 or sides.russian.battlefieldIntegrity=true,false')
    .option('--report <dir>', 'write scenario.txt, scenario.json, charts (Vega-Lite + SVG) and index.html into <dir>')
    .option('--out <file>', 'also write the JSON result to <file> (atomically)')
    .option('--json', 'print one JSON object instead of the summary')
    .option('--quiet', 'no progress bar or notes on stderr')
    .addHelpText(
      'after',
      '\nExamples:\n  asl-odds scenario scenarios/stalingrad-factory-1942.yaml --trials 5000 --seed s1\n  asl-odds scenario scenarios/stalingrad-factory-1942.yaml --precision 1 --seed s1\n  asl-odds scenario scenarios/stalingrad-factory-1942.yaml --sweep sides.german.elr=2,3,4 --report reports/stalingrad\n',
    )
    .action(async (file: string, o: ScenarioOptions) => {
      const scenario = await loadScenarioFile(file);
      const sweep = o.sweep ? parseSweep(o.sweep) : null;
      const variants = sweep ? sweep.values.map((v) => ({ value: v, scenario: applySweep(scenario, sweep.path, v) })) : [{ value: null, scenario }];
      const seed = o.seed ?? randomSeed();
      if (!o.seed && !o.quiet) cli.io.stderr(`seed: ${seed} (replay with --seed ${seed})\n`);
      const threads = o.threads ?? availableParallelism();
      const trials = o.trials ?? (o.precision === undefined ? DEFAULT_SCENARIO_TRIALS : DEFAULT_PRECISION_MAX_TRIALS);
      const precision = o.precision === undefined ? undefined : o.precision / 100;
      const rows: SweepRow[] = [];
      let interrupted = false;
      await withInterrupt(async (stop) => {
        for (const v of variants) {
          if (stop.interrupted) break;
          const progress = createProgress(cli.io, !!o.quiet, sweep ? `${sweep.path}=${v.value}` : 'playthroughs');
          try {
            const result = await runScenario(v.scenario, { trials, precision, seed, threads, runner: poolChunkRunner, stop, onProgress: progress.update }, { file, ...(sweep ? { sweep: `${sweep.path}=${v.value}` } : {}) });
            rows.push({ value: v.value ?? 0, result });
            interrupted ||= !!result.interrupted;
          } finally {
            progress.stop();
          }
        }
      });
      const main = rows[0].result;
      const doc = sweep ? { ...main, sweep: { path: sweep.path, rows: rows.map((r) => ({ value: r.value, victory: r.result.victory, elrFell: r.result.elrFell, interrupted: !!r.result.interrupted })) } } : main;
      const json = JSON.stringify(doc, null, 2) + '\n';
      if (o.out) await writeFileAtomic(o.out, json);
      if (o.report) {
        const command = `asl-odds ${cli.argv.map(shellQuote).join(' ')}`;
        const { files } = await writeScenarioReport(o.report, main, command, sweep ? { path: sweep.path, rows } : undefined);
        if (!o.quiet && !o.json) cli.io.stderr(`report: ${files.length} files in ${o.report}\n`);
      }
      cli.io.stdout(o.json ? json : formatScenarioResult(main) + (sweep ? '\n' + formatSweep(sweep.path, rows) : ''));
      if (interrupted) cli.exitCode = 130;
    });
}
