/**
 * Monte Carlo tallies of fire attacks: trials sampled by the attack sampler (attack-sampler.ts) and
 * counted into integer counts whose size does not grow with the trials; tallies of chunks merge by
 * addition in any order (one thread or many, resumed, sharded: the same sums).
 *
 * A tally is two parts:
 * - `counts`, a fixed layout ({@link AttackTallyLayout}): the figures of attack-summary.ts as counts of
 *   trials (per-target figures move with their unit when identical targets exchange places, so they
 *   are averaged over each class of identical targets, as summarizeAttack does);
 * - `outcomes`: trials per final stack, keyed by its description (`describeAttackOutcome`), only when
 *   asked (`attack --outcomes`): it grows with the distinct stacks met (125,000 in 1.6e7 trials of a
 *   5-unit stack), so without it the memory of a run is flat in its trials.
 */
import { Tychei } from '../dice/tychei.js';
import type { Int32Source } from '../dice/streams.js';
import { chunkTrials, type ChunkPlan } from '../engine/chunk-plan.js';
import type { MoraleContext } from '../rules/context.js';
import { isAlive, type UnitState } from '../rules/unit-state.js';
import { describeAttackOutcome, identicalTargets } from './attack-chain.js';
import type { CompiledAttack } from './compiled-attack.js';
import { averageOverClass, COUNT_WEIGHTS, doubledBroken, doubledEliminated, FINAL_STATUS_NAMES, finalStatusIndex, STACK_EVENT_NAMES, type AttackSummary } from './attack-summary.js';
import { sampleAttacks } from './attack-sampler.js';
import { Ev, EVENT_NAMES } from '../rules/events.js';
import { UNIT_CODES, type UnitCode } from '../chains/unit-codes.js';

/** Where each figure sits in a tally's `counts` (offsets into one Float64Array). */
export interface AttackTallyLayout {
  /** Number of targets, integer in [1, 6] as the query allows (the layout works for any >= 1). */
  readonly targets: number;
  /** Length of `counts`. */
  readonly size: number;
  /** Offset of the trial count (one slot). */
  readonly trials: number;
  /** Offset of the event counts: EVENT_NAMES.length slots, by event bit. */
  readonly events: number;
  /** Offset of the per-target event counts: slot `unitEvents + i * EVENT_NAMES.length + bit`. */
  readonly unitEvents: number;
  /** Offset of the per-target final status counts: slot `unitStatus + i * 4 + FINAL_STATUS_NAMES index` (attack-summary.ts). */
  readonly unitStatus: number;
  /** Offset of the stack event counts, STACK_EVENT_NAMES order (attack-summary.ts). */
  readonly stack: number;
  /** Offset of the trials with exactly k/2 squad-equivalents broken: 2 x targets + 1 slots. */
  readonly brokenCount: number;
  /** Offset of the trials with exactly k/2 squad-equivalents eliminated: 2 x targets + 1 slots. */
  readonly eliminatedCount: number;
}

/** The layout for `targets` targets. Never throws. @example attackTallyLayout(1).size // 40 */
export function attackTallyLayout(targets: number): AttackTallyLayout {
  const E = EVENT_NAMES.length;
  const trials = 0;
  const events = 1;
  const unitEvents = events + E;
  const unitStatus = unitEvents + targets * E;
  const stack = unitStatus + targets * FINAL_STATUS_NAMES.length;
  const brokenCount = stack + STACK_EVENT_NAMES.length;
  const eliminatedCount = brokenCount + 2 * targets + 1;
  return { targets, size: eliminatedCount + 2 * targets + 1, trials, events, unitEvents, unitStatus, stack, brokenCount, eliminatedCount };
}

/** One chunk's (or a run's) tally. */
export interface AttackTally {
  /** Counts in the {@link AttackTallyLayout}, integers. */
  readonly counts: Float64Array;
  /** Trials per final stack description, integers >= 1. */
  readonly outcomes: Record<string, number>;
}

/** An attack compiled for sampling: what every trial reads. */
export interface AttackSampling {
  /** The targets at the start, in stack order (the canonical objects of their codes). */
  readonly targets: readonly UnitState[];
  readonly attacks: readonly CompiledAttack[];
  readonly ctx: MoraleContext;
  readonly layout: AttackTallyLayout;
  /** The targets' codes (UNIT_CODES) and the context's id. */
  readonly codes: readonly UnitCode[];
  readonly ctxId: number;
  /** List trials per final stack (`AttackTally.outcomes`); false: every tally's `outcomes` is empty. */
  readonly outcomes: boolean;
  /** Descriptions of the final stacks met so far, by their codes' key (kept from one chunk to the next). */
  readonly descriptions: Map<string, string>;
}

