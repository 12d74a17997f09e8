/**
 * Are the faces of a set of dice fair? Pearson's chi-squared test of the counts of 1 to 6 against 1/6
 * each, run only where the counts allow it: every expected count at least 5 (so at least 30 dice), the
 * usual condition for the chi-squared approximation. Below that the answer says so instead.
 *
 * The p-value comes from one function, {@link chiSquaredUpperTail}: chi-squared.ts's upper tail, whose
 * incomplete gamma function is stdlib's (@stdlib/math-base-special-gammainc); a chi-squared CDF
 * package would replace that one line.
 */
import { chiSquaredPValue } from './chi-squared.js';

/** Fewest dice for the test: 6 faces x an expected count of 5. */
export const FACES_MIN_DICE = 30;

/** The faces test's answer. */
export type FacesTest =
  | { readonly ran: true; readonly statistic: number; readonly degreesOfFreedom: 5; readonly pValue: number }
  | { readonly ran: false; readonly reason: string };

/**
 * The upper tail P(χ²_df >= x), from chi-squared.ts (stdlib's upper incomplete gamma Q(df/2, x/2));
 * never 1 - cdf, which loses the small p-values.
 */
export function chiSquaredUpperTail(x: number, df: number): number {
  return chiSquaredPValue(x, df);
}

/**
 * Chi-squared test of the faces 1..6.
 * @param faceCounts six counts, of faces 1 to 6 (integers >= 0)
 * @returns the statistic, its 5 degrees of freedom and p-value, or why it was not run (fewer than 30 dice)
 * Never throws for six counts >= 0.
 * @example facesTest([5, 5, 5, 5, 5, 5]) // { ran: true, statistic: 0, degreesOfFreedom: 5, pValue: 1 }
 */
export function facesTest(faceCounts: readonly number[]): FacesTest {
  const n = faceCounts.reduce((s, c) => s + c, 0);
  if (n < FACES_MIN_DICE) return { ran: false, reason: `${n} ${n === 1 ? 'die' : 'dice'}: the test needs at least ${FACES_MIN_DICE} (an expected ${FACES_MIN_DICE / 6} of each face)` };
  const e = n / 6;
  const statistic = faceCounts.reduce((s, c) => s + ((c - e) * (c - e)) / e, 0);
  return { ran: true, statistic, degreesOfFreedom: 5, pValue: chiSquaredUpperTail(statistic, 5) };
}
