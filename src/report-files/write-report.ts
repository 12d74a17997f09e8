/**
 * The report of an odds run on disk: the table, JSON, each chart as a vega-lite spec and its SVG, and
 * one self-contained page `index.html`, side by side in one directory.
 *
 * Pipeline: OddsResult (+ chunk snapshots of a Monte Carlo run) -> text table, markdown table, pretty
 * JSON, vega-lite specs (outcome bars with interval whiskers; convergence) -> SVG each, HTML page, all
 * built in memory first -> each written atomically (`atomic-write.ts`). A chart that fails to render
 * never loses the result: its SVG is left out, the page and the text say which chart and why, and the
 * table, JSON and spec are written as usual. A failure while writing leaves every file either complete
 * or untouched.
 *
 * Page order (the answer first): summary, outcome chart, outcome and event tables, each unit and the
 * stack (`attack`), agreement with exact (`--compare-exact`), convergence, resolved input.
 */
import type { ChunkSnapshot } from '../queries/compute-odds.js';
import type { OddsResult } from '../result.js';
import { inputError } from '../errors.js';
import { atomicWriteAll } from '../io/atomic-write-all.js';
import { buildConvergence, buildConvergenceSpec } from '../reports/convergence-chart.js';
import { describeInputLine } from '../reports/describe-input.js';
import { describeMethod, flattenInput } from '../reports/describe-run.js';
import { formatPercent, groupThousands } from '../reports/format-probability.js';
import { buildHtmlReport, type HtmlBlock, type HtmlSection } from './html-report.js';
import { comparisonLine, formatOddsTable, oddsTableModel } from '../reports/odds-table.js';
import { buildOutcomeSpec } from '../reports/outcome-chart.js';
import { buildSquadsAtLeastSpec } from '../reports/at-least-chart.js';
import { renderSvg } from './render-svg.js';
import { buildOddsSummary, summaryFigures } from '../reports/summary.js';
import { stackEventsTable, unitEventsTable } from '../reports/unit-events-table.js';
import { inputKeyWords } from '../reports/glossary.js';
import type { TopLevelSpec } from 'vega-lite';

/** Options of {@link writeOddsReport}; all optional. */
export interface OddsReportOptions {
  /** Base name of the files, without extension; default `result.command`. No `/`, `\` or NUL. */
  readonly name?: string;
  /** The command line (user arguments), shown in index.html; default `asl-odds <command>`. */
  readonly argv?: readonly string[];
  /** Monte Carlo: the per-chunk tallies of the run, for the convergence chart. */
  readonly chunks?: readonly ChunkSnapshot[];
  /** Write `index.html` (default true); false for a report that shares a directory with another. */
  readonly index?: boolean;
}

/** File name of the HTML page of a report directory. */
export const REPORT_INDEX = 'index.html';

/** The files a report consists of, by extension, in the order they are written. */
export const REPORT_EXTENSIONS = ['.txt', '.md', '.json', '.vl.json', '.svg'] as const;

/**
 * Writes the report of an odds result into `dir` (created if missing):
 * - `<name>.txt`: the aligned text odds table;
 * - `<name>.md`: the same as GitHub markdown;
 * - `<name>.json`: the result itself, pretty-printed (2-space indent);
 * - `<name>.vl.json`: the vega-lite spec of the outcome chart (open it in the Vega editor);
 * - `<name>.svg`: the chart rendered headless;
 * - `attack` results with squad rows: `<name>.squads.vl.json` and `.squads.svg` (at least k squads
 *   broken / eliminated);
 * - Monte Carlo runs of at least 2 chunks with `chunks`: `<name>.convergence.vl.json` and
 *   `<name>.convergence.svg` (running estimate and 95% interval against trials);
 * - `index.html` (unless `index: false`): one offline page with the command line, seed, trials, rule
 *   set, version, the tables and every chart (vega and vega-lite inlined; all input text escaped).
 *
 * Existing files of the same names are replaced atomically. Every file ends with a newline.
 * Cost: dominated by the first SVG render (about 150 ms to load vega); index.html is about 800 kB.
 * @param dir output directory, absolute or relative to the working directory
 * @param result an odds result
 * @param options `name` to replace the default base name (`result.command`); `argv`, `chunks`, `index`
 * @returns the written paths: `join(dir, name + ext)` in the order of {@link REPORT_EXTENSIONS}, then
 *   the convergence files, then index.html
 * @throws AslOddsError `input.reportName` (exit 2) when `name` is empty, `.`/`..`, or contains a path
 *   separator or NUL; `io.write` (exit 1) when a file cannot be written (see `writeFileAtomic`)
 * @example await writeOddsReport('reports/example', result) // { files: ['reports/example/mc.txt', ...] }
 */
