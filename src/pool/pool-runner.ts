/**
 * The Node {@link ChunkRunner} (engine/chunk-runner.ts): the tasks of a Monte Carlo, scenario or attack
 * run on a piscina pool (run-on-pool.ts) of the named worker (workers/<name>-worker.ts). Monte Carlo
 * tasks carry `SharedArrayBuffer` tables, so posting them copies nothing; each reply is a chunk's tally.
 */
import type { ChunkRunner } from '../engine/chunk-runner.js';
import { runOnPool } from './run-on-pool.js';
import { workerPathOf } from './worker-path.js';

/**
 * Runs chunk tasks on worker threads. Pass it as `runner` (computeOdds, runMonteCarlo, runScenario,
 * the library's options).
 * @throws AslOddsError with the worker's code (e.g. `worker.badTask`), `worker.missing` when not built; exit 1
 */
export const poolChunkRunner: ChunkRunner = (worker, tasks, threads, onResult, stop) => runOnPool(workerPathOf(worker), tasks, threads, onResult, stop);
