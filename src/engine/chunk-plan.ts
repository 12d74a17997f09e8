/**
 * How Monte Carlo work is cut: chunks of `chunkSize` trials (the last one shorter), each with its own
 * stream `tychei(seed:k)`. The plan depends only on (trials, chunkSize), never on threads, so a run is
 * bit-identical for any thread count, completion order, resume or sharding.
 */
import { streamFor } from '../dice/streams.js';
import { AslOddsError, inputError } from '../errors.js';
import { MAX_CHUNKS } from '../runs/verify-run-file.js';

export { MAX_CHUNKS };
import type { CompiledTables } from './compile.js';
import { runChainTrials } from './kernel.js';

/** Default trials per chunk: 2^21, about 24 ms for the shortest chain (the MC -> HoB chain at ~87 M trials/s per thread; piscina wants >= 20 ms per task, docs/libraries.md "piscina") and more for longer chains. */
export const DEFAULT_CHUNK_SIZE = 1 << 21;

/** A chunk plan. */
export interface ChunkPlan {
  /** Total trials, integer >= 1 (exact up to 2^53). */
  readonly trials: number;
  /** Trials per chunk, integer >= 1. */
  readonly chunkSize: number;
  /** ceil(trials / chunkSize). */
  readonly chunkCount: number;
}

/**
 * The plan for `trials` trials.
 *
 * The options' bounds (trials and chunk size in [1, 1e12], `plan --trials` in [1000, 1e6]) are
 * options/method-spec.ts's alone: every front end (CLI, page, library) checks them there, with the
 * option named, before a plan is made. This function only asserts what its arithmetic needs (whole
 * numbers >= 1, exact up to 2^53): a programming-error guard, for a caller that skipped those checks
 * (engine/ sits below options/ and cannot read them: test/layering.test.ts). Its one user-facing check
 * is the plan's own: at most {@link MAX_CHUNKS} chunks, which depends on both options together.
 * @throws AslOddsError `input.chunkSize` (exit 2) past MAX_CHUNKS chunks; `internal.plan` (exit 1)
 *   unless trials and chunkSize are safe integers >= 1 (a caller's bug)
 */
export function planChunks(trials: number, chunkSize = DEFAULT_CHUNK_SIZE): ChunkPlan {
  if (!Number.isSafeInteger(trials) || trials < 1 || !Number.isSafeInteger(chunkSize) || chunkSize < 1) {
    throw new AslOddsError('internal.plan', `planChunks: trials ${trials} and chunk size ${chunkSize} must be whole numbers >= 1 (options/method-spec.ts checks them first)`, 1);
  }
  const chunkCount = Math.ceil(trials / chunkSize);
  if (chunkCount > MAX_CHUNKS) {
    throw inputError('input.chunkSize', `--trials ${trials} in chunks of ${chunkSize} makes ${chunkCount} chunks; at most ${MAX_CHUNKS} (fewer trials or larger chunks)`);
  }
  return { trials, chunkSize, chunkCount };
}

/** Trials in chunk `k` of `plan`. */
export function chunkTrials(plan: ChunkPlan, k: number): number {
  return k < plan.chunkCount - 1 ? plan.chunkSize : plan.trials - plan.chunkSize * (plan.chunkCount - 1);
}

/**
 * Runs chunk `k` in this thread and returns its tally (one count per terminal).
 * Never throws on valid tables.
 */
export function runChunk(tables: CompiledTables, seed: string, plan: ChunkPlan, k: number): Float64Array {
  const counts = new Float64Array(tables.terminalCount);
  runChainTrials(tables, streamFor(seed, k), chunkTrials(plan, k), counts);
  return counts;
}
