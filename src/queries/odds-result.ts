/**
 * Builds the `OddsResult` of a command from a distribution over the chain's terminals: exact
 * probabilities, or Monte Carlo counts. Everything reported (outcomes, events) is a sum over terminals,
 * so both methods share this code and differ only in the weights.
 */
import type { EventName } from '../rules/events.js';
import { Ev } from '../rules/events.js';
import type { ChainModel } from '../engine/chain.js';
import { add, toFraction, toNumber, ZERO, type Prob6 } from '../engine/probability.js';
import type { EstimateStats, OddsResult, OutcomeRow } from '../result.js';
import { binomialStandardError, wilsonInterval } from '../stats/index.js';
import { VERSION } from '../version.js';

/** A terminal of a chain: its final state and accumulated events. */
export interface TerminalOf<S> {
  readonly state: S;
  readonly events: number;
}

/** What every result records besides the figures. */
export interface ResultHeader {
  readonly command: string;
  readonly ruleSet: string;
  readonly input: Record<string, unknown>;
  readonly eventNames: readonly EventName[];
}

function groupByState<S, W>(model: ChainModel<S>, terminals: readonly TerminalOf<S>[], weights: readonly W[], zero: W, plus: (a: W, b: W) => W) {
  const by = new Map<string, W>();
  terminals.forEach((t, i) => {
    const name = model.describe(t.state, t.events);
    by.set(name, plus(by.get(name) ?? zero, weights[i]));
  });
  return by;
}

function eventSums<S, W>(terminals: readonly TerminalOf<S>[], weights: readonly W[], names: readonly EventName[], zero: W, plus: (a: W, b: W) => W): W[] {
  return names.map((n) => {
    let s = zero;
    terminals.forEach((t, i) => {
      if (t.events & Ev[n]) s = plus(s, weights[i]);
    });
    return s;
  });
}

/**
 * The exact result: terminal probabilities are exact fractions.
 * @param eventMarginals P(event bit b) from the exact engine's marginal mode (its terminals carry no
 *   events), indexed by bit; unset: summed from the terminals' event masks
 * Never throws.
 */
export function resultFromExact<S>(
  h: ResultHeader,
  model: ChainModel<S>,
  terminals: readonly TerminalOf<S>[],
  probs: readonly Prob6[],
  eventMarginals?: readonly Prob6[],
): OddsResult {
  const by = groupByState(model, terminals, probs, ZERO, add);
  const outcomes: OutcomeRow[] = [...by.entries()]
    .map(([state, p]) => ({ state, probability: toNumber(p), fraction: toFraction(p) }))
    .sort((a, b) => b.probability - a.probability || a.state.localeCompare(b.state));
  const ev = eventMarginals
    ? h.eventNames.map((n) => eventMarginals[31 - Math.clz32(Ev[n])] ?? ZERO)
    : eventSums(terminals, probs, h.eventNames, ZERO, add);
  return {
    command: h.command,
    ruleSet: h.ruleSet,
    method: 'exact',
    trials: null,
    seed: null,
    version: VERSION,
    input: h.input,
    outcomes,
    events: Object.fromEntries(h.eventNames.map((n, i) => [n, toNumber(ev[i])])),
    eventFractions: Object.fromEntries(h.eventNames.map((n, i) => [n, toFraction(ev[i])])),
  };
}

/** Estimate, standard error and Wilson interval of `count` successes in `trials`. */
export function estimate(count: number, trials: number): EstimateStats {
  const p = trials > 0 ? count / trials : 0;
  return { count, probability: p, standardError: binomialStandardError(p, trials), ci95: wilsonInterval(count, trials) };
}

/**
 * The Monte Carlo result from terminal counts.
 * @param trials trials completed (= the sum of counts)
 * Never throws.
 */
export function resultFromCounts<S>(
  h: ResultHeader,
  model: ChainModel<S>,
  terminals: readonly TerminalOf<S>[],
  counts: ArrayLike<number>,
  run: { trials: number; seed: string; trialsRequested: number; interrupted: boolean },
): OddsResult {
  const weights = Array.from(counts);
  const plus = (a: number, b: number) => a + b;
  return resultFromOutcomeCounts(h, groupByState(model, terminals, weights, 0, plus), eventSums(terminals, weights, h.eventNames, 0, plus), run);
}

/**
 * The Monte Carlo result from counts of trials per final state and per event.
 * @param outcomeCounts trials per readable final state (states with 0 left out of the result)
 * @param eventCounts trials where each event of `h.eventNames` happened, same order
 * @param run trials completed (= the sum of `outcomeCounts`), seed, trials asked for, Ctrl-C
 * Never throws.
 */
export function resultFromOutcomeCounts(
  h: ResultHeader,
  outcomeCounts: ReadonlyMap<string, number>,
  eventCounts: readonly number[],
  run: { trials: number; seed: string; trialsRequested: number; interrupted: boolean },
): OddsResult {
  const outcomes: OutcomeRow[] = [...outcomeCounts.entries()]
    .filter(([, c]) => c > 0)
    .map(([state, c]) => {
      const e = estimate(c, run.trials);
      return { state, probability: e.probability, count: c, standardError: e.standardError, ci95: e.ci95 };
    })
    .sort((a, b) => b.probability - a.probability || a.state.localeCompare(b.state));
  const stats = eventCounts.map((c) => estimate(c, run.trials));
  return {
    command: h.command,
    ruleSet: h.ruleSet,
    method: 'monte-carlo',
    trials: run.trials,
    seed: run.seed,
    version: VERSION,
    input: h.input,
    outcomes,
    events: Object.fromEntries(h.eventNames.map((n, i) => [n, stats[i].probability])),
    eventStats: Object.fromEntries(h.eventNames.map((n, i) => [n, stats[i]])),
    ...(run.interrupted ? { interrupted: true, trialsRequested: run.trialsRequested } : {}),
  };
}
