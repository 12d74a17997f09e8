/**
 * `--balance <path>=<lo>..<hi>`: the value of a numeric field at which a scenario is even, from runs at
 * values across the range with the same seed (common random numbers: each value plays the same chunk
 * streams, so the curve is smooth and differences between values are measured more precisely than the
 * values themselves).
 *
 * Even means the first side wins as often as the second: d(v) = P(first wins) - P(second wins) = 0,
 * which is P(first wins) = 50% when every playthrough has a winner (a side whose victory is "the other
 * side's conditions not met"), and stays meaningful when "neither" is possible. d is interpolated
 * linearly between the values run; the crossing's 95% interval is the stretch around it where 0 lies
 * within d's 95% band (d +- 1.96 se, se^2 = (pA + pB - (pA - pB)^2) / n, multinomial): the values the
 * runs cannot tell from even. The values run on each side of the crossing are reported with their
 * odds (for an integer field: the two legal values that bracket it).
 */
import { inputError } from '../errors.js';
import type { EstimateStats } from '../result.js';
import { wilsonInterval, Z95 } from '../stats/wilson-interval.js';

/**
 * A lever is flat across a stretch of values when the odds change by less than this between
 * neighbouring values run (a probability: 0.5 percentage points), e.g. a DRM that changes no check's
 * outcome over part of its range. With the same seed for every value, a lever with no effect gives
 * exactly the same odds.
 */
export const FLAT_STEP = 0.005;

/**
 * The tolerance a designer accepts as balanced: the first side wins between 40% and 60% of the
 * decided games (60/40, the threshold designers cite), a distance of 0.1 from even.
 */
export const BALANCE_TOLERANCE = 0.1;

/** A parsed `<path>=<lo>..<hi>` range. */
export interface FieldRange {
  readonly path: string;
  readonly lo: number;
  readonly hi: number;
}

/** Most values of an integer range run (a wider range: narrow it, or it is too slow to be useful). */
export const MAX_RANGE_VALUES = 41;
/** Values run across a range of a non-integer field. */
export const REAL_RANGE_VALUES = 9;

/**
 * Parses `<path>=<lo>..<hi>` (numbers, lo < hi).
 * @param option the option's name for messages
 * @throws AslOddsError `input.range` naming the option and what is allowed
 * @example parseRange('sides.german.fire.drm=-2..2', '--balance') // { path: 'sides.german.fire.drm', lo: -2, hi: 2 }
 */
export function parseRange(text: string, option: string): FieldRange {
  const m = /^([A-Za-z0-9_.-]+)=\s*([-+]?[0-9.eE+-]+)\s*\.\.\s*([-+]?[0-9.eE+-]+)\s*$/.exec(text.trim());
  const lo = m ? Number(m[2]) : NaN;
  const hi = m ? Number(m[3]) : NaN;
  if (!m || !Number.isFinite(lo) || !Number.isFinite(hi)) {
    throw inputError('input.range', `${option}: expected <path>=<lo>..<hi>, e.g. sides.german.fire.drm=-2..2; got '${text}'`);
  }
  if (!(lo < hi)) throw inputError('input.range', `${option} ${m[1]}: expected lo < hi, got ${lo}..${hi}`);
  return { path: m[1], lo, hi };
}

/**
 * The values run across a range: every integer in [lo, hi] when lo, hi and the field's current value
 * are integers (an integer field: ELR, turns, DRM, a count, a turn), else {@link REAL_RANGE_VALUES}
 * evenly spaced values from lo to hi.
 * @throws AslOddsError `input.range` when an integer range has more than {@link MAX_RANGE_VALUES} values
 */
export function rangeValues(r: FieldRange, current: number, option: string): { values: number[]; integer: boolean } {
  const integer = Number.isInteger(r.lo) && Number.isInteger(r.hi) && Number.isInteger(current);
  if (!integer) return { values: Array.from({ length: REAL_RANGE_VALUES }, (_, i) => r.lo + ((r.hi - r.lo) * i) / (REAL_RANGE_VALUES - 1)), integer };
  const n = r.hi - r.lo + 1;
  if (n > MAX_RANGE_VALUES) throw inputError('input.range', `${option} ${r.path}: ${n} values in ${r.lo}..${r.hi}; at most ${MAX_RANGE_VALUES}, narrow the range`);
  return { values: Array.from({ length: n }, (_, i) => r.lo + i), integer };
}