export async function writeOddsReport(
  dir: string,
  result: OddsResult,
  options: OddsReportOptions = {},
): Promise<{ files: string[] }> {
  const name = options.name ?? result.command;
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) {
    throw inputError(
      'input.reportName',
      `invalid report name ${JSON.stringify(name)}: use a plain file name without / or \\`,
    );
  }
  const spec = buildOutcomeSpec(result);
  const failed: string[] = [];
  const svg = await renderOrNote(spec, `${name}.svg`, failed);
  const contents: Record<(typeof REPORT_EXTENSIONS)[number], string | null> = {
    '.txt': formatOddsTable(result, { format: 'text' }),
    '.md': formatOddsTable(result, { format: 'markdown' }),
    '.json': `${JSON.stringify(result, null, 2)}\n`,
    '.vl.json': `${JSON.stringify(spec, null, 2)}\n`,
    '.svg': svg === null ? null : withNewline(svg),
  };
  const writes: [string, string][] = [];
  for (const ext of REPORT_EXTENSIONS) {
    const text = contents[ext];
    if (text !== null) writes.push([`${name}${ext}`, text]);
  }

  const convergence = buildConvergence(result, options.chunks);
  const convergenceSpec = convergence.kind === 'series' ? buildConvergenceSpec(result, convergence) : null;
  if (convergenceSpec) {
    writes.push([`${name}.convergence.vl.json`, `${JSON.stringify(convergenceSpec, null, 2)}\n`]);
    const csvg = await renderOrNote(convergenceSpec, `${name}.convergence.svg`, failed);
    if (csvg !== null) writes.push([`${name}.convergence.svg`, withNewline(csvg)]);
  }
  const squadsSpec = buildSquadsAtLeastSpec(result);
  let squadsDrawn = false;
  if (squadsSpec) {
    writes.push([`${name}.squads.vl.json`, `${JSON.stringify(squadsSpec, null, 2)}\n`]);
    const ssvg = await renderOrNote(squadsSpec, `${name}.squads.svg`, failed);
    if (ssvg !== null) {
      writes.push([`${name}.squads.svg`, withNewline(ssvg)]);
      squadsDrawn = true;
    }
  }
  if (failed.length > 0) {
    // The text report says which chart is missing (the page says it too).
    const i = writes.findIndex(([f]) => f === `${name}.txt`);
    writes[i] = [writes[i][0], `${writes[i][1]}\n${failed.map((f) => `Chart not drawn: ${f}`).join('\n')}\n`];
  }
  if (options.index ?? true) {
    const summary = buildOddsSummary(result);
    const lead: HtmlSection = {
      heading: 'Summary',
      blocks: [
        { kind: 'paragraph', text: `${summary.question}: ${summary.method}` },
        { kind: 'figures', figures: summaryFigures(summary) },
        ...summary.notes.map((text) => ({ kind: 'paragraph' as const, text: `Note: ${text}` })),
      ],
    };
    const sections: HtmlSection[] = [];
    const chartTitle = 'Final states: probability of each (bars colored by what happened)' + (result.method === 'monte-carlo' ? ', with 95% interval whiskers' : '');
    if (squadsSpec) {
      sections.push({
        heading: 'Squads broken and eliminated',
        blocks: [
          squadsDrawn
            ? { kind: 'chart', chart: { title: 'Squads broken (not broken before) and eliminated: the chance of at least k of them', spec: squadsSpec, svgFile: `${name}.squads.svg` } }
            : { kind: 'paragraph', text: `The squads chart could not be drawn (${failedReason(failed, `${name}.squads.svg`)}).` },
        ],
      });
    }
    const blocks: HtmlBlock[] = [result.outcomes.length === 0 ? { kind: 'paragraph', text: 'The final stacks were not listed (the figures above need no joint distribution; --outcomes lists them).' } : failed.includes(`${name}.svg`) ? { kind: 'paragraph', text: `The outcome chart could not be drawn (${failedReason(failed, `${name}.svg`)}); the tables below have every figure.` } : { kind: 'chart', chart: { title: chartTitle, spec, svgFile: `${name}.svg` } }];
    const tables = oddsTableModel(result);
    if (result.outcomes.length > 0) blocks.push({ kind: 'table', table: { caption: 'Final states', ...tables.outcomes } });
    if (tables.events.rows.length > 0) blocks.push({ kind: 'table', table: { caption: 'Events (at least once in the chain)', ...tables.events } });
    sections.push({ heading: 'Outcomes', blocks });
    const units = unitEventsTable(result);
    const stack = stackEventsTable(result);
    if ((units && units.rows.length > 0) || stack) {
      const ublocks: HtmlBlock[] = [];
      if (stack) ublocks.push({ kind: 'table', table: { caption: 'The stack', ...stack } });
      if (units && units.rows.length > 0) ublocks.push({ kind: 'table', table: { caption: 'Each unit (by position, event at least once)', ...units } });
      sections.push({ heading: stack ? 'Each unit and the stack' : 'Each unit', blocks: ublocks });
    }
    const agreement = comparisonLine(result);
    if (agreement !== null && result.comparison) {
      sections.push({
        heading: 'Agreement with exact',
        blocks: [
          { kind: 'paragraph', text: agreement },
          {
            kind: 'table',
            table: {
              caption: 'Each figure: exact value, Monte Carlo estimate, z-score (only where trials x p >= 5 both ways)',
              columns: [{ header: 'Figure', align: 'left' }, { header: 'Exact', align: 'right' }, { header: 'Estimate', align: 'right' }, { header: 'z', align: 'right' }],
              rows: result.comparison.figures.map((f) => [f.name, formatPercent(f.exact), formatPercent(f.estimate), f.normalApproximation ? f.z.toFixed(2) : '(too rare)']),
            },
          },
        ],
      });
    }
    if (result.method === 'monte-carlo') {
      sections.push({
        heading: 'Convergence',
        blocks: convergenceSpec
          ? [{ kind: 'chart', chart: { title: 'Running estimate of the most likely final states against trials; band: 95% Wilson interval', spec: convergenceSpec, svgFile: `${name}.convergence.svg` } }]
          : [{ kind: 'paragraph', text: `No convergence chart: ${convergence.kind === 'none' ? convergence.reason : ''}.` }],
      });
    }
    const inputRows = playerInputRows(result.input);
    if (inputRows.length > 0) {
      sections.push({
        heading: 'Resolved input',
        blocks: [{ kind: 'table', table: { caption: 'Every input value, defaults filled in', columns: [{ header: 'Input', align: 'left' }, { header: 'Value', align: 'left' }], rows: inputRows } }],
      });
    }
    const html = await buildHtmlReport({ title: `asl-odds ${result.command}`, lead, meta: oddsMeta(result, options.argv), sections });
    writes.push([REPORT_INDEX, html]);
  }

  return atomicWriteAll(dir, writes);
}

