/**
 * Piscina worker entry: one Monte Carlo chunk on shared compiled tables, through the chunk tasks shared
 * with the page's workers (src/queries/chunk-tasks.ts). The tally is transferred (not copied) with
 * `move`; an error is serialised (`{ chunk, error: { code, message } }`) and rebuilt on the main thread.
 */
import { move } from 'piscina';
import type { ChunkReply, ChunkTask } from '../src/engine/chunk-runner.js';
import { isTaskError, runChunkTask, taskReply } from '../src/queries/chunk-tasks.js';

export default function runTask(task: ChunkTask): ChunkReply {
  const r = taskReply(task?.chunk, () => runChunkTask('monte-carlo', task) as Float64Array);
  return isTaskError(r) ? r : (move(r) as unknown as Float64Array);
}
