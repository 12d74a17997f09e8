/**
 * Reads a scenario file (the `scenario` command, the scaling bench); parsing and checking are
 * scenario/scenario-file.ts'. A scenario is named by its path, or, for the scenarios shipped in the
 * package's scenarios/ folder, by its name (`stalingrad-factory-1942`) or its path in the package
 * (`scenarios/stalingrad-factory-1942.yaml`, as the help's examples write it), from any directory.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AslOddsError } from '../errors.js';
import { parseScenario, scenarioExtension, SCENARIO_EXTENSIONS } from '../scenario/scenario-file.js';
import { SCENARIO_LIMITS } from '../scenario/scenario-schema.js';
import type { Scenario } from '../scenario/types.js';
import { PACKAGE_ROOT } from './package-root.js';
import { readTextBounded } from './read-bounded.js';

/** The folder of the bundled scenarios (in the installed package). */
export const BUNDLED_SCENARIO_DIR = join(PACKAGE_ROOT, 'scenarios');

/**
 * Names of the bundled scenarios (file names without `.yaml`), sorted. Never throws: [] when the
 * folder is missing.
 * @example bundledScenarios() // ['hurtgen-1944', 'stalingrad-factory-1942', 'tobruk-break-in-1941', 'tobruk-desert-1941']
 */
export function bundledScenarios(): string[] {
  try {
    return readdirSync(BUNDLED_SCENARIO_DIR)
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => f.slice(0, -'.yaml'.length))
      .sort();
  } catch {
    return [];
  }
}

/**
 * The file a scenario argument names: the path itself when it exists; else, a bundled scenario's
 * name (`stalingrad-factory-1942`) or a path inside the package (`scenarios/x.yaml`); else the
 * argument unchanged (reading it then says what is wrong). Never throws.
 */
export function resolveScenarioPath(arg: string): string {
  if (existsSync(arg)) return arg;
  const inPackage = join(PACKAGE_ROOT, arg);
  if (scenarioExtension(arg) !== '' && existsSync(inPackage)) return inPackage;
  const byName = join(BUNDLED_SCENARIO_DIR, `${arg}.yaml`);
  if (scenarioExtension(arg) === '' && !arg.includes('/') && existsSync(byName)) return byName;
  return arg;
}

/**
 * Reads and parses a scenario file (`.yaml`, `.yml` or `.json`), or a bundled scenario by name.
 * @param path the file's path, or a bundled scenario's name or path (see {@link resolveScenarioPath});
 *   named as given in messages.
 * @returns the validated Scenario (see {@link parseScenario}).
 * @throws AslOddsError (exit 2) `scenario.read` (not a .yaml/.yml/.json name nor a bundled scenario,
 *   missing or unreadable file: the message lists the bundled names; not a regular file; larger than
 *   SCENARIO_LIMITS.fileBytes, 1 MiB, which is never read past), and every error of
 *   {@link parseScenario}.
 * @example await loadScenarioFile('stalingrad-factory-1942') // { title: 'Stalingrad factory, 1942', ... }
 */
export async function loadScenarioFile(path: string): Promise<Scenario> {
  const file = resolveScenarioPath(path);
  const bundled = `bundled scenarios: ${bundledScenarios().join(', ') || 'none'}`;
  if (!Object.hasOwn(SCENARIO_EXTENSIONS, scenarioExtension(file))) {
    throw new AslOddsError('scenario.read', `${path}: not a scenario file name (expected a .yaml, .yml or .json file) nor a bundled scenario; ${bundled}`);
  }
  let text: string;
  try {
    text = await readTextBounded(file, SCENARIO_LIMITS.fileBytes);
  } catch (e) {
    if (e instanceof AslOddsError) throw new AslOddsError('scenario.read', `${path}: ${e.message}`);
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? `no such file; ${bundled}` : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : e instanceof Error ? e.message : String(e);
    throw new AslOddsError('scenario.read', `${path}: cannot read the scenario file: ${why}`);
  }
  return parseScenario(text, path);
}
