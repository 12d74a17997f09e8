/**
 * Text of the designer's answers (`scenario --balance`, a two-field `--sweep` grid, `--record`,
 * `--calibrate`): the answer first, then the values run.
 */
import type { BalanceResult, CurvePoint } from '../scenario/balance.js';
import type { Calibration, RecordCheck } from '../scenario/record.js';
import type { ScenarioResult } from '../scenario/run-scenario.js';
import { formatPercent, formatPlusMinus } from './format-probability.js';

/** A two-field sweep: one run per (a, b) pair. */
export interface SweepGrid {
  readonly paths: readonly [string, string];
  readonly values: readonly [readonly (number | boolean)[], readonly (number | boolean)[]];
  /** cells[i][j]: the run at values[0][i], values[1][j]. */
  readonly cells: readonly (readonly ScenarioResult[])[];
  /** The side whose victory odds are shown (the first side). */
  readonly side: string;
}

function align(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd());
}

/** A value as shown: integers as they are, others with up to 3 decimals. */
export function formatValue(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Number(v.toFixed(3)));
}

function odds(p: CurvePoint, b: BalanceResult): string {
  return `${b.side} ${formatPercent(p.side.probability)} ${formatPlusMinus(p.side.ci95)}, ${b.other} ${formatPercent(p.other.probability)}`;
}

/** A tolerance as designers say it: 0.1 -> "60/40". */
function toleranceName(t: number): string {
  return `${Math.round(100 * (0.5 + t))}/${Math.round(100 * (0.5 - t))}`;
}

/** A value run's odds in short: `German 57.4%, Russian 42.6%`. */
function shortOdds(p: CurvePoint, b: BalanceResult): string {
  return `${b.side} ${formatPercent(p.side.probability)}, ${b.other} ${formatPercent(p.other.probability)}`;
}

/**
 * The balance's answer in a few lines, for the top of the output: for a whole-number lever the legal
 * values either side of even and their odds (the crossing only as "between 0 and 1"); for a fractional
 * one the crossing and its interval; then which values balance within the tolerance (60/40), or that
 * none does; and the stretches where the lever is flat. Never throws.
 */
export function balanceHeadline(b: BalanceResult): string[] {
  const lines: string[] = [];
  const tol = toleranceName(b.tolerance);
  const nearest = b.points.reduce((m, p) => (Math.abs(p.difference) < Math.abs(m.difference) ? p : m));
  if (b.crossing && b.integer && b.below && b.above && b.below.value !== b.above.value) {
    lines.push(`Closest to even: ${b.path} = ${formatValue(b.below.value)} (${shortOdds(b.below, b)}) or ${formatValue(b.above.value)} (${shortOdds(b.above, b)}); even lies between ${formatValue(b.below.value)} and ${formatValue(b.above.value)}`);
  } else if (b.crossing) {
    lines.push(`Even at ${b.path} = ${formatValue(b.crossing.value)} (95%: ${formatValue(b.crossing.ci95[0])} to ${formatValue(b.crossing.ci95[1])})`);
  } else {
    // Never even: flat at the end nearest to even means a wider range will not help.
    const end = nearest.value === b.points[0].value || nearest.value === b.points.at(-1)!.value;
    const flatEnd = b.flat.find((f) => f.from <= nearest.value && nearest.value <= f.to);
    const way = flatEnd && end ? `the odds are flat from ${formatValue(flatEnd.from)} to ${formatValue(flatEnd.to)}, so a wider range will not help` : 'widen the range';
    lines.push(`Never even for ${b.path} in ${formatValue(b.points[0].value)}..${formatValue(b.points.at(-1)!.value)}: ${b.favoured} is favoured throughout; nearest to even at ${formatValue(nearest.value)} (${shortOdds(nearest, b)}); ${way}`);
  }
  const what = b.integer ? 'legal value' : 'value run';
  if (b.withinTolerance.length > 0) {
    lines.push(`Balanced within ${tol} (${b.side} wins ${formatPercent(0.5 - b.tolerance)} to ${formatPercent(0.5 + b.tolerance)} of decided games) at ${b.path} = ${b.withinTolerance.map(formatValue).join(', ')}`);
  } else {
    const share = nearest.side.probability / Math.max(1e-12, nearest.side.probability + nearest.other.probability);
    lines.push(`No ${what} of ${b.path} balances within ${tol}; the nearest, ${formatValue(nearest.value)}, gives ${b.side} ${formatPercent(share)} of decided games`);
  }
  for (const f of b.flat) lines.push(`Flat from ${b.path} = ${formatValue(f.from)} to ${formatValue(f.to)}: the odds do not change across this stretch`);
  return lines;
}

