/**
 * The result of an odds command, as printed by `--json` and stored by `--out`.
 *
 * Shape (issue "rules engine", README "JSON output"):
 * `{ command, ruleSet, method, trials, seed, input, outcomes: [{state, probability, ...}], events }`.
 * Outcome probabilities sum to 1. Each event is the probability it happens at least once in the chain.
 */
import type { EventName } from './chains/events.js';

/** How a figure was produced. */
export type Method = 'exact' | 'monte-carlo';

/** One final state of the chain with its probability. */
export interface OutcomeRow {
  /** Readable final state, e.g. `broken 4-4-7 (replaced)`. */
  readonly state: string;
  /** Probability in [0, 1]. */
  readonly probability: number;
  /** Exact probability as a reduced fraction `n/d` (exact method only). */
  readonly fraction?: string;
  /** Monte Carlo only: count of trials that ended here. */
  readonly count?: number;
  /** Monte Carlo only: standard error of `probability`. */
  readonly standardError?: number;
  /** Monte Carlo only: 95% Wilson score interval `[lo, hi]`. */
  readonly ci95?: readonly [number, number];
}

/** The JSON document of one odds command run. */
export interface OddsResult {
  readonly command: string;
  readonly ruleSet: string;
  readonly method: Method;
  /** Number of Monte Carlo trials, or null for exact. */
  readonly trials: number | null;
  /** Seed string of a Monte Carlo run, or null for exact. */
  readonly seed: string | null;
  /** asl-odds version that produced the result. */
  readonly version: string;
  /** The fully resolved input (defaults filled in, ids resolved to counter values). */
  readonly input: Record<string, unknown>;
  /** Final states, most likely first; probabilities sum to 1. */
  readonly outcomes: readonly OutcomeRow[];
  /** P(event happens at least once), for every event the command reports. */
  readonly events: Readonly<Partial<Record<EventName, number>>>;
  /** Exact fractions of the events (exact method only). */
  readonly eventFractions?: Readonly<Partial<Record<EventName, string>>>;
}
