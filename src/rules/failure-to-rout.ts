/**
 * Failure to Rout (A10.5, A10.53, A10.531 EX, A19.12, A20.21, A20.3).
 *
 * - A broken unit may not end its RtPh ADJACENT to a Known armed unbroken enemy unit: if its rout stops
 *   there (pinned by Interdiction, A10.53, or unable to go on), it is eliminated for Failure to Rout.
 * - A unit that must rout but cannot (no legal route, A10.531 EX; a Disrupted unit not in Open Ground,
 *   A19.12) surrenders (A20.21): it is captured; under No Quarter (A20.3) it may not surrender and is
 *   eliminated for Failure to Rout.
 */
import { Ev } from './events.js';
import { eliminate } from './casualty-reduction.js';
import type { StepResult } from './step-result.js';
import { withChanges, type UnitState } from './unit-state.js';

/**
 * Elimination for Failure to Rout (A10.5, A10.53).
 * @param u the broken unit, on the map, whose rout ends ADJACENT to a Known armed unbroken enemy
 * @returns the unit eliminated; events elimination | failureToRout
 * Never throws.
 * @example resolveFailureToRout(pinned467).unit.status // 'eliminated'
 */
export function resolveFailureToRout(u: UnitState): StepResult {
  return eliminate(u, Ev.failureToRout);
}

/**
 * A unit that must rout but cannot (A10.531 EX, A19.12): captured by surrender (A20.21; events
 * surrender), or under No Quarter (A20.3) eliminated for Failure to Rout.
 * @param noQuarter No Quarter is in effect
 * Never throws.
 * @example resolveCannotRout(broken467, false).unit.status // 'captured'
 */
export function resolveCannotRout(u: UnitState, noQuarter: boolean): StepResult {
  if (noQuarter) return resolveFailureToRout(u);
  return { unit: withChanges(u, { status: 'captured', pinned: false }), events: Ev.surrender, woundSeverityDRM: null };
}
