/**
 * Where the compiled worker lives. Workers must be JavaScript at run time (LIBRARIES.md): from the
 * built package this is dist/workers/monte-carlo-worker.js beside dist/src; when the source runs
 * under tsx/vitest, the built copy under the package root's dist/ is used (`npm test` builds first).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AslOddsError } from '../errors.js';

/**
 * Absolute path of the worker script.
 * @throws AslOddsError `worker.missing` (exit 1) when it has not been built (`npm run build`)
 */
export function monteCarloWorkerPath(): string {
  const here = fileURLToPath(import.meta.url);
  const candidates = here.endsWith('.ts')
    ? [fileURLToPath(new URL('../../dist/workers/monte-carlo-worker.js', import.meta.url))]
    : [fileURLToPath(new URL('../../workers/monte-carlo-worker.js', import.meta.url))];
  for (const c of candidates) if (existsSync(c)) return c;
  throw new AslOddsError('worker.missing', `Monte Carlo worker not built (${candidates[0]}); run npm run build`, 1);
}
