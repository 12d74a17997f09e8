/**
 * What a worker does with a chunk task, written once for the Node workers (workers/*-worker.ts, on
 * the piscina pool) and the page's Web Workers (web/src/chunk-worker.ts): check the task, run the
 * chunk with the engine's own chunk function (the same as in the calling thread, so a chunk's tally is
 * the same wherever it runs), and reply with its tally or its error, serialised (engine/chunk-runner.ts).
 *
 *   task -> checked -> runChunk (compiled tables) | runAttackChunk (the attack, resolved once per input)
 *        -> tally, or { chunk, error: { code, message } }
 */
import { runAttackChunk, type AttackSampling, type AttackTally } from '../attack/attack-tally.js';
import { runChunk } from '../engine/chunk-plan.js';
import { validateChunkTask, type ChunkTask, type WorkerName } from '../engine/chunk-runner.js';
import { AslOddsError } from '../errors.js';
import type { AttackChunkTask } from './attack-monte-carlo.js';
import { attackSamplingOf, type AttackInput } from './attack-query.js';

/** A failed task's reply: its chunk and the error's code and message (rebuilt by the chunk runner). */
export interface TaskError {
  readonly chunk: number;
  readonly error: { readonly code: string; readonly message: string };
}

/** The attack sampler of the last input (the tasks of one run share it; a worker runs one run at a time). */
let cachedAttack: { readonly json: string; readonly sampling: AttackSampling } | null = null;

/**
 * Checks that `chunk` is a chunk of `plan`.
 * @throws AslOddsError `worker.badTask` (exit 1)
 */
export function checkTaskChunk(chunk: unknown, plan: { readonly chunkCount: number }): void {
  if (!Number.isSafeInteger(chunk) || (chunk as number) < 0 || (chunk as number) >= plan.chunkCount) {
    throw new AslOddsError('worker.badTask', `worker received chunk ${String(chunk)} outside the plan [0, ${plan.chunkCount})`, 1);
  }
}

/**
 * Runs one chunk task of the page's and the pool's `monte-carlo` and `attack` workers.
 * @returns the chunk's tally: counts per terminal (`monte-carlo`), or the attack's tally
 * @throws AslOddsError `worker.badTask` (a malformed task), `worker.unknown` (no such worker here);
 *   whatever resolving the attack's input throws (`input.*`)
 */
export function runChunkTask(worker: WorkerName, task: { readonly chunk: number }): Float64Array | AttackTally {
  if (worker === 'monte-carlo') {
    const t = task as ChunkTask;
    validateChunkTask(t);
    return runChunk(t.tables, t.seed, t.plan, t.chunk);
  }
  if (worker === 'attack') {
    const t = task as AttackChunkTask;
    checkTaskChunk(t.chunk, t.plan);
    const json = JSON.stringify(t.input);
    if (!cachedAttack || cachedAttack.json !== json) cachedAttack = { json, sampling: attackSamplingOf(t.input as AttackInput) };
    return runAttackChunk(cachedAttack.sampling, t.seed, t.plan, t.chunk);
  }
  throw new AslOddsError('worker.unknown', `no '${worker}' worker here`, 1);
}

/**
 * Runs `run` for chunk `chunk` and returns its result, or its error serialised (what a worker posts
 * back). Never throws.
 */
export function taskReply<R>(chunk: number, run: () => R): R | TaskError {
  try {
    return run();
  } catch (e) {
    const err = e as { code?: unknown; message?: unknown };
    return { chunk, error: { code: typeof err?.code === 'string' ? err.code : 'worker.failed', message: typeof err?.message === 'string' ? err.message : String(e) } };
  }
}

/** True when a reply is a {@link TaskError}. Never throws. */
export function isTaskError(r: unknown): r is TaskError {
  return typeof r === 'object' && r !== null && !(r instanceof Float64Array) && 'error' in r;
}
