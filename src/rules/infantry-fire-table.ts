/**
 * The Infantry Fire Table (A7; docs/rules-notes.md §8, high: two independent public implementations agree on
 * every cell) and its column selection (A7.3x: the highest FP column <= the attack's total FP).
 *
 * Rows are Final IFT DR (<= 0 .. 15+), columns the FP columns 1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36+.
 * Results: `#KIA` (A7.301: # units eliminated by Random Selection, all others in the Location broken),
 * `K/#` (A7.302: Random Selection Casualty Reduction, all others take a #MC), `#MC`/`NMC` (a MC with
 * +# DRM), `PTC` (Pin Task Check, A7.8), `-` (no effect).
 *
 * Data: `IFT_ROWS` below is the table of docs/rules-notes.md §8 cell for cell (test/rules/infantry-fire-table
 * checks every cell against a verbatim copy). It is compiled once at load into frozen result objects
 * indexed [column][row], so lookups never allocate.
 */
import { inputError } from '../errors.js';

/** The FP columns of the IFT, left to right (A7). */
export const IFT_COLUMNS = [1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36] as const;
export type IFTColumn = (typeof IFT_COLUMNS)[number];

/** Kinds of IFT result. */
export const IFTResultKind = { kia: 'KIA', k: 'K', mc: 'MC', ptc: 'PTC', none: 'none' } as const;
export type IFTResultKind = (typeof IFTResultKind)[keyof typeof IFTResultKind];

/**
 * One IFT result. `n` is the # of the result: KIA count (1..7), K/# MC strength (1..4), #MC strength
 * (0 = NMC, 1..4); 0 for PTC and no effect. `label` is the table's spelling (`2KIA`, `K/3`, `1MC`,
 * `NMC`, `PTC`, `-`). Frozen.
 */
export interface IFTResult {
  readonly kind: IFTResultKind;
  readonly n: number;
  readonly label: string;
}

/** Lowest and highest Final DR rows of the table: <= 0 and 15+. */
export const IFT_MIN_ROW = 0;
export const IFT_MAX_ROW = 15;

// docs/rules-notes.md §8, one line per Final DR from <= 0 to 15+; columns 1 2 4 6 8 12 16 20 24 30 36+.
const IFT_ROWS: readonly string[] = [
  /* <=0 */ '1KIA 2KIA 2KIA 3KIA 3KIA 3KIA 4KIA 4KIA 5KIA 6KIA 7KIA',
  /*  1  */ 'K/1  1KIA 1KIA 2KIA 2KIA 2KIA 3KIA 3KIA 4KIA 5KIA 6KIA',
  /*  2  */ '1MC  K/1  K/2  1KIA 1KIA 1KIA 2KIA 2KIA 3KIA 4KIA 5KIA',
  /*  3  */ '1MC  1MC  2MC  K/2  K/2  K/3  1KIA 1KIA 2KIA 3KIA 4KIA',
  /*  4  */ 'NMC  1MC  1MC  2MC  2MC  3MC  K/3  K/4  1KIA 2KIA 3KIA',
  /*  5  */ 'PTC  NMC  1MC  1MC  2MC  2MC  3MC  4MC  K/4  1KIA 2KIA',
  /*  6  */ '-    PTC  NMC  1MC  1MC  2MC  2MC  3MC  4MC  K/4  1KIA',
  /*  7  */ '-    -    PTC  NMC  1MC  1MC  2MC  2MC  3MC  4MC  K/4',
  /*  8  */ '-    -    -    PTC  NMC  1MC  1MC  2MC  2MC  3MC  4MC',
  /*  9  */ '-    -    -    -    PTC  NMC  1MC  1MC  2MC  2MC  3MC',
  /* 10  */ '-    -    -    -    -    PTC  NMC  1MC  1MC  2MC  2MC',
  /* 11  */ '-    -    -    -    -    -    PTC  NMC  1MC  1MC  2MC',
  /* 12  */ '-    -    -    -    -    -    -    PTC  NMC  1MC  1MC',
  /* 13  */ '-    -    -    -    -    -    -    -    PTC  NMC  1MC',
  /* 14  */ '-    -    -    -    -    -    -    -    -    PTC  NMC',
  /* 15+ */ '-    -    -    -    -    -    -    -    -    -    PTC',
];

/** Every result label the table or `--result` can name, in table order of severity (worst first). */
export const IFT_RESULT_LABELS: readonly string[] = [
  '7KIA', '6KIA', '5KIA', '4KIA', '3KIA', '2KIA', '1KIA', 'K/4', 'K/3', 'K/2', 'K/1',
  '4MC', '3MC', '2MC', '1MC', 'NMC', 'PTC', '-',
];

