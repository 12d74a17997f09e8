/**
 * Where the compiled worker lives. Workers must be JavaScript at run time (docs/libraries.md "piscina"): from the
 * built package this is dist/workers/<name>-worker.js beside dist/src; when the source runs
 * under tsx/vitest, the built copy under the package root's dist/ is used (`npm test` builds first).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WorkerName } from '../engine/chunk-runner.js';
import { AslOddsError } from '../errors.js';

/**
 * Absolute path of the script of a worker (workers/<name>-worker.ts, built).
 * @throws AslOddsError `worker.missing` (exit 1) when it has not been built (`npm run build`)
 */
export function workerPathOf(name: WorkerName): string {
  return workerPath(`${name}-worker.js`);
}

function workerPath(file: string): string {
  const here = fileURLToPath(import.meta.url);
  const path = here.endsWith('.ts')
    ? fileURLToPath(new URL(`../../dist/workers/${file}`, import.meta.url))
    : fileURLToPath(new URL(`../../workers/${file}`, import.meta.url));
  if (existsSync(path)) return path;
  throw new AslOddsError('worker.missing', `worker not built (${path}); run npm run build`, 1);
}
