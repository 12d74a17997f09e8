/**
 * MaxTree (scenario/max-tree.ts) against a linear scan for the first largest number, through random
 * fills and changes (the fire phase's target choice, playthrough.ts).
 */
import { describe, expect, it } from 'vitest';
import { MaxTree } from '../../src/scenario/max-tree.js';

function firstMax(xs: readonly number[]): number {
  let best = -1;
  for (let j = 0; j < xs.length; j++) if (best < 0 || xs[j] > xs[best]) best = j;
  return best;
}

describe('MaxTree', () => {
  it('gives the first position of the largest number after every change (2,000 random steps)', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const tree = new MaxTree();
    for (let round = 0; round < 40; round++) {
      const n = Math.floor(rand() * 40);
      // Few distinct values, so ties are common (ties go to the first position).
      const xs = Array.from({ length: n }, () => Math.floor(rand() * 5) - 2);
      tree.fill(xs, n);
      expect(tree.argmax()).toBe(firstMax(xs));
      for (let step = 0; step < 50 && n > 0; step++) {
        const j = Math.floor(rand() * n);
        xs[j] = Math.floor(rand() * 5) - 2;
        tree.set(j, xs[j]);
        expect(tree.argmax()).toBe(firstMax(xs));
        expect(tree.valueAt(tree.argmax())).toBe(Math.max(...xs));
      }
    }
  });

  it('is -1 when empty and refills smaller after a larger fill', () => {
    const tree = new MaxTree();
    tree.fill([], 0);
    expect(tree.argmax()).toBe(-1);
    tree.fill([1, 5, 5, 2, 9, 0, 3, 9, 1], 9);
    expect(tree.argmax()).toBe(4);
    tree.fill([3, 4], 2);
    expect(tree.argmax()).toBe(1);
  });
});