/** The balance: its answer ({@link balanceHeadline}), the crossing's interval, then the curve. Never throws. */
export function formatBalance(b: BalanceResult): string {
  const lines: string[] = [];
  lines.push(`Balance of ${b.path} (even: ${b.side} wins as often as ${b.other}; same seed for every value):`);
  lines.push(...balanceHeadline(b).map((l) => `  ${l}`));
  if (b.crossing && b.integer) {
    const [lo, hi] = b.crossing.ci95;
    lines.push(`  (interpolated between the values run, even would fall at ${formatValue(b.crossing.value)}, 95%: ${formatValue(lo)} to ${formatValue(hi)}; not a legal value)`);
  }
  if (b.crossing) {
    if (b.below && !b.integer) lines.push(`  value run below: ${formatValue(b.below.value)}  ${odds(b.below, b)}`);
    if (b.above && !b.integer) lines.push(`  value run above: ${formatValue(b.above.value)}  ${odds(b.above, b)}`);
  }
  lines.push('');
  lines.push(
    ...align([
      [b.path, `P(${b.side} wins)`, `P(${b.other} wins)`, 'difference', 'playthroughs'],
      ...b.points.map((p) => [formatValue(p.value), `${formatPercent(p.side.probability)} ${formatPlusMinus(p.side.ci95)}`, formatPercent(p.other.probability), `${(100 * p.difference).toFixed(1)} pp`, p.trials.toLocaleString('en-US')]),
    ]),
  );
  return lines.join('\n') + '\n';
}

/**
 * The cell of a grid closest to even: the first side's share of decided games nearest 1/2.
 * @returns its row and column and the run
 * Never throws on a grid with at least one cell.
 */
export function gridClosestToEven(g: SweepGrid): { i: number; j: number; run: ScenarioResult } {
  let best = { i: 0, j: 0, run: g.cells[0][0], d: Infinity };
  g.cells.forEach((row, i) =>
    row.forEach((run, j) => {
      const other = Object.keys(run.victory).find((k) => k !== g.side && k !== 'neither')!;
      const a = run.victory[g.side].probability;
      const decided = a + run.victory[other].probability;
      const d = Math.abs((decided > 0 ? a / decided : 0.5) - 0.5);
      if (d < best.d) best = { i, j, run, d };
    }),
  );
  return best;
}

/** The headline of a grid: the cell closest to even and its odds. Never throws. */
export function gridHeadline(g: SweepGrid): string {
  const c = gridClosestToEven(g);
  const v = c.run.victory[g.side];
  return `Closest to even: ${g.paths[0]} = ${String(g.values[0][c.i])}, ${g.paths[1]} = ${String(g.values[1][c.j])} (${g.side} ${formatPercent(v.probability)} ${formatPlusMinus(v.ci95)})`;
}

/** The grid of a two-field sweep: the first side's victory odds, rows the first field. Never throws. */
export function formatGrid(g: SweepGrid): string {
  const header = [`${g.paths[0]} \\ ${g.paths[1]}`, ...g.values[1].map(String)];
  const rows = g.values[0].map((a, i) => [String(a), ...g.cells[i].map((r) => `${formatPercent(r.victory[g.side].probability)} ${formatPlusMinus(r.victory[g.side].ci95)}`)]);
  return [`P(${g.side} wins) by ${g.paths[0]} (rows) and ${g.paths[1]} (columns), same seed for every cell; ± half-width of the 95% interval:`, ...align([header, ...rows])].join('\n') + '\n';
}

