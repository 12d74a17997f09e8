/**
 * Wilson score interval for a binomial proportion (Wilson 1927).
 *
 * With p̂ = successes / trials, n = trials and z the normal quantile, the interval is the set of p for
 * which the score test does not reject, i.e. the p solving (p̂ − p)² = z² p(1 − p) / n:
 *
 *     centre    = (p̂ + z²/(2n)) / (1 + z²/n)
 *     halfWidth = z / (1 + z²/n) · √(p̂(1 − p̂)/n + z²/(4n²))
 *
 * Unlike the Wald interval p̂ ± z√(p̂(1 − p̂)/n) it never has zero width at p̂ = 0 or 1 and keeps close
 * to its nominal coverage for p near 0 or 1 — exactly where ASL odds such as a 2 DR live.
 *
 * Reference: E. B. Wilson, "Probable inference, the law of succession, and statistical inference",
 * JASA 22 (1927) 209–212.
 */
import { AslOddsError } from '../errors.js';
import { checkNonNegative } from './check-input.js';

/**
 * The two-sided 95% normal quantile Φ⁻¹(0.975), to double precision.
 *
 * Written out, not derived: simple-statistics' `probit(0.975)` returns 1.9572 (see docs/libraries.md "simple-statistics").
 */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for the success probability behind `successes` out of `trials`.
 *
 * @param successes number of successes: a finite number in [0, trials] (may exceed 2^32; exact up to 2^53)
 * @param trials number of trials: a finite number ≥ 0
 * @param z normal quantile for the confidence level: finite, ≥ 0; default {@link Z95} (95%)
 * @returns `[lower, upper]` with 0 ≤ lower ≤ upper ≤ 1; lower is exactly 0 when successes = 0 and
 *   upper exactly 1 when successes = trials. With trials = 0 there is no information: `[0, 1]`.
 * @throws AslOddsError `input.stats` when a count is NaN, infinite or negative, when
 *   successes > trials, or when z is NaN, infinite or negative.
 * Cost: O(1), allocates the returned pair (not for a per-trial hot loop).
 * @example
 * wilsonInterval(5, 10); // [0.2365931..., 0.7634068...]
 * wilsonInterval(0, 10); // [0, 0.2775328...]
 */
export function wilsonInterval(successes: number, trials: number, z: number = Z95): [number, number] {
  checkNonNegative('wilsonInterval', 'successes', successes);
  checkNonNegative('wilsonInterval', 'trials', trials);
  checkNonNegative('wilsonInterval', 'z', z);
  if (successes > trials) {
    throw new AslOddsError(
      'input.stats',
      `wilsonInterval: successes (${successes}) must not exceed trials (${trials})`,
    );
  }
  if (trials === 0) return [0, 1];

  const n = trials;
  const pHat = successes / n;
  const z2n = (z * z) / n;
  const denominator = 1 + z2n;
  const centre = (pHat + z2n / 2) / denominator;
  const halfWidth = (z / denominator) * Math.sqrt((pHat * (1 - pHat)) / n + z2n / (4 * n));
  // Clamp: rounding can push an endpoint a few ulps past [0, 1]; at the edges the exact value is known.
  const lower = successes === 0 ? 0 : Math.max(0, centre - halfWidth);
  const upper = successes === trials ? 1 : Math.min(1, centre + halfWidth);
  return [lower, upper];
}
