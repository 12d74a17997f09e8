/**
 * How unusual a run of dice is: the probability that fair dice give a total at least as far from
 * the expected one, in the direction it went (one-sided), from the distribution of the sum of n dice.
 *
 * The distribution of the sum of n fair six-sided dice is built by convolution, one die at a time:
 * ways_k(s) = ways_{k-1}(s-1) + ... + ways_{k-1}(s-6), kept as a running window sum (two operations a
 * cell). For a mean of r rolls of d dice each (DR: d = 2, dr: d = 1) the sum is of n = r x d dice,
 * and "a mean at least as low as m" is "a sum at most r x m".
 *
 * Three ways, by size (each query says which it got, in `method`):
 * - `exact` (n <= {@link TAIL_LIMITS}.exactDice): counts in BigInt; the tail is the fraction
 *   ways / 6^n exactly (numerator and denominator given as decimal strings);
 * - `convolution` (n <= floatDice): the same convolution on probabilities in double precision (every
 *   step a convex combination; relative error below 1e-12 at these sizes);
 * - `normal` (larger): the normal approximation with continuity correction (mean 3.5 n, variance
 *   35/12 n), said to be an approximation.
 *
 * All queries of one call are answered in one pass of the convolution, up to the largest n asked.
 * Cost: O(n_max^2) cell updates (BigInt up to exactDice: about 0.5 s at 1,000 dice; doubles up to
 * floatDice: about 0.5 s at 6,000 dice).
 */
import { AslOddsError } from '../errors.js';

/** Sizes at which the method changes (dice in the sum). */
export const TAIL_LIMITS = Object.freeze({
  /** Exact BigInt counts up to this many dice (about 500 DR). */
  exactDice: 1000,
  /** Double-precision convolution up to this many dice; the normal approximation beyond. */
  floatDice: 6000,
});

/** One question: P(sum of `dice` fair d6 <= sum) (`low`) or P(sum >= sum) (`high`). */
export interface DiceSumTailQuery {
  /** Number of dice: an integer >= 1. */
  readonly dice: number;
  /** The observed total: an integer in [dice, 6 x dice]. */
  readonly sum: number;
  /** `low`: at most `sum`; `high`: at least `sum`. */
  readonly direction: 'low' | 'high';
}

/** The answer to a {@link DiceSumTailQuery}. */
export interface DiceSumTail {
  /** The probability, in (0, 1]. */
  readonly probability: number;
  /** How it was computed (see the module doc). */
  readonly method: 'exact' | 'convolution' | 'normal';
  /** For `exact`: the number of ways (decimal digits), over `denominator` = 6^dice. */
  readonly numerator?: string;
  readonly denominator?: string;
}

/**
 * One-sided tail probabilities of sums of fair six-sided dice, for many queries at once.
 * @param queries each with dice >= 1 and sum within [dice, 6 dice]
 * @returns one answer per query, in the same order
 * @throws AslOddsError `input.stats` for a query out of range
 * @example diceSumTails([{ dice: 2, sum: 3, direction: 'low' }]) // [{ probability: 3/36, method: 'exact', numerator: '3', denominator: '36' }]
 */
export function diceSumTails(queries: readonly DiceSumTailQuery[]): DiceSumTail[] {
  for (const q of queries) {
    if (!Number.isInteger(q.dice) || q.dice < 1 || !Number.isInteger(q.sum) || q.sum < q.dice || q.sum > 6 * q.dice) {
      throw new AslOddsError('input.stats', `diceSumTails: a sum of ${q.sum} on ${q.dice} dice is not possible`, 2);
    }
  }
  const out: DiceSumTail[] = new Array(queries.length);
  const byDice = new Map<number, number[]>();
  queries.forEach((q, i) => {
    const list = byDice.get(q.dice);
    if (list) list.push(i);
    else byDice.set(q.dice, [i]);
  });
  const exactSizes = [...byDice.keys()].filter((n) => n <= TAIL_LIMITS.exactDice);
  const floatSizes = [...byDice.keys()].filter((n) => n > TAIL_LIMITS.exactDice && n <= TAIL_LIMITS.floatDice);
  if (exactSizes.length > 0) {
    convolveExact(Math.max(...exactSizes), (n, ways) => {
      const idx = byDice.get(n);
      if (!idx) return;
      const denominator = 6n ** BigInt(n);
      for (const i of idx) {
        const numerator = tailSum(ways, queries[i].sum - n, queries[i].direction);
        out[i] = { probability: ratioToNumber(numerator, denominator), method: 'exact', numerator: numerator.toString(), denominator: denominator.toString() };
      }
    });
  }
  if (floatSizes.length > 0) {
    convolveFloat(Math.max(...floatSizes), (n, p) => {
      const idx = byDice.get(n);
      if (!idx || n <= TAIL_LIMITS.exactDice) return;
      for (const i of idx) out[i] = { probability: Math.min(1, tailSumFloat(p, queries[i].sum - n, queries[i].direction)), method: 'convolution' };
    });
  }
  queries.forEach((q, i) => {
    if (q.dice > TAIL_LIMITS.floatDice) out[i] = { probability: normalTail(q), method: 'normal' };
  });
  return out;
}

/** Calls `visit(k, ways)` for k = 1..n with ways[s - k] = the number of ways k dice total s. */
function convolveExact(n: number, visit: (k: number, ways: readonly bigint[]) => void): void {
  let cur: bigint[] = [1n];
  for (let k = 1; k <= n; k++) {
    const len = cur.length + 5;
    const next: bigint[] = new Array(len);
    let window = 0n;
    for (let i = 0; i < len; i++) {
      if (i < cur.length) window += cur[i];
      if (i >= 6 && i - 6 < cur.length) window -= cur[i - 6];
      next[i] = window;
    }
    cur = next;
    visit(k, cur);
  }
}

