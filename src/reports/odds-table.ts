/**
 * The odds table of a result: one row per final state, then the events, as aligned text, a GitHub
 * markdown table or CSV.
 *
 * Pipeline: OddsResult -> summary (summary.ts: the answer first) and table model (columns, rows of
 * cell strings) -> text | markdown | csv.
 *
 * Outcome columns: Outcome, Probability (`72.2%`), Odds (`1 in 1.4`), then `±` (half-width of the 95%
 * interval, Monte Carlo only) and Exact (the reduced fraction, when the rows carry one).
 * Events: every event with probability > 0, in EVENT_NAMES order, in players' words (glossary.ts),
 * with its exact fraction when `eventFractions` has one. An `attack` result adds its per-unit events
 * and stack events (unit-events-table.ts). Text and markdown start with the summary (the figures that
 * answer the question), then a header line naming the command, the rule set, the method and the
 * version, and a line with the input (`describeInputLine`: ids, Morale Levels, DRM, changed settings).
 * Exact fractions longer than 15 characters are left out of text and markdown (readableFraction) and
 * a note says so; CSV keeps every fraction and the event identifiers (`casualtyReduction`) as names.
 */
import type { OddsResult } from '../result.js';
import { EVENT_NAMES, type EventName } from '../rules/events.js';
import { inputError } from '../errors.js';
import { describeInputLine } from './describe-input.js';
import { describeRun } from './describe-run.js';
import { formatOneIn, formatPercent, formatPlusMinus, LONG_FRACTION_NOTE, MAX_FRACTION_CHARS, readableFraction } from './format-probability.js';
import { eventWords } from './glossary.js';
import { buildOddsSummary, formatSummaryMarkdown, formatSummaryText } from './summary.js';
import { stackEventsTable, unitEventsTable } from './unit-events-table.js';

/**
 * Most outcome rows the text, markdown and HTML tables show; the rest are summed in one last row
 * (`(N more final states)`). CSV and JSON always have every row. A stack under fire (`attack`) can
 * end in thousands of distinct states.
 */
export const MAX_TABLE_OUTCOMES = 40;

/** Output formats of {@link formatOddsTable}. */
export const OddsTableFormat = {
  text: 'text',
  markdown: 'markdown',
  csv: 'csv',
} as const;
export type OddsTableFormat = (typeof OddsTableFormat)[keyof typeof OddsTableFormat];

/** Options of {@link formatOddsTable}; all optional. */
export interface OddsTableOptions {
  /** `text` (default): columns aligned with spaces; `markdown`: GitHub tables; `csv`: RFC 4180. */
  readonly format?: OddsTableFormat;
}

/** Columns of the CSV form, one fixed set whatever the method so that scripts can rely on it. */
export const ODDS_CSV_COLUMNS = [
  'kind',
  'name',
  'probability',
  'percent',
  'odds',
  'plus_minus',
  'ci95_low',
  'ci95_high',
  'count',
  'fraction',
] as const;

interface Column {
  readonly header: string;
  readonly align: 'left' | 'right';
}

interface Table {
  readonly columns: readonly Column[];
  readonly rows: readonly (readonly string[])[];
}

/**
 * Formats an odds result as a readable table.
 *
 * - `text`: header line, input line, outcome table, then an `Events` table, columns padded with
 *   spaces (percents and fractions right-aligned, odds left-aligned so that `1 in` lines up); ends with a newline.
 * - `markdown`: `#` title, the same lines, `## Outcomes` and `## Events` as GitHub tables (same
 *   alignment); `|`, `\` and markup characters in cells are escaped.
 * - `csv`: a header row ({@link ODDS_CSV_COLUMNS}) then one row per outcome (`kind` = `outcome`) and
 *   per event with probability > 0 (`kind` = `event`); `probability`, `ci95_*` and `count` are raw
 *   numbers, `percent`/`odds`/`plus_minus` the same strings as the text table; fields with `,`, `"`
 *   or line breaks are quoted with `"` doubled; lines end with `\n`. The run's metadata is not in the
 *   CSV (it would break the header row): it is in the result JSON.
 *
 * Cost: O(outcomes + events).
 * @param result an odds result; outcome probabilities in [0, 1]
 * @param options `format`, default `text`
 * @returns the table, ending with a newline
 * @throws AslOddsError `input.reportFormat` (exit 2) when `format` is not text, markdown or csv
 * @example formatOddsTable(nmcOnMl7).split('\n')[4] // 'good order  41.7%  1 in 2.4  5/12' (padded to the columns)
 */
