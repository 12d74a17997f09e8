/**
 * Close Combat (A11; the Close Combat Table, CCT).
 *
 * A11.11 (public text of the rulebook, aslerb.com "A11 Close Combat", high): the FP of the attacking units
 * is compared with the FP of the enemy units attacked as odds, "rounded down to the nearest corresponding
 * odds ratio printed on the CCT (EX: 7 to 4 would be 3-2; 11 to 2 would be 4-1; 4 to 15 would be 1-4)";
 * one DR per attack; Final DR < the Kill Number of that column eliminates the attacked units; == is a
 * Partial Kill: one (or more) defending unit suffers Casualty Reduction "as determined by Random
 * Selection" (A.9: ties all selected); > no effect. Black Kill Numbers normally, red ones in Hand-to-Hand
 * CC (J2.31). A11.1: no TEM or Hindrance; CC is usually simultaneous (both sides attack even if one is
 * eliminated) - not under Ambush (A11.4), where the Ambushing side attacks first.
 *
 * The CCT's columns and Kill Numbers are not in the project's rules texts: docs/rules-notes.md §11 (a peer: 1-1 Kill
 * Number 5, 3-2 Kill Number 6, Hand-to-Hand +2) anchors the black numbers; the rest extend them one per
 * column (medium). The CC DRM values other than leadership are named settings (low); see README.
 */
import type { Confidence } from '../counters/types.js';
import type { RuleSet } from './rule-set.js';
import { isHero, isSMC, lentLeadershipDRM, type UnitState } from './unit-state.js';

/** One odds column of the CCT. */
export interface CCColumn {
  /** Printed label, e.g. `3-2`; the first and last columns stand for everything beyond them. */
  readonly label: string;
  /** The ratio as attacker:defender integers (3-2 = 3:2). */
  readonly attack: number;
  readonly defense: number;
  /** Black Kill Number (A11.11). */
  readonly kill: number;
  readonly source: string;
  readonly confidence: Confidence;
}

const CCT_ANCHOR = 'docs/rules-notes.md §11 (a peer: 1-1 Kill Number 5, 3-2 Kill Number 6)';
const CCT_EXTENDED = 'one Kill Number per column from the docs/rules-notes.md §11 anchors (1-1: 5, 3-2: 6); not verified';

/** The CCT odds columns, lowest first, with their black Kill Numbers (A11.11). */
export const CC_COLUMNS: readonly CCColumn[] = Object.freeze(
  (
    [
      ['1-8', 1, 8, 0],
      ['1-6', 1, 6, 1],
      ['1-4', 1, 4, 2],
      ['1-3', 1, 3, 3],
      ['1-2', 1, 2, 4],
      ['1-1', 1, 1, 5],
      ['3-2', 3, 2, 6],
      ['2-1', 2, 1, 7],
      ['3-1', 3, 1, 8],
      ['4-1', 4, 1, 9],
      ['6-1', 6, 1, 10],
      ['8-1', 8, 1, 11],
      ['10-1', 10, 1, 12],
    ] as const
  ).map(([label, attack, defense, kill]) => ({
    label,
    attack,
    defense,
    kill,
    source: label === '1-1' || label === '3-2' ? CCT_ANCHOR : CCT_EXTENDED,
    confidence: (label === '1-1' || label === '3-2' ? 'medium' : 'low') as Confidence,
  })),
);

/** CC FP of a SMC (leader or hero) in CC: 1 (A11; a hero's printed FP is 1, leaders print none). Medium. */
export const SMC_CC_FP = 1;

/**
 * The CCT column of an attack: the highest column whose ratio does not exceed attack:defense ("rounded
 * down", A11.11); below 1-8 the 1-8 column, above 10-1 the 10-1 column.
 * @param attackFP total FP of the attacking units, > 0
 * @param defenseFP total FP of the units attacked, > 0
 * @returns index into {@link CC_COLUMNS}
 * Never throws. Exact for integer and half FP (compared by cross-multiplication).
 * @example CC_COLUMNS[ccColumnIndex(7, 4)].label // '3-2' (A11.11 EX)
 * @example CC_COLUMNS[ccColumnIndex(4, 15)].label // '1-4' (A11.11 EX)
 */
export function ccColumnIndex(attackFP: number, defenseFP: number): number {
  let best = 0;
  for (let i = 0; i < CC_COLUMNS.length; i++) {
    const c = CC_COLUMNS[i];
    if (attackFP * c.defense >= c.attack * defenseFP) best = i;
  }
  return best;
}

