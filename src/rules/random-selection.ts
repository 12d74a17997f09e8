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
 * (6^n paths for n candidates; attack/selection-ranges.ts reads them as digits of one number).
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
