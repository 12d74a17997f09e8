/**
 * What a rule step returns: the unit's new state, the events it caused (bitmask of
 * `rules/events.ts`), and whether a Wound Severity dr must follow (A17.11).
 */
import type { UnitState } from './unit-state.js';

export interface StepResult {
  readonly unit: UnitState;
  /** Events caused by this step, a bitmask of `Ev`. */
  readonly events: number;
  /** Non-null when a Wound Severity dr must be rolled next, with this drm (A17.11). */
  readonly woundSeverityDRM: number | null;
}
