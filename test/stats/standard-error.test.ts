import { describe, expect, it } from 'vitest';
import { binomialStandardError } from '../../src/stats/standard-error.js';

describe('binomialStandardError', () => {
  it.each([
    // [p, n, expected, worked by hand]
    [0.5, 100, 0.05, '√(0.25/100) = 0.5/10'],
    [0.1, 900, 0.01, '√(0.09/900) = 0.3/30'],
    [0.2, 2 ** 40, 0.4 / 2 ** 20, '√(0.16/2^40) = 0.4/2^20, count beyond 2^32'],
    [0, 10, 0, 'p = 0 has no spread'],
    [1, 10, 0, 'p = 1 has no spread'],
  ])('(%f, %f) = %f (%s)', (p, n, expected) => {
    expect(binomialStandardError(p, n)).toBeCloseTo(expected, 15);
  });

  it('is Infinity with zero trials (no information)', () => {
    expect(binomialStandardError(0.5, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(binomialStandardError(0, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it.each([
    [-0.1, 10],
    [1.1, 10],
    [Number.NaN, 10],
    [0.5, -1],
    [0.5, Number.NaN],
    [0.5, Number.POSITIVE_INFINITY],
  ])('throws input.stats for (%f, %f)', (p, n) => {
    expect(() => binomialStandardError(p, n)).toThrowError(
      expect.objectContaining({ code: 'input.stats' }),
    );
  });
});
