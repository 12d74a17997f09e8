/**
 * Partial results of sharded runs (`--shard i/n`) and their merge (`asl-odds merge`).
 *
 * A shard runs the chunks k with k % n == i and writes its tally with the chunk plan, seed and the
 * command line that produced it. Merging checks that all files come from the same run (fingerprint,
 * version), that their chunks are disjoint and together complete, sums the tallies, and replays the
 * command with the merged tally: the result equals a single-machine run with the same seed.
 */
import { inputError } from '../errors.js';
import { checkChunkTally, checkPartialStructure, MAX_CHUNKS, planOfPartial } from './verify-run-file.js';

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
  /** The slots of `counts` whose sum is its trials (the run's tally shape); absent: every slot. */
  readonly trialsSlots?: readonly number[];
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
  readonly trialsSlots?: readonly number[];
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
    ...(run.trialsSlots === undefined ? {} : { trialsSlots: [...run.trialsSlots] }),
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
 * @throws AslOddsError `merge.*` (exit 2): not a partial result, different runs or versions, shards of
 * different splits (`merge.split`), overlapping or missing chunks
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
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  parts.forEach((part, i) => {
    const [p, p0] = [paths[i], paths[0]];
    if (part.version !== first.version) throw inputError('merge.version', `merge: ${p} is from asl-odds ${part.version}, ${p0} from ${first.version}`);
    if (part.seed !== first.seed) throw inputError('merge.seed', `merge: ${p} has seed '${part.seed}', ${p0} has '${first.seed}'`);
    // What differs, said plainly: another split, another command line, another plan.
    if (part.shard.count !== first.shard.count) {
      throw inputError(
        'merge.split',
        `merge: ${p} is shard ${part.shard.index}/${part.shard.count}, ${p0} shard ${first.shard.index}/${first.shard.count}: shards of different splits (--shard i/n with another n) hold different chunks; merge the n shards of one split`,
      );
    }
    if (part.argv.join('\u0000') !== first.argv.join('\u0000')) throw inputError('merge.input', `merge: ${p} was made by another command line than ${p0} ('${part.argv.join(' ')}' and '${first.argv.join(' ')}')`);
    if (part.trials !== first.trials || part.chunkSize !== first.chunkSize) {
      throw inputError('merge.input', `merge: ${p} runs ${part.trials} trials in chunks of ${part.chunkSize}, ${p0} ${first.trials} in chunks of ${first.chunkSize}`);
    }
    if (part.fingerprint !== first.fingerprint) throw inputError('merge.input', `merge: ${p} comes from a different command, input, trials or chunk size than ${p0}`);
    if ((part.outcomes === undefined) !== (first.outcomes === undefined) || !same(part.trialsSlots, first.trialsSlots)) {
      throw inputError('merge.input', `merge: ${p} keeps another tally than ${p0} under the same fingerprint; the files are edited, refused`);
    }
    // Chunk ids of this shard, each once, and counts that add up to exactly their trials.
    const plan = planOfPartial(p, part.trials, part.chunkSize);
    const checked = checkChunkTally(`merge: ${p}`, 'merge.format', part, plan, (k) => k % part.shard.count === part.shard.index, {
      size: firstCounts,
      trialsSlots: first.trialsSlots,
      outcomes: first.outcomes !== undefined,
    });
    for (const k of part.chunks) {
      if (seen.has(k)) throw inputError('merge.overlap', `merge: chunk ${k} appears twice (${p}); merge each shard once`);
      seen.add(k);
    }
    part.counts.forEach((c, j) => (counts[j] += c));
    if (outcomes) for (const [k, v] of checked.outcomes) outcomes[k] = (outcomes[k] ?? 0) + v;
  });
  if (seen.size !== first.chunkCount) {
    const missing = first.chunkCount - seen.size;
    throw inputError('merge.incomplete', `merge: ${missing} of ${first.chunkCount} chunks are missing; merge all ${first.shard.count} shards`);
  }
  return { first, counts, ...(outcomes ? { outcomes } : {}) };
}
