/**
 * The bare Monte Carlo of compiled tables (the bench's; commands run through run-plan.ts, which adds
 * checkpoints, shards and merged tallies): runs the chunks of a plan, in this thread or through a chunk runner (a worker
 * pool in Node, Web Workers in a browser: chunk-runner.ts), and sums their tallies. Integer counts
 * merged in any order give the same totals, so the result is identical for any thread count,
 * completion order, resume or shard split.
 */
import { runChunk, type ChunkPlan } from './chunk-plan.js';
import type { ChunkRunner, ChunkTask, StopFlag } from './chunk-runner.js';
import type { CompiledTables } from './compile.js';
import { runChunks } from './run-chunks.js';

/** Options of {@link runMonteCarlo}. */
export interface MonteCarloOptions {
  readonly seed: string;
  readonly plan: ChunkPlan;
  /** Worker threads, integer >= 1; 1 (or a single chunk, or no `runner`) runs in this thread. */
  readonly threads: number;
  /** Runs chunks on `threads` `monte-carlo` workers (the Node pool: pool/pool-runner.ts); unset: this thread. */
  readonly runner?: ChunkRunner;
  /** The chunks to run (default: all); for shards and resumed runs. */
  readonly chunks?: readonly number[];
  /** Tally to add to (a resumed run's); default zeros. */
  readonly initialCounts?: Float64Array;
  /**
   * Called after each finished chunk with the trials done in this run and the running tally (read
   * it synchronously: it changes as later chunks finish).
   */
  readonly onChunk?: (chunk: number, trialsDone: number, counts: Float64Array) => void;
  /** Set `interrupted` to stop dispatching (Ctrl-C): finished chunks are kept. */
  readonly stop?: StopFlag;
}

/** What a run produced. */
export interface MonteCarloTally {
  /** Count per terminal id. */
  readonly counts: Float64Array;
  /** Chunks finished in this run (not including a resumed run's earlier chunks). */
  readonly chunksDone: number[];
  /** Trials run in this run. */
  readonly trialsDone: number;
  /** True when stopped before all requested chunks ran. */
  readonly interrupted: boolean;
}

/**
 * Runs the chunks.
 * @throws AslOddsError from a failed worker (`worker.*`, exit 1), as the runner reports it
 */
export async function runMonteCarlo(tables: CompiledTables, o: MonteCarloOptions): Promise<MonteCarloTally> {
  const chunks = o.chunks ?? Array.from({ length: o.plan.chunkCount }, (_, k) => k);
  const counts = o.initialCounts ? Float64Array.from(o.initialCounts) : new Float64Array(tables.terminalCount);
  const stop = o.stop ?? { interrupted: false };
  const chunksDone: number[] = [];
  let trialsDone = 0;
  const add = (chunk: number, c: Float64Array) => {
    for (let i = 0; i < c.length; i++) counts[i] += c[i];
    chunksDone.push(chunk);
    trialsDone += c.reduce((a, b) => a + b, 0);
    o.onChunk?.(chunk, trialsDone, counts);
  };
  await runChunks<ChunkTask, Float64Array>({
    chunks,
    threads: o.threads,
    runner: o.runner,
    stop,
    here: (k) => runChunk(tables, o.seed, o.plan, k),
    worker: 'monte-carlo',
    task: (chunk) => ({ tables, seed: o.seed, plan: o.plan, chunk }),
    onResult: add,
  });
  return { counts, chunksDone, trialsDone, interrupted: chunksDone.length < chunks.length };
}
