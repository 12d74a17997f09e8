/**
 * Prints an odds result (table or JSON) and writes the files asked for (`--out`, `--report`).
 */
import { inputError } from '../errors.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { formatOddsTable } from '../reports/odds-table.js';
import { writeOddsReport } from '../report-files/write-report.js';
import type { ChunkSnapshot } from '../queries/compute-odds.js';
import type { OddsResult } from '../result.js';
import type { CliIO } from './io.js';

const FORMATS = ['text', 'markdown', 'csv'] as const;

/** Output options of an odds command. */
export interface EmitOptions {
  /** No notes on stderr. */
  quiet?: boolean;
  json?: boolean;
  format?: string;
  report?: string;
  out?: string;
}

/** What the report page shows besides the result; all optional. */
export interface EmitContext {
  /** The user's command line, shown in index.html. */
  readonly argv?: readonly string[];
  /** Monte Carlo per-chunk tallies, for the convergence chart. */
  readonly chunks?: readonly ChunkSnapshot[];
}

/**
 * Prints `result` to stdout and writes `--out` / `--report` files (atomically).
 * @param context optional command line and chunk snapshots for the `--report` page
 * @throws AslOddsError `input.format` for an unknown format; `io.write` when a file cannot be written
 */
export async function emitResult(result: OddsResult, o: EmitOptions, io: CliIO, context: EmitContext = {}): Promise<void> {
  const format = (o.format ?? 'text') as (typeof FORMATS)[number];
  if (!FORMATS.includes(format)) throw inputError('input.format', `--format: unknown format '${o.format}'; allowed: ${FORMATS.join(', ')}`);
  const json = JSON.stringify(result, null, 2) + '\n';
  // The answer first: printed before any file is written, so that a failing report never hides it.
  io.stdout(o.json ? json : formatOddsTable(result, { format }) + (format === 'text' ? '\n' : ''));
  if (o.out) await writeFileAtomic(o.out, json);
  if (o.report) {
    const { files } = await writeOddsReport(o.report, result, { argv: context.argv, chunks: context.chunks });
    if (!o.json && !o.quiet) io.stderr(`report: ${files.join(', ')}\n`);
  }
}
