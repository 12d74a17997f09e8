/**
 * Piscina worker entry: runs one Monte Carlo chunk on shared compiled tables and returns its tally.
 * Thin on purpose: the hot loop lives in src/engine/kernel.ts, shared with the in-process path.
 * Errors are serialised explicitly (`{ error: { code, message } }`) and rebuilt on the main thread.
 */
import { move } from 'piscina';
import type { ChunkReply, ChunkTask } from '../src/engine/chunk-runner.js';
import { runChunk } from '../src/engine/chunk-plan.js';
import { validateChunkTask } from '../src/engine/chunk-runner.js';

/** Returns the chunk's tally, transferred (not copied) with `move`, or a serialised error. */
export default function runTask(task: ChunkTask): ChunkReply {
  try {
    validateChunkTask(task);
    const counts = runChunk(task.tables, task.seed, task.plan, task.chunk);
    return move(counts) as unknown as Float64Array;
  } catch (e) {
    const err = e as { code?: string; message?: string };
    return { chunk: task.chunk, error: { code: err.code ?? 'worker.failed', message: err.message ?? String(e) } };
  }
}
