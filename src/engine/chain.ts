/**
 * A chain: a finite process that rolls dice and applies rules until it reaches a final state.
 *
 * Both engines consume the same `ChainModel`: the exact engine (`exact.ts`) enumerates every dice path
 * through `advance`, and the Monte Carlo compiler (`compile.ts`) tabulates `advance` for every reachable
 * state and dice value. The rules live only in `advance`, so the engines cannot drift apart.
 *
 * Contract: `advance` is a pure function of (state, dice index); every path reaches a state whose
 * `rollOf` is null after finitely many rolls; `key` is equal for states that behave identically.
 */

/** What a state rolls next: a DR (36 equally likely (white, colored) pairs) or a dr (6 values). */
export type Roll = 'DR' | 'dr';

/** Number of equally likely outcomes of a roll. */
export function outcomesOf(roll: Roll): number {
  return roll === 'DR' ? 36 : 6;
}

/** The state after a roll, and the events (bitmask) the roll caused. */
export interface Transition<S> {
  readonly state: S;
  readonly events: number;
  /**
   * Optional, for the exact engine's marginal mode: the events this roll caused per part of `state`
   * (e.g. per unit of a stack), by position in `state`. Unset: none per part.
   */
  readonly partEvents?: readonly number[];
  /**
   * Optional: for each part of `state`, its position in the state rolled from (-1: a new part), when a
   * roll renumbers parts (e.g. a symmetry reduction that sorts identical units). Unset: the identity.
   */
  readonly partFrom?: readonly number[];
  /**
   * Optional, for an enumerator that labels paths (the attack's, attack/exact-graph.ts `PathLabels`):
   * what this roll adds to the path's label, for the labels' `next` to read; exact.ts ignores it. Unset:
   * nothing.
   */
  readonly label?: unknown;
}

/** A chain of dice rolls through the rules. */
export interface ChainModel<S> {
  /** The state before the first roll. */
  readonly initial: S;
  /** Canonical key: equal keys mean equal futures. */
  key(s: S): string;
  /** What is rolled next, or null when `s` is final. */
  rollOf(s: S): Roll | null;
  /**
   * Applies one roll. `index` is in [0, 36) for a DR (white = floor(index / 6) + 1, colored = index % 6
   * + 1; see dice.ts `drFromIndex`) or in [0, 6) for a dr (value = index + 1).
   */
  advance(s: S, index: number): Transition<S>;
  /** Readable final state, e.g. `broken 4-4-7 (replaced)`; may use the accumulated events. */
  describe(s: S, events: number): string;
}
