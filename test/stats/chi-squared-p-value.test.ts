import { describe, expect, it } from 'vitest';
import { chiSquaredPValue } from '../../src/stats/chi-squared.js';
import { poissonTailQ } from './oracles.js';

/**
 * chiSquaredPValue(x, df) = P(χ²_df ≥ x) = Q(df/2, x/2), the upper regularized incomplete gamma function,
 * which comes from stdlib (`@stdlib/math-base-special-gammainc`). These tests hold that library to the
 * closed forms our statistics rely on.
 */
describe('chiSquaredPValue (stdlib gammainc, upper and regularized)', () => {
  it('matches P(χ²₂ ≥ x) = e^(−x/2) (2 degrees of freedom: the exponential distribution)', () => {
    for (const x of [2e-6, 0.2, 2, 4, 10, 40]) {
      expect(chiSquaredPValue(x, 2) / Math.exp(-x / 2)).toBeCloseTo(1, 13);
    }
  });

  it('matches the finite Poisson sum for even degrees of freedom up to 400 (relative 1e-12)', () => {
    // Q(k, x) = Σ_{j<k} e^(−x) x^j / j! for an integer k: the χ² tail with 2k degrees of freedom at 2x.
    for (let k = 1; k <= 200; k += 1) {
      for (const x of [0.1, 1, 5, 10, 30, 60, 100, 200, 400]) {
        const expected = poissonTailQ(k, x);
        if (expected < 1e-300) continue;
        expect(Math.abs(chiSquaredPValue(2 * x, 2 * k) - expected)).toBeLessThanOrEqual(1e-12 * expected);
      }
    }
  });

  it('matches P(χ²₁ ≥ 2x²) = erfc(x) from Abramowitz & Stegun table 7.1', () => {
    // erfc(0.5) = 0.4795001221869535, erfc(1) = 0.1572992070502851, erfc(2) = 0.004677734981047266
    expect(chiSquaredPValue(0.5, 1)).toBeCloseTo(0.4795001221869535, 15);
    expect(chiSquaredPValue(2, 1)).toBeCloseTo(0.1572992070502851, 15);
    expect(chiSquaredPValue(8, 1) / 0.004677734981047266).toBeCloseTo(1, 13);
  });

  it('gives the 5% critical value of 1 degree of freedom, and the limits at 0 and ∞', () => {
    expect(chiSquaredPValue(3.841458820694124, 1)).toBeCloseTo(0.05, 15);
    expect(chiSquaredPValue(0, 5)).toBe(1);
    expect(chiSquaredPValue(Number.POSITIVE_INFINITY, 5)).toBe(0);
  });

  it('keeps relative accuracy deep in the tail (P(χ²₂ ≥ 1000) = e^(−500))', () => {
    expect(chiSquaredPValue(1000, 2) / Math.exp(-500)).toBeCloseTo(1, 12);
  });

  it.each([
    [1, 0],
    [1, -1],
    [1, Number.NaN],
    [1, Number.POSITIVE_INFINITY],
    [-1, 1],
    [Number.NaN, 1],
  ])('throws input.stats for statistic = %f, degrees of freedom = %f', (statistic, df) => {
    expect(() => chiSquaredPValue(statistic, df)).toThrowError(expect.objectContaining({ code: 'input.stats' }));
  });
});
