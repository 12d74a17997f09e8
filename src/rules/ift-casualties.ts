/**
 * What the casualty results of the IFT do to a Location once Random Selection (A.9) has picked the
 * units (A7.301 #KIA, A7.302 K/#; docs/rules-notes.md §8).
 *
 * - #KIA: the selected units are eliminated; every other unit in the Location is broken (A10.2 EX:
 *   "both squads are automatically broken"), already broken units are unchanged, pinned units lose the
 *   pin. Units not subject to breaking (heroes A15.2, heroic leaders, berserk units A15.42) suffer
 *   Casualty Reduction instead (modelling choice, as for their failed MC;
 *   docs/rules-coverage.md "Modelling choices").
 * - K/#: each selected unit suffers Casualty Reduction (a squad becomes a HS, a HS or crew is
 *   eliminated, a SMC is wounded and takes a Wound Severity dr). Every other unit on the map, and any
 *   just-Reduced HS, then takes a #MC; a SMC wounded by the K does not (A.9 EX, A7.302).
 *
 * The MCs themselves, the Wound Severity dr and the leader-loss checks that follow are the chain's
 * business (attack-chain.ts); these functions never roll dice.
 */
import { Ev } from './events.js';
import { eliminate, resolveCasualtyReduction } from './casualty-reduction.js';
import type { RuleSet } from './rule-set.js';
import { isAlive, isHero, isSMC, withChanges, type UnitState } from './unit-state.js';

/** The Location after a #KIA or K/# result, before any roll that follows it. */
export interface CasualtyEffects {
  /** Every unit's new state, same positions as the input. */
  readonly units: readonly UnitState[];
  /** Events each unit suffered (bitmask of `Ev`), same positions. */
  readonly events: readonly number[];
  /** Per position: the drm of a Wound Severity dr that must follow (A17.11), or null. */
  readonly woundSeverityDRM: readonly (number | null)[];
  /** K/# only: positions that must take the #MC, in stack order (empty for #KIA). */
  readonly mcTakers: readonly number[];
}

/**
 * Applies a #KIA (A7.301) whose Random Selection picked `selected`.
 * @param units the Location's units (eliminated ones are left alone)
 * @param selected positions of the units eliminated
 * @returns the effects; never any MC takers. Never throws.
 * @example resolveKIA([leader91, ss658, squad467], [0], rs).units.map((u) => u.status) // ['eliminated', 'broken', 'broken'] (A10.2 EX)
 */
export function resolveKIA(units: readonly UnitState[], selected: readonly number[], ruleSet: RuleSet): CasualtyEffects {
  const out = units.slice();
  const events = units.map(() => 0);
  const wounds: (number | null)[] = units.map(() => null);
  units.forEach((u, i) => {
    if (!isAlive(u)) return;
    if (selected.includes(i)) {
      const r = eliminate(u, 0);
      out[i] = r.unit;
      events[i] = r.events;
    } else if (u.berserk || isHero(u)) {
      const r = resolveCasualtyReduction(u, ruleSet);
      out[i] = r.unit;
      events[i] = r.events;
      wounds[i] = r.woundSeverityDRM;
    } else if (u.status !== 'broken') {
      out[i] = withChanges(u, { status: 'broken', pinned: false });
      events[i] = Ev.break;
    }
  });
  return { units: out, events, woundSeverityDRM: wounds, mcTakers: [] };
}

/**
 * Applies a K/# (A7.302) whose Random Selection picked `selected`.
 * @param units the Location's units (eliminated ones are left alone)
 * @param selected positions of the units Casualty Reduced (ties: all of them, A.9)
 * @returns the effects, with `mcTakers`: every unit still on the map except a SMC wounded by the K
 * Never throws.
 * @example resolveK([leader81, crew, hs247, squad467], [0, 3], rs).mcTakers // [1, 2, 3] (A.9 EX)
 */
export function resolveK(units: readonly UnitState[], selected: readonly number[], ruleSet: RuleSet): CasualtyEffects {
  const out = units.slice();
  const events = units.map(() => 0);
  const wounds: (number | null)[] = units.map(() => null);
  const exempt = new Set<number>();
  for (const i of selected) {
    const u = units[i];
    if (!isAlive(u)) continue;
    const r = resolveCasualtyReduction(u, ruleSet);
    out[i] = r.unit;
    events[i] = r.events;
    wounds[i] = r.woundSeverityDRM;
    if (isSMC(u)) exempt.add(i);
  }
  const mcTakers: number[] = [];
  out.forEach((u, i) => {
    if (isAlive(u) && !exempt.has(i)) mcTakers.push(i);
  });
  return { units: out, events, woundSeverityDRM: wounds, mcTakers };
}
