import { chiSquaredDistributionTable } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { chiSquaredGoodnessOfFit, chiSquaredPValue } from '../../src/stats/chi-squared.js';
import { Z95 } from '../../src/stats/wilson-interval.js';
import { chiSquaredTailBySimpson, poissonTailQ } from './oracles.js';
import { Xorshift32 } from './xorshift.js';

const isStatsInput = expect.objectContaining({ code: 'input.stats' });

describe('chiSquaredPValue', () => {
  it.each([
    // [statistic, df, p, source]
    [3.841, 1, 0.05, 'standard table (upper 5% point, 1 df)'],
    [11.07, 5, 0.05, 'standard table (upper 5% point, 5 df)'],
    [49.8, 35, 0.05, 'standard table (upper 5% point, 35 df: 49.802)'],
    [6.635, 1, 0.01, 'standard table (upper 1% point, 1 df)'],
    [18.307, 10, 0.05, 'standard table (upper 5% point, 10 df)'],
  ])('P(χ² ≥ %f | %i df) ≈ %f (%s)', (x, df, p) => {
    expect(chiSquaredPValue(x, df)).toBeCloseTo(p, 4);
  });

  it('gives exactly 0.05 at Z95² with 1 df (χ²₁ is the square of a standard normal)', () => {
    expect(chiSquaredPValue(Z95 * Z95, 1)).toBeCloseTo(0.05, 15);
  });

  it('is exp(−x/2) with 2 df (exact in theory; to x·1e-16 relative in doubles)', () => {
    // The far tail loses about x·ε relative accuracy: e^(−x/2 + ln(x/2) − …) rounds its argument.
    for (const x of [0, 0.01, 1, 4, 5.991, 10, 50, 200, 1000]) {
      const expected = Math.exp(-x / 2);
      const tolerance = Math.max(4e-15, x * 1e-16) * expected;
      expect(Math.abs(chiSquaredPValue(x, 2) - expected)).toBeLessThanOrEqual(tolerance);
    }
  });

  it('matches the Poisson-sum closed form for even df (36 df: 18 terms)', () => {
    for (const df of [4, 10, 36, 100]) {
      for (const x of [1, df / 2, df, df + 1, 2 * df, 5 * df]) {
        const expected = poissonTailQ(df / 2, x / 2);
        expect(Math.abs(chiSquaredPValue(x, df) - expected)).toBeLessThanOrEqual(1e-13 * expected);
      }
    }
  });

  it('matches Simpson integration of the 35-df density (the 36 dice pairs) to 1e-10', () => {
    for (const x of [10, 20, 34, 35, 36, 49.8, 49.80185, 60, 80, 120]) {
      expect(chiSquaredPValue(x, 35)).toBeCloseTo(chiSquaredTailBySimpson(x, 35), 10);
    }
    // Upper 5% point of χ²₃₅ is 49.80185 (tables give 49.802).
    expect(chiSquaredPValue(49.80185, 35)).toBeCloseTo(0.05, 6);
  });

  it('brackets every entry of simple-statistics chiSquaredDistributionTable (Hines & Montgomery 1980)', () => {
    // Table entries are rounded, and some twice (10.6446 → 10.645 → 10.65 for 6 df at α = 0.1), so
    // the true point lies within 0.55 units of the last printed digit of the entry; the upper-tail
    // probability α must lie between the p-values at entry ± that margin.
    let checked = 0;
    for (const [dfKey, row] of Object.entries(chiSquaredDistributionTable)) {
      const df = Number(dfKey);
      for (const [alphaKey, entry] of Object.entries(row as unknown as Record<string, number>)) {
        if (entry === 0) continue;
        if (df === 15 && alphaKey === '0.975') continue; // misprint, checked below
        const decimals = (String(entry).split('.')[1] ?? '').length;
        const halfUnit = 0.55 * 10 ** -decimals;
        const alpha = Number(alphaKey);
        expect(chiSquaredPValue(entry - halfUnit, df)).toBeGreaterThanOrEqual(alpha);
        expect(chiSquaredPValue(entry + halfUnit, df)).toBeLessThanOrEqual(alpha);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
    // The one entry off by more than rounding: 15 df, α = 0.975 is printed 6.27; the true point is
    // 6.262 (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4, lower-tail 0.025 for ν = 15).
    expect(chiSquaredDistributionTable[15][0.975]).toBe(6.27);
    expect(chiSquaredPValue(6.262, 15)).toBeCloseTo(0.975, 4);
  });

  it.each([
    [-1, 1],
    [Number.NaN, 1],
    [1, 0],
    [1, Number.NaN],
    [1, Number.POSITIVE_INFINITY],
  ])('throws input.stats for statistic %f, df %f', (x, df) => {
    expect(() => chiSquaredPValue(x, df)).toThrowError(isStatsInput);
  });
});

describe('chiSquaredGoodnessOfFit', () => {
  it('computes a hand-worked example: [10, 20, 30] against thirds → X² = 10, 2 df, p = e^(−5)', () => {
    // Expected 20 each: (100 + 0 + 100)/20 = 10.
    const result = chiSquaredGoodnessOfFit([10, 20, 30], [1 / 3, 1 / 3, 1 / 3]);
    expect(result.statistic).toBeCloseTo(10, 12);
    expect(result.degreesOfFreedom).toBe(2);
    expect(result.pValue).toBeCloseTo(Math.exp(-5), 14);
  });

  it('gives 35 df and p = 1 for 36 dice pairs seen exactly as often as expected', () => {
    const result = chiSquaredGoodnessOfFit(new Array(36).fill(100), new Array(36).fill(1 / 36));
    expect(result.statistic).toBeCloseTo(0, 9);
    expect(result.degreesOfFreedom).toBe(35);
    expect(result.pValue).toBeCloseTo(1, 9);
  });

  it('works on counts above 2^32: [2^33 + 2^20, 2^33 − 2^20] vs halves → X² = 2·2^40/2^33 = 256', () => {
    const result = chiSquaredGoodnessOfFit([2 ** 33 + 2 ** 20, 2 ** 33 - 2 ** 20], [0.5, 0.5]);
    expect(result.statistic).toBe(256);
    expect(result.degreesOfFreedom).toBe(1);
    expect(result.pValue).toBeGreaterThan(0);
    expect(result.pValue).toBeLessThan(1e-50); // erfc(√128) ≈ 2.9e-57
  });

  it('drops a zero-probability bin with no count, and rejects outright when it has one', () => {
    const dropped = chiSquaredGoodnessOfFit([10, 20, 30, 0], [1 / 3, 1 / 3, 1 / 3, 0]);
    expect(dropped.degreesOfFreedom).toBe(2);
    expect(dropped.statistic).toBeCloseTo(10, 12);
    const impossible = chiSquaredGoodnessOfFit([10, 20, 30, 1], [1 / 3, 1 / 3, 1 / 3, 0]);
    expect(impossible).toEqual({ statistic: Number.POSITIVE_INFINITY, degreesOfFreedom: 2, pValue: 0 });
  });

  it('pools bins with expected count < 5 (hand-worked: expected [50, 30, 15, 4, 1] → [50, 30, 15, 5])', () => {
    const observed = [48, 33, 12, 6, 1];
    const probabilities = [0.5, 0.3, 0.15, 0.04, 0.01];
    // Pooled: observed [48, 33, 12, 7], expected [50, 30, 15, 5]:
    // 4/50 + 9/30 + 9/15 + 4/5 = 0.08 + 0.3 + 0.6 + 0.8 = 1.78, 3 df.
    const pooled = chiSquaredGoodnessOfFit(observed, probabilities);
    expect(pooled.degreesOfFreedom).toBe(3);
    expect(pooled.statistic).toBeCloseTo(1.78, 12);
    expect(pooled.pValue).toBeCloseTo(chiSquaredPValue(1.78, 3), 14);
    // No pooling: + 4/4 + 0/1 → 0.08 + 0.3 + 0.6 + 1 + 0 = 1.98, 4 df.
    const unpooled = chiSquaredGoodnessOfFit(observed, probabilities, { minExpected: 0 });
    expect(unpooled.degreesOfFreedom).toBe(4);
    expect(unpooled.statistic).toBeCloseTo(1.98, 12);
  });

  it('folds a pool still below minExpected into the smallest remaining bin', () => {
    // Expected [90, 8, 2]: the pool {2} is < 5, so it joins the 8 → observed [88, 12], expected [90, 10].
    // 4/90 + 4/10 = 0.4444…, 1 df.
    const result = chiSquaredGoodnessOfFit([88, 9, 3], [0.9, 0.08, 0.02]);
    expect(result.degreesOfFreedom).toBe(1);
    expect(result.statistic).toBeCloseTo(4 / 90 + 4 / 10, 12);
  });

  it('returns statistic 0, p = 1 for a single bin or no observations', () => {
    expect(chiSquaredGoodnessOfFit([7], [1])).toEqual({ statistic: 0, degreesOfFreedom: 0, pValue: 1 });
    expect(chiSquaredGoodnessOfFit([0, 0, 0], [0.2, 0.3, 0.5])).toEqual({
      statistic: 0,
      degreesOfFreedom: 2,
      pValue: 1,
    });
  });

  it('rejects at 5% about 5% of the time under the null (2000 seeded runs of 3600 fair DR)', () => {
    // Oracle: a calibrated test's p-value is uniform under H0. 36 ordered dice pairs, 100 expected
    // each; the rejection rate's sampling s.d. over 2000 runs is about 0.5%.
    const rng = new Xorshift32(36);
    const probabilities = new Array(36).fill(1 / 36);
    const counts = new Array<number>(36);
    let rejections = 0;
    for (let run = 0; run < 2000; run++) {
      counts.fill(0);
      for (let roll = 0; roll < 3600; roll++) {
        const white = Math.floor(rng.nextFloat() * 6);
        const colored = Math.floor(rng.nextFloat() * 6);
        counts[white * 6 + colored]++;
      }
      if (chiSquaredGoodnessOfFit(counts, probabilities).pValue < 0.05) rejections++;
    }
    expect(rejections / 2000).toBeGreaterThan(0.035);
    expect(rejections / 2000).toBeLessThan(0.065);
  });

  it.each([
    [[], []],
    [[1, 2], [1]],
    [[-1, 2], [0.5, 0.5]],
    [[Number.NaN, 2], [0.5, 0.5]],
    [[1, 2], [0.5, 0.6]],
    [[1, 2], [-0.5, 1.5]],
    [[1, 2], [0.5, Number.NaN]],
  ])('throws input.stats for observed %j, probabilities %j', (observed, probabilities) => {
    expect(() => chiSquaredGoodnessOfFit(observed, probabilities)).toThrowError(isStatsInput);
  });

  it('throws input.stats for a negative minExpected', () => {
    expect(() => chiSquaredGoodnessOfFit([1, 2], [0.5, 0.5], { minExpected: -1 })).toThrowError(isStatsInput);
  });
});
