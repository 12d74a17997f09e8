/**
 * The method options' bounds, in one place: every front end reads them from here (the CLI's
 * `--trials`, the page's `trials=` entry, the library's `trials` option), so a number of trials the one
 * accepts the others accept too.
 *
 * - trials: a whole number in [1, 10^12]. 10^12 is about 480,000 chunks of 2^21; a run's memory holds one
 *   tally per chunk in flight and a list of chunk ids, so it stays flat in trials up to here.
 * - threads: a whole number in [1, 64] (each worker holds its own tables); the CLI also keeps to 4 per core
 *   of the machine it runs on (cli/method-options.ts `MAX_THREADS`, the same bound read with the machine's cores).
 * - `plan --trials` (trials of each plan's own run, not a method's): a whole number in [1000, 10^6],
 *   default 20,000.
 * - `scenario --precision`: percentage points in (0, 50].
 * - chunk size (`--chunk-size`, hidden): as trials; the plan's own limit on chunks is engine/chunk-plan.ts
 *   `MAX_CHUNKS`, checked where the plan is made.
 *
 * The rule for a question whose exact answer is out of reach lives beside the engine that applies it
 * (queries/fallback.ts).
 */
import { inputError } from '../errors.js';
import { OptionValueError } from './option-values.js';

/** The fewest trials of a Monte Carlo run. */
export const MIN_TRIALS = 1;

/** The most trials of a Monte Carlo run: 10^12. */
export const MAX_TRIALS = 1e12;

/**
 * A parser of trial counts in [range.min, range.max] as written on a command line or in a link: `1000000`, `1e6`,
 * `2.5e6`, `2_000_000`, `2,000,000` (digit groups of three). Strict: no hex, binary or octal, no empty or
 * misplaced separators, a whole number in the range.
 * @param range the bounds, how the message writes them, and examples in the range
 * @returns the parser; it throws OptionValueError naming the forms and the range (the front end names
 *   the option)
 */
function trialsParser(range: { readonly min: number; readonly max: number; readonly text: string; readonly examples: string }): (v: string) => number {
  const allowed = `a whole number of trials in ${range.text}, e.g. ${range.examples}`;
  return (v: string): number => {
    const t = v.trim();
    const grouped = /^\d{1,3}([,_]\d{3})+$/.test(t) && !(t.includes(',') && t.includes('_'));
    const plain = /^\d+(\.\d+)?([eE][+]?\d+)?$/.test(t);
    const n = grouped ? Number(t.replace(/[,_]/g, '')) : plain ? Number(t) : NaN;
    if (!isWholeIn(n, range)) throw new OptionValueError(`expected ${allowed}.`);
    return n;
  };
}

const TRIALS_RANGE = { min: MIN_TRIALS, max: MAX_TRIALS, text: '[1, 1e12]', examples: '1e6, 2_000_000 or 2,000,000' } as const;

/** The trials' range as help texts write it: `1 to 1e12`. */
export const TRIALS_HELP = '1 to 1e12';

/**
 * Parses a trial count (`--trials`, `trials=`, the hidden `--chunk-size`): a whole number in
 * [{@link MIN_TRIALS}, {@link MAX_TRIALS}], in the forms of {@link trialsParser}.
 * @throws OptionValueError naming the forms and the range (the front end names the option)
 * @example parseTrials('2,000,000') // 2000000
 */
export const parseTrials: (v: string) => number = trialsParser(TRIALS_RANGE);

/**
 * Checks a trial count given as a number (the library's `trials` option).
 * @param n the count
 * @returns n, a whole number in [1, 10^12]
 * @throws AslOddsError `input.trials` (exit 2) otherwise
 * @example checkTrials(1e6) // 1000000
 */
export function checkTrials(n: unknown): number {
  if (typeof n !== 'number' || !isWholeIn(n, TRIALS_RANGE)) throw inputError('input.trials', `trials: expected a whole number of trials in ${TRIALS_RANGE.text}; got ${String(n)}`);
  return n;
}

function isWholeIn(n: number, range: { readonly min: number; readonly max: number }): boolean {
  return Number.isInteger(n) && n >= range.min && n <= range.max;
}

/**
 * Trials of each plan's own Monte Carlo run (`plan --trials`; queries/fire-plans.ts), not a method's
 * `--trials`: a whole number in [1000, 10^6], 20,000 unless given. At 1,000 trials a plan's figure near
 * 50% has a standard error of 1.6 percentage points (fewer would rank the plans by noise); a comparison
 * runs up to `--candidates` 30 plans plus two, each this many trials, hence the upper bound.
 */
export const PLAN_TRIALS = { min: 1000, max: 1_000_000, text: '[1000, 1e6]', examples: '5e4, 50_000 or 50,000', default: 20_000 } as const;

/**
 * Parses `plan --trials`: a whole number in {@link PLAN_TRIALS}' range, in the forms of `--trials`.
 * @throws OptionValueError naming the forms and the range
 * @example parsePlanTrials('50,000') // 50000
 */
export const parsePlanTrials: (v: string) => number = trialsParser(PLAN_TRIALS);

/** True when `v` is a whole number in {@link PLAN_TRIALS}' range. Never throws. */
export function isPlanTrials(v: unknown): v is number {
  return typeof v === 'number' && isWholeIn(v, PLAN_TRIALS);
}

/** The finest `scenario --precision`'s half-width may be asked: none; the coarsest, 50 percentage points (a probability's whole range). */
export const MAX_PRECISION = 50;

/**
 * Parses `scenario --precision`: percentage points in (0, {@link MAX_PRECISION}].
 * @throws OptionValueError naming the range
 * @example parsePrecision('0.5') // 0.5
 */
export function parsePrecision(v: string): number {
  const n = Number(v.trim());
  if (!Number.isFinite(n) || n <= 0 || n > MAX_PRECISION) throw new OptionValueError(`expected percentage points in (0, ${MAX_PRECISION}], e.g. 1 or 0.5.`);
  return n;
}

/** The most worker threads of a run: 64 (each worker holds its own tables). */
export const MAX_THREADS = 64;

/**
 * The most worker threads on a machine with `cores` cores: 4 per core, never more than {@link MAX_THREADS}.
 * @example maxThreadsFor(2) // 8
 */
export function maxThreadsFor(cores: number): number {
  return Math.min(MAX_THREADS, 4 * Math.max(1, cores));
}

/**
 * Checks a thread count given as a number (the library's `threads` option).
 * @returns n, a whole number in [1, {@link MAX_THREADS}]
 * @throws AslOddsError `input.threads` (exit 2) otherwise
 * @example checkThreads(2) // 2
 */
export function checkThreads(n: unknown): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_THREADS) {
    throw inputError('input.threads', `threads: expected a whole number in [1, ${MAX_THREADS}]; got ${String(n)}`);
  }
  return n;
}
