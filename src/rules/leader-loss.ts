/**
 * Leader Loss Morale Checks and Task Checks (A10.2, A10.21; docs/rules-notes.md §3).
 *
 * LLMC: when a leader is eliminated, every friendly unit in the Location whose *current* ML is lower
 * than the leader's takes a MC whose DRM is the leader's modifier with its sign reversed (8-0: NMC;
 * 8-1 and 9-1: 1MC; A10.21 EX). Broken units take it too (failure: Casualty Reduction; A10.2 EX).
 * Berserk units never take it (A15.42). A 6+1 leader's LLMC DRM is the setting `sixPlusOneLLMCDRM`.
 * LLTC: when an unbroken leader breaks, unbroken friendly units of lower ML take the same check as a
 * TC; failure pins (A10.2). A10.2: "must take a LLTC [EXC: if exempt from pinning]. This LLTC is handled
 * in the same manner as a LLMC": so a hero (A15.2: "not subject to ... enforced Pin results"), a berserk
 * unit (A15.42) and a Japanese leader take none, and a 6+1's LLTC has the DRM of his LLMC
 * (`sixPlusOneLLMCDRM`). Which counter of a leader Replaced by ELR as he broke (A19.13) the LLTC reads
 * is the setting `replacedLeaderLLTC` ({@link leaderLossOf}; docs/rules-notes.md §3).
 */
import { moraleCheck, type CheckSpec } from './check.js';
import { applyELRFailure } from './elr.js';
import type { RuleSet } from './rule-set.js';
import { isPinExempt } from './morale-check.js';
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
 * or null when it takes none (A10.2): only unbroken units of lower ML take it, and not one exempt from
 * pinning ([EXC: if exempt from pinning], {@link isPinExempt}: a hero, a berserk unit, a Japanese
 * leader); a pinned unit is left out too (failing would change nothing, and a pass is no event of a
 * check it need not take). "Handled in the same manner as a LLMC": a TC whose strength is the leader's
 * modifier reversed, and for a 6+1 leader a TC with DRM `sixPlusOneLLMCDRM` (as his LLMC). Failure pins.
 * @returns the check (a TC labelled `LLTC` that pins on failure) and its DRM (0 but for a 6+1)
 * Never throws.
 * @example lltcFor(good467, -1, 9, rs) // 9-1 broke: { check: { kind: 'TC', strength: 1, failurePins: true, label: 'LLTC' }, drm: 0 }
 * @example lltcFor(hero, -1, 10, rs) // null (A15.2: a hero is exempt from pinning)
 */
export function lltcFor(unit: UnitState, leaderDRM: number, leaderML: number, ruleSet: RuleSet): { check: CheckSpec; drm: number } | null {
  if (unit.status !== 'good-order' || unit.pinned || isPinExempt(unit) || currentML(unit) >= leaderML) return null;
  if (leaderDRM > 0) return { check: SIX_PLUS_ONE_LLTC, drm: ruleSet.settings.sixPlusOneLLMCDRM };
  return { check: LLTC_BY_STRENGTH[Math.max(0, -leaderDRM)] ?? lltc(-leaderDRM), drm: 0 };
}

function lltc(strength: number): CheckSpec {
  return Object.freeze({ kind: 'TC', strength, failurePins: true, label: 'LLTC' });
}
const LLTC_BY_STRENGTH: readonly CheckSpec[] = [0, 1, 2, 3].map(lltc);
const SIX_PLUS_ONE_LLTC = LLTC_BY_STRENGTH[0];

/**
 * A leader's loss that forces checks on his Location (A10.2): the check it calls for, the ML it is
 * measured against, and the leadership DRM it reads (null: his counter's when the checks are taken,
 * read by the chain then). Immutable.
 */
export interface LeaderLossSource {
  readonly kind: 'llmc' | 'lltc';
  /** The ML the loss is measured against (integer in [1, 11]). */
  readonly ml: number;
  /** The leadership DRM of the check, or null: the leader's counter when the checks are taken. */
  readonly leaderDRM: number | null;
}

/**
 * The leader-loss checks a leader's change of state calls for (A10.2), or null: eliminated (he was on
 * the map and is no more) -> LLMC; broken from Good Order -> LLTC. Both are measured against his ML
 * before the loss ({@link leaderLossML}). A leader Replaced by ELR as he broke (A19.13) is read as the
 * setting `replacedLeaderLLTC` says (docs/rules-notes.md §3): `'broke-ml-replacement-drm'` (default)
 * his ML as he broke and the modifier of the counter he is then (his Replacement's); `'as-he-broke'`
 * his ML and modifier as he broke; `'as-replaced'` the ML and modifier of his Replacement, also when a
 * wound delays the Replacement to his Wound Severity dr (A17.11: `elrPending`). The settings
 * read alike when he was not Replaced, but for 'as-he-broke', which keeps his modifier as he broke
 * should anything change his counter before the checks (a Battle Hardening of his HoB DR).
 * @param prev the leader just before the change
 * @param next the leader after it
 * Never throws.
 * @example leaderLossOf(good81, broken81, rs) // { kind: 'lltc', ml: 8, leaderDRM: null }
 */
export function leaderLossOf(prev: UnitState, next: UnitState, ruleSet: RuleSet): LeaderLossSource | null {
  if (prev.profile.kind !== 'leader') return null;
  if (isAlive(prev) && !isAlive(next)) return { kind: 'llmc', ml: leaderLossML(prev), leaderDRM: null };
  if (prev.status !== 'good-order' || next.status !== 'broken') return null;
  switch (ruleSet.settings.replacedLeaderLLTC) {
    case 'as-he-broke':
      return { kind: 'lltc', ml: leaderLossML(prev), leaderDRM: prev.profile.leadershipDRM };
    case 'as-replaced':
      // A leader wounded as he broke is Replaced after his Wound Severity dr (A17.11, casualty-reduction.ts):
      // his Replacement is already decided (`elrPending`), and it is his ML the LLTC reads.
      return { kind: 'lltc', ml: leaderLossML(next.elrPending === 'replace' ? applyELRFailure(next, 'replace').unit : next), leaderDRM: null };
    default:
      return { kind: 'lltc', ml: leaderLossML(prev), leaderDRM: null };
  }
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
