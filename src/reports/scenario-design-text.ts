/**
 * Text of the designer's answers (`scenario --balance`, a two-field `--sweep` grid, `--record`,
 * `--calibrate`): the answer first, then the values run.
 */
import { closestToEven, evenShare, type BalanceResult, type CurvePoint, type EvenShare } from '../scenario/balance.js';
import type { Calibration, CalibrationStep, RecordCheck, ValueSet } from '../scenario/record.js';
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
  /** With `--refine`: the rounds run in full, of the rounds asked (fewer: the cells separated first, or Ctrl-C). */
  readonly refined?: { readonly rounds: number; readonly asked: number };
}

function align(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd());
}

/** A value as shown: integers as they are, others with up to 3 decimals. */
export function formatValue(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Number(v.toFixed(3)));
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
 * values run either side of even and their odds (never an interpolated point between them); the values
 * the noise cannot tell from the one closest to even, with their intervals; which values balance within the tolerance (60/40), or that
 * none does; and the stretches where the lever is flat. Never throws.
 */
export function balanceHeadline(b: BalanceResult): string[] {
  const lines: string[] = [];
  const tol = toleranceName(b.tolerance);
  const nearest = b.points.reduce((m, p) => (Math.abs(p.difference) < Math.abs(m.difference) ? p : m));
  if (b.crossing && b.below && b.above && b.below.value !== b.above.value) {
    // The values run either side of even, never an interpolated point between them (a lever's
    // response is often a staircase; the values between were not run).
    lines.push(`Even lies between ${b.path} = ${formatValue(b.below.value)} (${shortOdds(b.below, b)}) and ${formatValue(b.above.value)} (${shortOdds(b.above, b)})${b.integer ? '' : '; the values between were not run'}`);
  } else if (b.crossing) {
    const at = b.below ?? b.above!;
    lines.push(`Even at ${b.path} = ${formatValue(at.value)} (${shortOdds(at, b)})`);
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
  const ce = b.closestToEven;
  const valueShare = (v: (typeof ce)[number]) => `${formatValue(v.value)}: ${shareText(v)}`;
  if (ce.length === 1) lines.push(`Closest to even (${b.side}'s share of decided games): ${b.path} = ${valueShare(ce[0])}; the noise tells it from every other value run${refineNote(1, b.refined, 'values')}`);
  else lines.push(`Closest to even: ${ce.length} values of ${b.path} the noise cannot tell apart (${b.side}'s share of decided games${refineNote(ce.length, b.refined, 'values')}):`, ...ce.map((v) => `  ${valueShare(v)}`));
  for (const f of b.flat) lines.push(`Flat from ${b.path} = ${formatValue(f.from)} to ${formatValue(f.to)}: the odds do not change across this stretch`);
  return lines;
}

/** The balance: its answer ({@link balanceHeadline}), then the curve. Never throws. */
export function formatBalance(b: BalanceResult): string {
  const lines: string[] = [];
  lines.push(`Balance of ${b.path} (even: ${b.side} wins as often as ${b.other}; same seed for every value):`);
  lines.push(...balanceHeadline(b).map((l) => `  ${l}`));
  lines.push('');
  lines.push(
    ...align([
      [b.path, `P(${b.side} wins)`, `P(${b.other} wins)`, 'difference', 'playthroughs'],
      ...b.points.map((p) => [formatValue(p.value), `${formatPercent(p.side.probability)} ${formatPlusMinus(p.side.ci95)}`, formatPercent(p.other.probability), `${(100 * p.difference).toFixed(1)} pp`, p.trials.toLocaleString('en-US')]),
    ]),
  );
  return lines.join('\n') + '\n';
}

/** A cell of a grid the noise cannot tell from the one closest to even. */
export interface GridCell extends EvenShare {
  readonly i: number;
  readonly j: number;
}

/**
 * The cells of a grid the noise cannot tell from the one closest to even (balance.ts `closestToEven`:
 * the first side's share of decided games nearest 1/2, and every cell whose 95% interval overlaps its
 * interval), row by row. Never throws on a grid with at least one cell.
 */
export function gridClosestToEven(g: SweepGrid): GridCell[] {
  const cells = g.cells.flatMap((row, i) =>
    row.map((run, j) => {
      const other = Object.keys(run.victory).find((k) => k !== g.side && k !== 'neither')!;
      return { i, j, ...evenShare(run.victory, g.side, other, run.trials) };
    }),
  );
  return closestToEven(cells).map((k) => cells[k]);
}

/** A share with its interval and playthroughs: `47.3% (95%: 41.2% to 53.5%, 256 playthroughs)`. */
function shareText(s: EvenShare): string {
  return `${formatPercent(s.share)} (95%: ${formatPercent(s.ci95[0])} to ${formatPercent(s.ci95[1])}, ${s.trials.toLocaleString('en-US')} playthroughs)`;
}

/** What a refinement did, or the offer of one. */
function refineNote(count: number, refined: { readonly rounds: number; readonly asked: number } | undefined, what: string): string {
  if (refined && refined.rounds === 0 && count === 1) return '';
  if (refined) {
    const r = `${refined.rounds} round${refined.rounds === 1 ? '' : 's'} of refinement`;
    return count > 1 ? `; after ${r}, still within the noise: more rounds, or a larger --trials, separate them` : `; after ${r}`;
  }
  return count > 1 ? `; --refine runs more playthroughs on just these ${what}` : '';
}

/**
 * The headline of a grid: every cell the noise cannot tell from the one closest to even, each with its
 * share of decided games and interval. Never throws.
 */
export function gridHeadline(g: SweepGrid): string[] {
  const cs = gridClosestToEven(g);
  const cell = (c: GridCell) => `${g.paths[0]} = ${String(g.values[0][c.i])}, ${g.paths[1]} = ${String(g.values[1][c.j])}: ${shareText(c)}`;
  if (cs.length === 1) return [`Closest to even (${g.side}'s share of decided games): ${cell(cs[0])}; the noise tells it from every other cell${refineNote(1, g.refined, 'cells')}`];
  return [`Closest to even: ${cs.length} cells the noise cannot tell apart (${g.side}'s share of decided games${refineNote(cs.length, g.refined, 'cells')}):`, ...cs.map((c) => `  ${cell(c)}`)];
}

/** The grid of a two-field sweep: the first side's victory odds, rows the first field. Never throws. */
export function formatGrid(g: SweepGrid): string {
  const header = [`${g.paths[0]} \\ ${g.paths[1]}`, ...g.values[1].map(String)];
  const rows = g.values[0].map((a, i) => [String(a), ...g.cells[i].map((r) => `${formatPercent(r.victory[g.side].probability)} ${formatPlusMinus(r.victory[g.side].ci95)}`)]);
  const trials = new Set(g.cells.flat().map((r) => r.trials));
  const more = trials.size > 1 ? [`(playthroughs per cell: ${g.cells.flatMap((row, i) => row.flatMap((r, j) => (r.trials > Math.min(...trials) ? [`${String(g.values[0][i])}, ${String(g.values[1][j])}: ${r.trials.toLocaleString('en-US')}`] : []))).join('; ')} playthroughs; the others ${Math.min(...trials).toLocaleString('en-US')})`] : [];
  return [`P(${g.side} wins) by ${g.paths[0]} (rows) and ${g.paths[1]} (columns), same seed for every cell; ± half-width of the 95% interval:`, ...align([header, ...rows]), ...more].join('\n') + '\n';
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

/** A value or a stretch of values run: `0.5`, `0.5 to 0.688`. */
export function formatValueSet(v: ValueSet): string {
  return typeof v === 'number' ? formatValue(v) : `${formatValue(v.from)} to ${formatValue(v.to)}`;
}

/** A 95% interval of a probability: `95%: 48.2% to 74.2%`. */
function interval(ci: readonly [number, number]): string {
  return `95%: ${formatPercent(ci[0])} to ${formatPercent(ci[1])}`;
}

/** A step of the model's response: `0.5 to 0.688: german 67.6% (95%: 61.6% to 73.0%)`. */
function formatStep(s: CalibrationStep, side: string): string {
  return `${formatValueSet(s.from === s.to ? s.from : s)}: ${side} ${formatPercent(s.modelShare)} (${interval(s.ci95)})`;
}

/**
 * The calibration's answer in two lines, for the top of the output: the values run consistent with the
 * record (or that none is, and the closest), then the model's steps. Never throws.
 */
export function calibrationHeadline(c: Calibration, sides: readonly [string, string], wins: readonly [number, number]): string[] {
  const rec = `the record ${sides[0]} ${wins[0]} - ${sides[1]} ${wins[1]} (${sides[0]} ${formatPercent(c.record.share)} of decided games, ${interval(c.record.ci95)})`;
  const range = `${formatValue(c.points[0].value)}..${formatValue(c.points.at(-1)!.value)}`;
  const first =
    c.consistent.length > 0
      ? `Consistent with ${rec}: ${c.path} = ${c.consistent.map(formatValueSet).join(', ')} (of the values run)`
      : `${c.path} cannot reproduce ${rec} in ${range}: no value run is consistent; closest: ${c.closest.map((s) => formatStep(s, sides[0])).join(' and ')}${c.closest.length === 2 ? ` (values between ${formatValue(c.closest[0].to)} and ${formatValue(c.closest[1].from)} were not run: narrow the range to them)` : ''}`;
  return [first, `The model's steps (${sides[0]}'s share of decided games): ${c.steps.map((s) => formatStep(s, sides[0])).join('; ')}`];
}

/** The calibration: its answer, then every value run. Never throws. */
export function formatCalibration(c: Calibration, sides: readonly [string, string], wins: readonly [number, number]): string {
  const lines = [`Calibration of ${c.path} to the record (same seed for every value; consistent: the model's 95% interval overlaps the record's):`];
  lines.push(...calibrationHeadline(c, sides, wins).map((l) => `  ${l}`));
  lines.push('  Values between two values run were not run: nothing is claimed for them.');
  lines.push('  This fits the abstraction, not the map: a consistent value is a profile that makes the turn model win as often as the record, standing in for everything the model leaves out.');
  lines.push('');
  lines.push(
    ...align([
      [c.path, `model P(${sides[0]} wins | decided)`, '95% interval', 'consistent'],
      ...c.points.map((p) => [formatValue(p.value), formatPercent(p.modelShare), `${formatPercent(p.ci95[0])} to ${formatPercent(p.ci95[1])}`, p.consistent ? 'yes' : 'no']),
    ]),
  );
  return lines.join('\n') + '\n';
}

/**
 * The designer's answers in a few lines each, for the top of the output and of the report's text: the
 * grid's cells closest to even ({@link gridHeadline}), the calibration ({@link calibrationHeadline}),
 * the record against the scenario as written, the balance ({@link balanceHeadline}). Empty when none
 * was asked. Never throws.
 */
export function designHeadline(d: { readonly grid: SweepGrid | null; readonly balance: BalanceResult | null; readonly calibration: Calibration | null; readonly record: RecordCheck | null }, sides: readonly [string, string], recordAsked?: { readonly wins: readonly [number, number] }): string[] {
  const lines: string[] = [];
  if (d.grid) lines.push(...gridHeadline(d.grid));
  if (d.calibration) {
    const rec = recordAsked ?? d.record;
    if (rec) lines.push(...calibrationHeadline(d.calibration, sides, rec.wins));
  }
  if (d.record) lines.push(`Record ${sides[0]} ${d.record.wins[0]} - ${sides[1]} ${d.record.wins[1]} against the scenario as written${d.calibration ? ' (before any fitting)' : ''}: p ${d.record.pValue < 1e-4 ? '' : '= '}${pValue(d.record.pValue)}, ${d.record.rejected ? 'NOT consistent with the model' : 'consistent with the model'}`);
  if (d.balance) lines.push(...balanceHeadline(d.balance));
  return lines;
}
