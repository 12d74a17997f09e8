/**
 * dice/tychei.ts against its oracle, seedrandom's `tychei` (the generator streams.ts uses): the same
 * numbers for the same string seeds, including the chunk seeds of streamFor.
 */
import { describe, expect, it } from 'vitest';
import { streamFor } from '../../src/dice/streams.js';
import { Tychei } from '../../src/dice/tychei.js';

describe('Tychei', () => {
  it('draws the numbers of seedrandom tychei for the same seed (streamFor chunk seeds and others)', () => {
    const seeds: [string, number][] = [['speed', 0], ['speed', 390], ['', 0], ['a', 7], ['ünïcode ✓ seed', 12], ['x'.repeat(200), 3]];
    for (const [seed, k] of seeds) {
      const want = streamFor(seed, k);
      const got = new Tychei(`${seed}:${k}`);
      for (let i = 0; i < 20_000; i++) {
        const w = want.int32();
        const g = got.int32();
        if (g !== w) expect({ seed, k, i, g }).toEqual({ seed, k, i, g: w });
      }
    }
  });
});
