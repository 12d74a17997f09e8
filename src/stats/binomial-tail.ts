/**
 * The exact upper tail of a binomial distribution with a rational success probability: how often fair
 * dice give at least k of an event in n tries (an Original 2 on a DR: 1/36; a dr of 1: 1/6).
 *
 *     P(X >= k) = Σ_{j=k..n} C(n, j) a^j (b - a)^(n - j) / b^n,   p = a / b
 *
 * computed in BigInt, so exactly, up to {@link BINOMIAL_EXACT_MAX} tries (O(n) BigInt products of
 * numbers up to n log2(b) bits: 25 ms at n = 1,000, 0.2 s at 3,000); beyond, the same sum in double
 * precision, each term from the one before (O(n), relative error about n x 1e-16), said in `method`.
 */
import { AslOddsError } from '../errors.js';
import { ratioToNumber } from './dice-sum-tail.js';

/** Tries up to which the tail is exact (BigInt). */
export const BINOMIAL_EXACT_MAX = 3000;

/** The answer of {@link binomialUpperTail}. */
export interface BinomialTail {
  /** P(X >= k), in [0, 1]. */
  readonly probability: number;
  /** `exact` (the fraction below) or `floating point` (past BINOMIAL_EXACT_MAX tries). */
  readonly method: 'exact' | 'floating point';
  /** For `exact`: the fraction as decimal digits, numerator / denominator (= b^n). */
  readonly numerator?: string;
  readonly denominator?: string;
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
  if (n > BINOMIAL_EXACT_MAX) return { probability: floatUpperTail(k, n, a / b), method: 'floating point' };
  const A = BigInt(a);
  const B = BigInt(b);
  const den = B ** BigInt(n);
  if (k === 0) return { probability: 1, method: 'exact', numerator: den.toString(), denominator: den.toString() };
  if (k > n) return { probability: 0, method: 'exact', numerator: '0', denominator: den.toString() };
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
  return { probability: ratioToNumber(sum, den), method: 'exact', numerator: sum.toString(), denominator: den.toString() };
}

/** P(X >= k) in double precision: log pmf(k) by the ratio of successive terms, then the terms from k up. */
function floatUpperTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n || p === 0) return 0;
  if (p === 1) return 1;
  const r = Math.log(p) - Math.log1p(-p);
  let logTerm = n * Math.log1p(-p); // log pmf(0)
  for (let j = 0; j < k; j++) logTerm += Math.log((n - j) / (j + 1)) + r;
  let sum = 0;
  let term = 1; // pmf(j) / pmf(k)
  for (let j = k; j <= n; j++) {
    sum += term;
    term *= ((n - j) / (j + 1)) * (p / (1 - p));
    if (term < sum * 1e-17) break;
  }
  return Math.min(1, Math.exp(logTerm) * sum);
}