/**
 * Compiles an attack for sampling.
 * @param targets the Location's units in stack order, at least one
 * @param attacks the attacks in order, at least one
 * @param o.outcomes list trials per final stack (`attack --outcomes`)
 * Never throws on valid input.
 */
export function compileAttackSampling(targets: readonly UnitState[], attacks: readonly CompiledAttack[], ctx: MoraleContext, o: { readonly outcomes: boolean }): AttackSampling {
  const codes = targets.map((u) => UNIT_CODES.of(u));
  return {
    targets,
    attacks,
    ctx,
    layout: attackTallyLayout(targets.length),
    codes,
    ctxId: UNIT_CODES.ctxId(ctx),
    outcomes: o.outcomes,
    descriptions: new Map(),
  };
}

const BREAK = Ev.break;

/**
 * Samples `trials` attacks with dice from `rng` into `counts` (added to) and returns the trials per
 * final stack description.
 * @param counts a tally's counts in `s.layout`
 * @returns trials per description (a new object; empty unless `s.outcomes`)
 * Never throws on valid input. Cost: one sampled attack per trial and O(targets) counting; one
 * description per distinct final stack of the run, not per trial.
 */
export function runAttackTrials(s: AttackSampling, rng: Int32Source, trials: number, counts: Float64Array): Record<string, number> {
  const L = s.layout;
  const n = L.targets;
  const E = EVENT_NAMES.length;
  const { targets, attacks, ctx, ctxId } = s;
  const start = s.codes;
  const events0 = L.events;
  const unitEvents0 = L.unitEvents;
  // Per trial only what the final stack does not tell: the events. Final stacks are counted by their
  // codes without allocation (StackCounter); what they tell (status, squads broken and lost, the
  // stack events but anyBroken: attack-summary.ts's definitions) and their descriptions are counted
  // once per distinct stack, at the end.
  const stacks = new StackCounter();
  let anyBroken = 0;
  for (let t = 0; t < trials; t++) {
    const r = sampleAttacks(start, attacks, ctx, rng, ctxId);
    for (let e = r.events; e !== 0; e &= e - 1) counts[events0 + 31 - Math.clz32(e & -e)]++;
    if ((r.events & BREAK) !== 0) {
      // Some unit broke: a target, since created heroes never break (A15.2).
      anyBroken++;
    }
    const ue = r.unitEvents;
    for (let i = 0; i < n; i++) for (let e = ue[i]; e !== 0; e &= e - 1) counts[unitEvents0 + i * E + 31 - Math.clz32(e & -e)]++;
    stacks.add(r.codes);
  }
  counts[L.trials] += trials;
  counts[L.stack] += anyBroken;
  const outcomes: Record<string, number> = {};
  for (let e = 0; e < stacks.size; e++) {
    const codes = stacks.codesOf(e);
    const units = codes.map((c) => UNIT_CODES.byCode[c].unit);
    const count = stacks.counts[e];
    let leaderLost = false;
    let broken2 = 0;
    let lost2 = 0;
    for (let i = 0; i < n; i++) {
      const u = units[i];
      counts[L.unitStatus + i * FINAL_STATUS_NAMES.length + finalStatusIndex(u)] += count;
      if (targets[i].profile.kind === 'leader' && !isAlive(u)) leaderLost = true;
      broken2 += doubledBroken(targets[i], u);
      lost2 += doubledEliminated(targets[i], u);
    }
    if (!units.some(isAlive)) counts[L.stack + 1] += count;
    if (leaderLost) counts[L.stack + 2] += count;
    counts[L.brokenCount + broken2] += count;
    counts[L.eliminatedCount + lost2] += count;
    if (!s.outcomes) continue;
    const key = codes.join(',');
    let name = s.descriptions.get(key);
    if (name === undefined) {
      name = describeAttackOutcome({ units }, targets);
      s.descriptions.set(key, name);
    }
    outcomes[name] = (outcomes[name] ?? 0) + count;
  }
  return outcomes;
}

/**
 * Counts of distinct final stacks (sequences of unit codes): an open-addressing hash over the codes,
 * the sequences kept in one growing Int32Array. Adding a stack seen before allocates nothing.
 */
class StackCounter {
  /** Per slot: entry + 1 (0: empty). Size a power of 2, at most half full. */
  private slots = new Int32Array(1024);
  /** Per entry: offset of its codes in `pool`, and their number. */
  private at = new Int32Array(256);
  private len = new Int32Array(256);
  /** Per entry: trials counted. */
  counts = new Float64Array(256);
  private pool = new Int32Array(2048);
  private used = 0;
  size = 0;

