/**
 * The exact upper tail of a binomial distribution with a rational success probability: how often fair
 * dice give at least k of an event in n tries (an Original 2 on a DR: 1/36; a dr of 1: 1/6).
 *
 *     P(X >= k) = Σ_{j=k..n} C(n, j) a^j (b - a)^(n - j) / b^n,   p = a / b
 *
 * computed in BigInt, so exactly. Cost: O(n) BigInt products of numbers up to n log2(b) bits
 * (a few milliseconds at n = 5,000).
 */
import { AslOddsError } from '../errors.js';
import { ratioToNumber } from './dice-sum-tail.js';

/** The answer of {@link binomialUpperTail}. */
export interface BinomialTail {
  /** P(X >= k), in [0, 1]. */
  readonly probability: number;
  /** The exact fraction as decimal digits: numerator / denominator (= b^n). */
  readonly numerator: string;
  readonly denominator: string;
}

/**
 * P(X >= k) for X ~ Binomial(n, a/b), exactly.
 * @param k successes, an integer >= 0
 * @param n tries, an integer >= 0 (at most 1,000,000)
 * @param a numerator of the success probability, an integer in [0, b]
 * @param b denominator, an integer >= 1
 * @throws AslOddsError `input.stats` for arguments out of range
 * @example binomialUpperTail(1, 2, 1, 6).probability // 11/36 = 0.3055...
 */
export function binomialUpperTail(k: number, n: number, a: number, b: number): BinomialTail {
  const ints = [k, n, a, b].every(Number.isInteger);
  if (!ints || k < 0 || n < 0 || n > 1_000_000 || b < 1 || a < 0 || a > b) {
    throw new AslOddsError('input.stats', `binomialUpperTail: k=${k}, n=${n}, p=${a}/${b} out of range`, 2);
  }
  const A = BigInt(a);
  const B = BigInt(b);
  const den = B ** BigInt(n);
  if (k === 0) return { probability: 1, numerator: den.toString(), denominator: den.toString() };
  if (k > n) return { probability: 0, numerator: '0', denominator: den.toString() };
  // Term j: C(n, j) a^j (b - a)^(n - j), from j = n down to k (C updated by one factor a step).
  const C = B - A;
  let sum = 0n;
  let binom = 1n; // C(n, n)
  let aPow = A ** BigInt(n);
  let cPow = 1n;
  for (let j = n; j >= k; j--) {
    sum += binom * aPow * cPow;
    if (j === k) break;
    // C(n, j-1) = C(n, j) * j / (n - j + 1)
    binom = (binom * BigInt(j)) / BigInt(n - j + 1);
    aPow = A === 0n ? (j - 1 === 0 ? 1n : 0n) : aPow / A;
    cPow *= C;
  }
  return { probability: ratioToNumber(sum, den), numerator: sum.toString(), denominator: den.toString() };
}
