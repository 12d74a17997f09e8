/**
 * Writes a scenario report directory: scenario.txt, scenario.json, one Vega-Lite spec and SVG per
 * chart, and a self-contained index.html (html-report.ts). Every file is written atomically. The page
 * opens with the answer (who wins, how sure); with a sweep, the table and chart of every value come
 * first and every other figure names the value it is for. A chart that fails to render is noted, never
 * fatal.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { ScenarioResult } from '../scenario/run-scenario.js';
import { atomicWriteAll } from '../io/atomic-write-all.js';
import type { BalanceResult } from '../scenario/balance.js';
import type { Calibration, RecordCheck } from '../scenario/record.js';
import { buildBalanceSpec, buildGridSpec, buildRecordSpec } from '../reports/design-charts.js';
import { designHeadline, formatBalance, formatCalibration, formatGrid, formatRecord, type SweepGrid } from '../reports/scenario-design-text.js';
import { buildHtmlReport, type HtmlSection } from './html-report.js';
import { formatPercent, formatPlusMinus } from '../reports/format-probability.js';
import { buildScenarioSummary, summaryFigures } from '../reports/summary.js';
import { renderOrNote } from './write-report.js';
import { buildELRSpec, buildStrengthFanSpec, buildSweepSpec, buildVictorySpec } from '../reports/scenario-charts.js';
import { formatScenarioResult, formatSweep, type SweepRow } from '../reports/scenario-text.js';

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
  // With a sweep, every figure below the sweep table is for the first value: say so wherever it shows.
  const value = sweep ? { path: sweep.path, value: sweep.rows[0].value } : undefined;
  const forValue = value ? ` (${value.path} = ${String(value.value)})` : '';
  const charts: [string, string, TopLevelSpec][] = [];
  if (sweep) charts.push(['sweep', `Victory for each value of ${sweep.path} (same seed), with 95% intervals`, buildSweepSpec(sweep.path, sweep.rows)]);
  charts.push(
    ['victory', `Victory probabilities with 95% intervals${forValue}`, buildVictorySpec(result, value)],
    ['strength', `Good Order squad-equivalents by turn, one panel per side${forValue}`, buildStrengthFanSpec(result, value)],
    ['elr', `Mean ELR by turn${forValue}`, buildELRSpec(result, value)],
  );
  const sides = Object.keys(result.elrFell) as [string, string];
  // The designer's answers come first: they are the question such a run asks.
  if (design?.balance) charts.unshift(['balance', `Balance of ${design.balance.path}`, buildBalanceSpec(design.balance)]);
  if (design?.grid) charts.unshift(['grid', `P(${design.grid.side} wins) by ${design.grid.paths[0]} and ${design.grid.paths[1]}`, buildGridSpec(design.grid, result.version, result.ruleSet)]);
  if (design?.record) charts.unshift(['record', design.calibration ? `Calibration of ${design.calibration.path} to the record` : 'The record under the model', buildRecordSpec(design.record, design.calibration)]);
  const headline = design ? designHeadline(design, sides) : [];
  const designText = design
    ? [design.calibration && design.record ? formatCalibration(design.calibration, sides, design.record.wins) : '', design.record ? formatRecord(design.record, design.calibration ? 'the scenario as written (before any fitting)' : 'the model') : '', design.balance ? formatBalance(design.balance) : ''].filter(Boolean).join('\n')
    : '';
  // The answer first: the designer's answers, the grid's table, then the summary of the run shown.
  const text =
    (headline.length ? headline.join('\n') + '\n\n' : '') +
    (design?.grid ? formatGrid(design.grid) + '\n' : '') +
    (sweep ? `${formatSweep(sweep.path, sweep.rows)}\n${formatScenarioResult(result, value)}` : formatScenarioResult(result)) +
    (designText ? '\n' + designText : '');
  const writes: [string, string][] = [
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
  const failed: string[] = [];
  if (sweep) {
    const sides = Object.keys(sweep.rows[0].result.victory);
    sections.push({
      heading: `Each value of ${sweep.path}`,
      blocks: [
        {
          kind: 'table',
          table: {
            caption: `Who wins for each value (${sweep.rows[0].result.trials.toLocaleString('en-US')} playthroughs each, same seed; ± half-width of the 95% interval)`,
            columns: [{ header: sweep.path, align: 'left' }, ...sides.map((sd) => ({ header: sd === 'neither' ? 'neither side' : `${sd} wins`, align: 'right' as const })), ...sides.filter((sd) => sd !== 'neither').map((sd) => ({ header: `${sd} ELR falls`, align: 'right' as const }))],
            rows: sweep.rows.map((row) => [
              String(row.value),
              ...sides.map((sd) => `${formatPercent(row.result.victory[sd].probability)} ${formatPlusMinus(row.result.victory[sd].ci95)}`),
              ...sides.filter((sd) => sd !== 'neither').map((sd) => formatPercent(row.result.elrFell[sd].probability)),
            ]),
          },
        },
      ],
    });
  }
  for (const [name, title, spec] of charts) {
    writes.push([`scenario-${name}.vl.json`, JSON.stringify(spec, null, 2) + '\n']);
    const svg = await renderOrNote(spec, `scenario-${name}.svg`, failed);
    if (svg !== null) writes.push([`scenario-${name}.svg`, svg]);
    const block: HtmlSection['blocks'][number] = svg !== null ? { kind: 'chart', chart: { title, spec, svgFile: `scenario-${name}.svg` } } : { kind: 'paragraph', text: `This chart could not be drawn; the tables have its figures.` };
    if (name === 'sweep') sections[0] = { ...sections[0], blocks: [...sections[0].blocks, block] };
    else sections.push({ heading: title, blocks: [block] });
  }
  writes.unshift(['scenario.txt', text + (failed.length > 0 ? `\n${failed.map((f) => `Chart not drawn: ${f}`).join('\n')}\n` : '')]);
  sections.push({
    heading: `Per turn${forValue}`,
    blocks: [
      {
        kind: 'table',
        table: {
          caption: `Mean per side at the end of each turn (Good Order squad-equivalents: median [10th-90th percentile])${forValue}`,
          columns: ['turn', 'side', 'ELR', 'Good Order squads', 'broken', 'Disrupted', 'casualty BPV', 'Integrity Checks taken', 'Integrity Checks lost'].map((h, i) => ({ header: h, align: i < 2 ? ('left' as const) : ('right' as const) })),
          rows: result.turns.flatMap((t) =>
            t.sides.map((sd) => [
              String(t.turn),
              sd.side,
              sd.elr.mean.toFixed(2),
              `${sd.goodOrderSquads.p50} [${sd.goodOrderSquads.p10}-${sd.goodOrderSquads.p90}]`,
              sd.broken.mean.toFixed(1),
              sd.disrupted.mean.toFixed(2),
              sd.casualtyBPV.mean.toFixed(1),
              sd.integrityChecksTaken.mean.toFixed(2),
              sd.integrityChecksLost.mean.toFixed(2),
            ]),
          ),
        },
      },
    ],
  });
  sections.push({ heading: 'What the model abstracts', blocks: result.abstractions.map((t) => ({ kind: 'paragraph' as const, text: t })) });
  const summary = buildScenarioSummary(result, value);
  const html = await buildHtmlReport({
    title: result.title,
    lead: {
      heading: 'Summary',
      blocks: [
        // What the designer asked (calibrated to what, the balance, the grid's cell nearest even) before the run's figures.
        ...headline.map((t) => ({ kind: 'paragraph' as const, text: t })),
        { kind: 'paragraph', text: `${summary.question}: ${summary.method}` },
        { kind: 'figures', figures: summaryFigures(summary) },
        ...summary.notes.map((t) => ({ kind: 'paragraph' as const, text: `Note: ${t}` })),
        ...(sweep ? [{ kind: 'paragraph' as const, text: `These figures are for ${sweep.path} = ${String(sweep.rows[0].value)}; the table "Each value of ${sweep.path}" below has every value.` }] : []),
      ],
    },
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
