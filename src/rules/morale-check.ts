/**
 * Resolving one MC or TC DR against one unit (A10.1-10.4, A10.31, A7.8, A15.2, A15.42, A19.13).
 *
 * - Final DR = Original DR + the check's # + DRM (leadership and any other).
 * - TC: a PTC/LLTC leaves a broken or pinned unit alone ({@link takesPinTaskCheck});
 *   pass on Final DR <= ML; a failed PTC/LLTC pins (berserk units, heroes and Japanese SMC are never
 *   pinned by it), a failed NTC has no effect. No HoB, no Casualty MC.
 * - MC, unbroken unit, Original 12: Casualty MC (A10.31): Casualty Reduction and broken; if it also
 *   failed by more than ELR, Replacement or Disruption follows (setting `casualtyMCAlsoReplaces`): at
 *   once for a MMC, after the Wound Severity dr for a wounded SMC that survives it (A17.11, A19.13).
 * - MC pass: Final DR <= ML; Final DR == ML pins (A7.8; broken units too, A10.53) unless berserk or a
 *   hero.
 * - MC fail: berserk: Casualty Reduction (A15.42); hero: wounded, Wound Severity dr, a wounded hero is
 *   eliminated (A15.2); already broken: Casualty Reduction (A10.3, A10.2 EX); otherwise broken (A10.3),
 *   and if Final DR - ML > ELR, Replacement or Disruption (A19.13, A19.12).
 * - An Original 2 on a MC makes the unit eligible for Heat of Battle (A15.1); the chain rolls it.
 */
import { Ev } from './events.js';
import type { DR } from '../dice/dice.js';
import type { CheckSpec } from './check.js';
import type { MoraleContext } from './context.js';
import { resolveCasualtyReduction } from './casualty-reduction.js';
import { pendingELRFailure, resolveELRFailure } from './elr.js';
import { isHoBEligible } from './heat-of-battle.js';
import type { StepResult } from './step-result.js';
import { currentML, isAlive, isHero, withChanges, type UnitState } from './unit-state.js';

/** The result of one MC/TC DR. */
export interface CheckResult extends StepResult {
  /** Original DR, integer in [2, 12]. */
  readonly originalDR: number;
  /** Final DR (Original + # + DRM), any integer. */
  readonly finalDR: number;
  /** ML the DR was compared with. */
  readonly ml: number;
  /** The check was passed (Final DR <= ML, and no Casualty MC). */
  readonly passed: boolean;
  /** Heat of Battle follows (Original MC DR of 2 by an eligible unit, A15.1). */
  readonly heatOfBattle: boolean;
}

/**
 * True when a PTC (or LLTC) affects the unit: it is Good Order and not already pinned (A7.8: a PTC can
 * only pin, and a broken or pinned unit has nothing to lose to it). The one test for `mc --check PTC`,
 * the attack's PTC result and the LLTC. Never throws.
 * @example takesPinTaskCheck(broken467) // false
 */
export function takesPinTaskCheck(u: UnitState): boolean {
  return u.status === 'good-order' && !u.pinned;
}

/**
 * True for a unit a failed PTC or LLTC never pins ("exempt from pinning", A10.2): a berserk unit
 * (A15.42), a hero or heroic leader (A15.2: "not subject to ... enforced Pin results"), a Japanese leader
 * (docs/rules-notes.md §9: "Japanese SMC never pinned"). Such a unit takes no LLTC (A10.2 [EXC: if exempt from pinning],
 * leader-loss.ts). Never throws.
 * @example isPinExempt(hero) // true
 */
export function isPinExempt(u: UnitState): boolean {
  return u.berserk || isHero(u) || (u.profile.nationality === 'japanese' && u.profile.kind === 'leader');
}

/**
 * Resolves one MC/TC DR.
 * @param u the unit (on the map)
 * @param check the check (NMC, #MC, PTC, NTC, LLMC, LLTC)
 * @param drm total DRM other than the check's #: leadership (see leadership.ts) plus any other, integer
 * @param dr the dice
 * @param ctx rule set, ELR, situation
 * Never throws.
 * @example resolveCheck(good467, moraleCheck(1), 0, { white: 3, colored: 4 }, ctx).unit.status // 'broken'
 */
