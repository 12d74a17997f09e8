/**
 * Options resolved once (issue 39 item 3): the trials bounds live in one spec (src/options/method-spec.ts)
 * that the CLI, the page and the library read, and one fallback rule with a fixed seed
 * (src/queries/fallback.ts) answers a question whose exact answer is out of reach, so that a repeated
 * command gives the same figures.
 */
import { describe, expect, it } from 'vitest';
import { mcOdds } from '../../src/index.js';
import { parseTrials as cliParseTrials } from '../../src/cli/method-options.js';
import { checkThreads, checkTrials, MAX_PRECISION, MAX_THREADS, MAX_TRIALS, maxThreadsFor, parsePlanTrials, parsePrecision, parseTrials, PLAN_TRIALS } from '../../src/options/method-spec.js';
import { PLAN_OPTIONS } from '../../src/calculators/plan.js';
import { planChunks } from '../../src/engine/chunk-plan.js';
import { AslOddsError } from '../../src/errors.js';
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

describe('plan --trials: its own range [1000, 1e6], in the same spec', () => {
  it('the plan calculator reads the spec (the CLI and the page share its parser)', () => {
    const spec = PLAN_OPTIONS.find((o) => o.flags.startsWith('--trials'));
    expect(spec?.parse).toBe(parsePlanTrials);
    expect(spec?.description).toContain('1000-1000000 (default 20000)');
    expect(PLAN_TRIALS).toMatchObject({ min: 1000, max: 1e6, default: 20_000 });
  });
  it.each([['1000', 1000], ['20,000', 20_000], ['5e4', 5e4], ['1e6', 1e6]])('%s -> %d', (text, n) => {
    expect(parsePlanTrials(text)).toBe(n);
  });
  it.each(['999', '1000001', '2e6', '1.5e3x', ''])('%j is refused with the range named', (text) => {
    expect(() => parsePlanTrials(text)).toThrow(/whole number of trials in \[1000, 1e6\]/);
  });
  it('asl-odds plan --trials 999 exits 2 with one line naming the option and the range, before running', async () => {
    const line = ['plan', '--firer', 'german/4-6-7,german/4-6-7', '--target', 'russian/4-4-7', '--trials', '999'];
    const io = bufferIO();
    expect(await runCli(line, io)).toBe(2);
    expect(io.out).toBe('');
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.err).toMatch(/--trials.*999.*\[1000, 1e6\]/);
    expect(await errorCodeOf(line)).toBe('commander.invalidArgument');
  });
});

describe('scenario --precision: (0, 50], in the same spec', () => {
  it('reads percentage points in (0, 50]', () => {
    expect(MAX_PRECISION).toBe(50);
    expect(parsePrecision('0.5')).toBe(0.5);
    expect(parsePrecision('50')).toBe(50);
    for (const bad of ['0', '-1', '50.1', 'x', '']) expect(() => parsePrecision(bad)).toThrow(/percentage points in \(0, 50\]/);
  });
  it('asl-odds scenario --precision 60 exits 2 with one line naming the option and the range', async () => {
    const io = bufferIO();
    expect(await runCli(['scenario', 'scenarios/stalingrad-factory-1942.yaml', '--precision', '60'], io)).toBe(2);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.err).toMatch(/--precision.*60.*\(0, 50\]/);
  });
});

describe("the engine's plan asserts its arithmetic only (the bounds are the spec's)", () => {
  it('trials or a chunk size below 1 is a bug of the caller (internal.plan, exit 1), not an input error', () => {
    for (const [trials, size] of [[0, 10], [1.5, 10], [10, 0]]) {
      let e: unknown;
      try {
        planChunks(trials, size);
      } catch (x) {
        e = x;
      }
      expect(e).toBeInstanceOf(AslOddsError);
      expect(e).toMatchObject({ code: 'internal.plan', exitCode: 1 });
    }
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
