/**
 * Runs tasks on a piscina pool of `threads` workers with at most 2 tasks per thread in flight.
 *
 * Threads are set explicitly (min = max, docs/libraries.md "piscina"). A worker replies either with its result or
 * with a serialised error `{ error: { code, message } }`; the first error stops dispatching, the pool
 * is destroyed (no orphan threads) and the error is rethrown as an AslOddsError with the worker's
 * code (exit 1). Setting `stop.interrupted` (Ctrl-C) stops dispatching; running tasks finish.
 */
import type { StopFlag } from '../engine/chunk-runner.js';
import { AslOddsError } from '../errors.js';

/** A worker's serialised error. */
export interface WorkerError {
  readonly error: { readonly code: string; readonly message: string };
}

/** True when a worker reply is a serialised error. */
export function isWorkerError(r: unknown): r is WorkerError {
  return typeof r === 'object' && r !== null && 'error' in r && typeof (r as WorkerError).error?.code === 'string';
}

/**
 * Runs `tasks` and calls `onResult` for each in completion order.
 * @param workerFile absolute path of the compiled worker script
 * @param label what the tasks are, for error messages (e.g. `chunk`)
 * @throws AslOddsError with the worker's code, exit 1
 */
export async function runOnPool<T extends { readonly chunk: number }, R>(
  workerFile: string,
  tasks: readonly T[],
  threads: number,
  onResult: (task: T, result: R) => void,
  stop: StopFlag,
): Promise<void> {
  // Loaded here, not with the module: a command that never reaches the pool starts without it.
  const { Piscina } = await import('piscina');
  const pool = new Piscina({ filename: workerFile, minThreads: threads, maxThreads: threads, idleTimeout: 1000 });
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  // Ctrl-C: chunks in flight are abandoned (their workers end at once) rather than awaited, so a run
  // whose chunks take minutes (a heavy scenario) stops within a fraction of a second; only finished
  // chunks count. One AbortController per task: piscina adds an 'abort' listener to the signal of each
  // task it runs, and one signal shared by the 2 x threads tasks in flight passed Node's limit of 10
  // listeners from 6 threads on (a MaxListenersExceededWarning on stderr).
  const running = new Set<AbortController>();
  const watch = setInterval(() => {
    if (stop.interrupted) for (const c of running) c.abort();
  }, 100);
  watch.unref();
  try {
    for (const task of tasks) {
      if (stop.interrupted || failure) break;
      while (inFlight.size >= threads * 2 && !failure) await Promise.race(inFlight);
      if (failure || stop.interrupted) break;
      const abort = new AbortController();
      running.add(abort);
      const p: Promise<void> = (pool.run(task, { signal: abort.signal }) as Promise<R | WorkerError>)
        .then((reply) => {
          if (isWorkerError(reply)) throw new AslOddsError(reply.error.code, `worker failed on chunk ${task.chunk}: ${reply.error.message}`, 1);
          onResult(task, reply);
        })
        .catch((e: unknown) => {
          if (abort.signal.aborted) return; // abandoned on Ctrl-C: not a failure, not counted
          failure ??= e instanceof AslOddsError ? e : new AslOddsError('worker.failed', `worker failed: ${(e as Error)?.message ?? e}`, 1);
        })
        .finally(() => {
          running.delete(abort);
          inFlight.delete(p);
        });
      inFlight.add(p);
    }
    await Promise.all(inFlight);
    if (failure) throw failure;
  } finally {
    clearInterval(watch);
    await pool.destroy();
  }
}
