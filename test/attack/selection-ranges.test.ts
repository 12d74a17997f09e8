/**
 * Random Selection read as ranges (src/attack/selection-ranges.ts) against the rule itself
 * (rules/random-selection.ts, A.9): the table counts what randomSelection gives on every dr vector,
 * and rolling digit by digit until decided gives the table's odds.
 */
import { describe, expect, it } from 'vitest';
import { randomSelectionTable, selectionOfRange } from '../../src/attack/selection-ranges.js';
import { randomSelection } from '../../src/rules/random-selection.js';

/** Every vector of `n` drs in [1, 6]. */
function vectors(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const rest of vectors(n - 1)) for (let d = 1; d <= 6; d++) out.push([...rest, d]);
  return out;
}

describe('Random Selection read as ranges (A.9)', () => {
  it('randomSelectionTable counts each selection over every dr vector (A.9 EX: two units tie on 6 of 36)', () => {
    expect(randomSelectionTable(2, 1)).toEqual({ masks: [1, 2, 3], ends: [15, 30, 36] });
    for (let n = 1; n <= 5; n++) {
      for (let count = 1; count <= n; count++) {
        const want = new Map<number, number>();
        for (const drs of vectors(n)) {
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
