/**
 * Dice: the DR (two dice, a white dr and a colored dr) and the dr (one die).
 *
 * docs/rules-notes.md §1: a DR is the sum of two dice, in [2, 12]; a dr is one die, in [1, 6].
 * The Original DR is the DR before any DRM; the Final DR is after all DRM. Several rules key on the
 * Original DR (HoB on 2, Casualty MC on 12, Fate on 12, cowering on doubles), others on the Final DR.
 * Both dice are kept because some rules key on the colored dr or on doubles.
 */

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
 * Maps an unsigned 32-bit draw to a DR index in [0, 36) from its high bits, or -1 when the draw must
 * be rejected to keep the 36 pairs exactly uniform (u >= 4294967292 = 36 * floor(2^32 / 36)).
 * Hot path: no allocation, no branching beyond the rejection test.
 * @param u integer in [0, 2^32)
 */
export function drIndexFromU32(u: number): number {
  return u >= 4294967292 ? -1 : Math.floor((u * 36) / 4294967296);
}

/**
 * Maps an unsigned 32-bit draw to a dr index in [0, 6) (die value - 1) from its high bits, or -1 to
 * reject (u >= 4294967292 = 6 * floor(2^32 / 6)). No allocation.
 * @param u integer in [0, 2^32)
 */
export function drSingleIndexFromU32(u: number): number {
  return u >= 4294967292 ? -1 : Math.floor((u * 6) / 4294967296);
}
