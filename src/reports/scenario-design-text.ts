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

/** The balance: the crossing, its interval, the bracketing values, then the curve. Never throws. */
export function formatBalance(b: BalanceResult): string {
  const lines: string[] = [];
  lines.push(`Balance of ${b.path} (even: ${b.side} wins as often as ${b.other}; same seed for every value):`);
  if (b.crossing) {
    const [lo, hi] = b.crossing.ci95;
    lines.push(`  even at ${b.path} = ${formatValue(b.crossing.value)} (95%: ${formatValue(lo)} to ${formatValue(hi)})`);
    if (b.below) lines.push(`  ${b.integer ? 'legal value' : 'value run'} below: ${formatValue(b.below.value)}  ${odds(b.below, b)}`);
    if (b.above) lines.push(`  ${b.integer ? 'legal value' : 'value run'} above: ${formatValue(b.above.value)}  ${odds(b.above, b)}`);
  } else {
    const n = (b.below ?? b.above)!;
    lines.push(`  never even in ${formatValue(b.points[0].value)}..${formatValue(b.points.at(-1)!.value)}: ${b.favoured} is favoured throughout; nearest to even at ${formatValue(n.value)} (${odds(n, b)}); widen the range`);
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

/** The grid of a two-field sweep: the first side's victory odds, rows the first field. Never throws. */
export function formatGrid(g: SweepGrid): string {
  const header = [`${g.paths[0]} \\ ${g.paths[1]}`, ...g.values[1].map(String)];
  const rows = g.values[0].map((a, i) => [String(a), ...g.cells[i].map((r) => formatPercent(r.victory[g.side].probability))]);
  return [`P(${g.side} wins) by ${g.paths[0]} (rows) and ${g.paths[1]} (columns), same seed for every cell:`, ...align([header, ...rows])].join('\n') + '\n';
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
  lines.push(`  best value ${formatValue(c.best)}${c.integer ? '' : ' (odds interpolated between the values run)'}; values the record does not reject (95%): ${c.ci95 ? `${formatValue(c.ci95[0])} to ${formatValue(c.ci95[1])}` : 'none in the range (widen it, or the model cannot reproduce the record with this field)'}`);
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
