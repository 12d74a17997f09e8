/**
 * The summary of an attack chain's final states: outcome distribution, events of the stack and of each
 * target unit, and the stack events `anyBroken`, `allEliminated`, `leaderLost`, `expectedSquadsBroken`.
 *
 * LINEAR in the terminal weights: every figure is a sum of weights times constants that depend only on
 * the terminal's state, so the same function turns exact probabilities (Prob6) and Monte Carlo counts
 * (numbers) into a summary; summaries of disjoint sets of terminals add up. Divide by `total` for
 * probabilities (exact: total is 1).
 *
 *   terminals {state, events, weight} -> per terminal: description, OR of events, per-unit masks,
 *   final-state flags -> weighted sums
 */
import type { Prob6 } from '../engine/probability.js';
import { add, ZERO } from '../engine/probability.js';
import { squadEquivalents } from '../counters/unit-values.js';
import { isAlive, unitStateKey, type UnitState } from '../rules/unit-state.js';
import { describeAttackOutcome, type AttackChainState } from './attack-chain.js';
import { EVENT_NAMES } from '../rules/events.js';

/** The arithmetic a summary needs on weights. All weights are >= 0. */
export interface WeightOps<W> {
  readonly zero: W;
  add(a: W, b: W): W;
  /** w * k for an integer k >= 0. */
  times(w: W, k: number): W;
  /** w / 2. */
  half(w: W): W;
  /** w / k for an integer k >= 1, when the quotient is exact (it is for a class total, see below). */
  divide(w: W, k: number): W;
}

/** n / 6^e divided by k: exact when k's prime factors are 2 and 3, or when k divides the numerator. */
function divideProb6(w: Prob6, k: number): Prob6 {
  const big = BigInt(k);
  let n = w.n;
  for (let m = 0; m <= 6; m++) {
    if (n % big === 0n) return { n: n / big, e: w.e + m };
    n *= 6n;
  }
  throw new Error(`attack summary: ${w.n}/6^${w.e} is not divisible by ${k}`);
}

/** Exact weights n / 6^e (w / 2 = 3w / 6). */
export const EXACT_WEIGHTS: WeightOps<Prob6> = Object.freeze({
  zero: ZERO,
  add,
  times: (w: Prob6, k: number): Prob6 => ({ n: w.n * BigInt(k), e: w.e }),
  half: (w: Prob6): Prob6 => ({ n: w.n * 3n, e: w.e + 1 }),
  divide: divideProb6,
});

/** Monte Carlo counts (or any plain numbers). */
export const COUNT_WEIGHTS: WeightOps<number> = Object.freeze({
  zero: 0,
  add: (a: number, b: number) => a + b,
  times: (w: number, k: number) => w * k,
  half: (w: number) => w / 2,
  divide: (w: number, k: number) => w / k,
});

/** One final state of the chain with its weight (an exact probability or a count). */
export interface AttackTerminal<W> {
  readonly state: AttackChainState;
  /** Events the engine accumulated on the way (OR over units). */
  readonly events: number;
  readonly weight: W;
}

/** Stack events, in output order. */
export const STACK_EVENT_NAMES = ['anyBroken', 'allEliminated', 'leaderLost'] as const;
export type StackEventName = (typeof STACK_EVENT_NAMES)[number];

/**
 * A unit's status at the end, a partition (each unit is in exactly one): `goodOrder` Good Order and not
 * pinned (berserk included), `pinned` Good Order and pinned (A7.8), `broken` (Disrupted included,
 * A10.3, A19.12), `eliminated` (or captured).
 */
export const FINAL_STATUS_NAMES = ['goodOrder', 'pinned', 'broken', 'eliminated'] as const;

/** Index of `u`'s final status in FINAL_STATUS_NAMES. Never throws. */
export function finalStatusIndex(u: UnitState): number {
  if (!isAlive(u)) return 3;
  if (u.status === 'broken') return 2;
  return u.pinned ? 1 : 0;
}

