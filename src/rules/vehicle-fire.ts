/**
 * MG fire against vehicles (A9.6, A9.61, rules/004; C3 To Hit, C7 AP To Kill, the IFT Vehicle line).
 *
 * A9.6: against an armored Target Facing a MG first needs a hit on the To Hit Table (Vehicle Target
 * Type; a non-captured MG "always" uses the black To Hit number), then the AP To Kill Table. Against an
 * unarmored Target Facing the attack is resolved on the Vehicle line of the IFT and no To Hit DR is made.
 * A9.61 (AFV Kill): the attack is made alone (not in a Fire Group), within the MG's Normal Range, with no
 * halved FP, and predesignated against one AFV; hit in an unarmored facing, the Vehicle line replaces the
 * AP To Kill Table. Then: To Kill DR < Final Kill Number: eliminated ("and burning if half of the Final
 * Kill Number": the sentence lost its comparison, see setting `vehicleBurning`); == Final Kill Number:
 * Stunned (even if BU; D5.34); greater: no effect.
 * MG Breakdown (A9.7, docs/rules-notes.md §8 area): an Original DR >= the MG's Breakdown number (B#) malfunctions it;
 * whether that shot is still resolved is setting `vehicleMalfunctionShot`.
 *
 * The numbers of the To Hit Table, the MGs' basic To Kill numbers and the IFT Vehicle line are NOT in
 * the project's rules texts and were not found in a public source (README "Rules coverage"): the rows below
 * are low-confidence defaults, each overridable (`--th`, `--tk`, DRMs).
 */
import type { Confidence } from '../counters/types.js';
import type { RuleSet } from './rule-set.js';

/** MG types the data knows (A9: Light, Medium, Heavy MG; the .50-cal HMG). */
export const MGType = { lmg: 'lmg', mmg: 'mmg', hmg: 'hmg', cal50: '50cal' } as const;
export type MGType = (typeof MGType)[keyof typeof MGType];
export const MG_TYPES: readonly MGType[] = Object.values(MGType);

/** One MG type's row: what the AFV Kill attack needs, with provenance. */
export interface MGRow {
  readonly type: MGType;
  readonly name: string;
  /** Basic To Kill number on the AP To Kill Table (C7), before the target's Armor Factor. */
  readonly basicTK: number;
  /** Default Normal Range in hexes (A9.61 checks the range against it); varies by nationality. */
  readonly normalRange: number;
  /** Default Breakdown number (B#; A9.7): 12 for German MGs, 11 for most others. */
  readonly breakdown: number;
  readonly source: string;
  readonly confidence: Confidence;
}

const UNVERIFIED = 'not in rules/ and not found in a public source; a low-confidence default (give --tk)';

/** The MG rows (C7 AP To Kill Table "MG" entries; A9 counters). All low: see the file header. */
export const MG_ROWS: Readonly<Record<MGType, MGRow>> = Object.freeze({
  lmg: { type: 'lmg', name: 'LMG', basicTK: 2, normalRange: 6, breakdown: 11, source: UNVERIFIED, confidence: 'low' },
  mmg: { type: 'mmg', name: 'MMG', basicTK: 3, normalRange: 10, breakdown: 11, source: UNVERIFIED, confidence: 'low' },
  hmg: { type: 'hmg', name: 'HMG', basicTK: 4, normalRange: 12, breakdown: 11, source: UNVERIFIED, confidence: 'low' },
  '50cal': { type: '50cal', name: '.50-cal HMG', basicTK: 6, normalRange: 16, breakdown: 11, source: UNVERIFIED, confidence: 'low' },
});

/** One range bracket of the To Hit Table's Vehicle Target Type, black number (C3, A9.6). */
export interface ToHitRow {
  /** Last range of the bracket, in hexes (the bracket starts after the previous row's). */
  readonly maxRange: number;
  /** Basic To Hit number: a hit on Final DR <= it. */
  readonly th: number;
  readonly source: string;
  readonly confidence: Confidence;
}

const TH_SOURCE = 'docs/rules-notes.md §11 (brackets 0-6, 7-12, 13-18: a public transcription, medium-low); numbers unverified';

