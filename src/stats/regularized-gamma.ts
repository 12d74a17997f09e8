/**
 * Regularized incomplete gamma functions P(a, x) and Q(a, x) = 1 − P(a, x).
 *
 *     P(a, x) = γ(a, x) / Γ(a) = (1/Γ(a)) ∫₀ˣ e^(−t) t^(a−1) dt
 *     Q(a, x) = Γ(a, x) / Γ(a) = (1/Γ(a)) ∫ₓ^∞ e^(−t) t^(a−1) dt
 *
 * Q(k/2, x/2) is the upper tail of the chi-squared distribution with k degrees of freedom, i.e. the
 * p-value of a chi-squared statistic x.
 *
 * Method (Press et al., Numerical Recipes, 3rd ed., §6.2, `gser`/`gcf`): with the common prefactor
 * e^(−x) x^a / Γ(a),
 * - for x < a + 1, the series γ(a, x) = e^(−x) x^a Σₙ xⁿ / (a (a+1) ⋯ (a+n)) gives P, and Q = 1 − P;
 * - for x ≥ a + 1, the continued fraction
 *   Γ(a, x) = e^(−x) x^a · 1/(x+1−a− 1·(1−a)/(x+3−a− 2·(2−a)/(x+5−a− ⋯))), evaluated by the modified
 *   Lentz method, gives Q, and P = 1 − Q.
 * Each branch computes the *smaller* of P and Q directly, so a tiny p-value keeps its relative accuracy
 * instead of being lost in 1 − P. ln Γ(a) is simple-statistics' `gammaln` (Lanczos, g = 607/128,
 * 15 terms; relative error below 1e-15 on the integers and half-integers to 200, checked in the tests).
 *
 * Accuracy (checked in the tests against closed forms and numeric integration): about 1e-13 relative
 * for a up to 200 (chi-squared tests up to 400 degrees of freedom), including tail values far below
 * 1e-100. The error comes from the prefactor's exponent −x + a·ln x − ln Γ(a), whose rounding costs
 * about (x + a·ln x)·ε relative; so it grows slowly with a and x. Convergence was checked up to a = 1e8.
 */
import { gammaln } from 'simple-statistics';
import { AslOddsError } from '../errors.js';

/** Relative precision at which the series and the continued fraction stop. */
const EPS = Number.EPSILON;
/** A number near the smallest normal double, keeping Lentz's divisions away from zero. */
const FPMIN = Number.MIN_VALUE / EPS;
/** Both expansions converge in O(√a) steps; this only guards against an endless loop. */
const MAX_ITERATIONS = 100_000;

function checkArguments(fn: string, a: number, x: number): void {
  if (!(a > 0) || !Number.isFinite(a)) {
    throw new AslOddsError('input.stats', `${fn}: a must be a finite number > 0, got ${String(a)}`);
  }
  if (!(x >= 0)) {
    throw new AslOddsError('input.stats', `${fn}: x must be a number >= 0, got ${String(x)}`);
  }
}

/** e^(−x) x^a / Γ(a), computed in logarithms. */
function prefactor(a: number, x: number): number {
  return Math.exp(-x + a * Math.log(x) - gammaln(a));
}

/** P(a, x) by its series; for 0 < x < a + 1. */
function seriesP(a: number, x: number): number {
  let ap = a;
  let term = 1 / a;
  let sum = term;
  for (let n = 0; n < MAX_ITERATIONS; n++) {
    ap += 1;
    term *= x / ap;
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPS) return sum * prefactor(a, x);
  }
  throw noConvergence(a, x);
}

/** Q(a, x) by its continued fraction (modified Lentz); for x ≥ a + 1. */
function continuedFractionQ(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / FPMIN;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i <= MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < FPMIN) d = FPMIN;
    c = b + an / c;
    if (Math.abs(c) < FPMIN) c = FPMIN;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) return h * prefactor(a, x);
  }
  throw noConvergence(a, x);
}

function noConvergence(a: number, x: number): AslOddsError {
  return new AslOddsError(
    'stats.noConvergence',
    `incomplete gamma: no convergence for a = ${a}, x = ${x}`,
    1,
  );
}

/**
 * Lower regularized incomplete gamma function P(a, x) = γ(a, x)/Γ(a).
 *
 * @param a shape: a finite number > 0
 * @param x upper limit of integration: a number ≥ 0 (Infinity allowed)
 * @returns P(a, x) in [0, 1]: 0 at x = 0, 1 at x = Infinity, increasing in x.
 * @throws AslOddsError `input.stats` when a ≤ 0, a is not finite, or x is negative or NaN;
 *   `stats.noConvergence` (exit 1) if the expansion does not converge in 100 000 steps (not seen
 *   for any a up to 1e8).
 * Cost: O(√a) iterations at worst, O(1) memory.
 * @example
 * regularizedGammaP(1, 2); // 0.8646647167633873 (1 − e^(−2))
 */
export function regularizedGammaP(a: number, x: number): number {
  checkArguments('regularizedGammaP', a, x);
  if (x === 0) return 0;
  if (x === Number.POSITIVE_INFINITY) return 1;
  return x < a + 1 ? seriesP(a, x) : 1 - continuedFractionQ(a, x);
}

/**
 * Upper regularized incomplete gamma function Q(a, x) = Γ(a, x)/Γ(a) = 1 − P(a, x).
 *
 * @param a shape: a finite number > 0
 * @param x lower limit of integration: a number ≥ 0 (Infinity allowed)
 * @returns Q(a, x) in [0, 1]: 1 at x = 0, 0 at x = Infinity, decreasing in x; small values keep
 *   their relative accuracy (down to underflow near 1e-308).
 * @throws AslOddsError `input.stats` when a ≤ 0, a is not finite, or x is negative or NaN;
 *   `stats.noConvergence` (exit 1) as for {@link regularizedGammaP}.
 * Cost: O(√a) iterations at worst, O(1) memory.
 * @example
 * regularizedGammaQ(1, 2); // 0.1353352832366127 (e^(−2))
 */
export function regularizedGammaQ(a: number, x: number): number {
  checkArguments('regularizedGammaQ', a, x);
  if (x === 0) return 1;
  if (x === Number.POSITIVE_INFINITY) return 0;
  return x < a + 1 ? 1 - seriesP(a, x) : continuedFractionQ(a, x);
}
