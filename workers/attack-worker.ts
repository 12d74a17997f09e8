/**
 * Piscina worker entry for `attack --trials`: resolves the attack from its input (cached per worker),
 * runs one chunk of the attack sampler and returns the chunk's tally (counts and outcomes) or a
 * serialised error. The input is resolved exactly as on the main thread, so a chunk's tally is the
 * same wherever it runs.
 */
import { runAttackChunk, type AttackSampling, type AttackTally } from '../src/chains/attack-tally.js';
import type { AttackChunkTask } from '../src/queries/attack-monte-carlo.js';
import { attackSamplingOf, type AttackInput } from '../src/queries/attack-query.js';

let cached: { json: string; sampling: AttackSampling } | null = null;

export default function runTask(task: AttackChunkTask): AttackTally | { chunk: number; error: { code: string; message: string } } {
  try {
    const json = JSON.stringify(task.input);
    if (!cached || cached.json !== json) cached = { json, sampling: attackSamplingOf(task.input as AttackInput) };
    if (!Number.isSafeInteger(task.chunk) || task.chunk < 0 || task.chunk >= task.plan.chunkCount) {
      return { chunk: task.chunk, error: { code: 'worker.badTask', message: `worker received chunk ${task.chunk} outside the plan [0, ${task.plan.chunkCount})` } };
    }
    return runAttackChunk(cached.sampling, task.seed, task.plan, task.chunk);
  } catch (e) {
    const err = e as { code?: string; message?: string };
    return { chunk: task.chunk, error: { code: err.code ?? 'worker.failed', message: err.message ?? String(e) } };
  }
}
