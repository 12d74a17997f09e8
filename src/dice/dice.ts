/**
 * Dice: the DR (two dice, a white dr and a colored dr) and the dr (one die).
 *
 * docs/rules-notes.md §1: a DR is the sum of two dice, in [2, 12]; a dr is one die, in [1, 6].
 * The Original DR is the DR before any DRM; the Final DR is after all DRM. Several rules key on the
 * Original DR (HoB on 2, Casualty MC on 12, Fate on 12, cowering on doubles), others on the Final DR.
 * Both dice are kept because some rules key on the colored dr or on doubles.
 */
import type { Int32Source } from './streams.js';

/** One DR as rolled: the white dr and the colored dr, each an integer in [1, 6]. */
export interface DR {
  readonly white: number;
  readonly colored: number;
}

/** Number of equally likely ordered (white, colored) pairs of a DR. */
export const DR_OUTCOMES = 36;
/** Number of equally likely values of a dr. */
export const dr_OUTCOMES = 6;

/**
 * The Original DR of a pair: white + colored, an integer in [2, 12]. Never throws.
 * @example originalDR({ white: 1, colored: 1 }) // 2
 */
export function originalDR(dr: DR): number {
  return dr.white + dr.colored;
}

/** True when both dice show the same number (doubles; IFT cowering, A7.9). Never throws. */
export function isDoubles(dr: DR): boolean {
  return dr.white === dr.colored;
}

/**
 * The DR with index `i` in [0, 36): white = floor(i / 6) + 1, colored = i % 6 + 1.
 * This is the order in which every engine enumerates and samples pairs.
 * @example drFromIndex(0) // { white: 1, colored: 1 }
 */
export function drFromIndex(i: number): DR {
  return ALL_DR[i];
}

/** All 36 ordered pairs, index i = (white - 1) * 6 + (colored - 1). Frozen; never mutate. */
export const ALL_DR: readonly DR[] = Object.freeze(
  Array.from({ length: DR_OUTCOMES }, (_, i) => Object.freeze({ white: Math.floor(i / 6) + 1, colored: (i % 6) + 1 })),
);

/**
 * The one dice draw of every sampler (the compiled kernel, engine/sample.ts, the lazy chain, the
 * attack sampler): a uniform index in [0, n) from the high bits of the stream's next unsigned 32-bit
 * number, drawn again while it is >= 4294967292 = 36 x floor(2^32 / 36) = 6 x floor(2^32 / 6) so that
 * the 36 pairs of a DR (n = 36: index (white - 1) x 6 + (colored - 1)) and the 6 faces of a dr (n = 6:
 * the die's value - 1) are exactly equally likely (docs/libraries.md "seedrandom"). One 32-bit number per
 * roll, plus a rejection once in about 10^9 draws.
 * Hot path: no allocation. Keep it handed one generator class (`Tychei`, what `streamFor` returns): a
 * call site that sees two classes runs about a third slower.
 * @param rng the stream
 * @param n 36 (a DR) or 6 (a dr)
 * @returns an integer in [0, n)
 * Never throws.
 * @example drawIndex(streamFor('s', 0), 36) // the same index on every machine
 */
export function drawIndex(rng: Int32Source, n: number): number {
  let u = rng.int32() >>> 0;
  while (u >= 4294967292) u = rng.int32() >>> 0;
  return Math.floor((u * n) / 4294967296);
}
