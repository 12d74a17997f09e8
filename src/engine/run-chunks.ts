/**
 * The one loop that runs the chunks of a seeded Monte Carlo plan: in this thread, one chunk at a time
 * with the event loop let in between (Ctrl-C, progress timers), or through a chunk runner (a worker
 * pool in Node, Web Workers in a browser: chunk-runner.ts). Under the one run loop of every command
 * (run-plan.ts: compiled chains, the attack sampler, scenarios) and the bench's bare runs
 * (monte-carlo.ts); they differ only in what a chunk is and how its result is added.
 *
 * Results reach `onResult` in completion order; callers add integer tallies, so the order does not
 * change the totals (bit-identical for any thread count).
 */
import type { ChunkRunner, StopFlag, WorkerName } from './chunk-runner.js';
import { yieldToEventLoop } from './yield-to-event-loop.js';

/** Options of {@link runChunks}. */
export interface RunChunksOptions<T extends { readonly chunk: number }, R> {
  /** The chunks to run, in order. */
  readonly chunks: readonly number[];
  /** Worker threads, integer >= 1; 1 (or a single chunk, or no `runner`) runs in this thread. */
  readonly threads: number;
  readonly runner?: ChunkRunner;
  /** Set `interrupted` to stop (Ctrl-C): no chunk starts after it; finished ones were reported. */
  readonly stop: StopFlag;
  /** Runs chunk k in this thread; null when it stopped part-way (its work is dropped, not reported). */
  readonly here: (chunk: number) => R | null | Promise<R | null>;
  /** The workers that run a chunk elsewhere, and the task they receive for chunk k. */
  readonly worker: WorkerName;
  readonly task: (chunk: number) => T;
  /** A finished chunk's result (chunks that were abandoned are never reported). */
  readonly onResult: (chunk: number, result: R) => void;
}

/**
 * Runs `o.chunks`.
 * @returns the number of chunks reported to `onResult` (fewer than `o.chunks.length` when stopped)
 * @throws AslOddsError from a failed worker (`worker.*`, exit 1), as the runner reports it; whatever
 *   `here` or `onResult` throws
 */
export async function runChunks<T extends { readonly chunk: number }, R>(o: RunChunksOptions<T, R>): Promise<number> {
  let finished = 0;
  if (!o.runner || o.threads <= 1 || o.chunks.length <= 1) {
    for (const k of o.chunks) {
      if (o.stop.interrupted) break;
      const r = await o.here(k);
      if (r === null) break;
      o.onResult(k, r);
      finished++;
      // Let signal handlers and progress timers run between chunks.
      await yieldToEventLoop();
    }
  } else {
    await o.runner<T, R>(o.worker, o.chunks.map(o.task), o.threads, (t, r) => {
      o.onResult(t.chunk, r);
      finished++;
    }, o.stop);
  }
  return finished;
}
