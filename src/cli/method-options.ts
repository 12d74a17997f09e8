/**
 * The method options every odds command takes (exact or Monte Carlo, seeds, threads, checkpoints,
 * shards) and the code that runs a query with them: progress bar, Ctrl-C, printing and files.
 */
import { availableParallelism } from 'node:os';
import { readFile, unlink } from 'node:fs/promises';
import { Option, type Command } from 'commander';
import { randomSeed } from '../dice/streams.js';
import { AslOddsError, inputError } from '../errors.js';
import { computeOdds, type ChunkSnapshot, type MethodOptions, type OddsQuery } from '../queries/compute-odds.js';
import { FALLBACK_TRIALS } from '../queries/fallback.js';
import { MAX_THREADS as MAX_THREADS_ANYWHERE, maxThreadsFor, parseTrials as parseTrialsText, TRIALS_HELP } from '../options/method-spec.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { textFile } from '../io/text-file.js';
import { poolChunkRunner } from '../pool/pool-runner.js';
import { parseShard } from '../runs/partial.js';
import { emitResult, type EmitOptions } from './emit.js';
import type { CliContext } from './io.js';
import { createExactProgress, createProgress } from './progress.js';
import { commanderParser, intIn } from './parse.js';
import { checkOutputPaths } from './output-paths.js';

/** The most worker threads here: 4 per core, never more than 64 (options/method-spec.ts). */
export const MAX_THREADS = maxThreadsFor(availableParallelism());

/**
 * Parses `--trials` (and the hidden `--chunk-size`): the one trials spec of options/method-spec.ts, a
 * whole number in [1, 1e12] written as `1e6`, `2_000_000` or `2,000,000`.
 * @throws InvalidArgumentError naming the forms and the range
 * @example parseTrials('2,000,000') // 2000000
 */
export const parseTrials = commanderParser(parseTrialsText);

/** Parses `--threads` (every command's): an integer in [1, MAX_THREADS]. */
export function parseThreads(v: string): number {
  return intIn(1, MAX_THREADS)(v);
}

/** Adds `--trials`, `--seed`, `--threads`, `--exact`, `--compare-exact`, `--quiet`, `--checkpoint`, `--resume`, `--shard`. */
export function addMethodOptions(cmd: Command): Command {
  return cmd
    .option('--trials <n>', `Monte Carlo with n trials, ${TRIALS_HELP} (1e6, 2_000_000); default: exact enumeration`, parseTrials)
    .option('--seed <string>', 'Monte Carlo seed (default: random, printed and stored in the result)')
    .option('--threads <n>', `worker threads, 1 to ${MAX_THREADS} (4 per core, at most ${MAX_THREADS_ANYWHERE}; default: available cores, ${availableParallelism()} here)`, parseThreads)
    .option('--exact', 'exact odds only, however long they take (up to the budget; default: Monte Carlo answers when exact would take more than a few seconds); with --trials: same as --compare-exact')
    .option('--compare-exact', 'with --trials: also compute exact odds and report z-scores and chi-squared')
    .option('--quiet', 'no progress bar or notes on stderr')
    .option('--checkpoint <file>', 'record finished chunks in <file> as the run goes (atomic writes)')
    .option('--resume', 'with --checkpoint: continue the run recorded there')
    .option('--shard <i/n>', 'run only shard i of n and write a partial result for `asl-odds merge`', parseShard)
    .addOption(new Option('--chunk-size <n>', 'trials per chunk (part of the plan; changes the streams)').argParser(parseTrials).hideHelp())
    .addOption(new Option('--tally-from <file>', 'internal: merged tally from asl-odds merge').hideHelp());
}

/** Parsed method options. */
export interface MethodFlags extends EmitOptions {
  trials?: number;
  seed?: string;
  threads?: number;
  exact?: boolean;
  compareExact?: boolean;
  quiet?: boolean;
  checkpoint?: string;
  resume?: boolean;
  shard?: { index: number; count: number };
  chunkSize?: number;
  tallyFrom?: string;
}

const STRIP_WITH_VALUE = new Set(['--shard', '--out', '--checkpoint', '--report', '--format', '--threads', '--tally-from']);
const STRIP_FLAGS = new Set(['--json', '--resume', '--quiet']);

