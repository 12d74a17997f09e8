/**
 * `--record <side>=<wins>,<side>=<wins>` and `--calibrate <path>=<lo>..<hi>`: does the model agree with
 * a record of played games (ROAR, playtests), and which value of a side-profile field reproduces it.
 *
 * Only decided games count (the model's "neither" outcomes are left out of both): under the model,
 * each decided game is won by the first side with q = P(first wins) / (P(first wins) + P(second
 * wins)), independently, so the first side's wins are Binomial(games, q). The p-value is two-sided
 * and exact: the probability, under the model, of a record as unlikely as this one or less
 * (log-gamma from simple-statistics). The model's q is itself an estimate; with a few
 * thousand playthroughs its error is small beside a record's of a few hundred games.
 *
 * Calibration runs the model across the range (the same seed for each value) and reports what the
 * record supports: the values run whose model share (with its 95% interval) overlaps the record's 95%
 * interval, as single values or stretches of consecutive values run; the model's response as the steps
 * it takes; and, when no value is consistent, that the field cannot reproduce the record and which
 * values come closest. No value between two values run is interpolated (a lever's response is often a
 * staircase). The record is tested (p-value) against the scenario as written, before any fitting: a
 * record is one number (a side's share of decided games), and a field fitted to it has nothing left to
 * test (no degrees of freedom), docs/scenarios.md. It fits the abstraction, not the map: the profiles
 * stand for the map, LOS, movement and everything else the model leaves out (README "The turn model").
 */
import { gammaln } from 'simple-statistics';
import { inputError } from '../errors.js';
import { FLAT_STEP } from './balance.js';
import { wilsonInterval } from '../stats/wilson-interval.js';
import type { EstimateStats } from '../result.js';

/** A record: wins per side, in the scenario's side order. */
export interface GameRecord {
  readonly sides: readonly [string, string];
  readonly wins: readonly [number, number];
}

/**
 * Most games a record may hold: the exact p-value costs one term per game (4 ms at this size on one
 * core), computed once per command. ROAR's most-played scenarios have a few hundred games.
 */
export const MAX_RECORD_GAMES = 10_000;

/**
 * Parses `<side>=<wins>,<side>=<wins>` for the scenario's two sides (either order), each side once,
 * at most {@link MAX_RECORD_GAMES} games in all.
 * @throws AslOddsError `input.record` naming what is wrong
 * @example parseRecord('german=31,russian=19', ['german', 'russian']) // { sides: ['german', 'russian'], wins: [31, 19] }
 */
export function parseRecord(text: string, sides: readonly [string, string]): GameRecord {
  const wins = new Map<string, number>();
  for (const part of text.split(',')) {
    const m = /^\s*([a-z][a-z0-9-]*)\s*=\s*(\d+)\s*$/.exec(part);
    if (!m) throw inputError('input.record', `--record: expected <side>=<wins>,<side>=<wins>, e.g. ${sides[0]}=31,${sides[1]}=19; got '${text}'`);
    if (!sides.includes(m[1])) throw inputError('input.record', `--record: '${m[1]}' is not a side of the scenario; expected ${sides.join(' or ')}`);
    if (wins.has(m[1])) throw inputError('input.record', `--record: '${m[1]}' given twice; give each side's wins once, e.g. ${sides[0]}=31,${sides[1]}=19`);
    const n = Number(m[2]);
    if (!(n <= MAX_RECORD_GAMES)) throw inputError('input.record', `--record ${m[1]}=${m[2]}: at most ${MAX_RECORD_GAMES} games in a record`);
    wins.set(m[1], n);
  }
  if (wins.size !== 2) throw inputError('input.record', `--record: expected the wins of both sides, ${sides[0]} and ${sides[1]}; got '${text}'`);
  const w: [number, number] = [wins.get(sides[0])!, wins.get(sides[1])!];
  if (w[0] + w[1] === 0) throw inputError('input.record', '--record: no games (both sides 0 wins)');
  if (w[0] + w[1] > MAX_RECORD_GAMES) throw inputError('input.record', `--record: ${w[0] + w[1]} games; at most ${MAX_RECORD_GAMES} games in a record`);
  return { sides, wins: w };
}

