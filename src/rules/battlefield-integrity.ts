/**
 * Battlefield Integrity (A16; rules/003; RULES-NOTES 7): the Integrity Check and regaining ELR.
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
 * Reinforcement DRM for regaining ELR (A16.3): -1 per 10% (FRU) of the current Integrity Base that the
 * reinforcements' MMC BPV amounts to. A16.12 EX: IB 45 (after 41 points arrived on an IB of 40):
 * 41 points are 91% of 45 hmm -> the EX says -2 for 41 points against the IB of 40 before the arrival.
 * @param reinforcementBPV MMC BPV arriving this Player Turn, integer >= 0
 * @param integrityBase the current Integrity Base, integer >= 1
 */
export function regainReinforcementDRM(reinforcementBPV: number, integrityBase: number): number {
  const tenth = Math.ceil(integrityBase / 10);
  return -Math.floor(reinforcementBPV / tenth);
}
