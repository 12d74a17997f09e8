/**
 * A calculator: one odds question of the CLI (`asl-odds mc`, `rally`, `attack`, `rout`, `integrity`,
 * `recovery`) as data, shared by every front end: its options (options/option-spec.ts), and how the
 * parsed options make the question (queries/). The CLI makes a subcommand from each
 * (cli/commands/odds-command.ts) and adds the output and method options; the web page builds its forms
 * from the same options, reads its URL fragment with the same parsers and asks the same question.
 *
 * Pipeline: options (CLI argv or URL fragment) -> parseOptionEntries / commander -> `query(options)` ->
 * computeOdds (exact or Monte Carlo) -> OddsResult.
 */
import type { OptionSpec, ParsedOptions } from '../options/option-spec.js';
import type { OddsQuery } from '../queries/compute-odds.js';
import type { OddsResult } from '../result.js';

/** Parsed options (options/option-spec.ts): read them through each option's typed reader (options/typed-option.ts). */
export type { ParsedOptions };

/**
 * A question whose chain state type is the calculator's own: front ends only hand it to `computeOdds`,
 * which is generic in it (`any` because `OddsQuery<S>` is invariant in S).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOddsQuery = OddsQuery<any>;

/** One odds question. */
export interface OddsCalculator {
  /** The subcommand, e.g. `mc`. */
  readonly name: string;
  /** One paragraph for `--help`. */
  readonly summary: string;
  /** Example command lines (after `asl-odds `) for `--help`, README and the page. */
  readonly examples: readonly string[];
  /** The question's options in help order (output and method options are the front end's). */
  readonly options: readonly OptionSpec[];
  /**
   * The question from the parsed options.
   * @throws AslOddsError `input.*`, `catalog.*` for bad input
   */
  query(o: ParsedOptions): AnyOddsQuery;
  /**
   * Optional: the exact answer when it carries more than `computeOdds` gives (rout's categories).
   * @throws as `query`
   */
  exact?(o: ParsedOptions): OddsResult;
}
