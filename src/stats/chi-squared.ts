/**
 * Pearson's chi-squared goodness-of-fit test of observed counts against expected probabilities.
 *
 * With N = Σ observedᵢ and expected counts eᵢ = N·pᵢ, the statistic is
 *
 *     X² = Σ (observedᵢ − eᵢ)² / eᵢ
 *
 * and under the null hypothesis (the counts are a multinomial sample with probabilities pᵢ) it is
 * approximately chi-squared with (bins − 1) degrees of freedom. Its p-value is the upper tail
 * P(χ²_df ≥ X²) = Q(df/2, X²/2), the upper regularized incomplete gamma function, computed by stdlib's
 * `@stdlib/math-base-special-gammainc` (regularized, upper: it computes the smaller tail directly, so a
 * tiny p-value keeps its relative accuracy).
 *
 * Written here because simple-statistics' `chiSquaredGoodnessOfFit` returns only a boolean and its
 * table stops short of 35 degrees of freedom (the 36 ordered dice pairs of a DR).
 *
 * Bin handling, in order:
 * 1. A bin with expected probability 0 is impossible under the hypothesis: if anything was observed in
 *    it the fit is rejected outright (statistic Infinity, p-value 0); otherwise it is dropped.
 * 2. Pooling (the usual "expected count ≥ 5" rule of thumb, since the chi-squared approximation is
 *    poor for small expected counts): every bin with eᵢ < minExpected is merged into one pooled bin.
 *    If the pooled bin is itself still below minExpected and another bin remains, it is merged into
 *    the remaining bin with the smallest expected count (the first such bin on ties). Bins are treated
 *    as unordered categories, so pooling ignores adjacency. `minExpected: 0` turns pooling off.
 * 3. df = (bins left) − 1. With a single bin (df = 0) the test carries no information: the result is
 *    statistic 0 and p-value 1. With N = 0 nothing is pooled and the statistic is 0 (p-value 1).
 */
import { AslOddsError } from '../errors.js';
import { checkNonNegative, checkProbability } from './check-input.js';
import gammainc from '@stdlib/math-base-special-gammainc';

/** Options of {@link chiSquaredGoodnessOfFit}; every field is optional. */
export interface ChiSquaredOptions {
  /**
   * Bins whose expected count is below this are pooled (see the module doc): a finite number ≥ 0;
   * default 5; 0 disables pooling.
   */
  minExpected?: number;
}

/** Outcome of a chi-squared goodness-of-fit test. */
export interface ChiSquaredResult {
  /** Pearson's X², ≥ 0; Infinity when a count fell in a bin of expected probability 0. */
  statistic: number;
  /** Number of bins left after dropping and pooling, minus 1: an integer ≥ 0. */
  degreesOfFreedom: number;
  /** P(χ²_df ≥ statistic), in [0, 1]: small values reject the expected probabilities. */
  pValue: number;
}

/** How far the expected probabilities may sum from 1 before they are rejected (they are then rescaled). */
const PROBABILITY_SUM_TOLERANCE = 1e-9;

/**
 * Upper tail of the chi-squared distribution: P(χ²_df ≥ statistic) = Q(df/2, statistic/2).
 *
 * @param statistic chi-squared value: a number ≥ 0 (Infinity gives 0)
 * @param degreesOfFreedom a finite number > 0 (need not be an integer)
 * @returns the p-value, in [0, 1]
 * @throws AslOddsError `input.stats` when statistic is negative or NaN or degreesOfFreedom ≤ 0 or not finite.
 * Cost: O(√df) iterations at worst.
 * @example
 * chiSquaredPValue(3.841458820694124, 1); // 0.05 (to 1e-15)
 * chiSquaredPValue(4, 2); // 0.1353352832366127 (e^(−2): with 2 df the tail is exactly e^(−x/2))
 */
export function chiSquaredPValue(statistic: number, degreesOfFreedom: number): number {
  if (!(degreesOfFreedom > 0) || !Number.isFinite(degreesOfFreedom)) {
    throw new AslOddsError(
      'input.stats',
      `chiSquaredPValue: degreesOfFreedom must be a finite number > 0, got ${String(degreesOfFreedom)}`,
    );
  }
  if (!(statistic >= 0)) {
    throw new AslOddsError(
      'input.stats',
      `chiSquaredPValue: statistic must be a number >= 0, got ${String(statistic)}`,
    );
  }
  return upperTail(statistic, degreesOfFreedom);
}

