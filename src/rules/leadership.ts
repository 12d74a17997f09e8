/**
 * Leadership DRM (A10.7, A10.22, A10.72, A15.42; RULES-NOTES 3).
 *
 * Only one leader's DRM applies to a unit's MC/TC/Rally DR: the best one among the unbroken,
 * unpinned leaders in the Location (a pinned or broken leader lends nothing). A leader never applies
 * his own DRM to his own check; he may use the DRM of a leader of *higher* current ML (A10.22 EX: a 9-1
 * with a 10-2 passes a NMC on <= 11; a 9-2 does not help a 9-1). A berserk unit never receives
 * leadership (A15.42). A +1 (6+1) DRM cannot be declined (A10.72): it applies when it is the only one.
 */
import { currentML, lentLeadershipDRM, type UnitState } from './unit-state.js';

/**
 * The leadership DRM that applies to `unit`'s check, integer in [-3, +1]; 0 when none applies.
 * @param unit the unit taking the check
 * @param leaders the other units in its Location (non-leaders and `unit` itself are ignored)
 * Never throws. Cost O(leaders).
 * @example leadershipDRMFor(squad467, [leader91]) // -1
 */
export function leadershipDRMFor(unit: UnitState, leaders: readonly UnitState[]): number {
  if (unit.berserk) return 0;
  let best: number | null = null;
  const ownML = currentML(unit);
  for (const l of leaders) {
    if (l === unit) continue;
    const drm = lentLeadershipDRM(l);
    if (drm === null) continue;
    if (unit.profile.kind === 'leader' && currentML(l) <= ownML) continue;
    if (best === null || drm < best) best = drm;
  }
  return best ?? 0;
}
