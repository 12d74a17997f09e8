/**
 * Random Selection (A.9): a dr is made for each unit in the Location; the unit with the highest dr is
 * affected; "if there is a tie for the highest dr, all of the applicable units which rolled that
 * number are affected equally" (A.9, high: rule text and its EX; the A7.302 K/# wording "at least one
 * target unit" agrees).
 *
 * For a #KIA with # > 1 (A7.301: # units eliminated by Random Selection) the same procedure selects
 * the # highest drs, and every unit tied with the #-th highest is selected too (medium: the natural
 * extension of A.9 to "one or more units"). Each unit is therefore equally likely to be selected (the
 * drs are exchangeable), but a tie can select more than #.
 *
 * The procedure is a finite sequence of dr, one per candidate, so the exact engine enumerates it
 * (6^n paths for n candidates).
 */

/**
 * Which units a Random Selection picks (A.9).
 * @param drs the Random Selection dr of each candidate, in candidate order, integers in [1, 6]
 * @param count how many units the result calls for, integer >= 1 (1 for K/#, # for #KIA)
 * @returns a bitmask over candidate positions (bit i = drs[i] selected): every candidate whose dr is
 *   >= the count-th highest dr; all candidates when count >= drs.length
 * Never throws. Cost O(n), no allocation.
 * @example randomSelection([3, 1, 2, 3], 1) // 0b1001 (A.9 EX: the leader and the squad)
 * @example randomSelection([6, 5, 5, 1], 2) // 0b0111 (the 5s tie for second place)
 */
export function randomSelection(drs: readonly number[], count: number): number {
  const n = drs.length;
  if (count >= n) return n >= 31 ? -1 : (1 << n) - 1;
  const threshold = nthHighestDr(drs, count);
  let mask = 0;
  for (let i = 0; i < n; i++) if (drs[i] >= threshold) mask |= 1 << i;
  return mask;
}

/** Scratch of {@link nthHighestDr}: how many drs have each value 0..6. */
const TALLY = new Int32Array(7);

/**
 * The `count`-th highest of `drs`, repeats counted (`[6, 5, 5, 1]`, 2 -> 5; 3 -> 5): the threshold of
 * {@link randomSelection}.
 * @param drs integers in [0, 6] (a dr, or 0 for a dr that cannot be selected); other values are
 *   handled by sorting
 * @param count integer in [1, drs.length]
 * Never throws. Cost O(n); no allocation for values in [0, 6].
 * @example nthHighestDr([6, 5, 5, 1], 2) // 5
 */
export function nthHighestDr(drs: readonly number[], count: number): number {
  const n = drs.length;
  let small = true;
  for (let i = 0; i < n; i++) {
    const d = drs[i];
    if (!(d >= 0 && d <= 6 && d === Math.floor(d))) small = false;
  }
  if (!small) return [...drs].sort((a, b) => b - a)[count - 1];
  TALLY.fill(0);
  for (let i = 0; i < n; i++) TALLY[drs[i]]++;
  let seen = 0;
  for (let v = 6; v > 0; v--) {
    seen += TALLY[v];
    if (seen >= count) return v;
  }
  return 0;
}

/** Most candidates {@link randomSelectionTable} counts (6^7 = 279,936 dr sequences). */
export const MAX_COUNTED_CANDIDATES = 7;

/**
 * The exact odds of every outcome of a Random Selection (A.9) among `n` candidates, as counts of its
 * 6^n equally likely dr sequences ({@link randomSelection} applied to each): `masks` in ascending order,
 * `ends[j]` the number of sequences whose selection is `masks[0..j]` (so mask j has
 * `ends[j] - ends[j - 1]` of them). Read as consecutive ranges of a number in [0, 6^n), they let an
 * exact engine draw the selection with one base-6 digit per roll and stop as soon as the digits so far
 * fall inside one range (attack-chain.ts `selectionByRanges`): the same odds with far fewer states.
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
