/**
 * Exact probabilities of dice paths: n / 6^e with n a BigInt.
 *
 * Every dice path of a chain has probability 1 / (6^a * 36^b), so every sum of paths is n / 6^e
 * exactly. Adding two values aligns their exponents; extending a path by a roll adds 1 (dr) or 2 (DR)
 * to the exponent. No rounding ever happens until `toNumber`.
 */

/** An exact probability n / 6^e, with n >= 0 and e >= 0. Immutable. */
export interface Prob6 {
  readonly n: bigint;
  readonly e: number;
}

export const ZERO: Prob6 = { n: 0n, e: 0 };
export const ONE: Prob6 = { n: 1n, e: 0 };

const POW6: bigint[] = [1n];
/** 6^k as a BigInt, k an integer >= 0 (memoised). Never throws. @example pow6(2) // 36n */
export function pow6(k: number): bigint {
  while (POW6.length <= k) POW6.push(POW6[POW6.length - 1] * 6n);
  return POW6[k];
}

/** a + b, exact. Never throws. */
export function add(a: Prob6, b: Prob6): Prob6 {
  if (a.n === 0n) return b;
  if (b.n === 0n) return a;
  if (a.e === b.e) return { n: a.n + b.n, e: a.e };
  return a.e > b.e ? { n: a.n + b.n * pow6(a.e - b.e), e: a.e } : { n: a.n * pow6(b.e - a.e) + b.n, e: b.e };
}

/**
 * p with the smallest exponent that holds it exactly (n divided by 6 while it is a multiple of 6):
 * the same fraction, smaller numbers. Never throws.
 * @example atLowestPower({ n: 12n, e: 2 }) // { n: 2n, e: 1 }
 */
export function atLowestPower(p: Prob6): Prob6 {
  if (p.n === 0n) return ZERO;
  let { n, e } = p;
  while (e > 0 && n % 6n === 0n) {
    n /= 6n;
    e--;
  }
  return e === p.e ? p : { n, e };
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * The reduced fraction `"n/d"` (`"0"` and `"1"` for the extremes). Never throws.
 * @example toFraction({ n: 15n, e: 2 }) // '5/12'
 */
export function toFraction(p: Prob6): string {
  if (p.n === 0n) return '0';
  const d = pow6(p.e);
  const g = gcd(p.n, d);
  const num = p.n / g;
  const den = d / g;
  return den === 1n ? `${num}` : `${num}/${den}`;
}

/**
 * The probability as a double, correctly rounded to within 1 ulp for any exponent. Never throws.
 * @example toNumber({ n: 1n, e: 2 }) // 0.027777777777777776
 */
export function toNumber(p: Prob6): number {
  if (p.n === 0n) return 0;
  if (p.e <= 300) return Number(p.n) / Number(pow6(p.e));
  // Scale to 2^-64 precision before converting, for very deep chains.
  const scaled = (p.n << 64n) / pow6(p.e);
  return Number(scaled) / 2 ** 64;
}

/** True when a == b exactly. */
export function equals(a: Prob6, b: Prob6): boolean {
  return toFraction(a) === toFraction(b);
}

/** a * b, exact. Never throws. */
export function mul(a: Prob6, b: Prob6): Prob6 {
  return { n: a.n * b.n, e: a.e + b.e };
}

/** 1 - p for p in [0, 1], exact. Never throws. */
export function complement(p: Prob6): Prob6 {
  return { n: pow6(p.e) - p.n, e: p.e };
}

/** a - b for a >= b, exact. Never throws (a negative result is a caller's bug). */
export function sub(a: Prob6, b: Prob6): Prob6 {
  if (b.n === 0n) return a;
  return a.e >= b.e ? { n: a.n - b.n * pow6(a.e - b.e), e: a.e } : { n: a.n * pow6(b.e - a.e) - b.n, e: b.e };
}

/**
 * Exact sums in numbered slots, kept as numerators over the slot's power of 6: hot loops add to them
 * without making a Prob6 per addition, then take each sum once. Slots start at 0 and `take` resets one.
 */
export class Prob6Sums {
  private readonly n: bigint[];
  private readonly e: number[];

  /** @param size the number of slots */
  constructor(size: number) {
    this.n = new Array<bigint>(size).fill(0n);
    this.e = new Array<number>(size).fill(0);
  }

  /** Adds p to `slot`. */
  add(slot: number, p: Prob6): void {
    if (p.n !== 0n) this.addRaw(slot, p.n, p.e);
  }

  /** Adds a x b to `slot`. */
  addProduct(slot: number, a: Prob6, b: Prob6): void {
    if (a.n !== 0n && b.n !== 0n) this.addRaw(slot, a.n * b.n, a.e + b.e);
  }

  /**
   * Adds a x n / 6^e to `slot`: a times a figure held as a numerator in a double (an integer in [0,
   * 2^53], over 6^e), without making a Prob6 of it.
   */
  addScaled(slot: number, a: Prob6, n: number, e: number): void {
    if (a.n !== 0n && n !== 0) this.addRaw(slot, a.n * BigInt(n), a.e + e);
  }

  /** Adds n / 6^e (n >= 0, a numerator held as a BigInt) to `slot`, without making a Prob6 of it. */
  addNumerator(slot: number, n: bigint, e: number): void {
    if (n !== 0n) this.addRaw(slot, n, e);
  }

  /** The sum in `slot` (ZERO if nothing was added), and the slot back to 0. */
  take(slot: number): Prob6 {
    const n = this.n[slot];
    if (n === 0n) return ZERO;
    const p = { n, e: this.e[slot] };
    this.n[slot] = 0n;
    this.e[slot] = 0;
    return p;
  }

  private addRaw(slot: number, n: bigint, e: number): void {
    const ce = this.e[slot];
    if (e === ce) this.n[slot] += n;
    else if (e < ce) this.n[slot] += n * pow6(ce - e);
    else {
      this.n[slot] = this.n[slot] * pow6(e - ce) + n;
      this.e[slot] = e;
    }
  }
}