/** P(first side wins | a side wins) from a run's victory estimates (0.5 when no game was decided). */
export function decidedShare(victory: Readonly<Record<string, EstimateStats>>, sides: readonly [string, string]): number {
  const a = victory[sides[0]].probability;
  const b = victory[sides[1]].probability;
  return a + b > 0 ? a / (a + b) : 0.5;
}

/**
 * Two-sided exact binomial p-value of `k` successes in `n` under success probability `q`: the sum of
 * P(j) over every j with P(j) <= P(k) (a relative tolerance of 1e-9 for ties), each P(j) from
 * log-gamma (simple-statistics `gammaln`), so the tails are not cut off.
 * @param n integer >= 1; k integer in [0, n]
 * @returns a probability in [0, 1]
 * Cost: O(n). Never throws.
 */
export function binomialPValue(k: number, n: number, q: number): number {
  if (q <= 0) return k === 0 ? 1 : 0;
  if (q >= 1) return k === n ? 1 : 0;
  const lq = Math.log(q);
  const l1q = Math.log1p(-q);
  const lnC = gammaln(n + 1);
  const logP = (j: number) => lnC - gammaln(j + 1) - gammaln(n - j + 1) + j * lq + (n - j) * l1q;
  const at = logP(k) + 1e-9;
  let p = 0;
  for (let j = 0; j <= n; j++) {
    const lj = logP(j);
    if (lj <= at) p += Math.exp(lj);
  }
  return Math.min(1, p);
}

/** How likely the record is under one run of the model. */
export interface RecordCheck {
  readonly sides: readonly [string, string];
  readonly wins: readonly [number, number];
  readonly games: number;
  /** The record's share of decided games won by the first side. */
  readonly observedShare: number;
  /** The model's P(first side wins | a side wins). */
  readonly modelShare: number;
  /** Two-sided exact binomial p-value. */
  readonly pValue: number;
  /** pValue < 0.05. */
  readonly rejected: boolean;
}

/** Checks a record against a run's victory estimates. Never throws on a parsed record. */
export function checkRecord(record: GameRecord, victory: Readonly<Record<string, EstimateStats>>): RecordCheck {
  const games = record.wins[0] + record.wins[1];
  const q = decidedShare(victory, record.sides);
  const pValue = binomialPValue(record.wins[0], games, q);
  return { sides: record.sides, wins: record.wins, games, observedShare: record.wins[0] / games, modelShare: q, pValue, rejected: pValue < 0.05 };
}

/** A share of decided games with its 95% interval (Wilson). */
export interface ShareInterval {
  /** The first side's share of decided games. */
  readonly share: number;
  readonly ci95: readonly [number, number];
}

/** One value run of a calibration. */
export interface CalibrationPoint {
  readonly value: number;
  /** The model's P(first side wins | a side wins) at this value. */
  readonly modelShare: number;
  /** Its 95% interval (Wilson, over the decided playthroughs of the run). */
  readonly ci95: readonly [number, number];
  /** Decided playthroughs of the run. */
  readonly decided: number;
  /** The model's interval overlaps the record's: the record cannot tell this value from the truth. */
  readonly consistent: boolean;
}

/** One step of the model's response: consecutive values run whose odds do not change (balance.ts `FLAT_STEP`). */
export interface CalibrationStep {
  readonly from: number;
  readonly to: number;
  /** The model's share over the step (the mean of its values', which differ by less than FLAT_STEP). */
  readonly modelShare: number;
  /** The union of its values' 95% intervals. */
  readonly ci95: readonly [number, number];
  readonly consistent: boolean;
}

/** A value, or a stretch of consecutive values run. */
export type ValueSet = number | { readonly from: number; readonly to: number };

/** The calibration (`--calibrate`): what the record says about the field, and no more. */
export interface Calibration {
  readonly path: string;
  readonly integer: boolean;
  /** The record's share of decided games and its 95% interval (Wilson). */
  readonly record: ShareInterval;
  /** Per value run, by increasing value. */
  readonly points: readonly CalibrationPoint[];
  /** The model's response as the steps it takes across the values run. */
  readonly steps: readonly CalibrationStep[];
  /**
   * The values run whose model interval overlaps the record's: single values, or `{ from, to }`
   * stretches of consecutive values run (a value between two values run was not run). Empty: the
   * field cannot reproduce the record in the range.
   */
  readonly consistent: readonly ValueSet[];
  /**
   * With no consistent value: the steps closest to the record: the two either side of it when the
   * model's share passes the record's between them, else the one nearest to it. Empty otherwise.
   */
  readonly closest: readonly CalibrationStep[];
}

