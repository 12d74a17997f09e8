/**
 * Readable forms of a probability, shared by every report (tables, chart tooltips):
 * a percent with one decimal, "1 in N" odds, and the `±` half-width of a 95% interval.
 *
 * All functions are pure and never throw; they take numbers, not strings, and print with `en-US`
 * conventions (`.` decimal point, `,` thousands separator) independent of the machine's locale.
 */

/**
 * An integer with `,` between groups of three digits, independent of locale.
 * @param n finite number; rounded to the nearest integer first
 * @returns e.g. `1,296`; `-1,000` for negatives. Never throws.
 * @example groupThousands(1296) // '1,296'
 */
export function groupThousands(n: number): string {
  const rounded = Math.round(n);
  if (!Number.isFinite(rounded)) return String(rounded);
  const digits = Math.abs(rounded).toFixed(0);
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rounded < 0 ? `-${grouped}` : grouped;
}

/**
 * A probability as a percent with one decimal.
 *
 * Values that would round to `0.0%` but are not zero print as `<0.1%`, and values that would round
 * to `100.0%` but are not one print as `>99.9%`, so a possible outcome never looks impossible (or
 * certain).
 * @param p probability in [0, 1]
 * @returns e.g. `72.2%`, `<0.1%`, `0.0%` (only for p = 0), `100.0%` (only for p = 1). Never throws.
 * @example formatPercent(26 / 36) // '72.2%'
 */
export function formatPercent(p: number): string {
  if (p > 0 && p < 0.0005) return '<0.1%';
  if (p < 1 && p >= 0.9995) return '>99.9%';
  return `${(p * 100).toFixed(1)}%`;
}

/**
 * The odds "1 in N" of a probability, N = 1 / p; for likely figures (p >= 0.9) the odds of the
 * complement, "all but 1 in N" with N = 1 / (1 - p), since "1 in 1" says nothing.
 *
 * N below 10 is given with two significant digits (trailing `.0` dropped: `1 in 6`, `1 in 1.4`);
 * N of 10 and above is rounded to an integer with thousands separators (`1 in 1,296`); N of 10^15
 * and above uses exponent notation (`1 in 2.5e+17`).
 * @param p probability in [0, 1]
 * @returns `1 in N`, `all but 1 in N`, `always` when p = 1, or `never` when p = 0. Never throws.
 * @example formatOneIn(1 / 36) // '1 in 36'
 * @example formatOneIn(26 / 36) // '1 in 1.4'
 * @example formatOneIn(35 / 36) // 'all but 1 in 36'
 */
export function formatOneIn(p: number): string {
  if (!(p > 0)) return 'never';
  if (p >= 1) return 'always';
  if (p >= 0.9) return `all but ${oneInN(1 - p)}`;
  return oneInN(p);
}

function oneInN(p: number): string {
  const n = 1 / p;
  if (n < 10) {
    // toPrecision(2) may round 9.96 up to "10", which is still a correct two-digit figure.
    return `1 in ${Number(n.toPrecision(2)).toString()}`;
  }
  if (n >= 1e15) return `1 in ${n.toExponential(1)}`;
  return `1 in ${groupThousands(n)}`;
}

/** Longest exact fraction the text, markdown and HTML tables print; longer ones are in JSON and CSV. */
export const MAX_FRACTION_CHARS = 15;

/**
 * An exact fraction as a table prints it: as is up to {@link MAX_FRACTION_CHARS} characters
 * (`10285/46656`); longer ones (an attack's `13617057683/52242776064`) are left out of text, markdown
 * and HTML tables (an empty string: the percent says as much to a player) and stay in JSON and CSV.
 * @param fraction `n/d`
 * @returns the fraction, or `''` when it is too long. Never throws.
 * @example readableFraction('5/12') // '5/12'
 * @example readableFraction('13617057683/52242776064') // ''
 */
export function readableFraction(fraction: string): string {
  return fraction.length <= MAX_FRACTION_CHARS ? fraction : '';
}

/** The note printed under a table that left out long fractions. */
export const LONG_FRACTION_NOTE = `Exact fractions longer than ${MAX_FRACTION_CHARS} characters are left out here: --json and --format csv have them.`;

/**
 * The half-width of a 95% interval in percentage points, as `±0.3 pp`.
 *
 * Half-width = (hi - lo) / 2 (a Wilson interval is not symmetric about the estimate; this is its
 * average half-width). One decimal when the half-width is at least 0.1 pp, two below that, and
 * `±<0.01 pp` under 0.01 pp.
 * @param ci95 `[lo, hi]`, probabilities in [0, 1] with lo <= hi
 * @returns e.g. `±0.3 pp`, `±0.04 pp`. Never throws.
 * @example formatPlusMinus([0.717, 0.727]) // '±0.5 pp'
 */
export function formatPlusMinus(ci95: readonly [number, number]): string {
  const pp = ((ci95[1] - ci95[0]) / 2) * 100;
  if (pp >= 0.1) return `±${pp.toFixed(1)} pp`;
  if (pp >= 0.01) return `±${pp.toFixed(2)} pp`;
  return '±<0.01 pp';
}
