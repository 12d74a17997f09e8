/**
 * The model of `asl-odds table <kind>`: a set of two-way probability grids (rows x columns), each cell
 * an exact probability computed through the real resolver or engine.
 *
 * Pipeline: a kind (mc-table.ts, hob-table.ts, rally-table.ts; listed in table-kinds.ts) -> TableSet ->
 * text | markdown | csv | json (reports/format-table.ts) and heatmaps (reports/heatmap-chart.ts).
 */

/** One cell: an exact probability. */
export interface TableCell {
  /** Probability in [0, 1]. */
  readonly probability: number;
  /** The same as a reduced fraction, e.g. `5/12`, `0`, `1`. */
  readonly fraction: string;
}

/** One grid: rows x columns of probabilities of one figure. */
export interface GridTable {
  /** Short id used in file names, `[a-z0-9-]+`, unique in its set (e.g. `pass`). */
  readonly id: string;
  /** What the cells are, e.g. `P(pass): passed the MC without being pinned`. */
  readonly title: string;
  /** What the rows are, with units, e.g. `ML (Morale Level)`. */
  readonly rowTitle: string;
  /** What the columns are, with units, e.g. `Final modifier: #MC + DRM`. */
  readonly columnTitle: string;
  /** Row labels, top to bottom. */
  readonly rows: readonly string[];
  /** Column labels, left to right (dice-modifier axes ascending). */
  readonly columns: readonly string[];
  /** `cells[r][c]`; null where the combination does not exist. */
  readonly cells: readonly (readonly (TableCell | null)[])[];
}

/** The result of `asl-odds table <kind>`. */
export interface TableSet {
  readonly command: 'table';
  /** The kind, e.g. `mc`. */
  readonly kind: string;
  /** One-line title, e.g. `Morale Check odds by ML and Final modifier`. */
  readonly title: string;
  readonly ruleSet: string;
  /** Always exact: every cell is enumerated. */
  readonly method: 'exact';
  readonly version: string;
  /** The resolved parameters (ELR, unit used, situation). */
  readonly input: Record<string, unknown>;
  /** How to read the tables (layout, what the events mean). */
  readonly notes: readonly string[];
  readonly tables: readonly GridTable[];
}

/**
 * One kind of odds table: its own file in src/tables/, registered in `TABLE_KINDS` (table-kinds.ts).
 * The CLI makes `asl-odds table <name>` from it; kinds not in the list do not exist as commands.
 */
export interface TableKind {
  /** Subcommand name, e.g. `mc`. */
  readonly name: string;
  /** One line for `--help`. */
  readonly summary: string;
  /** Example command lines for `--help`. */
  readonly examples: readonly string[];
  /** The kind's own options, in help order (the output options are added by the CLI). */
  readonly options: readonly TableOption[];
  /**
   * Builds the tables from the parsed options (camelCase names of the long flags, as commander gives
   * them: `--firer-class` -> `firerClass`, `--no-cower` -> `cower: false`; unset options absent).
   * @throws AslOddsError `input.*` for bad options
   */
  build(options: Readonly<Record<string, unknown>>): TableSet;
}

/**
 * One option of a table kind, as data: the CLI adds it to `asl-odds table <kind>` as is, and any other
 * front end (a web page) can list it and read its value with the same parser.
 */
export interface TableOption {
  /**
   * Commander-style flags: `--elr <n>` (takes a value), `--pillbox` (a flag, default false),
   * `--no-cower` (a flag whose option `cower` defaults to true).
   */
  readonly flags: string;
  /** One line for `--help`. */
  readonly description: string;
  /**
   * Parses a value (and, for a repeatable option, the value so far); unset: the text as given.
   * @throws OptionValueError (options/option-values.ts) saying what is allowed
   */
  readonly parse?: (value: string, previous: never) => unknown;
  /** The value when the option is not given (unset: absent, or false/true for flags as above). */
  readonly default?: unknown;
}

/** Integers from `lo` to `hi` inclusive. */
export function range(lo: number, hi: number): number[] {
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

