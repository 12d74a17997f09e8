/**
 * Printing a {@link TableSet}: aligned text, GitHub markdown, CSV (one row per cell) or JSON.
 *
 * Cells print as percents with one decimal (`72.2%`, `<0.1%`, see reports/format-probability.ts);
 * exact fractions are in the CSV and JSON forms. A cell that does not exist prints `-`.
 */
import { describeInputLine } from '../reports/describe-input.js';
import { inputError } from '../errors.js';
import { formatPercent } from './format-probability.js';
import type { GridTable, TableSet } from '../tables/grid-table.js';

/** Output formats of `asl-odds table`. */
export const TableFormat = { text: 'text', markdown: 'markdown', csv: 'csv', json: 'json' } as const;
export type TableFormat = (typeof TableFormat)[keyof typeof TableFormat];
export const TABLE_FORMATS: readonly TableFormat[] = Object.values(TableFormat);

/** Columns of the CSV form: one row per cell. */
export const TABLE_CSV_COLUMNS = ['table', 'row_title', 'row', 'column_title', 'column', 'probability', 'percent', 'fraction'] as const;

/**
 * Parses a `--format` value.
 * @throws AslOddsError `input.format` naming the allowed formats
 */
export function parseTableFormat(s: string): TableFormat {
  const t = s.trim().toLowerCase();
  if ((TABLE_FORMATS as readonly string[]).includes(t)) return t as TableFormat;
  throw inputError('input.format', `--format: unknown format '${s}'; allowed: ${TABLE_FORMATS.join(', ')}`);
}

/** The header line of a table set, e.g. `asl-odds table mc · rule set 2nd-edition · exact · v0.1.0`. */
export function describeTableRun(set: TableSet): string {
  return `asl-odds table ${set.kind} · rule set ${set.ruleSet} · exact · v${set.version}`;
}

/** The cell strings of a grid: percent, or `-` for a missing cell. */
export function cellText(table: GridTable, r: number, c: number): string {
  const cell = table.cells[r][c];
  return cell === null ? '-' : formatPercent(cell.probability);
}

/**
 * Formats a table set.
 * - `text`: the header line, the title, notes, then each grid: its title, the axes
 *   (`rows: ... / columns: ...`) and the grid with the row labels left-aligned and cells right-aligned;
 * - `markdown`: `#` title, notes as a list, `##` per grid and a GitHub table;
 * - `csv`: {@link TABLE_CSV_COLUMNS}, one row per existing cell, RFC 4180 quoting;
 * - `json`: the table set, pretty-printed.
 * Cost: O(cells).
 * @returns the text, ending with a newline
 * @throws AslOddsError `input.format` for an unknown format
 * @example formatTableSet(buildMcTables(), 'csv').split('\n')[0] // 'table,row_title,row,column_title,column,probability,percent,fraction'
 */
export function formatTableSet(set: TableSet, format: TableFormat = 'text'): string {
  switch (format) {
    case 'text':
      return formatText(set);
    case 'markdown':
      return formatMarkdown(set);
    case 'csv':
      return formatCsv(set);
    case 'json':
      return `${JSON.stringify(set, null, 2)}\n`;
    default: {
      const never: never = format;
      throw inputError('input.format', `--format: unknown format ${JSON.stringify(never)}; allowed: ${TABLE_FORMATS.join(', ')}`);
    }
  }
}

/** The table's input in players' words (the odds commands' Input line); '' when nothing is worth printing. */
function inputLine(set: TableSet): string {
  return describeInputLine({ input: set.input as Record<string, unknown>, ruleSet: set.ruleSet });
}

/** `Input: ...`, or nothing when the table has no input to show (never an empty "Input:" line). */
function inputLines(set: TableSet): string[] {
  const line = inputLine(set);
  return line === '' ? [] : [`Input: ${line}`];
}

function formatText(set: TableSet): string {
  const lines = [describeTableRun(set), set.title, ...inputLines(set)];
  for (const n of set.notes) lines.push(`- ${n}`);
  for (const t of set.tables) {
    lines.push('', t.title, `rows: ${t.rowTitle}; columns: ${t.columnTitle}`);
    const head = ['', ...t.columns];
    const body = t.rows.map((label, r) => [label, ...t.columns.map((_, c) => cellText(t, r, c))]);
    const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
    const line = (cells: readonly string[]) => cells.map((s, i) => (i === 0 ? s.padEnd(widths[i]) : s.padStart(widths[i]))).join('  ').trimEnd();
    lines.push(line(head), ...body.map(line));
  }
  return `${lines.join('\n')}\n`;
}

/** Escapes characters that GitHub markdown treats as markup or a cell boundary. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\|*_`[\]<>#]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');
}

function formatMarkdown(set: TableSet): string {
  const lines = [`# ${escapeMarkdown(set.title)}`, '', escapeMarkdown(describeTableRun(set)), '', ...inputLines(set).flatMap((l) => [escapeMarkdown(l), '']) ];
  for (const n of set.notes) lines.push(`- ${escapeMarkdown(n)}`);
  for (const t of set.tables) {
    lines.push('', `## ${escapeMarkdown(t.title)}`, '', `Rows: ${escapeMarkdown(t.rowTitle)}. Columns: ${escapeMarkdown(t.columnTitle)}.`, '');
    const row = (cells: readonly string[]) => `| ${cells.map(escapeMarkdown).join(' | ')} |`;
    lines.push(row([t.rowTitle, ...t.columns]), `| :--- | ${t.columns.map(() => '---:').join(' | ')} |`);
    t.rows.forEach((label, r) => lines.push(row([label, ...t.columns.map((_, c) => cellText(t, r, c))])));
  }
  return `${lines.join('\n')}\n`;
}

/** RFC 4180 quoting. */
function csvField(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

function formatCsv(set: TableSet): string {
  const lines = [TABLE_CSV_COLUMNS.join(',')];
  for (const t of set.tables) {
    t.rows.forEach((label, r) => {
      t.columns.forEach((column, c) => {
        const cell = t.cells[r][c];
        if (cell === null) return;
        lines.push(
          [t.id, t.rowTitle, label, t.columnTitle, column, String(cell.probability), formatPercent(cell.probability), cell.fraction].map(csvField).join(','),
        );
      });
    });
  }
  return `${lines.join('\n')}\n`;
}
