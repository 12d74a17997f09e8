/**
 * Tiny deterministic PRNG for the statistics property tests: Marsaglia's xorshift32
 * (G. Marsaglia, "Xorshift RNGs", J. Stat. Softw. 8(14), 2003; shifts 13, 17, 5, period 2^32 − 1).
 * Test-only: good enough to sample binomials and dice, not for the engine.
 */
export class Xorshift32 {
  private state: number;

  /** @param seed any integer; 0 is replaced by a fixed non-zero value (0 is a fixed point). */
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** Next unsigned 32-bit integer, in [0, 2^32). */
  nextUint32(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }

  /** Next float in [0, 1) with 32 random bits. */
  nextFloat(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Number of successes in `trials` Bernoulli(p) draws (direct simulation: O(trials)). */
  binomial(trials: number, p: number): number {
    let successes = 0;
    for (let i = 0; i < trials; i++) if (this.nextFloat() < p) successes++;
    return successes;
  }
}
