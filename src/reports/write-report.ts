/**
 * The report of an odds run on disk: five files side by side in one directory.
 *
 * Pipeline: OddsResult -> text table, markdown table, pretty JSON, vega-lite spec -> SVG, all built in
 * memory first -> each written atomically (`atomic-write.ts`). A failure while building (e.g. in
 * rendering) writes nothing; a failure while writing leaves every file either complete or untouched.
 */
import { join } from 'node:path';
import type { OddsResult } from '../result.js';
import { inputError } from '../errors.js';
import { writeFileAtomic } from './atomic-write.js';
import { formatOddsTable } from './odds-table.js';
import { buildOutcomeSpec } from './outcome-chart.js';
import { renderSvg } from './render-svg.js';

/** Options of {@link writeOddsReport}; all optional. */
export interface OddsReportOptions {
  /** Base name of the files, without extension; default `result.command`. No `/`, `\` or NUL. */
  readonly name?: string;
}

/** The files a report consists of, by extension, in the order they are written. */
export const REPORT_EXTENSIONS = ['.txt', '.md', '.json', '.vl.json', '.svg'] as const;

/**
 * Writes the report of an odds result into `dir` (created if missing):
 * - `<name>.txt`: the aligned text odds table;
 * - `<name>.md`: the same as GitHub markdown;
 * - `<name>.json`: the result itself, pretty-printed (2-space indent);
 * - `<name>.vl.json`: the vega-lite spec of the outcome chart (open it in the Vega editor);
 * - `<name>.svg`: the chart rendered headless.
 *
 * Existing files of the same names are replaced atomically. Every file ends with a newline.
 * Cost: dominated by the first SVG render (about 150 ms to load vega).
 * @param dir output directory, absolute or relative to the working directory
 * @param result an odds result
 * @param options `name` to replace the default base name (`result.command`)
 * @returns the written paths (`join(dir, name + ext)`), in the order of {@link REPORT_EXTENSIONS}
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
    '.svg': svg.endsWith('\n') ? svg : `${svg}\n`,
  };
  const files: string[] = [];
  for (const ext of REPORT_EXTENSIONS) {
    const path = join(dir, `${name}${ext}`);
    await writeFileAtomic(path, contents[ext]);
    files.push(path);
  }
  return { files };
}