export function formatOddsTable(result: OddsResult, options: OddsTableOptions = {}): string {
  const format = options.format ?? 'text';
  switch (format) {
    case 'text':
      return formatText(result);
    case 'markdown':
      return formatMarkdown(result);
    case 'csv':
      return formatCsv(result);
    default: {
      const never: never = format;
      throw inputError(
        'input.reportFormat',
        `unknown table format ${JSON.stringify(never)}: allowed are text, markdown, csv`,
      );
    }
  }
}

/** A table as cell strings: column headers with alignment, then rows. */
export interface OddsTableModel {
  readonly columns: readonly { readonly header: string; readonly align: 'left' | 'right' }[];
  readonly rows: readonly (readonly string[])[];
}

/**
 * The outcome and event tables of a result as cell strings, the same cells as the text table (for
 * other renderings such as the HTML report).
 * @returns `outcomes` (one row per final state) and `events` (events with probability > 0). Never throws.
 * @example oddsTableModel(nmcOnMl7).outcomes.rows[0] // ['good order', '41.7%', '1 in 2.4', '5/12']
 */
export function oddsTableModel(result: OddsResult): { outcomes: OddsTableModel; events: OddsTableModel } {
  return { outcomes: outcomeTable(result), events: eventTable(result) };
}

/** Events with probability > 0, in EVENT_NAMES order. */
function reportedEvents(
  result: OddsResult,
): { name: EventName; p: number; fraction: string | undefined; ci95: readonly [number, number] | undefined; count: number | undefined }[] {
  const out: { name: EventName; p: number; fraction: string | undefined; ci95: readonly [number, number] | undefined; count: number | undefined }[] = [];
  for (const name of EVENT_NAMES) {
    const p = result.events[name];
    if (p === undefined || !(p > 0)) continue;
    const stats = result.eventStats?.[name];
    out.push({ name, p, fraction: result.eventFractions?.[name], ci95: stats?.ci95, count: stats?.count });
  }
  return out;
}

function outcomeTable(result: OddsResult): Table {
  const monteCarlo = result.method === 'monte-carlo';
  const hasFraction = result.outcomes.some((o) => o.fraction !== undefined);
  const columns: Column[] = [
    { header: 'Outcome', align: 'left' },
    { header: 'Probability', align: 'right' },
    { header: 'Odds', align: 'left' },
  ];
  if (monteCarlo) columns.push({ header: '95% CI', align: 'right' });
  if (hasFraction) columns.push({ header: 'Exact', align: 'right' });
  const shown = result.outcomes.length > MAX_TABLE_OUTCOMES ? result.outcomes.slice(0, MAX_TABLE_OUTCOMES - 1) : result.outcomes;
  const rows = shown.map((o) => {
    const row = [o.state, formatPercent(o.probability), formatOneIn(o.probability)];
    if (monteCarlo) row.push(o.ci95 ? formatPlusMinus(o.ci95) : '');
    if (hasFraction) row.push(readableFraction(o.fraction ?? ''));
    return row;
  });
  if (shown.length < result.outcomes.length) {
    const rest = result.outcomes.slice(shown.length);
    const p = rest.reduce((sum, o) => sum + o.probability, 0);
    const row = [`(${rest.length} more final states)`, formatPercent(p), formatOneIn(p)];
    if (monteCarlo) row.push('');
    if (hasFraction) row.push('');
    rows.push(row);
  }
  return { columns, rows };
}

