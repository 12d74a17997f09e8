/**
 * Leadership DRM (A10.7, A10.22, A10.72, A15.42; docs/rules-notes.md §3).
 *
 * Only one leader's DRM applies to a unit's MC/TC/Rally DR: the best one among the unbroken,
 * unpinned leaders in the Location (a pinned or broken leader lends nothing). A leader never applies
 * his own DRM to his own check; he may use the DRM of a leader of *higher* current ML (A10.22 EX: a 9-1
 * with a 10-2 passes a NMC on <= 11; a 9-2 does not help a 9-1). A berserk unit never receives
 * leadership (A15.42). A +1 (6+1) DRM cannot be declined (A10.72): it applies when it is the only one.
 */
import { currentML, lentLeadershipDRM, type UnitState } from './unit-state.js';

/**
 * The leadership DRM `leader` alone would lend `unit`'s check, integer in [-3, +1], or null when he
 * lends it none: `unit` is berserk (A15.42), `leader` lends nothing (broken, pinned, not a leader,
 * A10.7), or `unit` is a leader whose current ML is not lower than `leader`'s (A10.22 EX).
 * The per-leader part of {@link leadershipDRMFor}; the scenario simulator tabulates it per pair of
 * unit states (chains/unit-codes.ts).
 * Never throws.
 * @example leaderLendsTo(squad467, leader91) // -1
 * @example leaderLendsTo(leader91, leader92) // null (not higher ML)
 */
export function leaderLendsTo(unit: UnitState, leader: UnitState): number | null {
  if (unit.berserk) return null;
  const drm = lentLeadershipDRM(leader);
  if (drm === null) return null;
  if (unit.profile.kind === 'leader' && currentML(leader) <= currentML(unit)) return null;
  return drm;
}

/**
 * The leadership DRM that applies to `unit`'s check, integer in [-3, +1]; 0 when none applies: the
 * best (lowest) {@link leaderLendsTo} over the others.
 * @param unit the unit taking the check
 * @param leaders the other units in its Location (non-leaders and `unit` itself are ignored)
 * Never throws. Cost O(leaders).
 * @example leadershipDRMFor(squad467, [leader91]) // -1
 */
export function leadershipDRMFor(unit: UnitState, leaders: readonly UnitState[]): number {
  if (unit.berserk) return 0; // leaderLendsTo is null for every leader (A15.42): no loop
  let best: number | null = null;
  for (const l of leaders) {
    if (l === unit) continue;
    const drm = leaderLendsTo(unit, l);
    if (drm !== null && (best === null || drm < best)) best = drm;
  }
  return best ?? 0;
}
