/**
 * The check order of a Location's units (rules/check-order.ts `checkOrder`: A10.2, A10.22 EX; leaders
 * first, higher current Morale Level first, then the others, ties in stack order) on unit codes
 * (unit-codes.ts) and into a caller's array: the hot variant the attack sampler uses
 * (attack-sampler.ts), with no allocation and no rule call per unit (a code carries `leader` and
 * `ml` = `currentML`). A test checks it equal to `checkOrder` on random Locations.
 */
import { insertByRank } from '../rules/check-order.js';
import type { UnitCode } from './unit-codes.js';

/** Scratch of {@link checkOrderOfCodes}: the ranks of `out`'s entries. */
const RANKS: number[] = [];

/**
 * Writes `checkOrder(codes.map((c) => c.unit), positions.slice(0, n))` into the first `n` entries of
 * `out` (its other entries are left as they were).
 * @param codes the Location's units, as codes
 * @param positions indices into `codes`; the first `n` are sorted
 * @param n integer in [0, positions.length]
 * @param out receives the order; must not be `positions`
 * Never throws. Cost O(n^2) (insertion sort: n is a stack's size), no allocation once `out` has grown.
 * @example checkOrderOfCodes([squad467, leader81, leader102], [0, 1, 2], 3, out) // out starts [2, 1, 0]
 */
export function checkOrderOfCodes(codes: readonly UnitCode[], positions: readonly number[], n: number, out: number[]): void {
  // Insertion sort by (rank descending, position ascending), a total order, as checkOrder (rank:
  // leader 100 + current ML, else 0).
  for (let x = 0; x < n; x++) {
    const i = positions[x];
    const c = codes[i];
    insertByRank(out, RANKS, x, i, c.leader ? 100 + c.ml : 0);
  }
}
