/**
 * A Monte Carlo chunk worker of the page (the browser's counterpart of workers/monte-carlo-worker.ts
 * and workers/attack-worker.ts): runs one chunk task with the engine's own chunk functions and posts
 * the tally back (or the error, serialised: code and message).
 */
import { runAttackChunk, type AttackSampling } from '../../src/chains/attack-tally.js';
import { runChunk } from '../../src/engine/chunk-plan.js';
import { validateChunkTask, type ChunkTask, type WorkerName } from '../../src/engine/chunk-runner.js';
import type { AttackChunkTask } from '../../src/queries/attack-monte-carlo.js';
import { attackSamplingOf, type AttackInput } from '../../src/queries/attack-query.js';

/** The attack sampler of the last input (the tasks of one run share it). */
let cached: { json: string; sampling: AttackSampling } | null = null;

function run(worker: WorkerName, task: { chunk: number }): unknown {
  if (worker === 'monte-carlo') {
    const t = task as ChunkTask;
    validateChunkTask(t);
    return runChunk(t.tables, t.seed, t.plan, t.chunk);
  }
  if (worker === 'attack') {
    const t = task as AttackChunkTask;
    const json = JSON.stringify(t.input);
    if (!cached || cached.json !== json) cached = { json, sampling: attackSamplingOf(t.input as AttackInput) };
    if (!Number.isSafeInteger(t.chunk) || t.chunk < 0 || t.chunk >= t.plan.chunkCount) {
      throw Object.assign(new Error(`worker received chunk ${t.chunk} outside the plan [0, ${t.plan.chunkCount})`), { code: 'worker.badTask' });
    }
    return runAttackChunk(cached.sampling, t.seed, t.plan, t.chunk);
  }
  throw Object.assign(new Error(`the page has no '${worker}' worker`), { code: 'worker.unknown' });
}

self.onmessage = (ev: MessageEvent<{ worker: WorkerName; task: { chunk: number } }>) => {
  const { worker, task } = ev.data;
  try {
    const result = run(worker, task);
    (self as unknown as Worker).postMessage({ ok: true, result }, result instanceof Float64Array ? [result.buffer] : []);
  } catch (e) {
    const err = e as { code?: string; message?: string };
    (self as unknown as Worker).postMessage({ ok: false, error: { code: err.code ?? 'worker.failed', message: err.message ?? String(e) } });
  }
};
