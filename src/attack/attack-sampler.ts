/**
 * The attack sampler: a fire attack (or a sequence of attacks) on one Location sampled with a random
 * stream, by driving the attack's one procedure (procedure.ts) on mutable state: no immutable states,
 * canonical keys, symmetry or memos (those are the exact chain's, attack-chain.ts). The one sampler of
 * the attack rules: `asl-odds attack --trials` samples whole sequences with events ({@link sampleAttacks},
 * attack-tally.ts), the scenario simulator one attack at a time ({@link sampleAttackCodes}). Its
 * agreement with the exact engine is tested statistically (test/attack/attack-sampler.test.ts: per-unit
 * and stack figures, z-scores, on random stacks and the rulebook's).
 *
 * One procedure object serves every attack in turn (`reset`): the simulator resolves thousands of
 * attacks per playthrough, and its work lists are reused instead of made anew (sampleAttackCodes is not
 * re-entered: nothing it calls samples an attack).
 */
import type { CompiledAttack } from './compiled-attack.js';
import { AttackProcedure, IFT_STEP, iftResult } from './procedure.js';
import { drawIndex } from '../dice/dice.js';
import type { Int32Source } from '../dice/streams.js';
import type { MoraleContext } from '../rules/context.js';
import type { IFTResult } from '../rules/infantry-fire-table.js';
import type { UnitState } from '../rules/unit-state.js';
import { UNIT_CODES, type UnitCode } from '../chains/unit-codes.js';

/** The one procedure object, reused. */
const ATTACK = new AttackProcedure();
/** The one-attack sequence of sampleAttackCodes, reused (its entry set per call). */
const ONE_ATTACK: CompiledAttack[] = [ATTACK.attack];
/** The arrays `reset` reuses for `units` and `codes` when asked to (sampleAttacks). */
const UNITS_BUFFER: UnitState[] = [];
const CODES_BUFFER: UnitCode[] = [];

/**
 * Starts a new sequence of `attacks` (at least one) on `targets` (codes, stack order), its events cleared.
 * @param reuse true: `units` and `codes` are the sampler's own arrays, overwritten by the next reset
 *   (sampleAttacks); false: new arrays (sampleAttackCodes returns `codes`)
 */
function reset(w: AttackProcedure, targets: readonly UnitCode[], attacks: readonly CompiledAttack[], ctx: MoraleContext, ctxId: number, reuse = false): void {
  const n = targets.length;
  let units: UnitState[];
  let codes: UnitCode[];
  if (reuse) {
    // The caller reads the result before the next attack: the same two arrays serve every attack.
    units = UNITS_BUFFER;
    codes = CODES_BUFFER;
    if (units.length !== n) units.length = n;
    if (codes.length !== n) codes.length = n;
  } else {
    units = new Array<UnitState>(n);
    codes = new Array<UnitCode>(n);
  }
  const ev = w.unitEvents;
  ev.length = n;
  for (let i = 0; i < n; i++) ev[i] = 0;
  w.events = 0;
  for (let i = 0; i < n; i++) {
    const c = targets[i];
    codes[i] = c;
    units[i] = c.unit;
  }
  w.units = units;
  w.codes = codes;
  w.attacks = attacks;
  w.attackIndex = 0;
  w.attack = attacks[0];
  w.ctx = ctx;
  w.ctxId = ctxId;
  // Empty after a finished attack; emptied here only after an exception (no builtin call otherwise).
  if (w.todo.length !== 0) w.todo.length = 0;
  if (w.losses.length !== 0) w.losses = [];
  if (w.berserkLeaders.length !== 0) w.berserkLeaders.length = 0;
  w.done = false;
  if (w.drs.length !== 0) w.drs.length = 0;
}

/**
 * Samples one fire attack on a Location: the units at the end of one path of the attack's procedure,
 * drawn with its odds (those of the exact attack chain, attack-chain.ts, which drives the same procedure).
 * @param targets the Location's units, in stack order (at least one)
 * @param attack the attack (an IFT column and DRM, or a fixed result)
 * @param ctx rule set, the target side's ELR, situation
 * @param rng the stream; consumes one int32 per roll (plus rejections), as engine/sample.ts
 * @param ctxId `UNIT_CODES.ctxId(ctx)` (unit-codes.ts), when the caller has it
 * @returns a new array: the targets' final states (canonical objects, unit-codes.ts) in their
 * positions, then any heroes created
 * @throws never on valid input
 * @example sampleAttack([leader91, squad467], attack8FP, ctx, streamFor('s', 0))[1].status // 'broken' or ...
 */