const pValue = (p: number) => (p < 1e-4 ? '< 0.0001' : p.toPrecision(2));

/** The record against the model. Never throws. */
export function formatRecord(r: RecordCheck, what = 'the model'): string {
  return [
    `Record ${r.sides[0]} ${r.wins[0]} - ${r.sides[1]} ${r.wins[1]} (${r.games} decided games) against ${what}:`,
    `  ${r.sides[0]} won ${formatPercent(r.observedShare)} of decided games; the model: ${formatPercent(r.modelShare)}`,
    `  two-sided binomial p-value ${pValue(r.pValue)}: ${r.rejected ? 'the record is NOT consistent with the model (p < 0.05)' : 'consistent with the model (p >= 0.05)'}`,
    '  The model abstracts the map, LOS, movement and Close Combat into fire and rout profiles: a record it rejects says the profiles do not describe how the scenario is played, not that the dice are wrong.',
  ].join('\n') + '\n';
}

/** The calibration. Never throws. */
export function formatCalibration(c: Calibration, sides: readonly [string, string]): string {
  const lines = [`Calibration of ${c.path} to the record (same seed for every value):`];
  const best = c.bestStretch ? `the odds are flat from ${formatValue(c.bestStretch[0])} to ${formatValue(c.bestStretch[1])}: every value in that stretch fits equally well (${formatValue(c.best)} is used)` : `best value ${formatValue(c.best)}${c.integer ? '' : ' (odds interpolated between the values run)'}`;
  lines.push(`  ${best}; values the record does not reject (95%): ${c.ci95 ? `${formatValue(c.ci95[0])} to ${formatValue(c.ci95[1])}` : 'none in the range (widen it, or the model cannot reproduce the record with this field)'}`);
  lines.push('  This fits the abstraction, not the map: the value is the profile that makes the turn model win as often as the record, standing in for everything the model leaves out.');
  lines.push('');
  lines.push(
    ...align([
      [c.path, `model P(${sides[0]} wins | decided)`, 'p-value of the record'],
      ...c.points.map((p) => [formatValue(p.value), formatPercent(p.modelShare), pValue(p.pValue)]),
    ]),
  );
  return lines.join('\n') + '\n';
}

/**
 * The designer's answers in one line each, for the top of the output and of the report's text: the
 * grid's cell closest to even, the calibration (the scenario below is the calibrated one, and to what
 * record), the record, the balance ({@link balanceHeadline}). Empty when none was asked. Never throws.
 */
export function designHeadline(d: { readonly grid: SweepGrid | null; readonly balance: BalanceResult | null; readonly calibration: Calibration | null; readonly record: RecordCheck | null }, sides: readonly [string, string], recordAsked?: { readonly wins: readonly [number, number] }): string[] {
  const lines: string[] = [];
  if (d.grid) lines.push(gridHeadline(d.grid));
  if (d.calibration) {
    const c = d.calibration;
    const interval = c.ci95 ? ` (95%: ${formatValue(c.ci95[0])} to ${formatValue(c.ci95[1])})` : ' (the record rejects every value in the range)';
    const flat = c.bestStretch ? `; flat from ${formatValue(c.bestStretch[0])} to ${formatValue(c.bestStretch[1])}, every value there fits equally well` : '';
    const rec = recordAsked ?? d.record;
    const to = rec ? ` to the record ${sides[0]} ${rec.wins[0]} - ${sides[1]} ${rec.wins[1]}` : '';
    lines.push(`Calibrated${to}: ${c.path} = ${formatValue(c.best)}${interval}${flat}; the figures below are of the calibrated scenario`);
  }
  if (d.record) lines.push(`Record ${sides[0]} ${d.record.wins[0]} - ${sides[1]} ${d.record.wins[1]}: p = ${pValue(d.record.pValue)}, ${d.record.rejected ? 'NOT consistent with the model' : 'consistent with the model'}`);
  if (d.balance) lines.push(...balanceHeadline(d.balance));
  return lines;
}
