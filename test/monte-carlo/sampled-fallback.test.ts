import { describe, expect, it } from 'vitest';
import { computeOdds, type OddsQuery } from '../../src/queries/compute-odds.js';
import { mcQuery } from '../../src/queries/morale-query.js';

async function result<S>(q: OddsQuery<S>, o: Parameters<typeof computeOdds>[1]) {
  const out = await computeOdds(q, o);
  if (out.kind !== 'result') throw new Error('expected a result');
  return out.result;
}

describe('Monte Carlo of chains too large to compile: sampling through the model', () => {
  it('gives exactly the compiled kernel\'s result for the same seed (same streams, dice and mapping)', async () => {
    const q = mcQuery({ unit: 'german/4-6-7', check: '1MC', elr: 1 });
    const opts = { trials: 300_000, seed: 'fallback', chunkSize: 100_000, threads: 1 };
    const compiled = await result(q, opts);
    const sampled = await result({ ...q, maxStates: 3 }, opts);
    expect(JSON.stringify(sampled)).toBe(JSON.stringify(compiled));
  });

  it('exact odds past the state budget are an input error naming --trials', async () => {
    const q = { ...mcQuery({ unit: 'german/4-6-7' }), maxStates: 3 };
    await expect(computeOdds(q, {})).rejects.toMatchObject({ code: 'input.tooLarge', exitCode: 2 });
    await expect(computeOdds(q, {})).rejects.toThrow(/--trials/);
  });

  it('shards and checkpoints need a compiled chain (input.trials)', async () => {
    const q = { ...mcQuery({ unit: 'german/4-6-7' }), maxStates: 3 };
    await expect(computeOdds(q, { trials: 1000, seed: 's', shard: { index: 0, count: 2 } })).rejects.toMatchObject({ code: 'input.trials' });
  });
});