export function resolveCheck(u: UnitState, check: CheckSpec, drm: number, dr: DR, ctx: MoraleContext): CheckResult {
  const originalDR = dr.white + dr.colored;
  const finalDR = originalDR + check.strength + drm;
  const ml = currentML(u);
  if (check.kind === 'TC') {
    // Explicit fields (no spread), as below: the exact engines resolve every DR total of every check.
    if (check.failurePins && !takesPinTaskCheck(u)) return { unit: u, events: 0, woundSeverityDRM: null, originalDR, finalDR, ml, passed: true, heatOfBattle: false };
    if (finalDR <= ml) return { unit: u, events: Ev.pass, woundSeverityDRM: null, originalDR, finalDR, ml, passed: true, heatOfBattle: false };
    if (check.failurePins && !isPinExempt(u)) {
      return { unit: withChanges(u, { pinned: true }), events: Ev.pin, woundSeverityDRM: null, originalDR, finalDR, ml, passed: false, heatOfBattle: false };
    }
    return { unit: u, events: 0, woundSeverityDRM: null, originalDR, finalDR, ml, passed: false, heatOfBattle: false };
  }
  const r = resolveMoraleEffect(u, originalDR, finalDR, ml, ctx);
  // A pending Wound Severity dr is rolled first; the chain skips HoB if it eliminates the unit.
  const heatOfBattle = originalDR === 2 && isHoBEligible(u, ctx.ruleSet) && isAlive(r.unit);
  // Explicit fields (no spread): this is the exact engine's hot path.
  return { unit: r.unit, events: r.events, woundSeverityDRM: r.woundSeverityDRM, originalDR, finalDR, ml, passed: r.passed, heatOfBattle };
}

function resolveMoraleEffect(
  u: UnitState,
  originalDR: number,
  finalDR: number,
  ml: number,
  ctx: MoraleContext,
): StepResult & { passed: boolean } {
  // Every result one literal shape { unit, events, woundSeverityDRM, passed } (no spreads): its reader
  // then meets one object shape.
  const failedByMoreThanELR = finalDR - ml > ctx.elr;
  // A10.31 Casualty MC: an unbroken unit rolling an Original 12.
  if (originalDR === 12 && u.status === 'good-order') {
    const cr = resolveCasualtyReduction(u, ctx.ruleSet);
    if (!isAlive(cr.unit) || u.berserk || isHero(u)) return { unit: cr.unit, events: cr.events, woundSeverityDRM: cr.woundSeverityDRM, passed: false };
    const broken: UnitState = withChanges(cr.unit, { status: 'broken', pinned: false });
    if (failedByMoreThanELR && ctx.ruleSet.settings.casualtyMCAlsoReplaces) {
      if (cr.woundSeverityDRM !== null) {
        // A wounded SMC is Replaced (A19.13) or, a 6+1, Disrupted (A19.12) only if it survives its
        // Wound Severity dr (A17.11), rolled first: the failure waits on the unit until then.
        const pending = pendingELRFailure(broken, ctx);
        return { unit: pending === null ? broken : withChanges(broken, { elrPending: pending }), events: cr.events | Ev.break, woundSeverityDRM: cr.woundSeverityDRM, passed: false };
      }
      const elr = resolveELRFailure(broken, ctx);
      return { unit: elr.unit, events: cr.events | Ev.break | elr.events, woundSeverityDRM: null, passed: false };
    }
    return { unit: broken, events: cr.events | Ev.break, woundSeverityDRM: cr.woundSeverityDRM, passed: false };
  }
  if (finalDR <= ml) {
    // A7.8: Final DR == ML pins, broken units included (A10.53: an Interdicted unit is subject to
    // pinning, which stops its rout).
    if (finalDR === ml && !u.berserk && !isHero(u)) {
      return { unit: withChanges(u, { pinned: true }), events: Ev.pin, woundSeverityDRM: null, passed: true };
    }
    return { unit: u, events: Ev.pass, woundSeverityDRM: null, passed: true };
  }
  // Failure.
  if (u.berserk || isHero(u) || u.status === 'broken') {
    const cr = resolveCasualtyReduction(u, ctx.ruleSet);
    return { unit: cr.unit, events: cr.events, woundSeverityDRM: cr.woundSeverityDRM, passed: false };
  }
  const broken: UnitState = withChanges(u, { status: 'broken', pinned: false });
  if (failedByMoreThanELR) {
    const elr = resolveELRFailure(broken, ctx);
    return { unit: elr.unit, events: Ev.break | elr.events, woundSeverityDRM: null, passed: false };
  }
  return { unit: broken, events: Ev.break, woundSeverityDRM: null, passed: false };
}
