/** TupleNumbers (tuple-numbers.ts): tuples of integers numbered in the order first seen, equal tuples one number. */
import { describe, expect, it } from 'vitest';
import { TupleNumbers } from '../../src/engine/tuple-numbers.js';

describe('TupleNumbers', () => {
  it('numbers new tuples 0, 1, 2, ... and finds each again, tuples sharing prefixes kept apart', () => {
    const t = new TupleNumbers();
    const of = (xs: readonly number[]): number => t.numberOf(xs.length, (j) => xs[j]);
    expect(of([3, 1, 2])).toBe(0);
    expect(of([3, 1, 5])).toBe(1);
    expect(of([3, 2, 2])).toBe(2);
    expect(of([0, 1, 2])).toBe(3);
    expect(t.size).toBe(4);
    expect(of([3, 1, 2])).toBe(0);
    expect(of([3, 2, 2])).toBe(2);
    expect(t.size).toBe(4);
  });

  it('tuples of one element, and every tuple of a random set once, whatever the order', () => {
    const single = new TupleNumbers();
    expect([7, 8, 7, 9, 8].map((x) => single.numberOf(1, () => x))).toEqual([0, 1, 0, 2, 1]);
    const t = new TupleNumbers();
    const seen = new Map<string, number>();
    let x = 12345;
    for (let i = 0; i < 2000; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const tuple = [x % 5, (x >> 8) % 5, (x >> 16) % 5];
      const k = tuple.join(',');
      const n = t.numberOf(3, (j) => tuple[j]);
      if (!seen.has(k)) seen.set(k, seen.size);
      expect(n).toBe(seen.get(k));
    }
    expect(t.size).toBe(seen.size);
  });
});
