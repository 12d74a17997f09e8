/**
 * `--precision` (runScenario o.precision): whole chunks until every victory probability's 95%
 * half-width is small enough; the same playthroughs as a fixed run of that many (deterministic).
 */
import { describe, expect, it } from 'vitest';
import { chunksForPrecision, largestVictoryHalfWidth, runScenario } from '../../src/scenario/run-scenario.js';
import { estimate } from '../../src/queries/odds-result.js';
import { cityFight } from './fixture.js';

describe('runScenario with precision', () => {
  it('stops at whole chunks once every half-width is within 4 pp, equal to a fixed run of as many', async () => {
    const s = cityFight({ turns: 2 });
    const r = await runScenario(s, { trials: 100_000, precision: 0.04, seed: 'prec', threads: 1, chunkSize: 64 });
    expect(r.precision?.reached).toBe(true);
    expect(r.trials % 64).toBe(0);
    expect(largestVictoryHalfWidth(r.victory)).toBeLessThanOrEqual(0.04);
    expect(r.trials).toBeLessThan(2000); // about 0.25 x (1.96 / 0.04)^2 = 600 at worst, rounded up to rounds
    const fixed = await runScenario(s, { trials: r.trials, seed: 'prec', threads: 1, chunkSize: 64 });
    expect(fixed.victory).toEqual(r.victory);
    expect(fixed.turns).toEqual(r.turns);
    // Deterministic: the same seed stops at the same count, with 2 threads too.
    const again = await runScenario(s, { trials: 100_000, precision: 0.04, seed: 'prec', threads: 2, chunkSize: 64 });
    expect(again.trials).toBe(r.trials);
    expect(again.victory).toEqual(r.victory);
  });

  it('stops at the most playthroughs allowed and says the precision was not reached', async () => {
    const r = await runScenario(cityFight({ turns: 1 }), { trials: 256, precision: 0.002, seed: 'cap', threads: 1, chunkSize: 64 });
    expect(r.trials).toBe(256);
    expect(r.precision).toMatchObject({ halfWidth: 0.002, reached: false });
    expect(r.precision!.largestHalfWidth).toBeGreaterThan(0.002);
    expect(r.interrupted).toBeUndefined();
  });
});

describe('chunksForPrecision', () => {
  const v = (a: number, b: number, n: number) => ({ a: estimate(a, n), b: estimate(b, n), neither: estimate(n - a - b, n) });
  it('is the chunks done when the precision is met, else the normal-approximation need', () => {
    expect(chunksForPrecision(v(5000, 5000, 10_000), 10_000, 0.01, 100, 100)).toBe(100); // half-width 0.98 pp
    // p = 1/2 after 1,000: need 0.25 x (1.96 / 0.01)^2 = 9,604, x 1.05 -> 101 chunks of 100
    expect(chunksForPrecision(v(500, 500, 1000), 1000, 0.01, 100, 10)).toBe(101);
    // nearly met: at least a quarter more chunks
    expect(chunksForPrecision(v(4512, 4888, 9400), 9400, 0.01, 100, 94)).toBe(118);
  });
});
