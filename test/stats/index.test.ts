import { describe, expect, it } from 'vitest';
import * as stats from '../../src/stats/index.js';

describe('src/stats/index', () => {
  it('re-exports the statistics toolkit', () => {
    expect(Object.keys(stats).sort()).toEqual([
      'Z95',
      'binomialStandardError',
      'chiSquaredGoodnessOfFit',
      'chiSquaredPValue',
      'wilsonInterval',
      'zScore',
    ]);
  });
});
