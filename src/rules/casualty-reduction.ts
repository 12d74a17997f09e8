/**
 * Casualty Reduction (A10.31, A17.11; docs/rules-notes.md §2) and the Wound Severity dr (A17.11).
 *
 * A squad is Reduced to a HS of the same type (broken if it was broken, keeping its markers); a HS or
 * crew is eliminated. An unwounded SMC is wounded and must take a Wound Severity dr: 5-6 eliminates
 * it. An already wounded SMC is eliminated, or (setting `woundedSMCReduction: severity`) takes
 * another Wound Severity dr with a +1 drm.
 */
import { Ev } from './events.js';
import { reducedOf } from '../counters/catalog.js';
import { applyELRFailure } from './elr.js';
import type { RuleSet } from './rule-set.js';
import type { StepResult } from './step-result.js';
import { isSMC, withChanges, type UnitState } from './unit-state.js';

/**
 * Applies Casualty Reduction to `u` (which must be on the map).
 * @returns the Reduced unit; events always include casualtyReduction, plus wound / elimination
 * Never throws.
 * @example resolveCasualtyReduction(broken467, rs).unit.profile.name // '2-4-7'
 */
export function resolveCasualtyReduction(u: UnitState, ruleSet: RuleSet): StepResult {
  if (isSMC(u)) {
    if (!u.wounded) {
      return { unit: withChanges(u, { wounded: true }), events: Ev.casualtyReduction | Ev.wound, woundSeverityDRM: 0 };
    }
    if (ruleSet.settings.woundedSMCReduction === 'severity') {
      return { unit: u, events: Ev.casualtyReduction | Ev.wound, woundSeverityDRM: 1 };
    }
    return eliminate(u, Ev.casualtyReduction);
  }
  const hs = reducedOf(u.profile);
  if (hs === null) return eliminate(u, Ev.casualtyReduction);
  return { unit: withChanges(u, { profile: hs }), events: Ev.casualtyReduction, woundSeverityDRM: null };
}

/**
 * Wound Severity dr (A17.11): the SMC is eliminated when dr + drm >= 5, otherwise it stays wounded
 * (and suffers an ELR failure its Casualty MC left pending, A19.13, A19.12).
 * @param dr the die, integer in [1, 6]
 * @param drm 0, or +1 for an already wounded SMC under `woundedSMCReduction: severity`
 * Never throws.
 * @example resolveWoundSeverity(wounded91, 5, 0).unit.status // 'eliminated'
 */
export function resolveWoundSeverity(u: UnitState, dr: number, drm: number): StepResult {
  if (dr + drm >= 5) return eliminate(u, 0);
  // A survivor of a Casualty MC that also failed by more than ELR is now Replaced or Disrupted (A19.13).
  if (u.elrPending !== null) return applyELRFailure(u, u.elrPending);
  return { unit: u, events: 0, woundSeverityDRM: null };
}

/** The unit eliminated, with `extra` events plus elimination. */
export function eliminate(u: UnitState, extra: number): StepResult {
  return {
    unit: withChanges(u, { status: 'eliminated', pinned: false, berserk: false, disrupted: false, elrPending: null }),
    events: extra | Ev.elimination,
    woundSeverityDRM: null,
  };
}
