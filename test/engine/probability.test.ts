/**
 * Exact probabilities n / 6^e (src/engine/probability.ts): the arithmetic every exact figure rests on.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { add, atLowestPower, complement, mul, ONE, Prob6Sums, sub, toFraction, toNumber, ZERO, type Prob6 } from '../../src/engine/probability.js';

/** A random probability n / 6^e with e in [0, 12]: a dice path's weight or a sum of some. */
function randomProb(rng: () => number): Prob6 {
  const e = Math.floor(rng() * 13);
  const d = 6n ** BigInt(e);
  const n = BigInt(Math.floor(rng() * Number(d) + 0.5));
  return { n: n > d ? d : n, e };
}

describe('Prob6 arithmetic', () => {
  it('adds, multiplies and subtracts across exponents, exactly', () => {
    const third: Prob6 = { n: 12n, e: 2 }; // 12/36
    const sixth: Prob6 = { n: 1n, e: 1 };
    expect(toFraction(add(third, sixth))).toBe('1/2');
    expect(toFraction(mul(third, sixth))).toBe('1/18');
    expect(toFraction(sub(third, sixth))).toBe('1/6');
    expect(toFraction(complement(third))).toBe('2/3');
    expect(toFraction(add(ZERO, ONE))).toBe('1');
    expect(toNumber({ n: 1n, e: 2 })).toBeCloseTo(1 / 36, 15);
  });

  it('atLowestPower: the same fraction at the smallest exponent that holds it', () => {
    expect(atLowestPower({ n: 12n, e: 2 })).toEqual({ n: 2n, e: 1 }); // 12/36 = 2/6
    expect(atLowestPower({ n: 216n, e: 3 })).toEqual({ n: 1n, e: 0 }); // 1
    expect(atLowestPower({ n: 5n, e: 2 })).toEqual({ n: 5n, e: 2 });
    expect(atLowestPower({ n: 0n, e: 7 })).toEqual(ZERO);
    const rng = seedrandom('lowest-power');
    for (let k = 0; k < 200; k++) {
      const p = randomProb(rng);
      const q = atLowestPower(p);
      expect(toFraction(q)).toBe(toFraction(p));
      expect(q.e === 0 || q.n % 6n !== 0n).toBe(true);
    }
  });
});

describe('Prob6Sums: sums in slots equal add() folds, fraction for fraction', () => {
  it('sums, and sums of products (Prob6 x Prob6, Prob6 x a numerator held in a double), of random probabilities with mixed exponents', () => {
    const rng = seedrandom('prob6-sums');
    const sums = new Prob6Sums(4);
    for (let round = 0; round < 50; round++) {
      const expected: Prob6[] = [ZERO, ZERO, ZERO, ZERO];
      for (let k = 0; k < 20; k++) {
        const slot = Math.floor(rng() * 4);
        const a = randomProb(rng);
        if (rng() < 0.5) {
          sums.add(slot, a);
          expected[slot] = add(expected[slot], a);
        } else if (rng() < 0.5) {
          const b = randomProb(rng);
          sums.addProduct(slot, a, b);
          expected[slot] = add(expected[slot], mul(a, b));
        } else {
          // A figure held as a numerator in a double (n / 6^e, n < 6^e <= 6^20).
          const e = Math.floor(rng() * 21);
          const n = Math.floor(rng() * 6 ** e);
          sums.addScaled(slot, a, n, e);
          expected[slot] = add(expected[slot], mul(a, { n: BigInt(n), e }));
        }
      }
      for (let slot = 0; slot < 4; slot++) expect(toFraction(sums.take(slot))).toBe(toFraction(expected[slot]));
    }
  });

  it('take gives ZERO for an untouched slot and resets the slot it reads', () => {
    const sums = new Prob6Sums(2);
    expect(sums.take(1)).toBe(ZERO);
    sums.add(0, { n: 5n, e: 2 });
    sums.addProduct(0, { n: 1n, e: 1 }, { n: 1n, e: 1 });
    expect(toFraction(sums.take(0))).toBe('1/6');
    expect(sums.take(0)).toBe(ZERO);
    sums.addProduct(0, ZERO, ONE); // adds nothing
    sums.addScaled(0, ONE, 0, 3); // nor this
    expect(sums.take(0)).toBe(ZERO);
    sums.addScaled(0, { n: 1n, e: 1 }, 15, 2); // 1/6 x 15/36
    expect(toFraction(sums.take(0))).toBe('5/72');
    expect(sums.take(0)).toBe(ZERO);
    sums.addNumerator(1, 0n, 4); // adds nothing
    expect(sums.take(1)).toBe(ZERO);
    sums.addNumerator(1, 3n, 2); // 3/36
    sums.addNumerator(1, 1n, 1); // + 1/6
    expect(toFraction(sums.take(1))).toBe('1/4');
  });
});
