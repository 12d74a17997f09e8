/**
 * Bit counting on 32-bit event masks (the engine's events, a distribution's possible events): how
 * compact rows, which hold one figure per bit set in a mask (lowest bit first), are indexed.
 */

/**
 * The number of bits set in `v` (its low 32 bits), 0-32. Never throws.
 * @example popcount(0b1011) // 3
 */
export function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * The index of bit `b` (0-31) in a compact row of `mask`'s bits: the number of bits of `mask` below it.
 * Never throws (a bit not in `mask` gets the index of the next one).
 * @example rank(0b1011, 3) // 2
 */
export function rank(mask: number, b: number): number {
  return popcount(mask & ((1 << b) - 1));
}
