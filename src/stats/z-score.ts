/**
 * z-score of a Monte Carlo estimate against an exact probability.
 *
 * If the exact engine says P(event) = p and the Monte Carlo engine saw a proportion p̂ in n trials, then
 * under agreement p̂ is approximately normal with mean p and standard error √(p(1 − p)/n), so
 *
 *     z = (p̂ − p) / √(p(1 − p)/n)
 *
 * is approximately standard normal: |z| > 1.96 happens 5% of the time, |z| > 4 about once in 16 000.
 * The standard error uses the exact p (the score form), not p̂, so it does not vanish when p̂ = 0.
 */
import { checkNonNegative, checkProbability } from './check-input.js';

/**
 * Number of standard errors between a Monte Carlo estimate and the exact probability.
 *
 * @param estimate Monte Carlo proportion p̂: in [0, 1]
 * @param exact exact probability p: in [0, 1]
 * @param trials number of Monte Carlo trials n behind the estimate: a finite number ≥ 0
 * @returns (p̂ − p) / √(p(1 − p)/n), signed (positive when the estimate is high). Degenerate cases:
 *   when p is 0 or 1 the binomial has no spread, so it returns 0 if p̂ equals p and ±Infinity
 *   otherwise (the sign of p̂ − p: an event the exact engine calls impossible was seen, or a certain
 *   one failed). With n = 0 there is no evidence either way and it returns 0.
 * @throws AslOddsError `input.stats` when estimate or exact is outside [0, 1] or NaN, or trials is
 *   negative, NaN or infinite.
 * Cost: O(1), no allocation.
 * @example
 * zScore(0.52, 0.5, 10_000); // 4 (0.02 / 0.005)
 * zScore(0.01, 0, 100); // Infinity
 */
export function zScore(estimate: number, exact: number, trials: number): number {
  checkProbability('zScore', 'estimate', estimate);
  checkProbability('zScore', 'exact', exact);
  checkNonNegative('zScore', 'trials', trials);
  const difference = estimate - exact;
  if (trials === 0 || difference === 0) return 0;
  if (exact === 0 || exact === 1) {
    return difference > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  }
  return difference / Math.sqrt((exact * (1 - exact)) / trials);
}
