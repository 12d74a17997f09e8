import { describe, expect, it } from 'vitest';
import { popcount, rank } from '../../src/engine/bits.js';

describe('bits: compact rows of a mask (one figure per bit set, lowest first)', () => {
  it('popcount counts the bits of a 32-bit mask, the sign bit included', () => {
    expect([0, 1, 0b1011, 0xff, 0x80000000 | 0, -1, 0x55555555].map(popcount)).toEqual([0, 1, 3, 8, 1, 32, 16]);
  });

  it('rank is the index of a bit in the mask\'s compact row', () => {
    const mask = (1 << 2) | (1 << 5) | (1 << 9) | (1 << 31);
    expect([2, 5, 9, 31].map((b) => rank(mask, b))).toEqual([0, 1, 2, 3]);
    // Against counting one bit at a time.
    for (let b = 0; b < 32; b++) {
      let below = 0;
      for (let c = 0; c < b; c++) if ((mask & (1 << c)) !== 0) below++;
      expect(rank(mask, b)).toBe(below);
    }
  });
});
