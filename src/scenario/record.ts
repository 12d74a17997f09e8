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
 * Calibration runs the model across the range (the same seed for each value), interpolates q
 * linearly between the values run, and reports the value whose q equals the record's win rate (the
 * maximum-likelihood value, when inside the range) and the values the record does not reject at 5%
 * (two-sided binomial test: the interval). It fits the abstraction, not the map: the profiles stand
 * for the map, LOS, movement and everything else the model leaves out (README "The turn model").
 */
import { gammaln } from 'simple-statistics';
import { inputError } from '../errors.js';
import { flatStretches } from './balance.js';
import type { EstimateStats } from '../result.js';

/** A record: wins per side, in the scenario's side order. */
export interface GameRecord {
  readonly sides: readonly [string, string];
  readonly wins: readonly [number, number];
}

/**
 * Most games a record may hold: the exact p-value costs one term per game, and calibration computes
 * some 1,600 of them (about 7 s at this size on one core, 4 ms each). ROAR's most-played scenarios have a few
 * hundred games.
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

/** The calibration (`--calibrate`). */
export interface Calibration {
  readonly path: string;
  readonly integer: boolean;
  /** Per value run: the model's share and the record's p-value there. */
  readonly points: readonly { readonly value: number; readonly modelShare: number; readonly pValue: number; readonly logLikelihood: number }[];
  /** The value reproducing the record best: where the interpolated share equals the record's (else the range end nearest to it); an integer field's best value run. */
  readonly best: number;
  /**
   * When the lever is flat around the best value (the odds change by less than balance.ts
   * `FLAT_STEP` across it): the stretch of values that reproduce the record equally well, else null.
   */
  readonly bestStretch: readonly [number, number] | null;
  /** The values the record does not reject at 5% (interpolated; integer fields: values run), or null when it rejects every value in the range. */
  readonly ci95: readonly [number, number] | null;
}

/** Steps per interval for the interpolated share. */
const FINE = 200;

/**
 * Calibrates a field from runs across its range.
 * @param points by increasing value: each value and its run's victory estimates
 * Never throws on a parsed record.
 */
export function calibrate(path: string, integer: boolean, record: GameRecord, points: readonly { value: number; victory: Readonly<Record<string, EstimateStats>> }[]): Calibration {
  const games = record.wins[0] + record.wins[1];
  const ll = (q: number) => {
    const c = Math.min(Math.max(q, 1e-12), 1 - 1e-12);
    return record.wins[0] * Math.log(c) + record.wins[1] * Math.log(1 - c);
  };
  const rows = points.map((p) => {
    const q = decidedShare(p.victory, record.sides);
    return { value: p.value, modelShare: q, pValue: binomialPValue(record.wins[0], games, q), logLikelihood: ll(q) };
  });
  // Candidates: the values run (integer fields), or a fine interpolation between them.
  const cands: { value: number; q: number }[] = [];
  if (integer) for (const r of rows) cands.push({ value: r.value, q: r.modelShare });
  else {
    for (let i = 0; i + 1 < rows.length; i++) {
      for (let k = 0; k < FINE || (i + 2 === rows.length && k === FINE); k++) {
        const u = k / FINE;
        cands.push({ value: rows[i].value + u * (rows[i + 1].value - rows[i].value), q: rows[i].modelShare + u * (rows[i + 1].modelShare - rows[i].modelShare) });
      }
    }
  }
  let best = cands[0];
  for (const c of cands) if (ll(c.q) > ll(best.q)) best = c;
  const ok = cands.filter((c) => binomialPValue(record.wins[0], games, c.q) >= 0.05).map((c) => c.value);
  // A flat lever: the stretch of values run around the best whose shares differ by less than FLAT_STEP.
  const stretch = flatStretches(rows, (r) => r.modelShare).find((f) => f.from <= best.value && best.value <= f.to);
  return { path, integer, points: rows, best: best.value, bestStretch: stretch ? [stretch.from, stretch.to] : null, ci95: ok.length ? [Math.min(...ok), Math.max(...ok)] : null };
}