/** As {@link convolveExact} with probabilities (ways / 6^k) in double precision. */
function convolveFloat(n: number, visit: (k: number, p: Float64Array) => void): void {
  let cur = new Float64Array([1]);
  for (let k = 1; k <= n; k++) {
    const len = cur.length + 5;
    const next = new Float64Array(len);
    // Each cell is the sum of at most six cells of the previous row: summed directly (no running
    // window, whose subtraction would cancel catastrophically in the far tails).
    for (let i = 0; i < len; i++) {
      let acc = 0;
      const lo = Math.max(0, i - 5);
      const hi = Math.min(cur.length - 1, i);
      for (let j = lo; j <= hi; j++) acc += cur[j];
      next[i] = acc / 6;
    }
    cur = next;
    visit(k, cur);
  }
}

function tailSum(ways: readonly bigint[], at: number, direction: 'low' | 'high'): bigint {
  let s = 0n;
  if (direction === 'low') for (let i = 0; i <= at; i++) s += ways[i];
  else for (let i = ways.length - 1; i >= at; i--) s += ways[i];
  return s;
}

/** The far end first, so small terms are added before large ones. */
function tailSumFloat(p: Float64Array, at: number, direction: 'low' | 'high'): number {
  let s = 0;
  if (direction === 'low') for (let i = 0; i <= at; i++) s += p[i];
  else for (let i = p.length - 1; i >= at; i--) s += p[i];
  return s;
}

function normalTail(q: DiceSumTailQuery): number {
  const mean = 3.5 * q.dice;
  const sd = Math.sqrt((35 / 12) * q.dice);
  const z = q.direction === 'low' ? (q.sum + 0.5 - mean) / sd : (mean - (q.sum - 0.5)) / sd;
  return Math.min(1, normalCdf(z));
}

/** Φ(z) from the complementary error function (Numerical Recipes' erfc, relative error < 1.2e-7). */
function normalCdf(z: number): number {
  const x = -z / Math.SQRT2;
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const y =
    t *
    Math.exp(
      -x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return 0.5 * (x >= 0 ? y : 2 - y);
}

/**
 * A fraction of BigInts as the nearest double (to about 52 bits), also when both are far beyond
 * Number's range. Never throws for den > 0.
 * @example ratioToNumber(1n, 3n) // 0.3333333333333333
 */
export function ratioToNumber(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  // Scale so the quotient has 64 significant bits, then divide in BigInt and in floating point.
  const shift = den.toString(2).length - num.toString(2).length + 64;
  const q = shift >= 0 ? (num << BigInt(shift)) / den : num / (den << BigInt(-shift));
  return Number(q) * 2 ** -shift;
}

/** The band fair dice stay in: for the mean of k rolls, the central range holding at least `level` of fair games. */
export interface MeanBandPoint {
  /** Rolls so far, from 1. */
  readonly rolls: number;
  /** Lowest mean of the band: the largest mean m with P(mean < m) <= (1 - level) / 2. */
  readonly lo: number;
  /** Highest mean of the band: the smallest mean m with P(mean > m) <= (1 - level) / 2. */
  readonly hi: number;
}

/**
 * The band a running mean of fair dice stays in, roll by roll: at each k = 1..rolls, the central range
 * of the mean of k rolls of `dicePerRoll` dice that holds at least `level` of fair games (so at most
 * (1 - level) / 2 lies beyond each side). From the double-precision convolution up to floatDice dice;
 * beyond, the normal approximation.
 * @param rolls 1..100000
 * @param dicePerRoll 2 (DR) or 1 (dr)
 * @param level in (0, 1), e.g. 0.95
 * @throws AslOddsError `input.stats` for arguments out of range
 * @example fairMeanBand(1, 2, 0.95)[0] // { rolls: 1, lo: 2, hi: 12 } (each end holds 1/36, more than 2.5%)
 */
export function fairMeanBand(rolls: number, dicePerRoll: 1 | 2, level: number): MeanBandPoint[] {
  if (!Number.isInteger(rolls) || rolls < 1 || rolls > 100_000 || !(level > 0 && level < 1)) {
    throw new AslOddsError('input.stats', `fairMeanBand: rolls=${rolls}, level=${level} out of range`, 2);
  }
  const tail = (1 - level) / 2;
  const out: MeanBandPoint[] = [];
  const convolved = Math.min(rolls, Math.floor(TAIL_LIMITS.floatDice / dicePerRoll));
  convolveFloat(convolved * dicePerRoll, (n, p) => {
    if (n % dicePerRoll !== 0) return;
    const k = n / dicePerRoll;
    let below = 0;
    let lo = 0;
    while (lo < p.length - 1 && below + p[lo] <= tail) below += p[lo++];
    let above = 0;
    let hi = p.length - 1;
    while (hi > 0 && above + p[hi] <= tail) above += p[hi--];
    out.push({ rolls: k, lo: (lo + n) / k, hi: (hi + n) / k });
  });
  const z = 1.959963984540054;
  for (let k = convolved + 1; k <= rolls; k++) {
    const sd = Math.sqrt(((35 / 12) * dicePerRoll) / k);
    out.push({ rolls: k, lo: 3.5 * dicePerRoll - z * sd, hi: 3.5 * dicePerRoll + z * sd });
  }
  return out;
}
