/**
 * A piscina pool of Monte Carlo workers running chunks.
 *
 * Threads are set explicitly (min = max). At most 2 tasks per thread are in flight; each carries one
 * chunk (>= 20 ms of work). A task error destroys the pool (no orphan threads) and is rethrown as an
 * AslOddsError rebuilt from the worker's serialised code and message.
 */
import { Piscina } from 'piscina';
import { AslOddsError } from '../errors.js';
import type { ChunkPlan } from '../engine/chunk-plan.js';
import type { CompiledTables } from '../engine/compile.js';
import type { ChunkReply, ChunkTask } from './chunk-task.js';
import { monteCarloWorkerPath } from './worker-path.js';

/** Stops dispatching when `interrupted` becomes true. */
export interface StopFlag {
  interrupted: boolean;
}

/**
 * Runs `chunks` on a pool of `threads` workers, calling `onChunk` for each finished chunk (in completion
 * order). Resolves when all dispatched chunks are done; stops dispatching when `stop.interrupted`.
 * @throws AslOddsError with the worker's code (e.g. `worker.badTask`), exit code 1
 */
export async function runChunksOnPool(
  tables: CompiledTables,
  seed: string,
  plan: ChunkPlan,
  chunks: readonly number[],
  threads: number,
  onChunk: (chunk: number, counts: Float64Array) => void,
  stop: StopFlag,
  taskOverride?: (task: ChunkTask) => ChunkTask,
): Promise<void> {
  const pool = new Piscina({ filename: monteCarloWorkerPath(), minThreads: threads, maxThreads: threads, idleTimeout: 1000 });
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  try {
    for (const chunk of chunks) {
      if (stop.interrupted || failure) break;
      while (inFlight.size >= threads * 2 && !failure) await Promise.race(inFlight);
      if (failure || stop.interrupted) break;
      const base: ChunkTask = { tables, seed, plan, chunk };
      const p: Promise<void> = (pool.run(taskOverride ? taskOverride(base) : base) as Promise<ChunkReply>)
        .then((reply) => {
          if (!(reply instanceof Float64Array)) {
            throw new AslOddsError(reply.error.code, `worker failed on chunk ${reply.chunk}: ${reply.error.message}`, 1);
          }
          onChunk(chunk, reply);
        })
        .catch((e: unknown) => {
          failure ??= e instanceof AslOddsError ? e : new AslOddsError('worker.failed', `worker failed: ${(e as Error)?.message ?? e}`, 1);
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
    if (failure) throw failure;
  } finally {
    await pool.destroy();
  }
}
