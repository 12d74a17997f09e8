/**
 * One unit's check in a stack, as the attack's procedure (attack/procedure.ts) and a deferred unit's
 * chain (attack/deferred-check-chain.ts) take it: which check a unit is subject to (A7.8 PTC, A10.1
 * #MC, A10.2 LLMC/LLTC) and with what DRM besides leadership. What its DR does is check-table.ts's
 * (rows made by the rule functions), so a check is resolved the same way whether the stack is sampled,
 * enumerated whole or enumerated with its squads deferred (attack-factored.ts).
 */
import { moraleCheck, type CheckSpec } from '../rules/check.js';
import type { RuleSet } from '../rules/rule-set.js';
import { llmcFor, lltcFor } from '../rules/leader-loss.js';
import { takesPinTaskCheck } from '../rules/morale-check.js';
import { isAlive, type UnitState } from '../rules/unit-state.js';

/** What a check task is: a #MC or PTC of an IFT result, a LLMC / LLTC, a leader's Berserk check. */
export type CheckKind = 'mc' | 'ptc' | 'llmc' | 'lltc' | 'berserk';

/** The PTC of an IFT result (A7.8): a TC whose failure pins. */
export const PTC: CheckSpec = Object.freeze({ kind: 'TC', strength: 0, failurePins: true, label: 'PTC' });
/** The #MC of an IFT result by its #, 0 (NMC) to 6. */
export const MC_BY_STRENGTH: readonly CheckSpec[] = [0, 1, 2, 3, 4, 5, 6].map((n) => Object.freeze(moraleCheck(n)));

/** A check and its DRM besides the leadership DRM (immutable; shared for the #MC and PTC of an IFT result). */
export interface CheckWithDRM {
  readonly check: CheckSpec;
  readonly drm: number;
}

// Not frozen: the same object shape as leader-loss.ts's results, so that the procedure's reads of a
// check stay monomorphic (a frozen object has a shape of its own). Never written.
const MC_SPECS: readonly CheckWithDRM[] = MC_BY_STRENGTH.map((check) => ({ check, drm: 0 }));
const PTC_SPEC: CheckWithDRM = { check: PTC, drm: 0 };

/**
 * The check unit `u` takes for a task of kind `c`, with its DRM besides the leadership DRM that
 * applies to it (the caller adds that: leadership.ts, unit-codes.ts `leadershipDRMOf`), or null when it
 * is not subject to it: off the map; a PTC on a broken or pinned unit (A7.8); a LLMC / LLTC on a unit
 * of ML >= the lost leader's, a berserk unit, or (LLTC) a broken or pinned one or one exempt from
 * pinning (A10.2, leader-loss.ts). Not for 'berserk' (a Berserk check, A15.41, is check-table.ts `berserkOutcome`). The one
 * definition the attack's procedure (attack/procedure.ts) and a deferred unit's chain read.
 * @param n the # of a #MC, integer in [0, 6]
 * @param leaderDRM LLMC / LLTC: the lost leader's leadership DRM (A10.2 reads no more of his counter)
 * @param ml LLMC / LLTC: the ML his loss is measured against (leaderLossML)
 * @returns a shared object for a #MC or PTC (DRM 0), else leader-loss.ts's
 * Never throws.
 * @example checkFor(good467, 'mc', 2, 0, 0, rs) // { check: 2MC, drm: 0 }
 */
export function checkFor(u: UnitState, c: Exclude<CheckKind, 'berserk'>, n: number, leaderDRM: number, ml: number, ruleSet: RuleSet): CheckWithDRM | null {
  if (!isAlive(u)) return null;
  switch (c) {
    case 'mc':
      return MC_SPECS[n];
    case 'ptc':
      return takesPinTaskCheck(u) ? PTC_SPEC : null;
    case 'llmc':
      return llmcFor(u, leaderDRM, ml, ruleSet);
    case 'lltc':
      return lltcFor(u, leaderDRM, ml, ruleSet);
  }
}
