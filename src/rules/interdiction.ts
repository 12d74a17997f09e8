/**
 * Interdiction (A10.53, A10.52, A10.711; docs/rules-notes.md §6): the NMC a routing unit takes in an Open Ground
 * hex, and what it does to the unit and to a leader routing with it.
 *
 * - Which hexes: each `open` hex entered (Open Ground in the LOS and Normal Range of an unbroken enemy
 *   able to fire on it without Hindrance), at most once per hex however many enemy units could
 *   Interdict; never a hex entered by Low Crawl (A10.52).
 * - The check: a NMC against the unit's current (broken) ML (unit-state.ts `currentML`: Fanatic +1,
 *   Encircled -1, wounded SMC -1), DRM = any other DRM + the leadership DRM of a leader routing
 *   voluntarily with it (A10.711; leadership.ts: a +1 cannot be declined, A10.72).
 * - Consequences (morale-check.ts `resolveCheck` on a broken unit): Final DR > ML: Casualty Reduction
 *   (a squad goes on as a broken HS; a HS is eliminated; a SMC is wounded and rolls Wound Severity);
 *   Final DR == ML: pinned (A7.8), the rout stops there; Original 2: Heat of Battle with the broken +1
 *   (A15.1). No Casualty MC (the unit is broken, A10.31) and no ELR failure (A19.11).
 * - A leader routing voluntarily takes no NMC himself but is eliminated when the unit fails (A10.711).
 */
import type { DR } from '../dice/dice.js';
import { moraleCheck, type CheckSpec } from './check.js';
import type { MoraleContext } from './context.js';
import { eliminate } from './casualty-reduction.js';
import { leadershipDRMFor } from './leadership.js';
import { resolveCheck, type CheckResult } from './morale-check.js';
import type { RouteHex } from './route.js';
import type { UnitState } from './unit-state.js';

/** The Interdiction check: a NMC (A10.53). */
export const INTERDICTION_NMC: CheckSpec = moraleCheck(0, 'NMC');

/**
 * True when entering `hex` costs an Interdiction NMC (A10.53): an `open` hex not entered by Low Crawl
 * (A10.52). Never throws.
 * @example isInterdicted({ terrain: 'open', mf: 1, adjacent: false, encircled: false }, false) // true
 */
export function isInterdicted(hex: RouteHex, lowCrawl: boolean): boolean {
  return hex.terrain === 'open' && !lowCrawl;
}

/**
 * Total DRM of an Interdiction NMC, integer: `otherDRM` plus the DRM of the leader routing with the unit
 * (A10.711), if he is still with it and may lend it (leadership.ts: unbroken, unpinned; a leader unit
 * uses only a leader of higher ML, A10.22).
 * @param leader the leader routing voluntarily with the unit, or null
 * @param otherDRM any other DRM, integer
 * Never throws.
 * @example interdictionDRM(broken467, leader81, 0) // -1
 */
export function interdictionDRM(unit: UnitState, leader: UnitState | null, otherDRM: number): number {
  return otherDRM + (leader === null ? 0 : leadershipDRMFor(unit, [leader]));
}

/** The result of one Interdiction NMC: the unit's check, and the leader routing with it. */
export interface InterdictionResult extends CheckResult {
  /** The leader after the check: eliminated when the unit failed (A10.711); null when none. */
  readonly leader: UnitState | null;
  /** The unit was pinned (A7.8, A10.53): its rout stops in this hex. */
  readonly pinned: boolean;
}

/**
 * Resolves the Interdiction NMC of a broken unit entering an Open Ground hex (A10.53, A10.711).
 * @param unit the routing unit (broken, on the map)
 * @param leader the leader routing voluntarily with it (Good Order), or null
 * @param otherDRM any other DRM, integer (the leader's DRM is added here)
 * @param dr the dice
 * @param ctx rule set and situation in this hex (`adjacentEnemy`: HoB surrender captures, A15.5)
 * Never throws.
 * @example resolveInterdiction(broken467, null, 0, { white: 4, colored: 4 }, ctx).unit.profile.name // '2-4-7'
 */
export function resolveInterdiction(unit: UnitState, leader: UnitState | null, otherDRM: number, dr: DR, ctx: MoraleContext): InterdictionResult {
  const r = resolveCheck(unit, INTERDICTION_NMC, interdictionDRM(unit, leader, otherDRM), dr, ctx);
  const leaderAfter = leader !== null && !r.passed && leader.status !== 'eliminated' ? eliminate(leader, 0).unit : leader;
  return { ...r, leader: leaderAfter, pinned: r.passed && r.unit.pinned };
}
