/**
 * Standard error of a binomial proportion.
 *
 * A proportion estimated from n independent trials with success probability p has variance
 * p(1 − p)/n, so its standard error is √(p(1 − p)/n). In a Monte Carlo report p is usually the
 * estimate p̂ itself (the plug-in standard error).
 */
import { checkNonNegative, checkProbability } from './check-input.js';

/**
 * Binomial standard error √(p(1 − p)/n).
 *
 * @param p success probability (or its estimate): in [0, 1]
 * @param trials number of trials n: a finite number ≥ 0 (may exceed 2^32)
 * @returns the standard error, ≥ 0; 0 when p is 0 or 1 (and n > 0). With n = 0 there is no
 *   information at all, so it returns `Infinity` (not 0, which would claim certainty; note that
 *   `JSON.stringify` writes Infinity as null).
 * @throws AslOddsError `input.stats` when p is outside [0, 1] or NaN, or trials is negative, NaN or infinite.
 * Cost: O(1), no allocation.
 * @example
 * binomialStandardError(0.5, 100); // 0.05
 * binomialStandardError(0.5, 0); // Infinity
 */
export function binomialStandardError(p: number, trials: number): number {
  checkProbability('binomialStandardError', 'p', p);
  checkNonNegative('binomialStandardError', 'trials', trials);
  if (trials === 0) return Number.POSITIVE_INFINITY;
  return Math.sqrt((p * (1 - p)) / trials);
}
