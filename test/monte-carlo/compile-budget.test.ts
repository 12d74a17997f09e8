/**
 * State budgets: a chain past the exact engine's or the Monte Carlo compiler's budget is an input
 * error (exit 2) naming what to do, never a silent slow path. (The attack, whose chains grow past
 * them, samples through the attack sampler instead: test/monte-carlo/attack-monte-carlo.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { computeOdds } from '../../src/queries/compute-odds.js';
import { mcQuery } from '../../src/queries/morale-query.js';

describe('chains past the state budgets', () => {
  it('exact odds past the state budget are an input error naming --trials', async () => {
    const q = { ...mcQuery({ unit: 'german/4-6-7' }), maxStates: 3 };
    await expect(computeOdds(q, {})).rejects.toMatchObject({ code: 'input.tooLarge', exitCode: 2 });
    await expect(computeOdds(q, {})).rejects.toThrow(/--trials/);
  });

  it('Monte Carlo of a chain too large to compile is an input error (input.tooLarge)', async () => {
    const q = { ...mcQuery({ unit: 'german/4-6-7' }), maxStates: 3 };
    await expect(computeOdds(q, { trials: 1000, seed: 's' })).rejects.toMatchObject({ code: 'input.tooLarge', exitCode: 2 });
    await expect(computeOdds(q, { trials: 1000, seed: 's', shard: { index: 0, count: 2 } })).rejects.toMatchObject({ code: 'input.tooLarge' });
  });
});
