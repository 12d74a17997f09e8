/**
 * The report of `asl-odds table <kind> --report <dir>`: the tables in every format, one heatmap per
 * grid (vega-lite spec and SVG), and the offline page `index.html`.
 *
 * Pipeline: TableSet -> text, markdown, csv, json; heatmap specs -> SVG; HTML page; all built in memory
 * first, then each file written atomically (`atomic-write.ts`), as `write-report.ts` does.
 */
import type { TableSet } from '../tables/grid-table.js';
import { cellText, describeTableRun, formatTableSet } from '../reports/format-table.js';
import { atomicWriteAll } from '../io/atomic-write-all.js';
import { buildHeatmapSpec } from '../reports/heatmap-chart.js';
import { buildHtmlReport, type HtmlBlock, type HtmlSection } from './html-report.js';
import { renderSvg } from './render-svg.js';
import { REPORT_INDEX, shellQuote } from './write-report.js';

/** Options of {@link writeTableReport}; all optional. */
export interface TableReportOptions {
  /** The command line (user arguments), shown in index.html; default `asl-odds table <kind>`. */
  readonly argv?: readonly string[];
}

/**
 * Writes the report of a table set into `dir` (created if missing), base name `table-<kind>`:
 * `.txt`, `.md`, `.csv`, `.json` (see format-table.ts); per grid `table-<kind>-<id>.vl.json` (the
 * heatmap spec) and `.svg`; and `index.html` (metadata, notes, every heatmap and every table).
 *
 * Existing files of the same names are replaced atomically.
 * Cost: one headless render per grid (a few ms each after vega is loaded, about 150 ms).
 * @param dir output directory
 * @param set the tables
 * @returns the written paths: the four table files, the heatmap pairs in grid order, index.html
 * @throws AslOddsError `io.write` (exit 1) when a file cannot be written
 * @example await writeTableReport('reports/mc-table', buildMcTables()) // reports/mc-table/table-mc.txt, ...
 */
export async function writeTableReport(dir: string, set: TableSet, options: TableReportOptions = {}): Promise<{ files: string[] }> {
  const base = `table-${set.kind}`;
  const writes: [string, string][] = [
    [`${base}.txt`, formatTableSet(set, 'text')],
    [`${base}.md`, formatTableSet(set, 'markdown')],
    [`${base}.csv`, formatTableSet(set, 'csv')],
    [`${base}.json`, formatTableSet(set, 'json')],
  ];
  const sections: HtmlSection[] = [{ heading: 'How to read these tables', blocks: set.notes.map((text) => ({ kind: 'paragraph', text })) }];
  for (const table of set.tables) {
    const spec = buildHeatmapSpec(set, table);
    const svg = await renderSvg(spec);
    const name = `${base}-${table.id}`;
    writes.push([`${name}.vl.json`, `${JSON.stringify(spec, null, 2)}\n`], [`${name}.svg`, svg.endsWith('\n') ? svg : `${svg}\n`]);
    const blocks: HtmlBlock[] = [
      { kind: 'chart', chart: { title: `Heatmap of ${table.title}: each cell's color and label give its exact probability`, spec, svgFile: `${name}.svg` } },
      {
        kind: 'table',
        table: {
          caption: `${table.title}. Rows: ${table.rowTitle}; columns: ${table.columnTitle}`,
          columns: [{ header: table.rowTitle, align: 'left' }, ...table.columns.map((c) => ({ header: c, align: 'right' as const }))],
          rows: table.rows.map((label, r) => [label, ...table.columns.map((_, c) => cellText(table, r, c))]),
        },
      },
    ];
    sections.push({ heading: table.title, blocks });
  }
  const command = options.argv && options.argv.length > 0 ? `asl-odds ${options.argv.map(shellQuote).join(' ')}` : `asl-odds table ${set.kind}`;
  const inputText = Object.entries(set.input)
    .map(([k, v]) => `${k}=${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(', ');
  const html = await buildHtmlReport({
    title: set.title,
    meta: [
      ['Command', command],
      ['Method', 'exact (every cell enumerates every dice path)'],
      ['Seed', '- (exact)'],
      ['Trials', '- (exact)'],
      ['Rule set', set.ruleSet],
      ['Version', `asl-odds ${set.version}`],
      ['Input', inputText],
      ['Run', describeTableRun(set)],
    ],
    sections,
  });
  writes.push([REPORT_INDEX, html]);
  return atomicWriteAll(dir, writes);
}
