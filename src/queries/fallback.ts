/**
 * The one rule for a question whose exact answer is out of reach (it would take more than a few seconds,
 * or past the query's state budget) and that names no trials: a Monte Carlo answer with
 * {@link FALLBACK_TRIALS} trials and, unless the user gave a seed, the fixed seed {@link FALLBACK_SEED}.
 * The answer's `methodReason` says so. The CLI (through computeOdds) and the page apply this same rule,
 * so a repeated command or a shared link gives the same figures.
 */

/** Trials of the Monte Carlo run that answers when exact is out of reach: 100,000 (about ±0.3 pp at 50%). */
export const FALLBACK_TRIALS = 100_000;

/** Seed of that run when the user gave none: fixed, so that the same question gives the same figures. */
export const FALLBACK_SEED = 'fallback';

/**
 * The Monte Carlo method that answers instead of exact.
 * @param given the user's seed and trials, if any (a seed given for the run is kept; `trials` only by the
 *   library's tests and tools that ask for a smaller fallback)
 * @returns `{ trials, seed }`: `trials` = given or {@link FALLBACK_TRIALS}, `seed` = given or
 *   {@link FALLBACK_SEED}. Never throws.
 * @example fallbackMethod({}) // { trials: 100000, seed: 'fallback' }
 */
export function fallbackMethod(given: { readonly seed?: string; readonly trials?: number }): { trials: number; seed: string } {
  return { trials: given.trials ?? FALLBACK_TRIALS, seed: given.seed ?? FALLBACK_SEED };
}