/**
 * The Kill Number of an attack (A11.11): the column's black number, or in Hand-to-Hand CC (J2.31) the red
 * one, modelled as black + setting `ccHandToHandKillShift` (default +2, docs/rules-notes.md §11, medium).
 * @example ccKillNumber(ccColumnIndex(6, 4), false, rs) // 6 (3-2)
 */
export function ccKillNumber(columnIndex: number, handToHand: boolean, ruleSet: RuleSet): number {
  return CC_COLUMNS[columnIndex].kill + (handToHand ? ruleSet.settings.ccHandToHandKillShift : 0);
}

/** What an attack on the CCT does (A11.11). */
export type CCResult = 'eliminate' | 'casualtyReduction' | 'none';

/**
 * Resolves one CC attack DR (A11.11): Final DR < Kill Number eliminates the units attacked, == Partial
 * Kill (Casualty Reduction of one unit chosen by Random Selection), > no effect.
 * @param finalDR Original DR + CC DRM, integer
 * @param kill Kill Number, integer
 * Never throws.
 * @example resolveCCAttack(5, 6) // 'eliminate'
 * @example resolveCCAttack(6, 6) // 'casualtyReduction'
 */
export function resolveCCAttack(finalDR: number, kill: number): CCResult {
  if (finalDR < kill) return 'eliminate';
  return finalDR === kill ? 'casualtyReduction' : 'none';
}

/**
 * A unit's CC FP: SMC 1 ({@link SMC_CC_FP}); a MMC its printed FP, halved when pinned (A7.8: a pinned
 * unit's FP is halved; kept as a fraction so the odds are exact). Broken units do not attack (the command
 * refuses them as input).
 * @example ccFP(squad467) // 4
 */
export function ccFP(u: UnitState): number {
  const fp = isSMC(u) ? SMC_CC_FP : u.profile.fp;
  return u.pinned ? fp / 2 : fp;
}

/** The situation of one side's CC attack that the CC DRM depend on (A11). */
export interface CCModifiers {
  /** The attacking units (their best leader's DRM and any hero apply). */
  readonly attackers: readonly UnitState[];
  /** The attackers are CX: +1 (A4.51). */
  readonly attackersCX: boolean;
  /** The units attacked are CX: -1 (A4.51). */
  readonly defendersCX: boolean;
  /** The attackers Ambushed the units attacked (A11.4): setting `ccAmbushDRM`. */
  readonly ambush: boolean;
  /** The attackers are concealed (A11.19): setting `ccConcealedAttackerDRM`. */
  readonly attackersConcealed: boolean;
  /** The units attacked are concealed (A11.19): setting `ccConcealedDefenderDRM`. */
  readonly defendersConcealed: boolean;
  /** Any other DRM, integer. */
  readonly otherDRM: number;
}

/**
 * The leadership DRM of a CC attack: the best (lowest) DRM lent by a Good Order, unpinned leader among the
 * attackers (A10.7 as for other DRs; only one leader's DRM applies), 0 when none. Never throws.
 */
export function ccLeadershipDRM(attackers: readonly UnitState[]): number {
  let best: number | null = null;
  for (const u of attackers) {
    const d = lentLeadershipDRM(u);
    if (d !== null && (best === null || d < best)) best = d;
  }
  return best ?? 0;
}

/**
 * Total CC DRM of one attack (A11): leadership + hero (setting `ccHeroDRM`, -1, when a hero or heroic
 * leader attacks) + CX (+1 attacker CX, -1 defender CX; A4.51) + Ambush + concealment (settings) + other.
 * Never throws.
 * @example ccDRM({ attackers: [squad, leader91], ... none }, rs) // -1
 */
export function ccDRM(m: CCModifiers, ruleSet: RuleSet): number {
  const s = ruleSet.settings;
  let drm = ccLeadershipDRM(m.attackers) + m.otherDRM;
  if (m.attackers.some(isHero)) drm += s.ccHeroDRM;
  if (m.attackersCX) drm += 1;
  if (m.defendersCX) drm -= 1;
  if (m.ambush) drm += s.ccAmbushDRM;
  if (m.attackersConcealed) drm += s.ccConcealedAttackerDRM;
  if (m.defendersConcealed) drm += s.ccConcealedDefenderDRM;
  return drm;
}

/**
 * Leader Creation (A18.1, medium-low): an Original CC DR of 2 by an attack that includes a MMC allows a
 * Leader Creation dr (its table is not modelled). Heat of Battle does not follow a CC DR: A15.1 names only
 * MC and Rally DRs.
 * @example isLeaderCreation(2, [squad467]) // true
 */
export function isLeaderCreation(originalDR: number, attackers: readonly UnitState[]): boolean {
  return originalDR === 2 && attackers.some((u) => !isSMC(u));
}
