/**
 * The page's ChunkRunner (src/engine/chunk-runner.ts): Monte Carlo chunks on Web Workers (chunk-worker.ts),
 * one task in flight per worker. The workers are started on first use and kept for later runs. Where a
 * worker cannot start Workers of its own, {@link webChunkRunner} is null and runs stay in one thread.
 * Tallies are integer counts per chunk, so the answer is the same on any number of workers.
 */
import { AslOddsError } from '../../src/errors.js';
import type { ChunkRunner } from '../../src/engine/chunk-runner.js';

const pool: Worker[] = [];

function workerAt(i: number): Worker {
  while (pool.length <= i) pool.push(new Worker(new URL('./chunk-worker.ts', import.meta.url), { type: 'module', name: `asl-odds chunks ${pool.length + 1}` }));
  return pool[i];
}

function call(w: Worker, message: unknown): Promise<{ ok: true; result: unknown } | { ok: false; error: { code: string; message: string } }> {
  return new Promise((resolve) => {
    w.onmessage = (ev) => resolve(ev.data);
    w.onerror = (ev) => resolve({ ok: false, error: { code: 'worker.failed', message: ev.message || 'a chunk worker failed' } });
    w.postMessage(message);
  });
}

/** Threads the page uses for Monte Carlo: the device's cores, at most 8. */
export const WEB_THREADS = Math.max(1, Math.min(8, (globalThis.navigator?.hardwareConcurrency ?? 2) | 0));

/** Runs chunk tasks on Web Workers; null where Workers are not available here. */
export const webChunkRunner: ChunkRunner | null =
  typeof Worker === 'undefined'
    ? null
    : async (worker, tasks, threads, onResult, stop) => {
        let next = 0;
        let failure: AslOddsError | null = null;
        const lanes = Math.max(1, Math.min(threads, tasks.length));
        await Promise.all(
          Array.from({ length: lanes }, async (_, lane) => {
            const w = workerAt(lane);
            while (!failure && !stop.interrupted && next < tasks.length) {
              const task = tasks[next++];
              const reply = await call(w, { worker, task });
              if (!reply.ok) {
                failure ??= new AslOddsError(reply.error.code, reply.error.message, 1);
                return;
              }
              if (!failure) onResult(task, reply.result as never);
            }
          }),
        );
        if (failure) throw failure;
      };
