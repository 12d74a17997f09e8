/**
 * Piscina worker entry for scenarios: one chunk of playthroughs (scenario/run-scenario.ts, the scenario
 * compiled once per worker), replied as the tasks of the other workers are (src/queries/chunk-tasks.ts):
 * the chunk's tally, transferred with `move`, or its error, serialised.
 */
import { move } from 'piscina';
import { isTaskError, taskReply, type TaskError } from '../src/queries/chunk-tasks.js';
import { runScenarioTask, type ScenarioTask } from '../src/scenario/run-scenario.js';

export default function runTask(task: ScenarioTask): Float64Array | TaskError {
  const r = taskReply(task?.chunk, () => runScenarioTask(task));
  return isTaskError(r) ? r : (move(r) as unknown as Float64Array);
}