/** Weighted sums over terminals. Divide by `total` for probabilities / expectations. */
export interface AttackSummary<W> {
  readonly total: W;
  /** Weight of each readable final state (describeAttackOutcome). */
  readonly outcomes: ReadonlyMap<string, W>;
  /** Per EVENT_NAMES index: weight of the terminals where some unit (targets or created heroes) had the event. */
  readonly events: readonly W[];
  /**
   * Per target, per EVENT_NAMES index: weight of the terminals where that target had the event. Targets
   * that started identical are interchangeable and the chain keeps them sorted (its symmetry
   * reduction), so each gets the average over its class, which is its own figure by symmetry.
   */
  readonly units: readonly (readonly W[])[];
  /**
   * anyBroken: some target became broken (its break event: failed MC, KIA survivor, Replacement, HoB
   * surrender; needs the targets tracked, the chain's default); allEliminated: no unit is left on the map (eliminated or captured; created heroes
   * included); leaderLost: a target leader was eliminated or captured (the LLMC trigger).
   */
  readonly stack: Readonly<Record<StackEventName, W>>;
  /**
   * Sum of weight x squad-equivalents broken at the end: targets broken at the end that were not broken
   * at the start, a squad 1, a HS or crew 0.5 (by the counter at the end). Divide by `total` for
   * `expectedSquadsBroken`.
   */
  readonly squadsBroken: W;
  /**
   * Sum of weight x squad-equivalents the targets lost: a target off the map counts its counter at the
   * start, one Casualty Reduced from a squad to a HS half a squad (A10.31); heroes created count 0.
   * Divide by `total` for `expectedSquadsEliminated`.
   */
  readonly squadsEliminated: W;
  /** Per target, per FINAL_STATUS_NAMES index: weight of the terminals where it ended so (class averages, as `units`). */
  readonly unitStatus: readonly (readonly W[])[];
  /** Index k: weight of the terminals with exactly k/2 squad-equivalents broken (as `squadsBroken` counts them); k in [0, 2 x targets]. */
  readonly brokenCount: readonly W[];
  /** Index k: weight of the terminals with exactly k/2 squad-equivalents eliminated (as `squadsEliminated`). */
  readonly eliminatedCount: readonly W[];
}

/**
 * Event probabilities the exact engine's marginal mode computed (ExactDistribution.marginals), in
 * weights: per event bit, and per target position and bit. With them, the terminals need no event masks.
 */
export interface AttackMarginals<W> {
  readonly events: readonly W[];
  readonly partEvents: readonly (readonly W[])[];
}

/** Squad-equivalents of a counter, doubled (a squad 2, a HS or crew 1, a SMC 0). Never throws. */
export function doubledSquadEquivalents(u: UnitState): number {
  return 2 * squadEquivalents(u.profile);
}

/** Doubled squad-equivalents of target `start` broken at the end as `end` (broken now, not at the start). */
export function doubledBroken(start: UnitState, end: UnitState): number {
  return end.status === 'broken' && start.status !== 'broken' ? doubledSquadEquivalents(end) : 0;
}

/** Doubled squad-equivalents target `start` lost by the end (`end`): all of it off the map, else what Casualty Reduction took. */
export function doubledEliminated(start: UnitState, end: UnitState): number {
  const before = doubledSquadEquivalents(start);
  return isAlive(end) ? Math.max(0, before - doubledSquadEquivalents(end)) : before;
}

/**
 * Replaces the figures of the positions `c` of identical targets by their average (a class total is
 * divisible by its size, see `divide`), in every table given. Never throws.
 */
export function averageOverClass<W>(ops: WeightOps<W>, c: readonly number[], ...tables: W[][][]): void {
  if (c.length < 2) return;
  for (const t of tables) {
    for (let b = 0; b < t[c[0]].length; b++) {
      let sum = ops.zero;
      for (const i of c) sum = ops.add(sum, t[i][b]);
      const avg = ops.divide(sum, c.length);
      for (const i of c) t[i][b] = avg;
    }
  }
}

/**
 * Summarizes terminals of an attack chain.
 * @param targets the chain's targets as they were at the start (AttackChainSpec.targets)
 * @param terminals final states with weights, e.g. `enumerateChain(model).terminals` mapped to
 *   `{ state, events, weight: probability }`, or Monte Carlo tallies; a target's per-unit events are read
 *   from `state.unitEvents` (0 when the chain did not track it)
 * @param ops weight arithmetic ({@link EXACT_WEIGHTS}, {@link COUNT_WEIGHTS})
 * @param marginals event probabilities from the exact engine's marginal mode: used for `events`,
 *   `units` and `anyBroken` instead of the terminals' event masks (the stack's `break` event is a
 *   target's: created heroes never break, A15.2)
 * Never throws. Cost O(terminals x units).
 */
