/**
 * Writes a scenario report directory: scenario.txt, scenario.json, one Vega-Lite spec and SVG per
 * chart, and a self-contained index.html (html-report.ts). Every file is written atomically.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { ScenarioResult } from '../scenario/run-scenario.js';
import { atomicWriteAll } from '../io/atomic-write-all.js';
import { buildHtmlReport, type HtmlSection } from './html-report.js';
import { renderSvg } from './render-svg.js';
import { buildELRSpec, buildStrengthFanSpec, buildSweepSpec, buildVictorySpec } from './scenario-charts.js';
import { formatScenarioResult, formatSweep, type SweepRow } from './scenario-text.js';
import type { BalanceResult } from '../scenario/balance.js';
import type { Calibration, RecordCheck } from '../scenario/record.js';
import { buildBalanceSpec, buildGridSpec, buildRecordSpec } from './design-charts.js';
import { formatBalance, formatCalibration, formatGrid, formatRecord, type SweepGrid } from './scenario-design-text.js';

/** The designer's answers of one run (`--balance`, two `--sweep`s, `--record`, `--calibrate`); null when not asked. */
export interface ScenarioDesign {
  readonly grid: SweepGrid | null;
  readonly balance: BalanceResult | null;
  readonly calibration: Calibration | null;
  readonly record: RecordCheck | null;
}

/**
 * Writes the report of `result` (and of a sweep, when given) into `dir`.
 * @returns the paths written
 * @throws AslOddsError `io.write`
 */
export async function writeScenarioReport(
  dir: string,
  result: ScenarioResult,
  command: string,
  sweep?: { path: string; rows: readonly SweepRow[] },
  design?: ScenarioDesign,
): Promise<{ files: string[] }> {
  const charts: [string, string, TopLevelSpec][] = [
    ['victory', 'Victory probabilities with 95% intervals', buildVictorySpec(result)],
    ['strength', 'Good Order squad-equivalents by turn (fan chart)', buildStrengthFanSpec(result)],
    ['elr', 'Mean ELR by turn', buildELRSpec(result)],
  ];
  if (sweep) charts.push(['sweep', `Sensitivity of victory to ${sweep.path}`, buildSweepSpec(sweep.path, sweep.rows)]);
  const sides = Object.keys(result.elrFell) as [string, string];
  if (design?.balance) charts.unshift(['balance', `Balance of ${design.balance.path}`, buildBalanceSpec(design.balance)]);
  if (design?.grid) charts.unshift(['grid', `P(${design.grid.side} wins) by ${design.grid.paths[0]} and ${design.grid.paths[1]}`, buildGridSpec(design.grid, result.version, result.ruleSet)]);
  if (design?.record) charts.unshift(['record', design.calibration ? `Calibration of ${design.calibration.path} to the record` : 'The record under the model', buildRecordSpec(design.record, design.calibration)]);
  const designText = design
    ? [design.grid ? formatGrid(design.grid) : '', design.calibration ? formatCalibration(design.calibration, sides) : '', design.record ? formatRecord(design.record) : '', design.balance ? formatBalance(design.balance) : ''].filter(Boolean).join('\n')
    : '';
  const writes: [string, string][] = [
    ['scenario.txt', formatScenarioResult(result) + (sweep ? '\n' + formatSweep(sweep.path, sweep.rows) : '') + (designText ? '\n' + designText : '')],
    [
      'scenario.json',
      JSON.stringify(
        {
          ...result,
          ...(sweep ? { sweep: { path: sweep.path, rows: sweep.rows.map((r) => ({ value: r.value, victory: r.result.victory, elrFell: r.result.elrFell })) } } : {}),
          ...(design?.balance ? { balance: design.balance } : {}),
          ...(design?.record ? { record: design.record } : {}),
          ...(design?.calibration ? { calibration: design.calibration } : {}),
          ...(design?.grid ? { grid: { paths: design.grid.paths, values: design.grid.values, side: design.grid.side, victory: design.grid.cells.map((row) => row.map((r) => r.victory)) } } : {}),
        },
        null,
        2,
      ) + '\n',
    ],
  ];
  const sections: HtmlSection[] = [];
  for (const [name, title, spec] of charts) {
    writes.push([`scenario-${name}.vl.json`, JSON.stringify(spec, null, 2) + '\n'], [`scenario-${name}.svg`, await renderSvg(spec)]);
    sections.push({ heading: title, blocks: [{ kind: 'chart', chart: { title, spec, svgFile: `scenario-${name}.svg` } }] });
  }
  sections.push({
    heading: 'Per turn',
    blocks: [
      {
        kind: 'table',
        table: {
          caption: 'Mean per side at the end of each turn (Good Order squad-equivalents: median [10th-90th percentile])',
          columns: ['turn', 'side', 'ELR', 'Good Order squads', 'broken', 'Disrupted', 'casualty BPV', 'IC taken', 'IC lost'].map((h, i) => ({ header: h, align: i < 2 ? ('left' as const) : ('right' as const) })),
          rows: result.turns.flatMap((t) =>
            t.sides.map((s) => [
              String(t.turn),
              s.side,
              s.elr.mean.toFixed(2),
              `${s.goodOrderSquads.p50} [${s.goodOrderSquads.p10}-${s.goodOrderSquads.p90}]`,
              s.broken.mean.toFixed(1),
              s.disrupted.mean.toFixed(2),
              s.casualtyBPV.mean.toFixed(1),
              s.integrityChecksTaken.mean.toFixed(2),
              s.integrityChecksLost.mean.toFixed(2),
            ]),
          ),
        },
      },
    ],
  });
  sections.push({ heading: 'What the model abstracts', blocks: result.abstractions.map((text) => ({ kind: 'paragraph' as const, text })) });
  const html = await buildHtmlReport({
    title: result.title,
    meta: [
      ['Command', command],
      ['Method', 'Monte Carlo playthroughs of the turn model'],
      ['Seed', result.seed],
      ['Trials', result.trials.toLocaleString('en-US')],
      ['Rule set', result.ruleSet],
      ['Version', `asl-odds ${result.version}`],
    ],
    sections,
  });
  writes.push(['index.html', html]);
  return atomicWriteAll(dir, writes);
}
