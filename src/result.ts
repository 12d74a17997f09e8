/**
 * The result of an odds command, as printed by `--json` and stored by `--out`.
 *
 * Shape (issue "rules engine", README "JSON output"):
 * `{ command, ruleSet, method, trials, seed, input, outcomes: [{state, probability, ...}], events }`.
 * Outcome probabilities sum to 1. Each event is the probability it happens at least once in the chain.
 */
import type { EventName } from './rules/events.js';

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
  /** Monte Carlo only: count, standard error and 95% Wilson interval of every event. */
  readonly eventStats?: Readonly<Partial<Record<EventName, EstimateStats>>>;
  /** Monte Carlo only: present and true when the run was stopped (Ctrl-C) before all trials ran. */
  readonly interrupted?: boolean;
  /** Monte Carlo only: the trials asked for, when `trials` (those completed) is fewer. */
  readonly trialsRequested?: number;
  /** With `--compare-exact`: the agreement of the Monte Carlo estimates with the exact values. */
  readonly comparison?: Comparison;
  /** `attack`: each target unit's events, in target order. */
  readonly units?: readonly UnitEventsRow[];
  /**
   * `attack`: stack events: `anyBroken`, `allEliminated`, `leaderLost` (probabilities) and
   * `expectedSquadsBroken` (an expectation: squads 1, HS and crews 0.5).
   */
  readonly stackEvents?: Readonly<Record<string, number>>;
  /** `attack`, exact method: the stack events as fractions. */
  readonly stackEventFractions?: Readonly<Record<string, string>>;
  /** `attack`, Monte Carlo: count, standard error and 95% Wilson interval of the stack events that are probabilities. */
  readonly stackEventStats?: Readonly<Record<string, EstimateStats>>;
  /**
   * `attack`: P(at least k squad-equivalents broken), k = 0.5, 1, 1.5, ... up to the stack's
   * squad-equivalents (squad 1, HS and crew 0.5, SMC 0; counted by the counter at the end, units that
   * were broken at the start left out). `squads: 1, atLeast: 0.4` reads "40% that at least one squad
   * breaks".
   */
  readonly squadsBroken?: readonly SquadCountRow[];
  /**
   * `attack`: P(at least k squad-equivalents eliminated): a target off the map (eliminated or captured)
   * counts its counter at the start, a squad Casualty Reduced to a HS half a squad (A10.31).
   */
  readonly squadsEliminated?: readonly SquadCountRow[];
  /**
   * Why `method` was used when it is not what was asked for or not the command's default, e.g. exact
   * would take too long, so Monte Carlo answered (`attack`); absent otherwise.
   */
  readonly methodReason?: string;
  /**
   * `attack`: true when the stack's final states were not listed (exact: the joint distribution was
   * not computed; Monte Carlo: the trials per final stack were not tallied; the per-unit and stack
   * figures need neither); `outcomes` is then empty. `--outcomes` asks for them.
   */
  readonly outcomesOmitted?: boolean;
  /**
   * `attack` built from its firers (`--firer <id>[:<modifier>...]`, docs/rules-notes-fire.md): total FP
   * of the first attack (fractions kept, A7.2).
   */
  readonly fp?: number;
  /** `attack` built from its firers: the IFT column of `fp`, or null below 1 FP (no attack, A7.3). */
  readonly column?: number | null;
  /** `attack` built from its firers: per firer, its FP steps (label, FP after, rule) and its FP. */
  readonly fpLedger?: readonly {
    readonly firer: string;
    readonly printed: number;
    readonly steps: readonly { readonly label: string; readonly fp: number; readonly rule: string }[];
    readonly fp: number;
    /** The counter's underscored FP (Assault Fire, A7.36) and Range (Spraying Fire, A7.34): true, false or null (unknown), with source and confidence; absent for a MG. */
    readonly underscores?: { readonly assaultFire: boolean | null; readonly sprayingFire: boolean | null; readonly source: string; readonly confidence: string; readonly note?: string };
  }[];
  /** `attack` built from its firers: the total DRM of the first attack (the directing leader's included). */
  readonly drm?: number;
  /** `attack` built from its firers: the DRM, line by line, each with its rule. */
  readonly drmLedger?: readonly { readonly label: string; readonly drm: number; readonly rule: string }[];
  /** `attack` built from its firers: Cowering of the group (columns 0, 1 or 2, A7.9) and why. */
  readonly cowering?: { readonly columns: number; readonly reason: string };
  /** `attack` built from its firers: the ledger as one line, as the text answer opens. */
  readonly ledger?: string;
  /** `attack` built from its firers: modifiers the rules drop, each naming its rule. */
  readonly warnings?: readonly string[];
}