export function summarizeAttack<W>(
  targets: readonly UnitState[],
  terminals: Iterable<AttackTerminal<W>>,
  ops: WeightOps<W>,
  marginals?: AttackMarginals<W>,
): AttackSummary<W> {
  const n = targets.length;
  let total = ops.zero;
  const outcomes = new Map<string, W>();
  const events = EVENT_NAMES.map(() => ops.zero);
  const units = targets.map(() => EVENT_NAMES.map(() => ops.zero));
  const stack: Record<StackEventName, W> = { anyBroken: ops.zero, allEliminated: ops.zero, leaderLost: ops.zero };
  let squads = ops.zero;
  let lost = ops.zero;
  const unitStatus = targets.map(() => FINAL_STATUS_NAMES.map(() => ops.zero));
  const brokenCount = Array.from({ length: 2 * n + 1 }, () => ops.zero);
  const eliminatedCount = Array.from({ length: 2 * n + 1 }, () => ops.zero);
  const breakIndex = EVENT_NAMES.indexOf('break');
  for (const t of terminals) {
    const s = t.state;
    const w = t.weight;
    total = ops.add(total, w);
    const name = describeAttackOutcome(s, targets);
    outcomes.set(name, ops.add(outcomes.get(name) ?? ops.zero, w));
    let leaderLost = false;
    let doubled = 0;
    let gone = 0;
    for (let i = 0; i < n; i++) {
      const u = s.units[i];
      if (targets[i].profile.kind === 'leader' && !isAlive(u)) leaderLost = true;
      doubled += doubledBroken(targets[i], u);
      gone += doubledEliminated(targets[i], u);
      const k = finalStatusIndex(u);
      unitStatus[i][k] = ops.add(unitStatus[i][k], w);
    }
    if (!s.units.some(isAlive)) stack.allEliminated = ops.add(stack.allEliminated, w);
    if (leaderLost) stack.leaderLost = ops.add(stack.leaderLost, w);
    if (doubled > 0) squads = ops.add(squads, ops.half(ops.times(w, doubled)));
    if (gone > 0) lost = ops.add(lost, ops.half(ops.times(w, gone)));
    brokenCount[doubled] = ops.add(brokenCount[doubled], w);
    eliminatedCount[gone] = ops.add(eliminatedCount[gone], w);
    if (marginals) continue;
    // Events from the terminal's masks.
    let any = t.events;
    for (const m of s.unitEvents) any |= m;
    EVENT_NAMES.forEach((_, b) => {
      if (any & (1 << b)) events[b] = ops.add(events[b], w);
    });
    let broke = false;
    for (let i = 0; i < n; i++) {
      const mask = s.unitEvents[i];
      if (mask === 0) continue;
      for (let b = 0; b < EVENT_NAMES.length; b++) if (mask & (1 << b)) units[i][b] = ops.add(units[i][b], w);
      if (mask & (1 << breakIndex)) broke = true;
    }
    if (broke) stack.anyBroken = ops.add(stack.anyBroken, w);
  }
  if (marginals) {
    EVENT_NAMES.forEach((_, b) => {
      events[b] = marginals.events[b] ?? ops.zero;
      for (let i = 0; i < n; i++) units[i][b] = marginals.partEvents[i]?.[b] ?? ops.zero;
    });
    stack.anyBroken = events[breakIndex];
  }
  // Symmetry: positions of identical targets carry their class's figures in sorted order; average them.
  const classes = new Map<string, number[]>();
  targets.forEach((t, i) => classes.set(unitStateKey(t), [...(classes.get(unitStateKey(t)) ?? []), i]));
  for (const c of classes.values()) averageOverClass(ops, c, units, unitStatus);
  return { total, outcomes, events, units, stack, squadsBroken: squads, squadsEliminated: lost, unitStatus, brokenCount, eliminatedCount };
}
