/**
 * The contract between the Monte Carlo runs and whatever runs their chunks away from the calling
 * thread: a piscina worker pool in Node (src/pool/pool-runner.ts), Web Workers in a browser.
 *
 * A run hands a {@link ChunkRunner} the name of the worker that knows its tasks and one task per chunk
 * (the workers run them through queries/chunk-tasks.ts, the same module in Node and in the page):
 * - `monte-carlo`: a {@link ChunkTask} (compiled tables, seed, plan, chunk); the worker validates it
 *   ({@link validateChunkTask}), runs `runChunk` (chunk-plan.ts) and replies with a {@link ChunkReply};
 * - `scenario`: scenario/run-scenario.ts' `ScenarioTask` -> the chunk's Float64Array tally;
 * - `attack`: queries/attack-monte-carlo.ts' `AttackChunkTask` -> the chunk's `AttackTally`.
 * A worker that fails replies `{ chunk, error: { code, message } }`; the runner rejects with an
 * AslOddsError of that code. Because chunk k's stream depends only on (seed, k) and tallies are integer
 * counts, the runner may finish chunks in any order on any number of workers: the sum is the same.
 */
import { AslOddsError } from '../errors.js';
import type { ChunkPlan } from './chunk-plan.js';
import type { CompiledTables } from './compile.js';

/** Stops dispatching when `interrupted` becomes true (Ctrl-C); chunks already running finish. */
export interface StopFlag {
  interrupted: boolean;
}

/** One chunk to run: tables are `SharedArrayBuffer`-backed where available, so posting them copies nothing. */
export interface ChunkTask {
  readonly tables: CompiledTables;
  readonly seed: string;
  readonly plan: ChunkPlan;
  readonly chunk: number;
}

/**
 * A chunk's tally (a transferred `Float64Array`, one count per terminal), or the error it raised
 * (serialised: code and message).
 */
export type ChunkReply = Float64Array | { readonly chunk: number; readonly error: { readonly code: string; readonly message: string } };

/** The workers a {@link ChunkRunner} must provide, by the tasks they run (see the top of this file). */
export type WorkerName = 'monte-carlo' | 'scenario' | 'attack';

/**
 * Runs `tasks` on `threads` workers of kind `worker` (at most a few in flight per worker), calls
 * `onResult` once per finished task in completion order, stops dispatching once `stop.interrupted` is
 * set, and resolves when every dispatched task has reported.
 * @param threads integer >= 2 (with 1 the runs stay in the calling thread and never call a runner)
 * @throws AslOddsError `worker.*` (exit 1) when a worker fails; no result is reported after it
 */
export type ChunkRunner = <T extends { readonly chunk: number }, R>(
  worker: WorkerName,
  tasks: readonly T[],
  threads: number,
  onResult: (task: T, result: R) => void,
  stop: StopFlag,
) => Promise<void>;

/**
 * Checks a task before running it (workers receive it from another thread).
 * @throws AslOddsError `worker.badTask` naming what is wrong
 */
export function validateChunkTask(t: ChunkTask): void {
  const tb = t?.tables;
  const ok =
    tb &&
    tb.roll instanceof Int32Array &&
    tb.next instanceof Int32Array &&
    tb.offset.length === tb.roll.length &&
    tb.terminal.length === tb.roll.length &&
    tb.start >= 0 &&
    tb.start < tb.roll.length;
  if (!ok) throw new AslOddsError('worker.badTask', 'worker received malformed chain tables', 1);
  if (!Number.isSafeInteger(t.chunk) || t.chunk < 0 || t.chunk >= t.plan.chunkCount) {
    throw new AslOddsError('worker.badTask', `worker received chunk ${t.chunk} outside the plan [0, ${t.plan.chunkCount})`, 1);
  }
}