export function sampleAttack(targets: readonly UnitState[], attack: CompiledAttack, ctx: MoraleContext, rng: Int32Source, ctxId = UNIT_CODES.ctxId(ctx)): UnitState[] {
  const codes: UnitCode[] = new Array<UnitCode>(targets.length);
  for (let i = 0; i < targets.length; i++) codes[i] = UNIT_CODES.of(targets[i]);
  const after = sampleAttackCodes(codes, attack, ctx, rng, ctxId);
  const out: UnitState[] = new Array<UnitState>(after.length);
  for (let i = 0; i < after.length; i++) out[i] = after[i].unit;
  return out;
}

/**
 * {@link sampleAttack} on unit codes (unit-codes.ts `UNIT_CODES`), the scenario simulator's form:
 * the same dice and the same final states, as codes.
 * @param targets the codes of the Location's units, in stack order (at least one)
 * @param ctxId `UNIT_CODES.ctxId(ctx)`
 * @param ift null, or the IFT results of `attack` by DR index, shared by every use of this attack in
 *   one rule set (fire-attacks.ts): read, and filled by `iftResult` where still undefined
 * @returns the final codes in target order, then any heroes created: `targets` itself when
 * the attack had no effect (the IFT DR is its only roll), else a new array
 * @throws never on valid input
 */
export function sampleAttackCodes(
  targets: readonly UnitCode[],
  attack: CompiledAttack,
  ctx: MoraleContext,
  rng: Int32Source,
  ctxId: number,
  ift: (IFTResult | undefined)[] | null = null,
): readonly UnitCode[] {
  const w = ATTACK;
  ONE_ATTACK[0] = attack;
  if (attack.fixedResult === null && attack.column !== null) {
    // The IFT DR is the first roll, and nothing happens before it (no step to settle): roll it before
    // building anything, and stop at once on no effect, the commonest result.
    const index = drawIndex(rng, 36);
    let r = ift === null ? undefined : ift[index];
    if (r === undefined) {
      r = iftResult(attack, index, ctx);
      if (ift !== null) ift[index] = r;
    }
    if (r.kind === 'none') return targets;
    reset(w, targets, ONE_ATTACK, ctx, ctxId);
    w.applyIFTResult(r);
  } else {
    reset(w, targets, ONE_ATTACK, ctx, ctxId);
    w.todo.push(IFT_STEP);
  }
  finish(w, rng);
  return w.codes;
}

/** Rolls until the attack state `w` is done (after its first settle, which it does). */
function finish(w: AttackProcedure, rng: Int32Source): void {
  w.settle();
  while (!w.done) {
    // While a Random Selection still rolls, nothing else happens: nothing to settle.
    if (w.step(drawIndex(rng, w.outcomes()))) w.settle();
  }
}

/** What {@link sampleAttacks} returns: views of the sampler's state, valid until its next call. */
export interface AttackSample {
  /** The final codes in target order, then any heroes created. */
  readonly codes: readonly UnitCode[];
  /** Events per position, same positions as `codes` (bitmask of `Ev`, events.ts). */
  readonly unitEvents: readonly number[];
  /** Every event of the path, OR over all units (the engine's event mask). */
  readonly events: number;
}

/**
 * Samples a sequence of fire attacks on one Location with each unit's events (each unit's own, in
 * target order: what the exact engine's marginal mode counts per unit).
 * The one attack sampler: `asl-odds attack --trials` and, one attack at a time, the scenario simulator
 * ({@link sampleAttackCodes}).
 * @param targets the codes of the Location's units (UNIT_CODES), in stack order (at least one)
 * @param attacks the attacks, in order (at least one)
 * @param ctxId `UNIT_CODES.ctxId(ctx)`
 * @returns views of the sampler's own arrays, overwritten by the next call (no allocation per trial
 * beyond the codes array)
 * @throws never on valid input
 */
export function sampleAttacks(targets: readonly UnitCode[], attacks: readonly CompiledAttack[], ctx: MoraleContext, rng: Int32Source, ctxId: number): AttackSample {
  const w = ATTACK;
  reset(w, targets, attacks, ctx, ctxId, true);
  w.todo.push(IFT_STEP);
  finish(w, rng);
  return w;
}