function eventTable(result: OddsResult): Table {
  const events = reportedEvents(result);
  const hasFraction = events.some((e) => e.fraction !== undefined);
  const columns: Column[] = [
    { header: 'Event (at least once)', align: 'left' },
    { header: 'Probability', align: 'right' },
    { header: 'Odds', align: 'left' },
  ];
  const monteCarlo = events.some((e) => e.ci95 !== undefined);
  if (monteCarlo) columns.push({ header: '95% CI', align: 'right' });
  if (hasFraction) columns.push({ header: 'Exact', align: 'right' });
  const rows = events.map((e) => {
    const row = [eventWords(e.name), formatPercent(e.p), formatOneIn(e.p)];
    if (monteCarlo) row.push(e.ci95 ? formatPlusMinus(e.ci95) : '');
    if (hasFraction) row.push(readableFraction(e.fraction ?? ''));
    return row;
  });
  return { columns, rows };
}

function headerLines(result: OddsResult): string[] {
  const input = describeInputLine(result);
  return input === '' ? [describeRun(result)] : [describeRun(result), `Input: ${input}`];
}

// ---------------------------------------------------------------------------------------------- text

/** In place of the outcome table when the joint distribution was not computed (`attack` summary). */
const OUTCOMES_OMITTED = 'Final stacks: not listed (each unit\'s and the stack\'s odds below need none; --outcomes lists them)';

/** True when some fraction of the result is too long for the text tables (readableFraction). */
function hasLongFractions(result: OddsResult): boolean {
  const long = (f: string | undefined) => f !== undefined && f.length > MAX_FRACTION_CHARS;
  return (
    result.outcomes.some((o) => long(o.fraction)) ||
    Object.values(result.eventFractions ?? {}).some(long) ||
    (result.units ?? []).some((u) => Object.values(u.eventFractions ?? {}).some(long)) ||
    Object.values(result.stackEventFractions ?? {}).some(long)
  );
}

/** The agreement of a `--compare-exact` run with the exact figures, in words (null without one). */
export function comparisonLine(result: OddsResult): string | null {
  const c = result.comparison;
  if (!c) return null;
  const verdict = c.maxAbsZ <= 3.5 && c.chiSquared.pValue >= 0.001 ? 'agrees with' : 'DISAGREES with';
  return `Monte Carlo ${verdict} exact: largest |z| ${c.maxAbsZ.toFixed(2)} over ${c.figures.filter((f) => f.normalApproximation).length} figures, chi-squared ${c.chiSquared.statistic.toFixed(1)} on ${c.chiSquared.degreesOfFreedom} degrees of freedom, p-value ${c.chiSquared.pValue.toFixed(3)}`;
}

/** The fire attack's ledger and warnings (an `attack` built from its firers), or nothing. */
function ledgerLines(result: OddsResult): string[] {
  if (result.ledger === undefined) return [];
  return [`Fire attack: ${result.ledger}`, ...(result.warnings ?? []).map((w) => `warning: ${w}`), ''];
}

function formatText(result: OddsResult): string {
  const lines = [...ledgerLines(result), formatSummaryText(buildOddsSummary(result)).trimEnd(), '', ...headerLines(result)];
  const agreement = comparisonLine(result);
  if (agreement !== null) lines.push(agreement);
  lines.push('');
  if (result.outcomesOmitted) lines.push(OUTCOMES_OMITTED);
  else lines.push(...alignTable(outcomeTable(result)));
  lines.push('');
  const events = eventTable(result);
  if (events.rows.length === 0) lines.push('Events: none');
  else lines.push(...alignTable(events));
  for (const section of [unitEventsTable(result), stackEventsTable(result)]) {
    if (section !== null && section.rows.length > 0) lines.push('', ...alignTable(section));
  }
  if (hasLongFractions(result)) lines.push('', LONG_FRACTION_NOTE);
  return `${lines.join('\n')}\n`;
}