/** One row of a squad-equivalents distribution of an `attack` result ("at least k"). */
export interface SquadCountRow {
  /** k: squad-equivalents, a multiple of 0.5 in [0.5, the stack's squad-equivalents]. */
  readonly squads: number;
  /** P(at least k), in [0, 1]; non-increasing down the rows. */
  readonly atLeast: number;
  /** Exact method: `atLeast` as a reduced fraction `n/d`. */
  readonly atLeastFraction?: string;
  /** Monte Carlo: count, standard error and 95% Wilson interval of `atLeast`. */
  readonly atLeastStats?: EstimateStats;
}

/**
 * A unit's status at the end of an `attack`: a partition, the four probabilities sum to 1. `goodOrder`:
 * Good Order and not pinned (berserk included); `pinned`: Good Order and pinned; `broken` (Disrupted
 * included); `eliminated` (or captured).
 */
export interface FinalStatusFigures<T> {
  readonly goodOrder: T;
  readonly pinned: T;
  readonly broken: T;
  readonly eliminated: T;
}

/** One target unit's events in an `attack` result. */
export interface UnitEventsRow {
  /** Position in the target list, from 1. */
  readonly position: number;
  /** Catalog id of the unit as targeted. */
  readonly id: string;
  /** P(the event happens to this unit at least once), for every event the command reports. */
  readonly events: Readonly<Partial<Record<EventName, number>>>;
  /** Exact method: the same as fractions. */
  readonly eventFractions?: Readonly<Partial<Record<EventName, string>>>;
  /** Monte Carlo: count, standard error and 95% Wilson interval of each event. */
  readonly eventStats?: Readonly<Partial<Record<EventName, EstimateStats>>>;
  /** The unit's status at the end (probabilities summing to 1). */
  readonly finalStatus?: FinalStatusFigures<number>;
  /** Exact method: `finalStatus` as fractions. */
  readonly finalStatusFractions?: FinalStatusFigures<string>;
  /** Monte Carlo: `finalStatus` with count, standard error and 95% Wilson interval. */
  readonly finalStatusStats?: FinalStatusFigures<EstimateStats>;
}

/** A Monte Carlo estimate of one probability. */
export interface EstimateStats {
  readonly count: number;
  readonly probability: number;
  readonly standardError: number;
  readonly ci95: readonly [number, number];
}

/** Monte Carlo against exact (`--compare-exact`). */
export interface Comparison {
  /**
   * Per figure (outcomes and events): exact value, estimate, z-score, and whether the normal
   * approximation behind z holds (trials x exact >= 5 and trials x (1 - exact) >= 5).
   */
  readonly figures: readonly { readonly name: string; readonly exact: number; readonly estimate: number; readonly z: number; readonly normalApproximation: boolean }[];
  /** Largest |z| over the figures whose normal approximation holds. */
  readonly maxAbsZ: number;
  /** Pearson chi-squared goodness of fit of the outcome counts against the exact distribution. */
  readonly chiSquared: { readonly statistic: number; readonly degreesOfFreedom: number; readonly pValue: number };
}
