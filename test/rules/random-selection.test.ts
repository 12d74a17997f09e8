/**
 * Random Selection (rules/random-selection.ts, A.9) against its definition by sorting: the count-th
 * highest dr is the threshold, and every candidate at or above it is selected; on every dr vector of
 * up to 5 candidates.
 */
import { describe, expect, it } from 'vitest';
import { nthHighestDr, randomSelection, randomSelectionTable, selectionOfRange } from '../../src/rules/random-selection.js';

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

  it('randomSelectionTable counts each selection over every dr vector (A.9 EX: two units tie on 6 of 36)', () => {
    expect(randomSelectionTable(2, 1)).toEqual({ masks: [1, 2, 3], ends: [15, 30, 36] });
    for (let n = 1; n <= 5; n++) {
      for (let count = 1; count <= n; count++) {
        const want = new Map<number, number>();
        for (const drs of vectors(n, 1)) {
          const m = randomSelection(drs, count);
          want.set(m, (want.get(m) ?? 0) + 1);
        }
        const t = randomSelectionTable(n, count);
        const got = new Map(t.masks.map((m, j) => [m, t.ends[j] - (j > 0 ? t.ends[j - 1] : 0)]));
        expect({ n, count, got }).toEqual({ n, count, got: new Map([...want].sort((a, b) => a[0] - b[0])) });
        expect(t.ends[t.ends.length - 1]).toBe(6 ** n);
      }
    }
  });

  it('selectionOfRange: the digits decide a selection as soon as every number they may lead to has it, and the odds are the table\'s', () => {
    for (let n = 1; n <= 4; n++) {
      for (let count = 1; count <= n; count++) {
        // Roll digit by digit until decided: each decided prefix of k digits weighs 6^(n - k).
        const odds = new Map<number, number>();
        const walk = (drs: number[]): void => {
          const m = selectionOfRange(drs, n, count);
          if (m !== null) odds.set(m, (odds.get(m) ?? 0) + 6 ** (n - drs.length));
          else for (let d = 1; d <= 6; d++) walk([...drs, d]);
        };
        walk([]);
        const t = randomSelectionTable(n, count);
        expect(new Map([...odds].sort((a, b) => a[0] - b[0]))).toEqual(new Map(t.masks.map((m, j) => [m, t.ends[j] - (j > 0 ? t.ends[j - 1] : 0)])));
      }
    }
    // A first dr of 1 reads 0-5 of 0-35, all inside the first unit's range (0-14); a 3 reads 12-17, which spans two.
    expect(selectionOfRange([1], 2, 1)).toBe(1);
    expect(selectionOfRange([3], 2, 1)).toBeNull();
  });
});
