/**
 * Independent oracles for the incomplete gamma tests: none of them uses the series, the continued
 * fraction or the Lanczos ln Γ of the code under test.
 */

/**
 * Q(k, x) for integer k ≥ 1 by the finite Poisson sum Q(k, x) = e^(−x) Σ_{j<k} x^j / j!
 * (the probability of fewer than k Poisson(x) events). Hence the chi-squared tail with 2k df is
 * exp(−x/2) Σ_{j<k} (x/2)^j / j!, and with 2 df exactly exp(−x/2).
 */
export function poissonTailQ(k: number, x: number): number {
  let term = Math.exp(-x);
  let sum = 0;
  for (let j = 0; j < k; j++) {
    sum += term;
    term *= x / (j + 1);
  }
  return sum;
}

/** ln Γ(k + 1/2) from the exact product Γ(k + 1/2) = √π · Π_{j=0}^{k−1} (j + 1/2). */
export function lnGammaHalfInteger(k: number): number {
  let l = 0.5 * Math.log(Math.PI);
  for (let j = 0; j < k; j++) l += Math.log(j + 0.5);
  return l;
}

/**
 * Upper tail of the chi-squared distribution with `df` = 2k + 1 (odd) degrees of freedom by composite
 * Simpson integration of its density f(t) = t^(df/2−1) e^(−t/2) / (2^(df/2) Γ(df/2)) from x to
 * x + `span`, with Γ(df/2) from {@link lnGammaHalfInteger}. Accurate to about 1e-12 for the
 * df and x used in the tests (span chosen so the tail beyond is negligible).
 */
export function chiSquaredTailBySimpson(x: number, df: number, span = 400, intervals = 200_000): number {
  const k = (df - 1) / 2;
  const logNorm = (df / 2) * Math.log(2) + lnGammaHalfInteger(k);
  const density = (t: number): number => Math.exp((df / 2 - 1) * Math.log(t) - t / 2 - logNorm);
  const h = span / intervals;
  let sum = density(x) + density(x + span);
  for (let i = 1; i < intervals; i++) sum += (i % 2 === 1 ? 4 : 2) * density(x + i * h);
  return (sum * h) / 3;
}
