/**
 * The method options' bounds, in one place: every front end reads them from here (the CLI's
 * `--trials`, the page's `trials=` entry, the library's `trials` option), so a number of trials the one
 * accepts the others accept too.
 *
 * - trials: a whole number in [1, 10^12]. 10^12 is about 480,000 chunks of 2^21; a run's memory holds one
 *   tally per chunk in flight and a list of chunk ids, so it stays flat in trials up to here.
 * - threads: a whole number in [1, 64] (each worker holds its own tables); the CLI also keeps to 4 per core
 *   of the machine it runs on (cli/method-options.ts `MAX_THREADS`, the same bound read with the machine's cores).
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

/** What a trial count may be, for messages: the forms the parser reads and the range. */
const TRIALS_ALLOWED = 'a whole number of trials in [1, 1e12], e.g. 1e6, 2_000_000 or 2,000,000';

/**
 * Parses a trial count as written on a command line or in a link: `1000000`, `1e6`, `2.5e6`,
 * `2_000_000`, `2,000,000` (digit groups of three). Strict: no hex, binary or octal, no empty or misplaced
 * separators, a whole number in [{@link MIN_TRIALS}, {@link MAX_TRIALS}].
 * @throws OptionValueError naming the forms and the range (the front end names the option)
 * @example parseTrials('2,000,000') // 2000000
 */
export function parseTrials(v: string): number {
  const t = v.trim();
  const grouped = /^\d{1,3}([,_]\d{3})+$/.test(t) && !(t.includes(',') && t.includes('_'));
  const plain = /^\d+(\.\d+)?([eE][+]?\d+)?$/.test(t);
  const n = grouped ? Number(t.replace(/[,_]/g, '')) : plain ? Number(t) : NaN;
  if (!isTrials(n)) throw new OptionValueError(`expected ${TRIALS_ALLOWED}.`);
  return n;
}

/**
 * Checks a trial count given as a number (the library's `trials` option).
 * @param n the count
 * @returns n, a whole number in [1, 10^12]
 * @throws AslOddsError `input.trials` (exit 2) otherwise
 * @example checkTrials(1e6) // 1000000
 */
export function checkTrials(n: unknown): number {
  if (typeof n !== 'number' || !isTrials(n)) throw inputError('input.trials', `trials: expected ${TRIALS_ALLOWED}; got ${String(n)}`);
  return n;
}

function isTrials(n: number): boolean {
  return Number.isInteger(n) && n >= MIN_TRIALS && n <= MAX_TRIALS;
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
