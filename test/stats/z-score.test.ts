import { describe, expect, it } from 'vitest';
import { zScore } from '../../src/stats/z-score.js';

describe('zScore', () => {
  it.each([
    // [estimate, exact, n, z, worked by hand]
    [0.52, 0.5, 10_000, 4, 'SE = √(0.25/10⁴) = 0.005; 0.02/0.005'],
    [0.48, 0.5, 10_000, -4, 'same SE, estimate low'],
    [0.103, 0.1, 10_000, 1, 'SE = √(0.09/10⁴) = 0.003; 0.003/0.003'],
    [26 / 36, 0.75, 900, -10 / Math.sqrt(27), 'SE = √(0.1875/900) = √3/120; (−1/36)/(√3/120) = −10/√27'],
    [0.5, 0.5, 1_000_000, 0, 'estimate equals exact'],
  ])('(%f vs %f over %i) = %f (%s)', (estimate, exact, n, z) => {
    expect(zScore(estimate, exact, n)).toBeCloseTo(z, 9);
  });

  it('returns 0 or ±Infinity when the exact probability is 0 or 1', () => {
    expect(zScore(0, 0, 100)).toBe(0);
    expect(zScore(1, 1, 100)).toBe(0);
    expect(zScore(0.01, 0, 100)).toBe(Number.POSITIVE_INFINITY);
    expect(zScore(0.99, 1, 100)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('returns 0 with zero trials', () => {
    expect(zScore(0.3, 0.5, 0)).toBe(0);
    expect(zScore(0.3, 0, 0)).toBe(0);
  });

  it.each([
    [1.2, 0.5, 10],
    [0.5, -0.1, 10],
    [Number.NaN, 0.5, 10],
    [0.5, 0.5, -1],
    [0.5, 0.5, Number.NaN],
  ])('throws input.stats for (%f, %f, %f)', (estimate, exact, n) => {
    expect(() => zScore(estimate, exact, n)).toThrowError(expect.objectContaining({ code: 'input.stats' }));
  });
});
