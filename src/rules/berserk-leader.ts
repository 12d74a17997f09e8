/**
 * A berserk leader's consequences for his Location (A15.41; rules/004 for 2nd Edition, rules/000 for
 * G.I. Anvil of Victory; docs/rules-notes.md §4).
 *
 * When a leader goes berserk, after the fire attack on his Location is resolved, every other friendly
 * unit there that is subject to Heat of Battle (even broken ones) takes a check with the berserk
 * leader's modification (his leadership DRM, not the best leader's): pass, it goes berserk (a broken
 * unit rallies, A15.4); fail, no change. The check is data of the rule set (`berserkLeaderCheck`):
 * 2nd Edition a Berserk NTC, GIA a "DM MC". After the checks the leader forfeits his leadership DRM.
 *
 * Modelling choices (docs/rules-coverage.md "Modelling choices"): the GIA DM MC is a MC, so an Original 12 by an
 * unbroken unit is a Casualty MC (A10.31: "during a MC"); otherwise its failure changes nothing
 * (GIA 15.41 "if not, there is no change to their status") and no DRM is added for "DM". Neither
 * check triggers Heat of Battle: the NTC is a TC (A15.1), and a unit passing the DM MC on its Original
 * 2 has gone berserk, which is not subject to Heat of Battle.
 */
import type { DR } from '../dice/dice.js';
import { moraleCheck, type CheckSpec } from './check.js';
import { checkOrder } from './check-order.js';
import type { MoraleContext } from './context.js';
import { goBerserk, isHoBEligible } from './heat-of-battle.js';
import { resolveCheck } from './morale-check.js';
import type { RuleSet } from './rule-set.js';
import type { StepResult } from './step-result.js';
import { isAlive, type UnitState } from './unit-state.js';

const BERSERK_NTC: CheckSpec = Object.freeze({ kind: 'TC', strength: 0, failurePins: false, label: 'Berserk NTC' });
const BERSERK_DM_MC: CheckSpec = Object.freeze(moraleCheck(0, 'Berserk DM MC'));

/**
 * The check a berserk leader's Location takes (A15.41), from the rule set. Never throws.
 * @example berserkCheckOf(rs2e).label // 'Berserk NTC'
 */
export function berserkCheckOf(ruleSet: RuleSet): CheckSpec {
  return ruleSet.berserkLeaderCheck === 'NTC' ? BERSERK_NTC : BERSERK_DM_MC;
}

/**
 * The units that must take the Berserk check of the leader at `leader` (A15.41): every other unit on
 * the map subject to Heat of Battle (not heroes, crews, unarmed or already berserk units), broken ones
 * included, in check order (check-order.ts).
 * @returns positions into `units`. Never throws.
 */
export function berserkCheckTakers(units: readonly UnitState[], leader: number, ruleSet: RuleSet): number[] {
  const takers: number[] = [];
  units.forEach((u, i) => {
    if (i !== leader && isAlive(u) && isHoBEligible(u, ruleSet)) takers.push(i);
  });
  return checkOrder(units, takers);
}

/**
 * Resolves one unit's Berserk check (A15.41).
 * @param u the unit taking it
 * @param leaderDRM the berserk leader's leadership DRM (A10.7; a wounded leader's is one worse), integer
 * @param dr the dice
 * @returns pass: the unit berserk (events berserk, + rally if it was broken); GIA DM MC Original 12 by
 *   an unbroken unit: the Casualty MC of morale-check.ts (possibly with a Wound Severity dr to follow);
 *   otherwise the unit unchanged with no event. Never throws.
 * @example resolveBerserkCheck(broken467, -1, { white: 2, colored: 3 }, ctx).unit.berserk // true
 */
export function resolveBerserkCheck(u: UnitState, leaderDRM: number, dr: DR, ctx: MoraleContext): StepResult {
  const check = berserkCheckOf(ctx.ruleSet);
  const r = resolveCheck(u, check, leaderDRM, dr, ctx);
  if (r.passed) return goBerserk(u);
  if (check.kind === 'MC' && r.originalDR === 12 && u.status === 'good-order') {
    return { unit: r.unit, events: r.events, woundSeverityDRM: r.woundSeverityDRM };
  }
  return { unit: u, events: 0, woundSeverityDRM: null };
}
