/**
 * Random Selection (A.9) read as ranges, for the attack's exact engines: the n drs of a Random Selection
 * are the base-6 digits of one number in [0, 6^n), and each selection is a range of those numbers, so
 * the chain can roll one digit at a time and stop as soon as the digits so far fall inside one range
 * (attack-chain.ts `selectionByRanges`). The same odds as rolling every dr (tested), with far fewer
 * states. The rule itself is rules/random-selection.ts's {@link randomSelection}.
 */
import { randomSelection } from '../rules/random-selection.js';

/** Most candidates {@link randomSelectionTable} counts (6^7 = 279,936 dr sequences). */
export const MAX_COUNTED_CANDIDATES = 7;

/**
 * The exact odds of every outcome of a Random Selection (A.9) among `n` candidates, as counts of its
 * 6^n equally likely dr sequences ({@link randomSelection} applied to each): `masks` in ascending order,
 * `ends[j]` the number of sequences whose selection is `masks[0..j]` (so mask j has
 * `ends[j] - ends[j - 1]` of them). Read as consecutive ranges of a number in [0, 6^n), they let an
 * exact engine draw the selection with one base-6 digit per roll (see the file's doc).
 * @param n candidates, integer in [1, MAX_COUNTED_CANDIDATES]
 * @param count as randomSelection's, integer >= 1
 * @throws Error past MAX_COUNTED_CANDIDATES (a caller's bug: callers roll the drs instead)
 * Memoised per (n, count). Cost the first time O(n 6^n).
 * @example randomSelectionTable(2, 1) // { masks: [1, 2, 3], ends: [15, 30, 36] } (a tie: 6 of 36)
 */
export function randomSelectionTable(n: number, count: number): { readonly masks: readonly number[]; readonly ends: readonly number[] } {
  if (!(n >= 1 && n <= MAX_COUNTED_CANDIDATES)) throw new Error(`randomSelectionTable: ${n} candidates (1-${MAX_COUNTED_CANDIDATES})`);
  const key = `${n}.${count}`;
  let t = TABLES.get(key);
  if (t === undefined) {
    const counts = new Map<number, number>();
    const drs = new Array<number>(n).fill(1);
    for (let s = 0; s < 6 ** n; s++) {
      for (let i = n - 1, x = s; i >= 0; i--, x = Math.floor(x / 6)) drs[i] = (x % 6) + 1;
      const m = randomSelection(drs, count);
      counts.set(m, (counts.get(m) ?? 0) + 1);
    }
    const masks = [...counts.keys()].sort((a, b) => a - b);
    let sum = 0;
    t = { masks, ends: masks.map((m) => (sum += counts.get(m)!)) };
    TABLES.set(key, t);
  }
  return t;
}

const TABLES = new Map<string, { readonly masks: readonly number[]; readonly ends: readonly number[] }>();

/**
 * The selection the digits `drs` (dr values 1-6, most significant first) decide in
 * {@link randomSelectionTable}`(n, count)`, or null while the numbers they may still lead to span
 * more than one selection. Never throws for n in [1, MAX_COUNTED_CANDIDATES].
 * @example selectionOfRange([1], 2, 1) // 1 (a first dr of 1: numbers 0-5, all in mask 1's range 0-14)
 */
export function selectionOfRange(drs: readonly number[], n: number, count: number): number | null {
  const t = randomSelectionTable(n, count);
  const len = 6 ** (n - drs.length);
  let lo = 0;
  for (const d of drs) lo = lo * 6 + (d - 1);
  lo *= len;
  const a = rangeIndex(t.ends, lo);
  return a === rangeIndex(t.ends, lo + len - 1) ? t.masks[a] : null;
}

/** Index of the range holding `x` (the first j with x < ends[j]). */
function rangeIndex(ends: readonly number[], x: number): number {
  let lo = 0;
  let hi = ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (x < ends[mid]) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
