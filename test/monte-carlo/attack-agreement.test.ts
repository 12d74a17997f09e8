import { describe, expect, it } from 'vitest';
import { attackQuery } from '../../src/queries/attack-query.js';
import { computeOdds } from '../../src/queries/compute-odds.js';

// Issue 4: exact against Monte Carlo for several stacks; fixed seeds, so the test is deterministic.
const stacks: [string, Parameters<typeof attackQuery>[0]][] = [
  ['two 4-6-7 under 4 FP +1', { targets: ['german/4-6-7', 'german/4-6-7'], fp: 4, drm: 1 }],
  ['9-1 and 4-6-8 under a fixed 1MC', { targets: ['german/9-1', 'german/4-6-8'], result: '1MC' }],
  ['broken 8-0 and two 4-4-7 under 6 FP', { targets: [{ unit: 'russian/8-0', broken: true }, 'russian/4-4-7', 'russian/4-4-7'], fp: 6, drm: 0 }],
];

describe('attack: Monte Carlo agrees with exact (--compare-exact)', () => {
  for (const [name, input] of stacks) {
    it(name, async () => {
      const out = await computeOdds(attackQuery(input), { trials: 200_000, seed: `agree-${name}`, threads: 1, compareExact: true });
      if (out.kind !== 'result') throw new Error('expected a result');
      const c = out.result.comparison!;
      expect(c.maxAbsZ).toBeLessThan(4.5);
      expect(c.chiSquared.pValue).toBeGreaterThan(1e-4);
      expect(c.figures.length).toBeGreaterThan(5);
    });
  }
});
