/**
 * Experience Level Rating: Replacement and Disruption (A19.1, A19.11, A19.12, A19.13; docs/rules-notes.md §2).
 *
 * An unbroken squad/HS/leader that fails a MC by more than its side's ELR (Final DR - ML > ELR) is
 * Replaced by a broken unit of lesser quality of the same size (the catalog's ladder, A19.13). One that
 * cannot be Replaced is broken and Disrupted if it is a squad, HS or 6+1 leader (A19.12) [EXC:
 * Partisans, Commissars, Gurkhas, U.S. Marines, Japanese, SS vs Russians, Fanatics: only broken].
 * Immune (A19.11): crews, Commissars, heroes, unarmed units, already broken units.
 */
import { Ev } from './events.js';
import { getNationality, replacementOf } from '../counters/catalog.js';
import type { MoraleContext } from './context.js';
import type { StepResult } from './step-result.js';
import { isHero, withChanges, type UnitState } from './unit-state.js';

/**
 * True when the unit is immune to ELR failure (A19.11): crews, heroes and heroic leaders, Commissars,
 * unarmed units. (Already broken units are immune too; the caller checks that.) Never throws.
 */
export function isELRImmune(u: UnitState): boolean {
  return u.profile.kind === 'crew' || isHero(u) || !!u.profile.traits.commissar || !!u.profile.traits.unarmed;
}

/**
 * True when the unit may be Disrupted (A19.12): a squad, HS or 6+1 leader that is not of an exempt
 * kind (Partisans, Commissars, Gurkhas, U.S. Marines, Japanese, SS vs Russians, Fanatics). Never throws.
 */
export function isDisruptable(u: UnitState, ctx: MoraleContext): boolean {
  const p = u.profile;
  const sizeOk = p.kind === 'squad' || p.kind === 'hs' || (p.kind === 'leader' && p.name === '6+1');
  if (!sizeOk || u.fanatic) return false;
  const t = p.traits;
  if (t.commissar || t.gurkha || t.marine || (t.ss && ctx.vsRussians)) return false;
  return !getNationality(p.nationality).neverSurrenders; // Japanese, Partisans
}

/**
 * Applies an ELR failure to a unit that has just broken (A19.13, A19.12): Replacement by the next
 * lower unit (broken), else Disruption where allowed, else the unit stays merely broken.
 * @param u the unit, already broken by the failed MC
 * Never throws.
 * @example resolveELRFailure(broken467, ctx).unit.profile.name // '4-4-7'
 */
export function resolveELRFailure(u: UnitState, ctx: MoraleContext): StepResult {
  return applyELRFailure(u, pendingELRFailure(u, ctx));
}

/**
 * What an ELR failure does to a unit that has just broken (A19.13, A19.12), decided now and applied by
 * {@link applyELRFailure}, possibly later (a wounded SMC: after its Wound Severity dr, A17.11).
 * @returns 'replace', 'disrupt', or null (immune, or nothing lower and not Disruptable)
 * Never throws.
 */
export function pendingELRFailure(u: UnitState, ctx: MoraleContext): 'replace' | 'disrupt' | null {
  if (isELRImmune(u)) return null;
  if (replacementOf(u.profile) !== null) return 'replace';
  return isDisruptable(u, ctx) ? 'disrupt' : null;
}

/**
 * Applies a decided ELR failure (see {@link pendingELRFailure}); clears `elrPending`. Never throws.
 */
export function applyELRFailure(u: UnitState, failure: 'replace' | 'disrupt' | null): StepResult {
  const base = u.elrPending === null ? u : withChanges(u, { elrPending: null });
  if (failure === 'replace') {
    return { unit: withChanges(base, { profile: replacementOf(u.profile)!, status: 'broken', pinned: false }), events: Ev.replacement, woundSeverityDRM: null };
  }
  if (failure === 'disrupt') return { unit: withChanges(base, { disrupted: true }), events: Ev.disruption, woundSeverityDRM: null };
  return { unit: base, events: 0, woundSeverityDRM: null };
}