/** Pads every cell to its column's width; two spaces between columns; no trailing spaces. */
function alignTable(table: Table): string[] {
  const widths = table.columns.map((c, i) =>
    Math.max(c.header.length, ...table.rows.map((r) => r[i].length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (table.columns[i].align === 'left' ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(table.columns.map((c) => c.header)), ...table.rows.map(line)];
}

// ------------------------------------------------------------------------------------------ markdown

function formatMarkdown(result: OddsResult): string {
  const [run, input] = headerLines(result);
  const lines = [`# ${escapeMarkdown(result.command)} odds`, '', ...ledgerLines(result).map(escapeMarkdown), ...formatSummaryMarkdown(buildOddsSummary(result), escapeMarkdown), '', '## Details', '', escapeMarkdown(run)];
  if (input !== undefined) lines.push('', escapeMarkdown(input));
  const agreement = comparisonLine(result);
  if (agreement !== null) lines.push('', escapeMarkdown(agreement));
  lines.push('', '## Outcomes', '', ...(result.outcomesOmitted ? [OUTCOMES_OMITTED] : markdownTable(outcomeTable(result))), '', '## Events', '');
  const events = eventTable(result);
  if (events.rows.length === 0) lines.push('None.');
  else lines.push(...markdownTable(events));
  const units = unitEventsTable(result);
  if (units !== null && units.rows.length > 0) lines.push('', '## Units', '', ...markdownTable(units));
  const stack = stackEventsTable(result);
  if (stack !== null) lines.push('', '## Stack', '', ...markdownTable(stack));
  if (hasLongFractions(result)) lines.push('', escapeMarkdown(LONG_FRACTION_NOTE));
  return `${lines.join('\n')}\n`;
}

function markdownTable(table: Table): string[] {
  const row = (cells: readonly string[]): string => `| ${cells.map(escapeMarkdown).join(' | ')} |`;
  const rule = `| ${table.columns.map((c) => (c.align === 'left' ? ':---' : '---:')).join(' | ')} |`;
  return [row(table.columns.map((c) => c.header)), rule, ...table.rows.map(row)];
}

/** Escapes characters that GitHub markdown would treat as markup or as a cell boundary. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\|*_`[\]<>#]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');
}

// ----------------------------------------------------------------------------------------------- csv

function formatCsv(result: OddsResult): string {
  const lines = [ODDS_CSV_COLUMNS.join(',')];
  /** One figure (an outcome or an event) as a CSV row. */
  const row = (kind: string, name: string, p: number, ci95: readonly [number, number] | undefined, count: number | undefined, fraction: string | undefined) =>
    csvRow([
      kind,
      name,
      String(p),
      formatPercent(p),
      formatOneIn(p),
      ci95 ? formatPlusMinus(ci95) : '',
      ci95 ? String(ci95[0]) : '',
      ci95 ? String(ci95[1]) : '',
      count !== undefined ? String(count) : '',
      fraction ?? '',
    ]);
  for (const o of result.outcomes) lines.push(row('outcome', o.state, o.probability, o.ci95, o.count, o.fraction));
  for (const e of reportedEvents(result)) lines.push(row('event', e.name, e.p, e.ci95, e.count, e.fraction));
  // attack: per-unit events (`unit-event`, name `<position> <id> <event>`) and stack events (`stack`).
  for (const u of result.units ?? []) {
    for (const name of EVENT_NAMES) {
      const p = u.events[name];
      if (p === undefined || !(p > 0)) continue;
      lines.push(row('unit-event', `${u.position} ${u.id} ${name}`, p, undefined, undefined, u.eventFractions?.[name]));
    }
  }
  for (const [name, v] of Object.entries(result.stackEvents ?? {})) {
    const expectation = name.startsWith('expected');
    lines.push(csvRow(['stack', name, String(v), expectation ? '' : formatPercent(v), expectation ? '' : formatOneIn(v), '', '', '', '', result.stackEventFractions?.[name] ?? '']));
  }
  return `${lines.join('\n')}\n`;
}

function csvRow(cells: readonly string[]): string {
  return cells.map(csvField).join(',');
}

/** RFC 4180 quoting: a field with `,`, `"`, CR or LF is wrapped in quotes with inner quotes doubled. */
function csvField(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
