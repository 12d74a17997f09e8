/**
 * Seeded random streams (seedrandom's tychei, read through `.int32()`).
 *
 * One master seed (a string); the stream of Monte Carlo chunk k is `tychei(seed + ':' + k)`: it depends
 * only on (seed, chunk index), never on threads or scheduling, which makes results bit-identical for
 * any thread count. Seeds are always strings (integer and string seeds give different streams).
 * tychei: no reported BigCrush failures, ~166 M DR/s from one draw per DR (docs/libraries.md "seedrandom"). Never the
 * default ARC4 generator in a loop, never `{ global: true }`.
 */
import { Tychei } from './tychei.js';

export type { Int32Source } from './tychei.js';

/**
 * The stream of chunk `chunkIndex` under `seed`: seedrandom's `tychei(seed:k)`, as one small class
 * (dice/tychei.ts: the same numbers, a test compares them), the one generator class every sampler is
 * handed (dice.ts `drawIndex`).
 * @param seed any string
 * @param chunkIndex integer >= 0
 * @example streamFor('42', 0).int32() // same value on every machine
 */
export function streamFor(seed: string, chunkIndex: number): Tychei {
  return new Tychei(`${seed}:${chunkIndex}`);
}

/**
 * A fresh random seed (8 hex digits) for runs without `--seed`; printed and stored in the result.
 * Web Crypto (`globalThis.crypto`, in Node >= 19 and every browser).
 */
export function randomSeed(): string {
  const b = crypto.getRandomValues(new Uint8Array(4));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
