/**
 * Partial results of sharded runs (`--shard i/n`) and their merge (`asl-odds merge`).
 *
 * A shard runs the chunks k with k % n == i and writes its tally with the chunk plan, seed and the
 * command line that produced it. Merging checks that all files come from the same run (fingerprint,
 * version), that their chunks are disjoint and together complete, sums the tallies, and replays the
 * command with the merged tally: the result equals a single-machine run with the same seed.
 */
import { inputError } from '../errors.js';
import { checkChunkTally, checkPartialStructure, MAX_CHUNKS, planOfPartial, sumOfCounts } from './verify-run-file.js';

/** A shard's partial result. */
export interface PartialResult {
  readonly format: 'asl-odds-partial/1';
  readonly version: string;
  readonly command: string;
  /** The command line (user arguments) that produced it, without `--shard`, `--out`, `--json`. */
  readonly argv: readonly string[];
  readonly fingerprint: string;
  readonly seed: string;
  readonly trials: number;
  readonly chunkSize: number;
  readonly chunkCount: number;
  readonly shard: { readonly index: number; readonly count: number };
  readonly chunks: readonly number[];
  readonly counts: readonly number[];
  /** Trials per final state, for runs that tally them by name (the attack sampler); absent otherwise. */
  readonly outcomes?: Readonly<Record<string, number>>;
}

/**
 * The partial result of a shard run, in the file format `merge` reads: the run's identity (command,
 * argv, fingerprint, seed, chunk plan, shard) and the integer tallies of the chunks done (listed in
 * ascending order). One builder for every kind of run (odds chains, the attack sampler).
 * Never throws.
 */
export function partialResultOf(run: {
  readonly version: string;
  readonly command: string;
  readonly argv: readonly string[] | undefined;
  readonly fingerprint: string;
  readonly seed: string;
  readonly plan: { readonly trials: number; readonly chunkSize: number; readonly chunkCount: number };
  readonly shard: { readonly index: number; readonly count: number };
  readonly done: Iterable<number>;
  readonly counts: ArrayLike<number>;
  readonly outcomes?: Readonly<Record<string, number>>;
}): PartialResult {
  return {
    format: 'asl-odds-partial/1',
    version: run.version,
    command: run.command,
    argv: [...(run.argv ?? [])],
    fingerprint: run.fingerprint,
    seed: run.seed,
    trials: run.plan.trials,
    chunkSize: run.plan.chunkSize,
    chunkCount: run.plan.chunkCount,
    shard: run.shard,
    chunks: [...run.done].sort((a, b) => a - b),
    counts: Array.from(run.counts),
    ...(run.outcomes === undefined ? {} : { outcomes: run.outcomes }),
  };
}

/**
 * Parses `i/n` (0 <= i < n).
 * @throws AslOddsError `input.shard`
 * @example parseShard('1/4') // { index: 1, count: 4 }
 */
export function parseShard(s: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(s.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(count) || count < 1 || count > MAX_CHUNKS || index >= count) {
    throw inputError('input.shard', `--shard: expected i/n with 0 <= i < n <= ${MAX_CHUNKS} (e.g. 0/4), got '${s}'`);
  }
  return { index, count };
}

/** The chunks of shard `index` of `count` in a plan of `chunkCount` chunks. */
export function shardChunks(chunkCount: number, index: number, count: number): number[] {
  const out: number[] = [];
  for (let k = index; k < chunkCount; k += count) out.push(k);
  return out;
}

/**
 * Checks partial results and sums them.
 * @param files each file's name (for messages) and text, as the CLI read them (cli/commands/merge.ts)
 * @throws AslOddsError `merge.*` (exit 2): not a partial result, different runs or versions,
 * overlapping or missing chunks
 */
export function mergePartials(files: readonly { readonly name: string; readonly text: string }[]): { first: PartialResult; counts: number[]; outcomes?: Record<string, number> } {
  if (files.length === 0) throw inputError('merge.noFiles', 'merge: give the partial result files to merge');
  const paths = files.map((f) => f.name);
  const parts: PartialResult[] = [];
  for (const { name: p, text } of files) {
    let part: PartialResult;
    try {
      part = JSON.parse(text) as PartialResult;
    } catch {
      throw inputError('merge.format', `merge: ${p} is not JSON`);
    }
    if (typeof part !== 'object' || part === null || part.format !== 'asl-odds-partial/1') throw inputError('merge.format', `merge: ${p} is not an asl-odds partial result (run with --shard i/n --out <file>)`);
    checkPartialStructure(p, part as unknown as Record<string, unknown>);
    parts.push(part);
  }
  const first = parts[0];
  const seen = new Set<number>();
  const counts = new Array<number>(first.counts.length).fill(0);
  const outcomes: Record<string, number> | undefined = first.outcomes ? (Object.create(null) as Record<string, number>) : undefined;
  const firstCounts = Array.isArray(first.counts) ? first.counts.length : 0;
  parts.forEach((part, i) => {
    if (part.version !== first.version) throw inputError('merge.version', `merge: ${paths[i]} is from asl-odds ${part.version}, ${paths[0]} from ${first.version}`);
    if (part.seed !== first.seed) throw inputError('merge.seed', `merge: ${paths[i]} has seed '${part.seed}', ${paths[0]} has '${first.seed}'`);
    if (part.fingerprint !== first.fingerprint) throw inputError('merge.input', `merge: ${paths[i]} comes from a different command, input, trials or chunk size than ${paths[0]}`);
    if (part.trials !== first.trials || part.chunkSize !== first.chunkSize || part.shard.count !== first.shard.count || part.argv.join('\u0000') !== first.argv.join('\u0000')) {
      throw inputError('merge.input', `merge: ${paths[i]} records another plan, shard count or command line than ${paths[0]} under the same fingerprint; the files are edited, refused`);
    }
    // Chunk ids of this shard, each once, and counts that add up to exactly their trials.
    const plan = planOfPartial(paths[i], part.trials, part.chunkSize);
    const byOutcomes = first.outcomes !== undefined;
    checkChunkTally(`merge: ${paths[i]}`, 'merge.format', part, plan, (k) => k % part.shard.count === part.shard.index, {
      size: firstCounts,
      trialsOf: byOutcomes ? () => Object.values(part.outcomes ?? {}).reduce((a, b) => a + b, 0) : sumOfCounts,
      outcomes: byOutcomes,
    });
    for (const k of part.chunks) {
      if (seen.has(k)) throw inputError('merge.overlap', `merge: chunk ${k} appears twice (${paths[i]}); merge each shard once`);
      seen.add(k);
    }
    part.counts.forEach((c, j) => (counts[j] += c));
    if (outcomes) for (const [k, v] of Object.entries(part.outcomes ?? {})) outcomes[k] = (outcomes[k] ?? 0) + v;
  });
  if (seen.size !== first.chunkCount) {
    const missing = first.chunkCount - seen.size;
    throw inputError('merge.incomplete', `merge: ${missing} of ${first.chunkCount} chunks are missing; merge all ${first.shard.count} shards`);
  }
  return { first, counts, ...(outcomes ? { outcomes } : {}) };
}
