/**
 * A calculator (calculators/) as an `asl-odds` subcommand: its options turned into commander options,
 * plus the output options (`--json`, `--format`, `--report`, `--out`) and the method options
 * (`--trials`, `--seed`, ...). The web page reads the same option specs from its URL fragment.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import type { OddsCalculator, ParsedOptions } from '../calculators/calculator.js';
import { isAslOddsError } from '../errors.js';
import type { OptionSpec } from '../options/option-spec.js';
import type { CliContext } from './io.js';
import { addMethodOptions, runOddsQuery, type MethodFlags } from './method-options.js';
import { applyVasl, FILLED_BY_BOARD, takesVasl, vaslOptions } from './vasl-odds.js';

/**
 * A commander option from a spec: a parser error becomes commander's one-line "option '--x' argument
 * 'v' is invalid. <what is allowed>" (an AslOddsError passes through as is). Never throws.
 */
export function optionFromSpec(spec: OptionSpec): Option {
  const option = new Option(spec.flags, spec.description);
  const parse = spec.parse;
  if (parse) {
    const wrapped = (value: string, previous: unknown): unknown => {
      try {
        return parse(value, previous as never);
      } catch (e) {
        if (isAslOddsError(e)) throw e;
        throw new InvalidArgumentError((e as Error).message);
      }
    };
    // `wraps`: the spec's own parser, by which a repeatable option is known (cli/parse.ts isRepeatableParser).
    option.argParser(Object.assign(wrapped, { wraps: parse }));
  }
  if (spec.default !== undefined) option.default(spec.default);
  if (spec.required) option.makeOptionMandatory();
  return option;
}

/** Adds `--json`, `--format`, `--report`, `--out`. */
export function addOutputOptions(cmd: Command): Command {
  return cmd
    .option('--json', 'print one JSON object instead of the table')
    .option('--format <fmt>', 'table format: text, markdown, csv', 'text')
    .option('--report <dir>', 'also write the table, JSON, Vega-Lite spec and SVG chart into <dir>')
    .option('--out <file>', 'also write the JSON result to <file> (atomically)');
}

/**
 * Builds the subcommand of `calc`. The default action runs `calc.query(options)` with the method
 * options and prints the result; `action` replaces it (rout's `--compare`).
 */
export function oddsCommand(
  calc: OddsCalculator,
  cli: CliContext,
  action?: (o: ParsedOptions & MethodFlags) => Promise<void>,
  extra: readonly Option[] = [],
): Command {
  const cmd = new Command(calc.name).description(calc.summary);
  // With a VASL game (--vasl --at) the board fills the unit options commander would otherwise demand.
  const vasl = takesVasl(calc);
  const filled = vasl ? (FILLED_BY_BOARD[calc.name] ?? []) : [];
  for (const spec of calc.options) {
    const name = spec.flags.replace(/^--([a-z-]+).*$/, '$1').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    cmd.addOption(optionFromSpec(filled.includes(name) ? { ...spec, required: false } : spec));
  }
  for (const option of extra) cmd.addOption(option);
  if (vasl) for (const option of vaslOptions(calc)) cmd.addOption(option);
  addOutputOptions(cmd);
  addMethodOptions(cmd);
  cmd.addHelpText('after', `\nExamples:\n${calc.examples.map((e) => `  asl-odds ${e}`).join('\n')}\n`);
  return cmd.action(
    action ??
      (async (o: ParsedOptions & MethodFlags) => {
        if (!vasl) {
          cli.exitCode = await runOddsQuery(calc.query(o), o, cli);
          return;
        }
        const applied = await applyVasl(calc, o);
        // Without a game, the options the board would fill are required, as commander requires them.
        if (o.vasl === undefined) {
          for (const spec of calc.options) {
            if (spec.required && o[spec.flags.replace(/^--([a-z-]+).*$/, '$1').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] === undefined) {
              cmd.error(`error: required option '${spec.flags}' not specified`, { code: 'commander.missingMandatoryOptionValue', exitCode: 2 });
            }
          }
        }
        const query = calc.query(applied.options);
        const stamped = applied.stamp === undefined ? query : { ...query, header: { ...query.header, input: { ...applied.stamp, ...query.header.input } } };
        if (!o.quiet) for (const note of applied.notes) cli.io.stderr(`note: ${note}\n`);
        cli.exitCode = await runOddsQuery(stamped, { ...o, ...applied.options } as ParsedOptions & MethodFlags, cli);
      }),
  );
}
