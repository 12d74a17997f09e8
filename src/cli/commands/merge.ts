/**
 * `asl-odds merge <files...>`: combines the partial results of `--shard i/n` runs into the final
 * result, identical to a single-machine run with the same seed.
 */
import { Command } from 'commander';
import { AslOddsError } from '../../errors.js';
import { MAX_RUN_FILE_BYTES, readTextBounded } from '../../io/read-bounded.js';
import { mergePartials } from '../../runs/partial.js';
import type { CliContext } from '../io.js';
import { mergeAndReplay } from '../method-options.js';
import { checkOutputPaths } from '../output-paths.js';

/** Builds the `merge` subcommand. */
export function mergeCommand(cli: CliContext): Command {
  return new Command('merge')
    .description('Combine partial results of sharded Monte Carlo runs (--shard i/n --out <file>) into the final result. Refuses files from different seeds, inputs or versions.')
    .argument('<files...>', 'partial result files, one per shard')
    .option('--json', 'print one JSON object instead of the table')
    .option('--format <fmt>', 'table format: text, markdown, csv', 'text')
    .option('--report <dir>', 'also write the table, JSON, Vega-Lite spec and SVG chart into <dir>')
    .option('--out <file>', 'also write the JSON result to <file> (atomically)')
    .option('--quiet', 'no notes on stderr (the merged result is replayed quietly)')
    .addHelpText('after', '\nExample:\n  for i in 0 1 2 3; do asl-odds mc --unit german/4-6-7 --trials 1e8 --seed s1 --shard $i/4 --out part-$i.json; done\n  asl-odds merge part-*.json --json\n')
    .action(async (files: string[], o: { json?: boolean; format?: string; report?: string; out?: string; quiet?: boolean }) => {
      checkOutputPaths(o, files.map((path) => ({ what: 'a partial result to merge', path })));
      cli.exitCode = await mergeAndReplay(files, o, cli.rerun, async (paths) => mergePartials(await readPartialFiles(paths)));
    });
}

/**
 * Reads the partial result files.
 * @throws AslOddsError `merge.read` (exit 2) naming the file that cannot be read
 */
async function readPartialFiles(paths: readonly string[]): Promise<{ name: string; text: string }[]> {
  const out: { name: string; text: string }[] = [];
  for (const p of paths) {
    try {
      out.push({ name: p, text: await readTextBounded(p, MAX_RUN_FILE_BYTES) });
    } catch (e) {
      throw new AslOddsError('merge.read', `merge: cannot read ${p}: ${(e as Error).message}`, 2);
    }
  }
  return out;
}
