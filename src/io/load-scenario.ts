/**
 * Reads a scenario file (the `scenario` command, the scaling bench); parsing and checking are
 * scenario/scenario-file.ts'.
 */
import { readFile } from 'node:fs/promises';
import { AslOddsError } from '../errors.js';
import { parseScenario, scenarioExtension, SCENARIO_EXTENSIONS } from '../scenario/scenario-file.js';
import type { Scenario } from '../scenario/types.js';

/**
 * Reads and parses a scenario file (`.yaml`, `.yml` or `.json`).
 * @param path the file's path, named as given in messages.
 * @returns the validated Scenario (see {@link parseScenario}).
 * @throws AslOddsError (exit 2) `scenario.read` (not a .yaml/.yml/.json name, missing or unreadable
 *   file), and every error of {@link parseScenario}.
 * @example await loadScenarioFile('scenarios/stalingrad-factory-1942.yaml') // { title: 'Stalingrad factory, 1942', ... }
 */
export async function loadScenarioFile(path: string): Promise<Scenario> {
  if (SCENARIO_EXTENSIONS[scenarioExtension(path)] === undefined) {
    throw new AslOddsError('scenario.read', `${path}: not a scenario file name; expected a .yaml, .yml or .json file`);
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : e instanceof Error ? e.message : String(e);
    throw new AslOddsError('scenario.read', `${path}: cannot read the scenario file: ${why}`);
  }
  return parseScenario(text, path);
}
