/**
 * The readable summary of a scenario run (and of a sweep): who wins how often, ELR losses, when sides
 * crack, and per turn the Good Order strength, ELR and losses of each side.
 */
import type { ScenarioResult } from '../scenario/run-scenario.js';
import { formatPercent, formatPlusMinus } from './format-probability.js';
import { buildScenarioSummary, formatSummaryText } from './summary.js';

/** One line per value of a sweep. */
export interface SweepRow {
  readonly value: number | boolean;
  readonly result: ScenarioResult;
}

function align(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd());
}

const f1 = (x: number) => x.toFixed(1);

/**
 * Text summary of a scenario result: the answer first (who wins, how sure; buildScenarioSummary), then
 * the run line, ELR losses, when sides crack and the per-turn table.
 * @param value with `--sweep`: the value this result is for, named on the first line and the run line
 * Never throws.
 */
export function formatScenarioResult(r: ScenarioResult, value?: { path: string; value: number | boolean }): string {
  const sides = Object.keys(r.elrFell);
  const lines: string[] = [formatSummaryText(buildScenarioSummary(r, value)).trimEnd(), ''];
  if (value) lines.push(`Details below: ${value.path} = ${String(value.value)}`);
  lines.push(`asl-odds scenario · ${r.title} · rule set ${r.ruleSet} · Monte Carlo, ${r.trials.toLocaleString('en-US')} playthroughs, seed ${r.seed} · v${r.version}`);
  if (r.interrupted) lines.push(`INTERRUPTED: ${r.trials} of ${r.trialsRequested} playthroughs`);
  if (r.precision) {
    const pp = (x: number) => `${(100 * x).toFixed(2)} pp`;
    lines.push(
      r.precision.reached
        ? `Precision: every victory probability within +-${pp(r.precision.halfWidth)} (95%) after ${r.trials.toLocaleString('en-US')} playthroughs (largest half-width ${pp(r.precision.largestHalfWidth)})`
        : `Precision NOT reached: largest half-width ${pp(r.precision.largestHalfWidth)} > ${pp(r.precision.halfWidth)} after ${r.trials.toLocaleString('en-US')} playthroughs (the most allowed; raise --trials)`,
    );
  }
  lines.push('');
  lines.push(
    ...align([
      ['Victory', 'Probability', '95% CI'],
      ...Object.entries(r.victory).map(([k, v]) => [k === 'neither' ? 'neither side' : k, formatPercent(v.probability), formatPlusMinus(v.ci95)]),
    ]),
  );
  lines.push('');
  lines.push(...align([['ELR fell by 1 or more', 'Probability', '95% CI'], ...sides.map((s) => [s, formatPercent(r.elrFell[s].probability), formatPlusMinus(r.elrFell[s].ci95)])]));
  lines.push('');
  const turns = r.turns.length;
  lines.push('Cracked (half its starting Good Order squad-equivalents or fewer) at the end of turn:');
  lines.push(
    ...align([
      ['side', ...Array.from({ length: turns }, (_, t) => String(t + 1)), 'never'],
      ...sides.map((s) => [s, ...Array.from({ length: turns }, (_, t) => formatPercent(r.crackTurn[s][String(t + 1)])), formatPercent(r.crackTurn[s].never)]),
    ]),
  );
  lines.push('');
  lines.push('Per turn (mean; Good Order squad-equivalents as median [10th-90th percentile]):');
  const rows: string[][] = [['turn', 'side', 'ELR', 'Good Order squads', 'broken', 'Disrupted', 'casualty BPV', 'IC taken', 'IC lost']];
  for (const t of r.turns) {
    for (const s of t.sides) {
      rows.push([
        String(t.turn),
        s.side,
        f1(s.elr.mean),
        `${f1(s.goodOrderSquads.p50)} [${f1(s.goodOrderSquads.p10)}-${f1(s.goodOrderSquads.p90)}]`,
        f1(s.broken.mean),
        f1(s.disrupted.mean),
        f1(s.casualtyBPV.mean),
        f1(s.integrityChecksTaken.mean),
        f1(s.integrityChecksLost.mean),
      ]);
    }
  }
  lines.push(...align(rows));
  lines.push('');
  lines.push('Abstractions:');
  for (const a of r.abstractions) lines.push(`- ${a}`);
  return lines.join('\n') + '\n';
}

/**
 * The sensitivity table of a sweep: victory per value, one row per value. Never throws.
 */
export function formatSweep(path: string, rows: readonly SweepRow[]): string {
  const sides = Object.keys(rows[0].result.victory);
  const table = [
    [path, ...sides.map((s) => `P(${s === 'neither' ? 'neither' : s + ' wins'})`), ...sides.filter((s) => s !== 'neither').map((s) => `P(${s} ELR falls)`)],
    ...rows.map((row) => [
      String(row.value),
      ...sides.map((s) => `${formatPercent(row.result.victory[s].probability)} ${formatPlusMinus(row.result.victory[s].ci95)}`),
      ...sides.filter((s) => s !== 'neither').map((s) => formatPercent(row.result.elrFell[s].probability)),
    ]),
  ];
  const title = rows[0].result.title;
  return [`${title}: who wins for each value of ${path} (Monte Carlo, ${rows[0].result.trials.toLocaleString('en-US')} playthroughs each, same seed; ± 95% interval)`, ...align(table)].join('\n') + '\n';
}