/**
 * Renders a chart to SVG, or records `file: reason` in `failed` and returns null: a chart that cannot
 * be drawn never loses the result.
 */
export async function renderOrNote(spec: TopLevelSpec, file: string, failed: string[]): Promise<string | null> {
  try {
    return await renderSvg(spec);
  } catch (e) {
    failed.push(file);
    failureReasons.set(file, (e as Error)?.message ?? String(e));
    return null;
  }
}

const failureReasons = new Map<string, string>();

function failedReason(failed: readonly string[], file: string): string {
  return failed.includes(file) ? (failureReasons.get(file) ?? 'unknown error') : '';
}

/**
 * The resolved input as rows for players: keys in words (`unit ID`, `route MF`), provenance fields
 * (`source`: references to the project's notes) left out, confidence kept.
 */
export function playerInputRows(input: Readonly<Record<string, unknown>>): [string, string][] {
  return flattenInput(input)
    .filter(([path]) => !/(^|\.)source$/.test(path))
    .map(([path, value]) => [path.split('.').map(inputKeyWords).join(' · '), value]);
}

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** Quotes an argument for a POSIX shell when it needs it (for display only). */
export function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_./:=,+@%^-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The metadata rows of an odds result's page: command, method, seed, trials, rule set, version, input. */
function oddsMeta(result: OddsResult, argv: readonly string[] | undefined): [string, string][] {
  const command = argv && argv.length > 0 ? `asl-odds ${argv.map(shellQuote).join(' ')}` : `asl-odds ${result.command}`;
  const meta: [string, string][] = [
    ['Command', command],
    ['Method', describeMethod(result)],
    ['Seed', result.seed ?? '- (exact)'],
    ['Trials', result.trials === null ? '- (exact: every dice path)' : groupThousands(result.trials) + (result.trialsRequested !== undefined ? ` of ${groupThousands(result.trialsRequested)} requested (interrupted)` : '')],
    ['Rule set', result.ruleSet],
    ['Version', `asl-odds ${result.version}`],
  ];
  const input = describeInputLine(result);
  if (input !== '') meta.push(['Input', input]);
  if (result.comparison) {
    meta.push(['Agreement with exact', `max |z| ${result.comparison.maxAbsZ.toFixed(2)}, chi-squared p-value ${result.comparison.chiSquared.pValue.toFixed(3)}`]);
  }
  return meta;
}
