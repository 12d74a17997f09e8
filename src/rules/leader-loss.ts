/**
 * Leader Loss Morale Checks and Task Checks (A10.2, A10.21; docs/rules-notes.md §3).
 *
 * LLMC: when a leader is eliminated, every friendly unit in the Location whose *current* ML is lower
 * than the leader's takes a MC whose DRM is the leader's modifier with its sign reversed (8-0: NMC;
 * 8-1 and 9-1: 1MC; A10.21 EX). Broken units take it too (failure: Casualty Reduction; A10.2 EX).
 * Berserk units never take it (A15.42). A 6+1 leader's LLMC DRM is the setting `sixPlusOneLLMCDRM`.
 * LLTC: when an unbroken leader breaks, unbroken friendly units of lower ML take the same check as a
 * TC; failure pins (A10.2).
 */
import { moraleCheck, type CheckSpec } from './check.js';
import type { RuleSet } from './rule-set.js';
import { currentML, isAlive, withChanges, type UnitState } from './unit-state.js';

/**
 * The LLMC `unit` must take when a leader is eliminated, or null when it takes none. Of the leader,
 * A10.2 reads only his ML and his leadership modifier: LLMC of leaders equal in both are the same check.
 * @param leaderDRM the eliminated leader's leadership DRM (his counter's modifier: -1 for a 9-1, +1 for a 6+1)
 * @param leaderML the eliminated leader's ML when he was eliminated (integer)
 * @returns a MC labelled `LLMC` whose # is the leader's modifier reversed (8-0: NMC, 9-1: 1MC), with
 * `drm` 0; for a 6+1 leader a NMC with `drm` = setting `sixPlusOneLLMCDRM`
 * Never throws.
 * @example llmcFor(broken467, -1, 9, rs) // 9-1 lost: { check: 1MC 'LLMC', drm: 0 } (A10.2 EX)
 * @example llmcFor(broken658, -1, 9, rs) // null: broken SS ML 9 is not < 9 (A10.2 EX)
 */
export function llmcFor(unit: UnitState, leaderDRM: number, leaderML: number, ruleSet: RuleSet): { check: CheckSpec; drm: number } | null {
  if (!isAlive(unit) || unit.berserk || currentML(unit) >= leaderML) return null;
  if (leaderDRM > 0) return { check: moraleCheck(0, 'LLMC'), drm: ruleSet.settings.sixPlusOneLLMCDRM };
  return { check: moraleCheck(Math.max(0, -leaderDRM), 'LLMC'), drm: 0 };
}

/**
 * The LLTC `unit` must take when an unbroken leader (leadership DRM `leaderDRM`, ML `leaderML`) breaks,
 * or null: only unbroken, non-berserk units of lower ML take it (A10.2). Failure pins.
 * Never throws.
 * @example lltcFor(good467, -1, 9) // 9-1 broke: { kind: 'TC', strength: 1, failurePins: true, label: 'LLTC' }
 */
export function lltcFor(unit: UnitState, leaderDRM: number, leaderML: number): CheckSpec | null {
  if (unit.status !== 'good-order' || unit.berserk || currentML(unit) >= leaderML) return null;
  return { kind: 'TC', strength: Math.max(0, -leaderDRM), failurePins: true, label: 'LLTC' };
}

/**
 * The Morale Level a leader's loss is measured against (A10.2, A10.21 EX; docs/rules-notes.md §3): his Good
 * Order ML, not his broken-side or berserk ML, with the Fanatic and Encircled modifiers of
 * {@link currentML} but not the wound's. A10.21 EX: a *broken* 8-0 eliminated by a 1MC result makes a
 * 4-6-7 (ML 7) take a LLMC but not a 4-6-8 (ML 8), and had he been a 9-1, both squads would take one,
 * although a broken leader is eliminated by that 1MC only through a wound (Casualty Reduction, then the
 * Wound Severity dr). A10.2 EX: a broken SS squad (ML 9) takes none for a 9-1.
 * @param leader the leader as he was just before he broke or was eliminated
 * @returns integer in [1, 11]. Never throws.
 * @example leaderLossML(brokenWounded91) // 9
 */
export function leaderLossML(leader: UnitState): number {
  return currentML(withChanges(leader, { status: 'good-order', berserk: false, wounded: false }));
}
