/**
 * The report of an odds run on disk: the table, JSON, each chart as a vega-lite spec and its SVG, and
 * one self-contained page `index.html`, side by side in one directory.
 *
 * Pipeline: OddsResult (+ chunk snapshots of a Monte Carlo run) -> text table, markdown table, pretty
 * JSON, vega-lite specs (outcome bars with interval whiskers; convergence) -> SVG each, HTML page, all
 * built in memory first -> each written atomically (`atomic-write.ts`). A failure while building
 * (e.g. in rendering) writes nothing; a failure while writing leaves every file either complete or
 * untouched.
 */
import type { ChunkSnapshot } from '../queries/compute-odds.js';
import type { OddsResult } from '../result.js';
import { inputError } from '../errors.js';
import { atomicWriteAll } from '../io/atomic-write-all.js';
import { buildConvergence, buildConvergenceSpec } from './convergence-chart.js';
import { describeInputLine } from './describe-input.js';
import { describeMethod, flattenInput } from './describe-run.js';
import { groupThousands } from './format-probability.js';
import { buildHtmlReport, type HtmlBlock, type HtmlSection } from './html-report.js';
import { formatOddsTable, oddsTableModel } from './odds-table.js';
import { buildOutcomeSpec } from './outcome-chart.js';
import { renderSvg } from './render-svg.js';
import { stackEventsTable, unitEventsTable } from './unit-events-table.js';

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
  const svg = await renderSvg(spec);
  const contents: Record<(typeof REPORT_EXTENSIONS)[number], string> = {
    '.txt': formatOddsTable(result, { format: 'text' }),
    '.md': formatOddsTable(result, { format: 'markdown' }),
    '.json': `${JSON.stringify(result, null, 2)}\n`,
    '.vl.json': `${JSON.stringify(spec, null, 2)}\n`,
    '.svg': withNewline(svg),
  };
  const writes: [string, string][] = REPORT_EXTENSIONS.map((ext) => [`${name}${ext}`, contents[ext]]);

  const convergence = buildConvergence(result, options.chunks);
  const convergenceSpec = convergence.kind === 'series' ? buildConvergenceSpec(result, convergence) : null;
  if (convergenceSpec) {
    writes.push([`${name}.convergence.vl.json`, `${JSON.stringify(convergenceSpec, null, 2)}\n`]);
    writes.push([`${name}.convergence.svg`, withNewline(await renderSvg(convergenceSpec))]);
  }
  if (options.index ?? true) {
    const blocks: HtmlBlock[] = [{ kind: 'chart', chart: { title: 'Final states: probability of each (bars)' + (result.method === 'monte-carlo' ? ' with 95% interval whiskers' : ''), spec, svgFile: `${name}.svg` } }];
    const tables = oddsTableModel(result);
    blocks.push({ kind: 'table', table: { caption: 'Final states', ...tables.outcomes } });
    if (tables.events.rows.length > 0) blocks.push({ kind: 'table', table: { caption: 'Events (at least once in the chain)', ...tables.events } });
    // Per-unit and stack sections (attack, cc), as in the text table.
    const units = unitEventsTable(result);
    if (units !== null && units.rows.length > 0) blocks.push({ kind: 'table', table: { caption: 'Events of each unit', ...units } });
    const stack = stackEventsTable(result);
    if (stack !== null && stack.rows.length > 0) blocks.push({ kind: 'table', table: { caption: 'Stack events', ...stack } });
    const sections: HtmlSection[] = [{ heading: 'Outcomes', blocks }];
    if (result.method === 'monte-carlo') {
      sections.push({
        heading: 'Convergence',
        blocks: convergenceSpec
          ? [{ kind: 'chart', chart: { title: 'Running estimate of the most likely final states against trials; band: 95% Wilson interval', spec: convergenceSpec, svgFile: `${name}.convergence.svg` } }]
          : [{ kind: 'paragraph', text: `No convergence chart: ${convergence.kind === 'none' ? convergence.reason : ''}.` }],
      });
    }
    const inputRows = flattenInput(result.input);
    if (inputRows.length > 0) {
      sections.push({
        heading: 'Resolved input',
        blocks: [{ kind: 'table', table: { caption: 'Every input value, defaults filled in', columns: [{ header: 'Input', align: 'left' }, { header: 'Value', align: 'left' }], rows: inputRows } }],
      });
    }
    const html = await buildHtmlReport({ title: `asl-odds ${result.command}`, meta: oddsMeta(result, options.argv), sections });
    writes.push([REPORT_INDEX, html]);
  }

  return atomicWriteAll(dir, writes);
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