  /** Counts one trial ending with `codes`. */
  add(codes: readonly UnitCode[]): void {
    const m = codes.length;
    let h = m;
    for (let i = 0; i < m; i++) h = Math.imul(h ^ codes[i].code, 0x9e3779b1) ^ (h >>> 15);
    const mask = this.slots.length - 1;
    for (let k = h & mask; ; k = (k + 1) & mask) {
      const e = this.slots[k] - 1;
      if (e < 0) {
        this.insert(k, codes);
        return;
      }
      if (this.len[e] === m && this.equal(e, codes)) {
        this.counts[e]++;
        return;
      }
    }
  }

  /** The codes of entry `e`, in order. */
  codesOf(e: number): number[] {
    return Array.from(this.pool.subarray(this.at[e], this.at[e] + this.len[e]));
  }

  private equal(e: number, codes: readonly UnitCode[]): boolean {
    const a = this.at[e];
    for (let i = 0; i < codes.length; i++) if (this.pool[a + i] !== codes[i].code) return false;
    return true;
  }

  private insert(slot: number, codes: readonly UnitCode[]): void {
    const e = this.size++;
    if (e === this.at.length) {
      this.at = grow(this.at, 2 * e);
      this.len = grow(this.len, 2 * e);
      const c = new Float64Array(2 * e);
      c.set(this.counts);
      this.counts = c;
    }
    if (this.used + codes.length > this.pool.length) this.pool = grow(this.pool, 2 * (this.used + codes.length));
    this.at[e] = this.used;
    this.len[e] = codes.length;
    for (let i = 0; i < codes.length; i++) this.pool[this.used++] = codes[i].code;
    this.counts[e] = 1;
    this.slots[slot] = e + 1;
    if (2 * this.size > this.slots.length) this.rehash();
  }

  private rehash(): void {
    const slots = new Int32Array(2 * this.slots.length);
    const mask = slots.length - 1;
    for (let e = 0; e < this.size; e++) {
      const a = this.at[e];
      const m = this.len[e];
      let h = m;
      for (let i = 0; i < m; i++) h = Math.imul(h ^ this.pool[a + i], 0x9e3779b1) ^ (h >>> 15);
      let k = h & mask;
      while (slots[k] !== 0) k = (k + 1) & mask;
      slots[k] = e + 1;
    }
    this.slots = slots;
  }
}

/** A copy of `a` in a larger array of `size` entries. */
function grow(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

/**
 * Runs chunk `k` of `plan` (its stream: `Tychei(seed:k)`, the same numbers as streamFor(seed, k)).
 * Never throws on valid input.
 */
export function runAttackChunk(s: AttackSampling, seed: string, plan: ChunkPlan, k: number): AttackTally {
  const counts = new Float64Array(s.layout.size);
  const outcomes = runAttackTrials(s, new Tychei(`${seed}:${k}`), chunkTrials(plan, k), counts);
  return { counts, outcomes };
}

/**
 * The summary of a tally in the shape of attack-summary.ts (weights are counts; divide by `total`):
 * per-target figures averaged over each class of identical targets, as `summarizeAttack` does.
 * @param targets the targets at the start (the tally's layout has as many)
 * Never throws.
 */
export function summaryOfTally(targets: readonly UnitState[], t: AttackTally): AttackSummary<number> {
  const L = attackTallyLayout(targets.length);
  const E = EVENT_NAMES.length;
  const c = t.counts;
  const S = FINAL_STATUS_NAMES.length;
  const units = targets.map((_, i) => Array.from({ length: E }, (_, b) => c[L.unitEvents + i * E + b]));
  const unitStatus = targets.map((_, i) => Array.from({ length: S }, (_, k) => c[L.unitStatus + i * S + k]));
  for (const g of identicalTargets(targets)) averageOverClass(COUNT_WEIGHTS, g, units, unitStatus);
  const K = 2 * targets.length + 1;
  const brokenCount = Array.from({ length: K }, (_, k) => c[L.brokenCount + k]);
  const eliminatedCount = Array.from({ length: K }, (_, k) => c[L.eliminatedCount + k]);
  return {
    total: c[L.trials],
    outcomes: new Map(Object.entries(t.outcomes)),
    events: Array.from({ length: E }, (_, b) => c[L.events + b]),
    units,
    stack: { anyBroken: c[L.stack], allEliminated: c[L.stack + 1], leaderLost: c[L.stack + 2] },
    squadsBroken: brokenCount.reduce((s, n, k) => s + (k * n) / 2, 0),
    squadsEliminated: eliminatedCount.reduce((s, n, k) => s + (k * n) / 2, 0),
    unitStatus,
    brokenCount,
    eliminatedCount,
  };
}
