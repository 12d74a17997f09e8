import { gammaln } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { regularizedGammaP, regularizedGammaQ } from '../../src/stats/regularized-gamma.js';
import { lnGammaHalfInteger, poissonTailQ } from './oracles.js';

describe('simple-statistics gammaln (the ln Γ behind the incomplete gamma)', () => {
  it('is accurate to 2e-15 on the integers and half-integers up to 200', () => {
    // Oracles: ln Γ(n) = Σ ln j for j < n; Γ(k + 1/2) = √π Π (j + 1/2).
    let lnFactorial = 0;
    for (let n = 1; n <= 200; n++) {
      if (n > 1) lnFactorial += Math.log(n - 1);
      expect(Math.abs(gammaln(n) - lnFactorial)).toBeLessThanOrEqual(2e-15 * Math.max(1, lnFactorial));
      const half = lnGammaHalfInteger(n - 1);
      expect(Math.abs(gammaln(n - 0.5) - half)).toBeLessThanOrEqual(2e-15 * Math.max(1, Math.abs(half)));
    }
  });
});

describe('regularizedGammaP / regularizedGammaQ', () => {
  it('matches P(1, x) = 1 − e^(−x) (exponential distribution)', () => {
    for (const x of [1e-6, 0.1, 1, 2, 5, 20]) {
      expect(regularizedGammaP(1, x)).toBeCloseTo(-Math.expm1(-x), 15);
      expect(regularizedGammaQ(1, x) / Math.exp(-x)).toBeCloseTo(1, 13);
    }
  });

  it('matches the finite Poisson sum for integer a up to 200 (relative 1e-12)', () => {
    for (let k = 1; k <= 200; k += 1) {
      for (const x of [0.1, 1, 5, 10, 30, 60, 100, 200, 400]) {
        const expected = poissonTailQ(k, x);
        if (expected < 1e-300) continue;
        expect(Math.abs(regularizedGammaQ(k, x) - expected)).toBeLessThanOrEqual(1e-12 * expected);
      }
    }
  });

  it('matches Q(1/2, x²) = erfc(x) from Abramowitz & Stegun table 7.1', () => {
    // erfc(0.5) = 0.4795001221869535, erfc(1) = 0.1572992070502851, erfc(2) = 0.004677734981047266
    expect(regularizedGammaQ(0.5, 0.25)).toBeCloseTo(0.4795001221869535, 15);
    expect(regularizedGammaQ(0.5, 1)).toBeCloseTo(0.1572992070502851, 15);
    expect(regularizedGammaQ(0.5, 4) / 0.004677734981047266).toBeCloseTo(1, 13);
  });

  it('has P + Q = 1 on both sides of the series/continued-fraction switch at x = a + 1', () => {
    for (const a of [0.5, 1, 3.5, 17.5, 100]) {
      for (const x of [a / 2, a + 0.999, a + 1, a + 1.001, 2 * a + 3]) {
        expect(regularizedGammaP(a, x) + regularizedGammaQ(a, x)).toBeCloseTo(1, 14);
      }
    }
  });

  it('has the limits P(a, 0) = 0, Q(a, 0) = 1, P(a, ∞) = 1, Q(a, ∞) = 0', () => {
    expect(regularizedGammaP(2.5, 0)).toBe(0);
    expect(regularizedGammaQ(2.5, 0)).toBe(1);
    expect(regularizedGammaP(2.5, Number.POSITIVE_INFINITY)).toBe(1);
    expect(regularizedGammaQ(2.5, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('keeps relative accuracy deep in the tail (Q(1, 500) = e^(−500))', () => {
    expect(regularizedGammaQ(1, 500) / Math.exp(-500)).toBeCloseTo(1, 12);
  });

  it.each([
    [0, 1],
    [-1, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
    [1, -1],
    [1, Number.NaN],
  ])('throws input.stats for a = %f, x = %f', (a, x) => {
    const isStatsInput = expect.objectContaining({ code: 'input.stats' });
    expect(() => regularizedGammaP(a, x)).toThrowError(isStatsInput);
    expect(() => regularizedGammaQ(a, x)).toThrowError(isStatsInput);
  });
});