const RESULTS = new Map<string, IFTResult>();
function resultOfLabel(label: string): IFTResult | undefined {
  const cached = RESULTS.get(label);
  if (cached) return cached;
  let r: IFTResult | undefined;
  let m: RegExpExecArray | null;
  if (label === '-') r = { kind: 'none', n: 0, label };
  else if (label === 'PTC') r = { kind: 'PTC', n: 0, label };
  else if (label === 'NMC') r = { kind: 'MC', n: 0, label };
  else if ((m = /^([1-4])MC$/.exec(label))) r = { kind: 'MC', n: Number(m[1]), label };
  else if ((m = /^K\/([1-4])$/.exec(label))) r = { kind: 'K', n: Number(m[1]), label };
  else if ((m = /^([1-7])KIA$/.exec(label))) r = { kind: 'KIA', n: Number(m[1]), label };
  if (r) RESULTS.set(label, Object.freeze(r));
  return r === undefined ? undefined : RESULTS.get(label);
}

/** TABLE[column index][row] with row = Final DR clamped to [0, 15]. Compiled once. */
const TABLE: readonly (readonly IFTResult[])[] = (() => {
  const byRow = IFT_ROWS.map((line, row) => {
    const cells = line.trim().split(/\s+/);
    if (cells.length !== IFT_COLUMNS.length) throw new Error(`IFT data: row ${row} has ${cells.length} cells`);
    return cells.map((c) => {
      const r = resultOfLabel(c);
      if (r === undefined) throw new Error(`IFT data: bad cell '${c}' in row ${row}`);
      return r;
    });
  });
  return Object.freeze(IFT_COLUMNS.map((_, col) => Object.freeze(byRow.map((cells) => cells[col]))));
})();

/**
 * The FP column an attack of `fp` total FP uses: the highest column <= fp (A7; fractions of halved FP
 * are kept until the total, so 2.5 FP uses the 2 column).
 * @param fp total FP, a finite number >= 0
 * @returns the column, or null when fp < 1 (below the table: the attack has no effect)
 * Never throws.
 * @example iftColumnOf(7) // 6
 * @example iftColumnOf(40) // 36
 */
export function iftColumnOf(fp: number): IFTColumn | null {
  let col: IFTColumn | null = null;
  for (const c of IFT_COLUMNS) if (c <= fp) col = c;
  return col;
}

/**
 * The column `shift` columns to the left of `col` (Cowering A7.9, Fire Lane Residual FP A9.22).
 * @param shift integer >= 0
 * @returns the column, or null when the shift leaves the table (left of the 1 column)
 * Never throws.
 * @example shiftIFTColumn(8, 2) // 4
 * @example shiftIFTColumn(1, 1) // null
 */
export function shiftIFTColumn(col: IFTColumn, shift: number): IFTColumn | null {
  const i = IFT_COLUMNS.indexOf(col) - shift;
  return i < 0 ? null : IFT_COLUMNS[i];
}

/**
 * The IFT result of a Final DR on a column (A7; docs/rules-notes.md §8).
 * @param col an FP column
 * @param finalDR Original IFT DR + all DRM, any integer (<= 0 reads the top row, >= 15 the bottom)
 * @returns a frozen shared result object. Never throws. No allocation.
 * @example iftResultOf(4, 3).label // '2MC'
 * @example iftResultOf(12, 3).label // 'K/3'
 */
export function iftResultOf(col: IFTColumn, finalDR: number): IFTResult {
  const row = finalDR <= IFT_MIN_ROW ? IFT_MIN_ROW : finalDR >= IFT_MAX_ROW ? IFT_MAX_ROW : finalDR;
  return TABLE[IFT_COLUMNS.indexOf(col)][row];
}

/** The "no effect" result. */
export const NO_EFFECT: IFTResult = resultOfLabel('-')!;

/**
 * Parses a fixed IFT result as typed (`--result`): `NMC`, `1MC`..`4MC`, `PTC`, `K/1`..`K/4`,
 * `1KIA`..`7KIA`, `-` or `none`. Case-insensitive; `MC` = `NMC`, `K1` = `K/1`.
 * @throws AslOddsError `input.result` naming the allowed values
 * @example parseIFTResult('k/2') // { kind: 'K', n: 2, label: 'K/2' }
 */
export function parseIFTResult(s: string): IFTResult {
  let t = s.trim().toUpperCase().replace(/\s+/g, '');
  if (t === 'NONE' || t === 'NE') t = '-';
  if (t === 'MC') t = 'NMC';
  const k = /^K\/?([0-9]+)$/.exec(t);
  if (k) t = `K/${k[1]}`;
  const r = resultOfLabel(t);
  if (r === undefined) {
    throw inputError('input.result', `--result: unknown IFT result '${s}'; allowed: ${[...IFT_RESULT_LABELS].reverse().join(', ')} (or none)`);
  }
  return r;
}
