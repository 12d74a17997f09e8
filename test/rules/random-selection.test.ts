/**
 * Random Selection (rules/random-selection.ts, A.9) against its definition by sorting: the count-th
 * highest dr is the threshold, and every candidate at or above it is selected; on every dr vector of
 * up to 5 candidates.
 */
import { describe, expect, it } from 'vitest';
import { nthHighestDr, randomSelection } from '../../src/rules/random-selection.js';

/** Every vector of `n` values in [lo, 6]. */
function vectors(n: number, lo: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const rest of vectors(n - 1, lo)) for (let d = lo; d <= 6; d++) out.push([...rest, d]);
  return out;
}

describe('Random Selection (A.9)', () => {
  it('nthHighestDr is the count-th highest by sorting, zeros included (every vector of 1-5 drs)', () => {
    for (let n = 1; n <= 5; n++) {
      for (const drs of vectors(n, 0)) {
        for (let count = 1; count <= n; count++) expect(nthHighestDr(drs, count)).toBe([...drs].sort((a, b) => b - a)[count - 1]);
      }
    }
  });

  it('randomSelection selects every dr >= the sorted threshold (every vector of 1-5 drs)', () => {
    for (let n = 1; n <= 5; n++) {
      for (const drs of vectors(n, 1)) {
        for (let count = 1; count <= n + 1; count++) {
          let want = 0;
          if (count >= n) want = (1 << n) - 1;
          else {
            const threshold = [...drs].sort((a, b) => b - a)[count - 1];
            drs.forEach((d, i) => {
              if (d >= threshold) want |= 1 << i;
            });
          }
          expect(randomSelection(drs, count)).toBe(want);
        }
      }
    }
  });

  it('nthHighestDr falls back to sorting outside [0, 6]', () => {
    expect(nthHighestDr([7, 2, 9], 2)).toBe(7);
  });
});
