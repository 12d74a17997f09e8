/**
 * The exact tails of dice sums and binomial counts, against a direct computation: every outcome of
 * n dice enumerated (6^n of them, n <= 6), and every sequence of n rolls for the binomial.
 */
import { describe, expect, it } from 'vitest';
import { binomialUpperTail } from '../../src/stats/binomial-tail.js';
import { facesTest } from '../../src/stats/dice-faces.js';
import { diceSumTails, fairMeanBand, ratioToNumber, TAIL_LIMITS } from '../../src/stats/dice-sum-tail.js';

/** Ways n dice total s, for each s, by enumerating all 6^n outcomes. */
function enumerateSums(n: number): Map<number, number> {
  const ways = new Map<number, number>();
  const faces = new Array<number>(n).fill(1);
  for (;;) {
    const s = faces.reduce((a, b) => a + b, 0);
    ways.set(s, (ways.get(s) ?? 0) + 1);
    let i = 0;
    while (i < n && faces[i] === 6) faces[i++] = 1;
    if (i === n) return ways;
    faces[i]++;
  }
}

describe('diceSumTails: exact one-sided tails of the sum of n dice', () => {
  it('equals the count over all 6^n outcomes, for n = 1..6 and every total, both directions', () => {
    for (let n = 1; n <= 6; n++) {
      const ways = enumerateSums(n);
      const queries = [];
      for (let s = n; s <= 6 * n; s++) for (const direction of ['low', 'high'] as const) queries.push({ dice: n, sum: s, direction });
      const answers = diceSumTails(queries);
      queries.forEach((q, i) => {
        let count = 0;
        for (const [s, w] of ways) if (q.direction === 'low' ? s <= q.sum : s >= q.sum) count += w;
        expect(answers[i].method).toBe('exact');
        expect(answers[i].numerator).toBe(String(count));
        expect(answers[i].denominator).toBe(String(6 ** n));
        expect(answers[i].probability).toBe(count / 6 ** n);
      });
    }
  });

  it('a DR of 2 or 3 on one roll: 3/36; a mean DR of 6.58 over 12 (total 79, 24 dice)', () => {
    expect(diceSumTails([{ dice: 2, sum: 3, direction: 'low' }])[0]).toMatchObject({ numerator: '3', denominator: '36' });
    // The full.vlog oracle: Alice's 12 DR total 79; symmetric: P(sum <= 79) = P(sum >= 168 - 79).
    const [low, high] = diceSumTails([
      { dice: 24, sum: 79, direction: 'low' },
      { dice: 24, sum: 89, direction: 'high' },
    ]);
    expect(low.numerator).toBe(high.numerator);
    expect(low.denominator).toBe(String(6n ** 24n));
  });

  it("a full.vlog figure, Alice's 12 DR totalling 79, against (x + ... + x^6)^24 multiplied out term by term", () => {
    let poly: bigint[] = [1n]; // coefficient i: ways to total i
    for (let d = 0; d < 24; d++) {
      const next = new Array<bigint>(poly.length + 6).fill(0n);
      poly.forEach((c, i) => {
        for (let f = 1; f <= 6; f++) next[i + f] += c;
      });
      poly = next;
    }
    const ways = poly.slice(0, 80).reduce((s, c) => s + c, 0n);
    expect(diceSumTails([{ dice: 24, sum: 79, direction: 'low' }])[0].numerator).toBe(String(ways));
  });

  it('past the exact limit the floating-point convolution agrees with the exact count at the limit', () => {
    const n = TAIL_LIMITS.exactDice;
    const exact = diceSumTails([{ dice: n, sum: 3300, direction: 'low' }])[0];
    const float = diceSumTails([{ dice: n + 2, sum: 3307, direction: 'low' }])[0];
    expect(exact.method).toBe('exact');
    expect(float.method).toBe('convolution');
    // Two more dice shift the centre by 7: the tails are close but not equal.
    expect(Math.abs(float.probability - exact.probability)).toBeLessThan(0.02);
  });

  it('refuses an impossible total', () => {
    expect(() => diceSumTails([{ dice: 2, sum: 13, direction: 'high' }])).toThrow(/not possible/);
  });

  it('ratioToNumber keeps precision far beyond the range of a double', () => {
    expect(ratioToNumber(1n, 3n)).toBe(1 / 3);
    expect(ratioToNumber(10n ** 400n, 3n * 10n ** 400n)).toBe(1 / 3);
    expect(ratioToNumber(1n, 10n ** 320n)).toBe(0); // below the smallest double
  });
});