/** One value run. */
export interface CurvePoint {
  readonly value: number;
  /** P(side wins) - P(other wins). */
  readonly difference: number;
  /** Its 95% band. */
  readonly band: readonly [number, number];
  /** P(side wins), P(other wins), with intervals. */
  readonly side: EstimateStats;
  readonly other: EstimateStats;
  readonly trials: number;
}

/** The balance found (`--balance`). */
export interface BalanceResult {
  readonly path: string;
  /** The sides compared: d = P(side wins) - P(other wins). */
  readonly side: string;
  readonly other: string;
  readonly integer: boolean;
  readonly points: readonly CurvePoint[];
  /** Where d crosses 0 (linear between the values run), and the values the runs cannot tell from even; null when d keeps one sign. */
  readonly crossing: { readonly value: number; readonly ci95: readonly [number, number] } | null;
  /** The values run just below and above the crossing (the legal values bracketing it), or the value nearest to even when there is no crossing. */
  readonly below: CurvePoint | null;
  readonly above: CurvePoint | null;
  /** With no crossing: which side is favoured across the whole range. */
  readonly favoured: string | null;
  /** The tolerance: a value balances when the first side's share of decided games is within this of 1/2 ({@link BALANCE_TOLERANCE}). */
  readonly tolerance: number;
  /** The values run that balance within the tolerance, by increasing value (empty: none does). */
  readonly withinTolerance: readonly number[];
  /** Stretches of two or more values run across which the odds do not change ({@link FLAT_STEP}), by increasing value. */
  readonly flat: readonly { readonly from: number; readonly to: number }[];
  /** Every value run the noise cannot tell from the one closest to even ({@link closestToEven}), with its share of decided games and interval, by increasing value. */
  readonly closestToEven: readonly ({ readonly value: number } & EvenShare)[];
  /** With `--refine`: the rounds run in full, of the rounds asked (fewer: the values separated first, or Ctrl-C). */
  readonly refined?: { readonly rounds: number; readonly asked: number };
}

/** The first side's share of decided games at a point (1/2 when none is decided). Never throws. */
export function decidedShareOf(p: CurvePoint): number {
  const decided = p.side.probability + p.other.probability;
  return decided > 0 ? p.side.probability / decided : 0.5;
}

/**
 * The stretches of two or more consecutive values whose `odds` change by less than {@link FLAT_STEP}
 * from one value to the next. Never throws.
 * @param points by increasing value
 */
export function flatStretches<P extends { readonly value: number }>(points: readonly P[], odds: (p: P) => number): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  let start = 0;
  for (let i = 1; i <= points.length; i++) {
    if (i < points.length && Math.abs(odds(points[i]) - odds(points[i - 1])) < FLAT_STEP) continue;
    if (i - 1 > start) out.push({ from: points[start].value, to: points[i - 1].value });
    start = i;
  }
  return out;
}

/**
 * A curve point from a run's victory estimates.
 * @param trials playthroughs of that run
 */
export function curvePoint(value: number, victory: Readonly<Record<string, EstimateStats>>, side: string, other: string, trials: number): CurvePoint {
  const a = victory[side];
  const b = victory[other];
  const d = a.probability - b.probability;
  const se = trials > 0 ? Math.sqrt(Math.max(0, a.probability + b.probability - d * d) / trials) : 1;
  return { value, difference: d, band: [d - Z95 * se, d + Z95 * se], side: a, other: b, trials };
}

/** Steps per interval between two values run, for the interpolated band. */
const FINE = 400;

/**
 * Finds where the curve crosses even.
 * @param points by increasing value, at least 2
 * Never throws.
 */
