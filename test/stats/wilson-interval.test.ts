import { describe, expect, it } from 'vitest';
import { Z95, wilsonInterval } from '../../src/stats/wilson-interval.js';
import { chiSquaredPValue } from '../../src/stats/chi-squared.js';
import { Xorshift32 } from './xorshift.js';

/**
 * Second oracle: the Wilson endpoints are the roots of the score equation (p̂ − p)² = z² p(1 − p)/n,
 * i.e. (n + z²) p² − (2s + z²) p + s²/n = 0, solved here by the quadratic formula (a different
 * algebraic route from the centre ± half-width form in the source).
 */
function wilsonByQuadratic(s: number, n: number, z: number): [number, number] {
  const a = n + z * z;
  const b = -(2 * s + z * z);
  const c = (s * s) / n;
  const root = Math.sqrt(b * b - 4 * a * c);
  return [(-b - root) / (2 * a), (-b + root) / (2 * a)];
}

describe('Z95', () => {
  it('is the 97.5% normal quantile: Φ(Z95) − Φ(−Z95) = P(χ²₁ ≤ Z95²) = 0.95', () => {
    // Oracle: for a standard normal Z, P(|Z| ≤ z) = P(χ²₁ ≤ z²).
    expect(chiSquaredPValue(Z95 * Z95, 1)).toBeCloseTo(0.05, 14);
  });
});

describe('wilsonInterval', () => {
  it.each([
    // [successes, trials, lower, upper, source]
    [5, 10, 0.2366, 0.7634, 'Wilson (1927) score interval; standard tables'],
    [0, 10, 0, 0.2775, 'closed form z²/(n + z²) for the upper end'],
    [10, 10, 0.7225, 1, 'closed form n/(n + z²) for the lower end'],
    [81, 263, 0.2553, 0.3662, 'Newcombe (1998) Stat. Med. 17:857, Table I, method 3'],
    [15, 148, 0.0624, 0.1605, 'Newcombe (1998) Table I, method 3'],
    [0, 20, 0, 0.1611, 'Newcombe (1998) Table I, method 3'],
    [1, 29, 0.0061, 0.1718, 'Newcombe (1998) Table I, method 3'],
  ])('%i/%i at 95%% is [%f, %f] (%s)', (s, n, lower, upper) => {
    const [lo, hi] = wilsonInterval(s, n);
    expect(lo).toBeCloseTo(lower, 4);
    expect(hi).toBeCloseTo(upper, 4);
  });

  it('has exact edge endpoints: 0/n → [0, z²/(n+z²)], n/n → [n/(n+z²), 1]', () => {
    const z2 = Z95 * Z95;
    expect(wilsonInterval(0, 10)).toEqual([0, expect.closeTo(z2 / (10 + z2), 15)]);
    expect(wilsonInterval(10, 10)).toEqual([expect.closeTo(10 / (10 + z2), 15), 1]);
  });

  it('agrees with the quadratic-formula roots of the score equation (n ≤ 10^6: the oracle cancels for huge n)', () => {
    for (const [s, n, z] of [
      [5, 10, Z95],
      [1, 3, Z95],
      [37, 1000, Z95],
      [999, 1000, 2.5758293035489],
      [123_456, 1_000_000, 1],
    ]) {
      const [lo, hi] = wilsonInterval(s, n, z);
      const [qLo, qHi] = wilsonByQuadratic(s, n, z);
      expect(lo).toBeCloseTo(qLo, 12);
      expect(hi).toBeCloseTo(qHi, 12);
    }
  });

  it('handles counts above 2^32 (width ≈ 2·z·√(p(1−p)/n))', () => {
    const n = 2 ** 40;
    const [lo, hi] = wilsonInterval(n / 4, n);
    expect(lo).toBeLessThan(0.25);
    expect(hi).toBeGreaterThan(0.25);
    expect((hi - lo) / (2 * Z95 * Math.sqrt(0.1875 / n))).toBeCloseTo(1, 6);
  });

  it('returns [0, 1] for zero trials and [p̂, p̂] for z = 0', () => {
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
    expect(wilsonInterval(3, 12, 0)).toEqual([0.25, 0.25]);
  });

  it('stays within [0, 1] and contains p̂', () => {
    for (let n = 1; n <= 60; n++) {
      for (let s = 0; s <= n; s++) {
        const [lo, hi] = wilsonInterval(s, n);
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(1);
        expect(lo).toBeLessThanOrEqual(s / n);
        expect(hi).toBeGreaterThanOrEqual(s / n);
      }
    }
  });

  it.each([
    [-1, 10, Z95],
    [Number.NaN, 10, Z95],
    [1, Number.NaN, Z95],
    [1, -10, Z95],
    [11, 10, Z95],
    [1, Number.POSITIVE_INFINITY, Z95],
    [1, 10, -1],
    [1, 10, Number.NaN],
  ])('throws input.stats for (%f, %f, z = %f)', (s, n, z) => {
    expect(() => wilsonInterval(s, n, z)).toThrowError(expect.objectContaining({ code: 'input.stats' }));
  });

  it.each([0.1, 0.5, 0.97])(
    'covers p = %f in 92–98%% of 2000 seeded binomial(1000, p) samples (nominal 95%%)',
    (p) => {
      // Oracle: the definition of a 95% interval; Wilson's actual coverage at n = 1000 is within
      // about ±1% of nominal for these p, and 2000 repetitions add a sampling s.d. of about 0.5%.
      const rng = new Xorshift32(0x5eed + Math.round(p * 1000));
      const repetitions = 2000;
      let covered = 0;
      for (let r = 0; r < repetitions; r++) {
        const [lo, hi] = wilsonInterval(rng.binomial(1000, p), 1000);
        if (lo <= p && p <= hi) covered++;
      }
      expect(covered / repetitions).toBeGreaterThanOrEqual(0.92);
      expect(covered / repetitions).toBeLessThanOrEqual(0.98);
    },
  );
});