describe('binomialUpperTail: exact, against every sequence of rolls', () => {
  it('equals the enumeration of all 2^n sequences for n = 0..10, p = 1/36 and 1/6', () => {
    for (const [a, b] of [
      [1, 36],
      [1, 6],
      [1, 3],
    ]) {
      for (let n = 0; n <= 10; n++) {
        for (let k = 0; k <= n + 1; k++) {
          let num = 0n;
          for (let mask = 0; mask < 1 << n; mask++) {
            let hits = 0;
            let w = 1n;
            for (let i = 0; i < n; i++) {
              if (mask & (1 << i)) {
                hits++;
                w *= BigInt(a);
              } else w *= BigInt(b - a);
            }
            if (hits >= k) num += w;
          }
          const t = binomialUpperTail(k, n, a, b);
          expect(t.denominator).toBe(String(BigInt(b) ** BigInt(n)));
          expect(t.numerator).toBe(String(num));
        }
      }
    }
  });

  it('two Original 2s in 10 MC or Rally DR: 1 - P(0) - P(1)', () => {
    const p = 1 - (35 / 36) ** 10 - 10 * (1 / 36) * (35 / 36) ** 9;
    expect(binomialUpperTail(2, 10, 1, 36).probability).toBeCloseTo(p, 14);
  });
});

describe('facesTest and fairMeanBand', () => {
  it('runs from 30 dice only, and gives Pearson X² with 5 df', () => {
    expect(facesTest([5, 5, 5, 5, 5, 4])).toMatchObject({ ran: false });
    const t = facesTest([10, 5, 5, 5, 5, 0]);
    expect(t).toMatchObject({ ran: true, statistic: 10, degreesOfFreedom: 5 });
    if (t.ran) expect(t.pValue).toBeCloseTo(0.07524, 4); // P(χ²_5 >= 10), from tables
  });

  it('the band of one DR is 2..12 (each end holds 1/36 > 2.5%); of two DR 3.5..10.5', () => {
    const band = fairMeanBand(2, 2, 0.95);
    expect(band[0]).toEqual({ rolls: 1, lo: 2, hi: 12 });
    // Two DR (4 dice): P(sum <= 6) = 15/1296 <= 2.5%, P(sum <= 7) = 35/1296 > 2.5%: lo = 7/2.
    expect(band[1]).toEqual({ rolls: 2, lo: 3.5, hi: 10.5 });
  });
});

describe('binomialUpperTail past the exact limit', () => {
  it('the floating-point sum agrees with the exact one at the limit', async () => {
    const { BINOMIAL_EXACT_MAX } = await import('../../src/stats/binomial-tail.js');
    const n = BINOMIAL_EXACT_MAX;
    const exact = binomialUpperTail(100, n, 1, 36);
    const float = binomialUpperTail(100, n + 1, 1, 36);
    expect(exact.method).toBe('exact');
    expect(float.method).toBe('floating point');
    // One more try raises the tail a little: P(X_{n+1} >= k) = P(X_n >= k) + p P(X_n = k - 1).
    const pmf = binomialUpperTail(99, n, 1, 36).probability - exact.probability;
    expect(float.probability).toBeCloseTo(exact.probability + pmf / 36, 12);
  });
});
