/**
 * Battlefield Integrity (A16; rules/003; docs/rules-notes.md §7): the Integrity Check and regaining ELR.
 *
 * Integrity Check (A16.2): Final DR >= 12 lowers the side's ELR by one (minimum 0, A16.21), at once.
 * Cumulative DRM: +1 per Integrity Base loss so far (this one included); +1 enemy unopposed armor or
 * air support (+2 both); + the leadership modifier of the best friendly Good Order leader; -1 friendly
 * unopposed armor or air (-2 both); side with no Good Order leader: setting `integrityNoLeaderDRM`
 * (low confidence, default +1).
 * Regaining ELR (A16.3): Final DR <= 2, ignoring all positive DRM; -1 per 10% (FRU) of the current
 * Integrity Base that the reinforcements amount to.
 */
import type { RuleSet } from './rule-set.js';

/** The situation of one Integrity Check. */
export interface IntegritySituation {
  /** Integrity Base losses so far, including the one that triggers this check; integer >= 1. */
  readonly ibLosses: number;
  /** Leadership DRM of the best friendly Good Order leader, or null when the side has none. */
  readonly bestLeaderDRM: number | null;
  readonly enemyArmor: boolean;
  readonly enemyAir: boolean;
  readonly friendlyArmor: boolean;
  readonly friendlyAir: boolean;
}

/**
 * Total Integrity Check DRM (A16.2).
 * Never throws.
 * @example integrityCheckDRM({ ibLosses: 1, bestLeaderDRM: -1, ...noSupport }, rs) // 0 (A16.21 EX)
 */
export function integrityCheckDRM(s: IntegritySituation, ruleSet: RuleSet): number {
  let drm = s.ibLosses;
  drm += (s.enemyArmor ? 1 : 0) + (s.enemyAir ? 1 : 0);
  drm -= (s.friendlyArmor ? 1 : 0) + (s.friendlyAir ? 1 : 0);
  drm += s.bestLeaderDRM === null ? ruleSet.settings.integrityNoLeaderDRM : s.bestLeaderDRM;
  return drm;
}

/**
 * True when an Integrity Check with this Original DR and DRM loses one ELR (Final DR >= 12, A16.2).
 * @param originalDR integer in [2, 12]
 */
export function isELRLost(originalDR: number, drm: number): boolean {
  return originalDR + drm >= 12;
}

/**
 * The new ELR after a lost Integrity Check: one lower, never below 0 (A16.21).
 * @param elr integer in [0, 5]
 */
export function lowerELR(elr: number): number {
  return Math.max(0, elr - 1);
}

/**
 * Reinforcement DRM for regaining ELR (A16.3): -1 for each 10% increment (FRU) of the force that the
 * Integrity Base stands for, i.e. -ceil(reinforcement BPV / Integrity Base), with the Integrity Base as
 * it was before the reinforcements arrived. Oracle, A16.12 EX: 41 points of MMC reinforcements on an
 * Integrity Base of 40 entitle the side to a -2 DRM.
 * @param reinforcementBPV MMC BPV arriving this Player Turn, integer >= 0
 * @param integrityBase the Integrity Base before their arrival, integer >= 1
 * Never throws.
 * @example regainReinforcementDRM(41, 40) // -2
 */
export function regainReinforcementDRM(reinforcementBPV: number, integrityBase: number): number {
  return reinforcementBPV <= 0 ? 0 : -Math.ceil(reinforcementBPV / integrityBase);
}

/**
 * True when a regain attempt succeeds (A16.3): Final DR <= 2 where only negative DRM apply.
 * @param originalDR integer in [2, 12]
 * @param negativeDRM the sum of the negative DRM the side qualifies for (positive parts are ignored)
 * Never throws.
 * @example isELRRegained(4, -2) // true
 */
export function isELRRegained(originalDR: number, negativeDRM: number): boolean {
  return originalDR + Math.min(0, negativeDRM) <= 2;
}