/**
 * Pearson chi-squared goodness of fit of `observed` counts against `expectedProbabilities`.
 *
 * @param observed count per bin: finite numbers ≥ 0 (may exceed 2^32); at least one bin
 * @param expectedProbabilities probability per bin, same length as `observed`: each in [0, 1],
 *   summing to 1 within 1e-9 (they are rescaled to sum exactly to 1 before use)
 * @param options `{ minExpected }`, see {@link ChiSquaredOptions}
 * @returns `{ statistic, degreesOfFreedom, pValue }` after the bin handling in the module doc
 * @throws AslOddsError `input.stats` when the arrays are empty or differ in length, a count is negative,
 *   NaN or infinite, a probability is outside [0, 1] or NaN, the probabilities do not sum to 1, or
 *   minExpected is negative, NaN or infinite.
 * Cost: O(bins) time and memory, plus the p-value's O(√df) iterations.
 * @example
 * // 36 ordered dice pairs, each expected 1/36, all seen exactly 100 times:
 * chiSquaredGoodnessOfFit(new Array(36).fill(100), new Array(36).fill(1 / 36));
 * // { statistic: 0 (up to rounding), degreesOfFreedom: 35, pValue: 1 }
 */
export function chiSquaredGoodnessOfFit(
  observed: readonly number[],
  expectedProbabilities: readonly number[],
  options: ChiSquaredOptions = {},
): ChiSquaredResult {
  const fn = 'chiSquaredGoodnessOfFit';
  const minExpected = options.minExpected ?? 5;
  checkNonNegative(fn, 'options.minExpected', minExpected);
  if (observed.length === 0 || observed.length !== expectedProbabilities.length) {
    throw new AslOddsError(
      'input.stats',
      `${fn}: observed (${observed.length} bins) and expectedProbabilities ` +
        `(${expectedProbabilities.length} bins) must have the same, non-zero length`,
    );
  }
  let total = 0;
  let probabilitySum = 0;
  for (let i = 0; i < observed.length; i++) {
    checkNonNegative(fn, `observed[${i}]`, observed[i]);
    checkProbability(fn, `expectedProbabilities[${i}]`, expectedProbabilities[i]);
    total += observed[i];
    probabilitySum += expectedProbabilities[i];
  }
  if (!(Math.abs(probabilitySum - 1) <= PROBABILITY_SUM_TOLERANCE)) {
    throw new AslOddsError(
      'input.stats',
      `${fn}: expectedProbabilities must sum to 1 (within ${PROBABILITY_SUM_TOLERANCE}), got ${probabilitySum}`,
    );
  }

  // 1. Drop bins of probability 0; a count in one is an outright rejection.
  let impossibleSeen = false;
  const binObserved: number[] = [];
  const binExpected: number[] = [];
  for (let i = 0; i < observed.length; i++) {
    if (expectedProbabilities[i] === 0) {
      if (observed[i] > 0) impossibleSeen = true;
      continue;
    }
    binObserved.push(observed[i]);
    binExpected.push((total * expectedProbabilities[i]) / probabilitySum);
  }

  // 2. Pool bins with small expected counts.
  if (total > 0 && minExpected > 0) pool(binObserved, binExpected, minExpected);

  // 3. Statistic, degrees of freedom, p-value.
  const degreesOfFreedom = binObserved.length - 1;
  if (impossibleSeen) {
    return { statistic: Number.POSITIVE_INFINITY, degreesOfFreedom, pValue: 0 };
  }
  if (degreesOfFreedom === 0 || total === 0) {
    return { statistic: 0, degreesOfFreedom, pValue: 1 };
  }
  let statistic = 0;
  for (let i = 0; i < binObserved.length; i++) {
    const difference = binObserved[i] - binExpected[i];
    statistic += (difference * difference) / binExpected[i];
  }
  return { statistic, degreesOfFreedom, pValue: upperTail(statistic, degreesOfFreedom) };
}

/**
 * Merges, in place, every bin with expected count < minExpected into one pooled bin (appended last);
 * a pooled bin still below minExpected is folded into the remaining bin of smallest expected count.
 */
function pool(binObserved: number[], binExpected: number[], minExpected: number): void {
  let pooledObserved = 0;
  let pooledExpected = 0;
  let smallBins = 0;
  let kept = 0;
  for (let i = 0; i < binObserved.length; i++) {
    if (binExpected[i] < minExpected) {
      pooledObserved += binObserved[i];
      pooledExpected += binExpected[i];
      smallBins++;
    } else {
      binObserved[kept] = binObserved[i];
      binExpected[kept] = binExpected[i];
      kept++;
    }
  }
  binObserved.length = kept;
  binExpected.length = kept;
  if (smallBins === 0) return;
  if (pooledExpected < minExpected && kept > 0) {
    let smallest = 0;
    for (let i = 1; i < kept; i++) if (binExpected[i] < binExpected[smallest]) smallest = i;
    binObserved[smallest] += pooledObserved;
    binExpected[smallest] += pooledExpected;
    return;
  }
  binObserved.push(pooledObserved);
  binExpected.push(pooledExpected);
}

/** P(χ²_df ≥ x) = Q(df/2, x/2) by `@stdlib/math-base-special-gammainc(x/2, df/2, regularized, upper)`. */
function upperTail(statistic: number, degreesOfFreedom: number): number {
  if (statistic === Number.POSITIVE_INFINITY) return 0; // gammainc gives NaN at x = ∞
  return gammainc(statistic / 2, degreesOfFreedom / 2, true, true);
}
