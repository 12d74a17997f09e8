/**
 * `asl-odds table <kind>`: exact odds tables (mc, hob, rally, ...), one subcommand per kind listed in
 * src/tables/table-kinds.ts, printed as text, markdown, csv or json, and written with `--report` as
 * tables, heatmaps (vega-lite spec + SVG) and an offline index.html.
 */
import { Command, Option } from 'commander';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { writeTableReport } from '../../report-files/write-table-report.js';
import { formatTableSet, parseTableFormat, TABLE_FORMATS } from '../../reports/format-table.js';
import { TABLE_KINDS } from '../../tables/table-kinds.js';
import type { CliContext } from '../io.js';
import { commanderParser } from '../parse.js';
import { checkOutputPaths } from '../output-paths.js';
import { inputError } from '../../errors.js';

interface TableOutputOptions {
  format: string;
  json?: boolean;
  report?: string;
  out?: string;
  quiet?: boolean;
}

/** Builds the `table` command and its kinds. */
export function tableCommand(cli: CliContext): Command {
  const io = cli.io;
  const output = { writeOut: (s: string) => io.stdout(s), writeErr: (s: string) => io.stderr(s), outputError: (s: string, write: (t: string) => void) => write(s) };
  const cmd = new Command('table')
    .description(`Exact odds tables: ${TABLE_KINDS.map((k) => k.name).join(', ')}. Every cell is computed through the rules engine.`)
    .exitOverride()
    .configureOutput(output)
    .showSuggestionAfterError(true);
  for (const kind of TABLE_KINDS) {
    const sub = new Command(kind.name).description(kind.summary).exitOverride().configureOutput(output).showSuggestionAfterError(true);
    for (const t of kind.options) {
      const option = new Option(t.flags, t.description);
      if (t.parse) option.argParser(commanderParser(t.parse as (v: string, previous: unknown) => unknown));
      if (t.default !== undefined) option.default(t.default);
      sub.addOption(option);
    }
    sub
      .option('--format <fmt>', `output format: ${TABLE_FORMATS.join(', ')}`, 'text')
      .option('--json', 'print the tables as JSON (same as --format json)')
      .option('--report <dir>', 'also write the tables (txt, md, csv, json), a heatmap per table (Vega-Lite spec and SVG) and index.html into <dir>')
      .option('--out <file>', 'also write the JSON tables to <file> (atomically)')
      .option('--quiet', 'no notes on stderr (the report files written)')
      .addHelpText('after', `\nExamples:\n${kind.examples.map((e) => `  ${e}`).join('\n')}\n`)
      .action(async (o: TableOutputOptions & Record<string, unknown>) => {
        checkOutputPaths(o);
        const format = o.json ? 'json' : parseTableFormat(o.format);
        const set = kind.build(o);
        if (o.out) await writeFileAtomic(o.out, formatTableSet(set, 'json'));
        if (o.report) {
          const { files } = await writeTableReport(o.report, set, { argv: cli.argv });
          if (format !== 'json' && !o.quiet) io.stderr(`report: ${files.join(', ')}\n`);
        }
        io.stdout(formatTableSet(set, format));
      });
    cmd.addCommand(sub);
  }
  // `asl-odds table` with no kind, or an unknown one, is a usage error (exit 2) listing the kinds.
  const kinds = TABLE_KINDS.map((k) => k.name).join(', ');
  cmd.argument('[kind]').action((kind?: string) => {
    if (kind === undefined) throw inputError('input.table', `table: give a kind: ${kinds}; e.g. asl-odds table mc (asl-odds table --help describes each)`);
    throw inputError('input.table', `table: unknown command '${kind}'; the kinds are ${kinds}`);
  });
  return cmd;
}
