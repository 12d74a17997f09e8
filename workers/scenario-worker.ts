/**
 * Piscina worker entry for scenarios: compiles the scenario (cached per worker) and runs one chunk of
 * playthroughs; returns the chunk's tally (transferred with `move`) or a serialised error.
 */
import { move } from 'piscina';
import { runScenarioChunk, type ScenarioTask } from '../src/scenario/run-scenario.js';
import { tallyLayout, type TallyLayout } from '../src/scenario/scenario-tally.js';
import { compileScenario, type ScenarioSetup } from '../src/scenario/setup.js';

let cached: { json: string; setup: ScenarioSetup; layout: TallyLayout } | null = null;

export default function runTask(task: ScenarioTask): Float64Array | { chunk: number; error: { code: string; message: string } } {
  try {
    const json = JSON.stringify(task.scenario);
    if (!cached || cached.json !== json) {
      const setup = compileScenario(task.scenario);
      cached = { json, setup, layout: tallyLayout(setup) };
    }
    return move(runScenarioChunk(cached.setup, cached.layout, task.seed, task.plan, task.chunk)) as unknown as Float64Array;
  } catch (e) {
    const err = e as { code?: string; message?: string };
    return { chunk: task.chunk, error: { code: err.code ?? 'worker.failed', message: err.message ?? String(e) } };
  }
}
