/**
 * Piscina worker entry for `attack --trials`: one chunk of the attack sampler, through the chunk
 * tasks shared with the page's workers (src/queries/chunk-tasks.ts); replies with the chunk's tally
 * or its error, serialised.
 */
import type { AttackTally } from '../src/attack/attack-tally.js';
import type { AttackChunkTask } from '../src/queries/attack-monte-carlo.js';
import { runChunkTask, taskReply, type TaskError } from '../src/queries/chunk-tasks.js';

export default function runTask(task: AttackChunkTask): AttackTally | TaskError {
  return taskReply(task?.chunk, () => runChunkTask('attack', task) as AttackTally);
}
