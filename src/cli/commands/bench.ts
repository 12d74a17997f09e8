/**
 * `asl-odds bench`: the benchmark of the hot resolver path (src/bench/run-bench.ts). Prints a table
 * (or `--json`); targets are reported as met / not met and never change the exit code.
 */
import { Command } from 'commander';
import type { CliContext } from '../io.js';
import { parseTrials } from '../method-options.js';

interface BenchFlags {
  json?: boolean;
  trials?: number;
  quick?: boolean;
}

/** Builds the `bench` subcommand. */
export function benchCommand(cli: CliContext): Command {
  const io = cli.io;
  return new Command('bench')
    .description(
      'Benchmark the hot path in one run: raw tychei dice rate, the compiled MC -> HoB chain (German 4-6-7 NMC) per thread, a naive baseline, pool speed-up, exact query time, 1e8 trials end to end.',
    )
    .option('--json', 'print the figures as one JSON object')
    .option('--trials <n>', 'raw DRs and chain trials per timed repetition (default 5e7; --quick 1e6)', parseTrials)
    .option('--quick', 'small sizes, one repetition, no 1e8 end-to-end run')
    .addHelpText('after', '\nExamples:\n  asl-odds bench\n  asl-odds bench --quick --json\n')
    .action(async (o: BenchFlags) => {
      // Loaded when asked for: the bench reaches every engine, which other commands need not load.
      const { formatBenchText, runBench } = await import('../../bench/run-bench.js');
      const result = await runBench({ quick: o.quick, trials: o.trials, onStage: (s) => io.stderr(`bench: ${s}\n`) });
      io.stdout(o.json ? JSON.stringify(result, null, 2) + '\n' : formatBenchText(result));
    });
}
