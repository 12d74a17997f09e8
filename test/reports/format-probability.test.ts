import { describe, expect, it } from 'vitest';
import {
  readableFraction,
  formatOneIn,
  formatPercent,
  formatPlusMinus,
  groupThousands,
} from '../../src/reports/format-probability.js';

// Oracle: the probabilities of single DR totals, by hand from the 36 equally likely pairs.
describe('formatPercent', () => {
  it.each([
    [26 / 36, '72.2%'], // DR <= 8: 1+2+3+4+5+6+5 = 26 pairs
    [15 / 36, '41.7%'], // DR <= 6
    [1 / 36, '2.8%'], // DR 2
    [1 / 1296, '0.1%'], // two DR 2 in a row: 0.0772%, rounds up to 0.1
    [1 / 46656, '<0.1%'], // three DR 2 in a row, 0.0021%: would print 0.0% but is possible
    [0.9999, '>99.9%'], // would print 100.0% but is not certain
    [0, '0.0%'],
    [1, '100.0%'],
  ])('%d -> %s', (p, expected) => {
    expect(formatPercent(p)).toBe(expected);
  });
});

describe('formatOneIn', () => {
  it.each([
    [26 / 36, '1 in 1.4'], // DR <= 8; 36/26 = 1.38
    [15 / 36, '1 in 2.4'], // 36/15 = 2.4
    [14 / 36, '1 in 2.6'], // 36/14 = 2.57
    [1 / 6, '1 in 6'], // 6.0 printed without ".0"
    [1, 'always'],
    [35 / 36, 'all but 1 in 36'], // issue 13: 97.2% printed as "1 in 1"
    [0.9, 'all but 1 in 10'],
    [0.89, '1 in 1.1'],
    [0.1004, '1 in 10'], // 9.96 rounds to two significant digits: 10
    [1 / 36, '1 in 36'],
    [1 / 1296, '1 in 1,296'],
    [1 / 46656, '1 in 46,656'],
    [1e-6, '1 in 1,000,000'],
    [1e-20, '1 in 1.0e+20'],
    [0, 'never'],
  ])('%d -> %s', (p, expected) => {
    expect(formatOneIn(p)).toBe(expected);
  });
});

describe('readableFraction', () => {
  it('keeps fractions up to 15 characters and leaves out longer ones (issue 13: 19-digit attack fractions)', () => {
    expect(readableFraction('10285/46656')).toBe('10285/46656');
    expect(readableFraction('123456789/123456')).toBe('');
    expect(readableFraction('13617057683/52242776064')).toBe('');
  });
});

describe('formatPlusMinus', () => {
  it.each([
    [[0.717, 0.727] as const, '±0.5 pp'],
    [[0.4155, 0.4181] as const, '±0.1 pp'], // 0.13 pp
    [[0.1661, 0.1675] as const, '±0.07 pp'],
    [[0.5, 0.50001] as const, '±<0.01 pp'],
  ])('%j -> %s', (ci, expected) => {
    expect(formatPlusMinus(ci)).toBe(expected);
  });
});

describe('groupThousands', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1296, '1,296'],
    [1_000_000, '1,000,000'],
    [-46656, '-46,656'],
    [1295.6, '1,296'],
  ])('%d -> %s', (n, expected) => {
    expect(groupThousands(n)).toBe(expected);
  });
});
