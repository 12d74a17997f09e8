/**
 * `asl-odds/node`: what only Node has, for the library API of `asl-odds` (src/index.ts).
 *
 * ```ts
 * import { mcOdds } from 'asl-odds';
 * import { poolChunkRunner } from 'asl-odds/node';
 * import { availableParallelism } from 'node:os';
 * const r = await mcOdds({ unit: 'german/4-6-7' }, { trials: 1e8, seed: 's1', threads: availableParallelism(), runner: poolChunkRunner });
 * ```
 */
export { poolChunkRunner } from './pool/pool-runner.js';