/** Vehicle Target Type, black To Hit numbers by range bracket (C3). Low: check your chart or give --th. */
export const VEHICLE_TARGET_TO_HIT: readonly ToHitRow[] = Object.freeze([
  { maxRange: 6, th: 10, source: TH_SOURCE, confidence: 'low' },
  { maxRange: 12, th: 9, source: TH_SOURCE, confidence: 'low' },
  { maxRange: 18, th: 8, source: TH_SOURCE, confidence: 'low' },
  { maxRange: 24, th: 7, source: TH_SOURCE, confidence: 'low' },
]);

/** One FP column of the IFT Vehicle line: the Kill Number against an unarmored facing (A9.6, A9.61). */
export interface VehicleLineRow {
  /** IFT FP column (the highest column <= FP, A7). */
  readonly column: number;
  readonly kill: number;
  readonly source: string;
  readonly confidence: Confidence;
}

const VL_SOURCE = 'IFT Vehicle line: not in rules/ nor docs/rules-notes.md §8; a low-confidence default (give --tk)';

/** The IFT Vehicle line, by FP column (the same 11 columns as docs/rules-notes.md §8). Low. */
export const IFT_VEHICLE_LINE: readonly VehicleLineRow[] = Object.freeze(
  [1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36].map((column, i) => ({ column, kill: i + 2, source: VL_SOURCE, confidence: 'low' as Confidence })),
);

/**
 * The basic To Hit number against a vehicle at `range` hexes (C3 Vehicle Target Type, black; A9.6).
 * @param range integer >= 0
 * @returns the row's number, or null past the last bracket (24 hexes)
 * Never throws.
 * @example vehicleToHitNumber(4) // 10
 */
export function vehicleToHitNumber(range: number): number | null {
  for (const row of VEHICLE_TARGET_TO_HIT) if (range <= row.maxRange) return row.th;
  return null;
}

/**
 * The IFT Vehicle-line Kill Number for `fp` FP: the highest column <= fp (A7).
 * @param fp FP > 0 (fractions allowed)
 * @returns the Kill Number, or null below 1 FP. Never throws.
 * @example vehicleLineKillNumber(7) // 5 (the 6 column)
 */
export function vehicleLineKillNumber(fp: number): number | null {
  let kill: number | null = null;
  for (const row of IFT_VEHICLE_LINE) if (fp >= row.column) kill = row.kill;
  return kill;
}

/**
 * Resolves a To Hit DR (C3): a hit on Final DR <= the Modified To Hit number.
 * @param finalDR Original DR + To Hit DRM, integer
 * @param th Modified To Hit number, integer
 * Never throws.
 * @example resolveToHit(7, 7) // true (docs/rules-notes.md §11: TH# 7 hits on 21/36)
 */
export function resolveToHit(finalDR: number, th: number): boolean {
  return finalDR <= th;
}

/** What a To Kill DR does to the AFV (A9.61). */
export type ToKillResult = 'burning' | 'eliminated' | 'stunned' | 'none';

/**
 * Resolves a To Kill DR against the Final Kill Number (A9.61): < eliminates (burning per setting
 * `vehicleBurning`: Final DR < half the Kill Number, or <= half), == Stuns (even if BU), > no effect.
 * @param finalDR Original DR + To Kill DRM, integer
 * @param kill Final Kill Number (AP To Kill number less Armor Factor, or the Vehicle line's), integer
 * Never throws.
 * @example resolveToKill(2, 4, rs) // 'eliminated' ('burning' with vehicleBurning=at-most-half)
 * @example resolveToKill(4, 4, rs) // 'stunned'
 */
export function resolveToKill(finalDR: number, kill: number, ruleSet: RuleSet): ToKillResult {
  if (finalDR > kill) return 'none';
  if (finalDR === kill) return 'stunned';
  const burns = ruleSet.settings.vehicleBurning === 'at-most-half' ? 2 * finalDR <= kill : 2 * finalDR < kill;
  return burns ? 'burning' : 'eliminated';
}

/**
 * MG Breakdown (A9.7): the MG malfunctions when the Original DR of its attack is >= its B#.
 * @param originalDR integer in [2, 12]
 * @param breakdown B#, integer in [2, 12]
 * Never throws.
 * @example isMalfunction(12, 12) // true
 */
export function isMalfunction(originalDR: number, breakdown: number): boolean {
  return originalDR >= breakdown;
}
