/**
 * The exact engine: enumerates every dice path of a chain and returns the distribution of final
 * states with exact probabilities (n / 6^e, see probability.ts).
 *
 * Method: forward propagation level by level (a level = one more roll), merging paths that reach the
 * same (state key, accumulated events) so that the work is proportional to the number of distinct
 * states, not of paths. Cost: O(levels x distinct states x 36) calls of `advance`.
 */
import { AslOddsError } from '../errors.js';
import { outcomesOf, type ChainModel } from './chain.js';
import { add, divPow6, ONE, toFraction, toNumber, ZERO, type Prob6 } from './probability.js';

/** One final state of the chain with its exact probability. */
export interface ExactTerminal<S> {
  readonly state: S;
  /** Events that happened on the way (bitmask). */
  readonly events: number;
  readonly probability: Prob6;
}

/** The exact distribution of a chain. */
export interface ExactDistribution<S> {
  /** Every distinct (final state, events) pair. Probabilities sum to exactly 1. */
  readonly terminals: readonly ExactTerminal<S>[];
  /** Distinct states visited (a measure of the work done). */
  readonly statesVisited: number;
}

/** Safety limit on chain length, in rolls. */
export const MAX_ROLLS = 10_000;

/**
 * Enumerates every dice path of `model`.
 * @param maxStates stop past this many distinct states (default: no limit)
 * @throws AslOddsError `engine.chainTooLong` if a path exceeds {@link MAX_ROLLS} rolls (a model bug);
 * `engine.tooManyStates` (exit 2) past `maxStates`
 * @example enumerateChain(nmcChain).terminals.length // e.g. 9
 */
export function enumerateChain<S>(model: ChainModel<S>, maxStates = Infinity): ExactDistribution<S> {
  let frontier = new Map<string, { state: S; events: number; p: Prob6 }>();
  frontier.set(model.key(model.initial) + '|0', { state: model.initial, events: 0, p: ONE });
  const finals = new Map<string, { state: S; events: number; p: Prob6 }>();
  let visited = 0;
  for (let level = 0; frontier.size > 0; level++) {
    if (level > MAX_ROLLS) throw new AslOddsError('engine.chainTooLong', `a chain exceeded ${MAX_ROLLS} rolls`, 1);
    const next = new Map<string, { state: S; events: number; p: Prob6 }>();
    for (const [k, node] of frontier) {
      if (++visited > maxStates) {
        throw new AslOddsError('engine.tooManyStates', `the exact engine stopped past ${maxStates.toLocaleString('en-US')} states`, 2);
      }
      const roll = model.rollOf(node.state);
      if (roll === null) {
        const f = finals.get(k);
        finals.set(k, f ? { ...f, p: add(f.p, node.p) } : node);
        continue;
      }
      const n = outcomesOf(roll);
      const child = divPow6(node.p, roll === 'DR' ? 2 : 1);
      for (let i = 0; i < n; i++) {
        const t = model.advance(node.state, i);
        const events = node.events | t.events;
        const ck = model.key(t.state) + '|' + events;
        const c = next.get(ck);
        if (c) c.p = add(c.p, child);
        else next.set(ck, { state: t.state, events, p: child });
      }
    }
    frontier = next;
  }
  const terminals = [...finals.values()].map((f) => ({ state: f.state, events: f.events, probability: f.p }));
  return { terminals, statesVisited: visited };
}

/** One readable outcome: terminals grouped by their description. */
export interface ExactOutcome {
  readonly state: string;
  readonly probability: Prob6;
}

/**
 * Groups terminals by `model.describe` and sums event probabilities.
 * @param eventBits the event bits to report
 * @returns outcomes most likely first (ties by name), and P(event) per bit
 * Never throws.
 */
export function summarizeExact<S>(
  model: ChainModel<S>,
  dist: ExactDistribution<S>,
  eventBits: readonly number[],
): { outcomes: ExactOutcome[]; events: Prob6[] } {
  const byState = new Map<string, Prob6>();
  const events = eventBits.map(() => ZERO);
  for (const t of dist.terminals) {
    const name = model.describe(t.state, t.events);
    byState.set(name, add(byState.get(name) ?? ZERO, t.probability));
    eventBits.forEach((bit, i) => {
      if (t.events & bit) events[i] = add(events[i], t.probability);
    });
  }
  const outcomes = [...byState.entries()]
    .map(([state, probability]) => ({ state, probability }))
    .sort((a, b) => toNumber(b.probability) - toNumber(a.probability) || a.state.localeCompare(b.state));
  return { outcomes, events };
}

export { toFraction, toNumber };