/** The record's share of decided games and its 95% interval. Never throws on a parsed record. */
export function recordShare(record: GameRecord): ShareInterval {
  const games = record.wins[0] + record.wins[1];
  return { share: record.wins[0] / games, ci95: wilsonInterval(record.wins[0], games) };
}

/** Two intervals overlap (share at least one value). */
function overlaps(a: readonly [number, number], b: readonly [number, number]): boolean {
  return a[0] <= b[1] && b[0] <= a[1];
}

/** The distance between two intervals (0 when they overlap). */
function gap(a: readonly [number, number], b: readonly [number, number]): number {
  return Math.max(0, a[0] - b[1], b[0] - a[1]);
}

/**
 * Groups consecutive items marked `keep` into single values or `{ from, to }` stretches. Never throws.
 * @param items by increasing value
 */
export function valueSets<P extends { readonly value: number }>(items: readonly P[], keep: (p: P) => boolean): ValueSet[] {
  const out: ValueSet[] = [];
  let start = -1;
  for (let i = 0; i <= items.length; i++) {
    if (i < items.length && keep(items[i])) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0) out.push(start === i - 1 ? items[start].value : { from: items[start].value, to: items[i - 1].value });
    start = -1;
  }
  return out;
}

/**
 * Calibrates a field from runs across its range: at each value run, the model's share of decided
 * games and its 95% interval against the record's; the values where the two overlap are consistent
 * with the record. No value between two values run is claimed: the model was not run there, and its
 * response to a lever is often a staircase (a fire DRM or an activity share changes the odds only
 * where it changes a roll's outcome).
 * @param points by increasing value: each value, its run's victory estimates and playthroughs
 * Never throws on a parsed record.
 */
export function calibrate(path: string, integer: boolean, record: GameRecord, points: readonly { value: number; victory: Readonly<Record<string, EstimateStats>>; trials: number }[]): Calibration {
  const rec = recordShare(record);
  const rows: CalibrationPoint[] = points.map((p) => {
    const a = p.victory[record.sides[0]].probability;
    const b = p.victory[record.sides[1]].probability;
    const decided = Math.round(p.trials * (a + b));
    const wins = Math.min(decided, Math.round(p.trials * a));
    const ci95 = wilsonInterval(wins, decided);
    return { value: p.value, modelShare: decidedShare(p.victory, record.sides), ci95, decided, consistent: overlaps(ci95, rec.ci95) };
  });
  const steps: CalibrationStep[] = [];
  for (const r of rows) {
    const last = steps.at(-1);
    const lastRows = last ? rows.filter((x) => x.value >= last.from && x.value <= last.to) : [];
    if (last && Math.abs(r.modelShare - lastRows.at(-1)!.modelShare) < FLAT_STEP) {
      const all = [...lastRows, r];
      steps[steps.length - 1] = stepOf(all);
    } else steps.push(stepOf([r]));
  }
  const consistent = valueSets(rows, (r) => r.consistent);
  let closest: CalibrationStep[] = [];
  if (consistent.length === 0 && steps.length > 0) {
    const side = (s: CalibrationStep) => Math.sign(s.modelShare - rec.share);
    const at = steps.findIndex((s, i) => i + 1 < steps.length && side(s) * side(steps[i + 1]) < 0);
    closest = at >= 0 ? [steps[at], steps[at + 1]] : [steps.reduce((m, s) => (gap(s.ci95, rec.ci95) < gap(m.ci95, rec.ci95) ? s : m))];
  }
  return { path, integer, record: rec, points: rows, steps, consistent, closest };
}

function stepOf(rows: readonly CalibrationPoint[]): CalibrationStep {
  return {
    from: rows[0].value,
    to: rows.at(-1)!.value,
    modelShare: rows.reduce((s, r) => s + r.modelShare, 0) / rows.length,
    ci95: [Math.min(...rows.map((r) => r.ci95[0])), Math.max(...rows.map((r) => r.ci95[1]))],
    consistent: rows.some((r) => r.consistent),
  };
}
