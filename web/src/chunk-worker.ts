/**
 * A Monte Carlo chunk worker of the page: the chunk tasks of the Node workers (src/queries/chunk-tasks.ts),
 * posted back as `{ ok: true, result }` (a Float64Array tally transferred) or `{ ok: false, error }`.
 */
import type { WorkerName } from '../../src/engine/chunk-runner.js';
import { isTaskError, runChunkTask, taskReply } from '../../src/queries/chunk-tasks.js';

self.onmessage = (ev: MessageEvent<{ worker: WorkerName; task: { chunk: number } }>) => {
  const { worker, task } = ev.data;
  const r = taskReply(task?.chunk, () => runChunkTask(worker, task));
  if (isTaskError(r)) (self as unknown as Worker).postMessage({ ok: false, error: r.error });
  else (self as unknown as Worker).postMessage({ ok: true, result: r }, r instanceof Float64Array ? [r.buffer] : []);
};
