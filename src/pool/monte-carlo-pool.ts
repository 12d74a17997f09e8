/**
 * Monte Carlo chunks of a compiled chain on the worker pool (run-on-pool.ts): each task carries one
 * chunk (>= 20 ms of work) and the `SharedArrayBuffer` tables; each reply is the chunk's tally.
 */
import type { ChunkPlan } from '../engine/chunk-plan.js';
import type { CompiledTables } from '../engine/compile.js';
import type { ChunkTask } from './chunk-task.js';
import { runOnPool, type StopFlag } from './run-on-pool.js';
import { monteCarloWorkerPath } from './worker-path.js';

export type { StopFlag };

/**
 * Runs `chunks` on `threads` workers, calling `onChunk` for each finished chunk (completion order).
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
  const tasks = chunks.map((chunk) => {
    const t: ChunkTask = { tables, seed, plan, chunk };
    return taskOverride ? taskOverride(t) : t;
  });
  await runOnPool<ChunkTask, Float64Array>(monteCarloWorkerPath(), tasks, threads, (task, counts) => onChunk(task.chunk, counts), stop);
}