/** The user's command line without options that do not change the result (for partial results). */
export function replayableArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const name = a.split('=')[0];
    if (STRIP_FLAGS.has(a)) continue;
    if (STRIP_WITH_VALUE.has(name)) {
      if (!a.includes('=')) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/**
 * Runs `query` with the method flags and prints/writes the result. Exit code: 0, or 130 when Ctrl-C
 * interrupted a Monte Carlo run (the partial result is still printed and written).
 * @param cli where to write (`io`), the user's argv (partial results), and the hook called before an
 *   exact-first run (`beforeExact`: no `--trials`; also when Monte Carlo then answers instead)
 * @throws AslOddsError from the query, the engine or file writes
 */
export async function runOddsQuery<S>(query: OddsQuery<S>, f: MethodFlags, cli: Pick<CliContext, 'io' | 'argv' | 'beforeExact'>): Promise<number> {
  const { io, argv } = cli;
  checkOutputPaths(f, f.tallyFrom === undefined ? [] : [{ what: 'the merged tally', path: f.tallyFrom }]);
  let tally: MethodOptions['tally'];
  if (f.tallyFrom !== undefined) tally = await readTally(f.tallyFrom);
  const monteCarlo = f.trials !== undefined || tally !== undefined;
  // --seed and --threads also serve the Monte Carlo run that answers when exact would take too long.
  const canFallBack = query.quickStates !== undefined && !f.exact;
  if (!monteCarlo && (f.checkpoint || f.shard || f.resume || f.compareExact || f.chunkSize || (!canFallBack && (f.seed !== undefined || f.threads)))) {
    throw inputError('input.trials', '--seed, --threads, --checkpoint, --resume, --shard and --compare-exact need --trials (Monte Carlo)');
  }
  if (f.resume && !f.checkpoint) throw inputError('input.resume', '--resume needs --checkpoint <file>');
  const seed = tally?.seed ?? f.seed ?? (monteCarlo ? randomSeed() : undefined);
  // (Not before a --resume: the checkpoint is read first, and a resumed run replays its own seed.)
  if (monteCarlo && !f.seed && !tally && !f.resume && !f.quiet) io.stderr(`seed: ${seed} (replay with --seed ${seed})\n`);

  const stop = { interrupted: false };
  const onSigint = () => {
    stop.interrupted = true;
  };
  // Progress of a Monte Carlo run, asked for or answering instead of exact (a fallback).
  const progress = createProgress(io, !!f.quiet || tally !== undefined, 'trials');
  const exactProgress = createExactProgress(io, monteCarlo || !!f.quiet);
  let catching = false;
  const catchSigint = () => {
    if (catching) return;
    catching = true;
    process.on('SIGINT', onSigint);
  };
  if (monteCarlo) catchSigint();
  // A Monte Carlo run shows (or, off a terminal, times) its progress from the start, not its first chunk.
  if (f.trials !== undefined && !tally) progress.update?.(0, f.trials);
  // Per-chunk tallies for the report's convergence chart (only kept when a report is asked for).
  const chunks: ChunkSnapshot[] = [];
  let output;
  if (!monteCarlo) cli.beforeExact?.();
  try {
    output = await computeOdds(query, {
      trials: f.trials,
      seed,
      threads: f.threads ?? availableParallelism(),
      runner: poolChunkRunner,
      chunkSize: f.chunkSize,
      compareExact: f.compareExact || f.exact,
      checkpoint: f.checkpoint === undefined ? undefined : textFile(f.checkpoint),
      resume: f.resume,
      shard: f.shard,
      argv: replayableArgv(argv),
      tally,
      stop,
      onChunk: f.report ? (snapshot) => chunks.push(snapshot) : undefined,
      onProgress: progress.update,
      onExactProgress: exactProgress.update,
      exactOnly: f.exact,
      onNote: (line) => {
        // Monte Carlo answers instead of exact: Ctrl-C keeps what finished, as in any Monte Carlo run.
        catchSigint();
        if (!f.quiet) io.stderr(`${line}\n`);
        progress.update?.(0, FALLBACK_TRIALS);
      },
    });
  } finally {
    progress.stop();
    exactProgress.stop();
    if (catching) process.off('SIGINT', onSigint);
  }
  if (output.kind === 'partial') {
    const json = JSON.stringify(output.partial) + '\n';
    if (f.out) await writeFileAtomic(f.out, json);
    else io.stdout(json);
    if (!f.quiet) io.stderr(`shard ${output.partial.shard.index}/${output.partial.shard.count}: ${output.partial.chunks.length} chunks${f.out ? ` written to ${f.out}` : ''}\n`);
    return stop.interrupted ? 130 : 0;
  }
  await emitResult(output.result, f, io, { argv, chunks });
  if (output.result.interrupted) {
    if (!f.quiet) io.stderr(`interrupted: ${output.result.trials} of ${output.result.trialsRequested} trials completed\n`);
    return 130;
  }
  return 0;
}

/**
 * Reads the hidden `--tally-from` file (written by `asl-odds merge`): `{ seed, counts, outcomes? }`, checked.
 * @throws AslOddsError `input.tallyFrom` (unreadable, not JSON, or not a seed and whole counts >= 0)
 */
export async function readTally(file: string): Promise<{ seed: string; fingerprint?: string; counts: number[]; outcomes?: Record<string, number> }> {
  const bad = (why: string) => inputError('input.tallyFrom', `--tally-from ${JSON.stringify(file)}: ${why}`);
  let t: unknown;
  try {
    t = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw bad(e instanceof SyntaxError ? 'not JSON' : `cannot read it (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const o = t as { seed?: unknown; counts?: unknown };
  if (typeof o !== 'object' || o === null || typeof o.seed !== 'string' || o.seed === '') throw bad('expected { "seed": string, "counts": [...] }');
  if (!Array.isArray(o.counts) || !o.counts.every((c) => Number.isSafeInteger(c) && c >= 0)) {
    throw bad('"counts" must be a list of whole numbers >= 0');
  }
  const fp = (t as { fingerprint?: unknown }).fingerprint;
  if (fp !== undefined && typeof fp !== 'string') throw bad('"fingerprint" must be a string');
  const base = { seed: o.seed, counts: o.counts as number[], ...(fp === undefined ? {} : { fingerprint: fp }) };
  const outcomes = (t as { outcomes?: unknown }).outcomes;
  if (outcomes === undefined) return base;
  if (typeof outcomes !== 'object' || outcomes === null || Array.isArray(outcomes)) throw bad('"outcomes" must map outcome names to counts');
  const byName: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const [name, c] of Object.entries(outcomes)) {
    if (!Number.isSafeInteger(c) || (c as number) < 0) throw bad(`"outcomes": the count of ${JSON.stringify(name)} must be a whole number >= 0`);
    byName[name] = c as number;
  }
  return { ...base, outcomes: byName };
}

/**
 * `asl-odds merge`: combines shard partial results into the final result by replaying the shards'
 * command with the summed tally.
 */
export async function mergeAndReplay(
  files: readonly string[],
  f: EmitOptions,
  run: (argv: string[]) => Promise<number>,
  readPartials: (files: readonly string[]) => Promise<{ first: { argv: readonly string[]; seed: string; fingerprint: string }; counts: number[]; outcomes?: Record<string, number> }>,
): Promise<number> {
  const { first, counts, outcomes } = await readPartials(files);
  if (first.argv.length === 0) throw inputError('merge.format', `merge: ${files[0]} records no command line (a partial result made through the library); merge it with mergePartials there`);
  const tmp = `${process.env.TMPDIR ?? '/tmp'}/asl-odds-merge-${process.pid}-${Date.now()}.json`;
  await writeFileAtomic(tmp, JSON.stringify({ seed: first.seed, fingerprint: first.fingerprint, counts, ...(outcomes ? { outcomes } : {}) }));
  try {
    const extra: string[] = ['--tally-from', tmp, '--quiet'];
    if (f.json) extra.push('--json');
    if (f.out) extra.push('--out', f.out);
    if (f.report) extra.push('--report', f.report);
    if (f.format && f.format !== 'text') extra.push('--format', f.format); // the default (commands without --format, e.g. scenario, take none)
    return await run([...first.argv, ...extra]);
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

export { AslOddsError };