export function findBalance(path: string, side: string, other: string, integer: boolean, points: readonly CurvePoint[], tolerance = BALANCE_TOLERANCE): BalanceResult {
  const withinTolerance = points.filter((p) => Math.abs(decidedShareOf(p) - 0.5) <= tolerance + 1e-12).map((p) => p.value);
  const shares = points.map((p) => ({ value: p.value, ...evenShare({ [side]: p.side, [other]: p.other }, side, other, p.trials) }));
  const base = { path, side, other, integer, points, tolerance, withinTolerance, flat: flatStretches(points, (p) => p.difference), closestToEven: closestToEven(shares).map((i) => shares[i]) };
  let at = -1;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i].difference;
    const b = points[i + 1].difference;
    if (a === 0 || (a > 0) !== (b > 0) || b === 0) {
      at = i;
      break;
    }
  }
  if (at < 0) {
    const nearest = points.reduce((m, p) => (Math.abs(p.difference) < Math.abs(m.difference) ? p : m));
    return { ...base, crossing: null, below: nearest.value === points[0].value ? null : nearest, above: nearest.value === points[0].value ? nearest : null, favoured: points[0].difference > 0 ? side : other };
  }
  const p = points[at];
  const q = points[at + 1];
  const t = p.difference === q.difference ? 0 : p.difference / (p.difference - q.difference);
  const value = p.value + t * (q.value - p.value);
  // The band, interpolated on a fine grid; the run of grid points around the crossing where it holds 0.
  const xs: number[] = [];
  const holds: boolean[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    for (let k = 0; k < FINE || (i + 2 === points.length && k === FINE); k++) {
      const u = k / FINE;
      const lo = a.band[0] + u * (b.band[0] - a.band[0]);
      const hi = a.band[1] + u * (b.band[1] - a.band[1]);
      xs.push(a.value + u * (b.value - a.value));
      holds.push(lo <= 0 && hi >= 0);
    }
  }
  let c = 0;
  while (c + 1 < xs.length && xs[c + 1] <= value) c++;
  let l = c;
  let r = c;
  while (l > 0 && holds[l - 1]) l--;
  while (r + 1 < xs.length && holds[r + 1]) r++;
  const below = points.filter((x) => x.value <= value).at(-1) ?? p;
  const above = points.find((x) => x.value > value) ?? q;
  return { ...base, crossing: { value, ci95: [Math.min(xs[l], value), Math.max(xs[r], value)] }, below, above, favoured: null };
}

/** A share of decided games with its 95% interval: what "closest to even" compares. */
export interface EvenShare {
  /** The first side's share of decided games (1/2 when none is decided). */
  readonly share: number;
  /** Its 95% interval (Wilson, over the decided playthroughs). */
  readonly ci95: readonly [number, number];
  /** Playthroughs of the run. */
  readonly trials: number;
}

/**
 * The first side's share of decided games of a run, with its interval. Never throws.
 * @param trials playthroughs of the run
 */
export function evenShare(victory: Readonly<Record<string, EstimateStats>>, side: string, other: string, trials: number): EvenShare {
  const a = victory[side].probability;
  const b = victory[other].probability;
  const decided = Math.round(trials * (a + b));
  const wins = Math.min(decided, Math.round(trials * a));
  return { share: decided > 0 ? wins / decided : 0.5, ci95: wilsonInterval(wins, decided), trials };
}

/**
 * Which runs the noise cannot tell from the one closest to even: the run whose share of decided games
 * is nearest 1/2, every run whose 95% interval overlaps its interval, and every run whose interval
 * includes 1/2 (a run of few decided games can be even for all the runs can tell).
 * @returns indexes into `shares`, in their order (never empty for a non-empty list)
 * Never throws.
 */
export function closestToEven(shares: readonly EvenShare[]): number[] {
  if (shares.length === 0) return [];
  let best = 0;
  shares.forEach((s, i) => {
    if (Math.abs(s.share - 0.5) < Math.abs(shares[best].share - 0.5)) best = i;
  });
  const b = shares[best].ci95;
  return shares.flatMap((s, i) => (i === best || (s.ci95[0] <= b[1] && b[0] <= s.ci95[1]) || (s.ci95[0] <= 0.5 && 0.5 <= s.ci95[1]) ? [i] : []));
}
