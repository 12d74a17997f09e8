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
 * Stunned (even if BU; D5.34); greater: no effect. Ordinary fire on the Vehicle line (no AFV Kill attack):
 * == Kill Number Immobilizes the vehicle instead (A7.308, per kehannan/ruleschat app/asl/ift.py; medium).
 * MG Breakdown (A9.7, docs/rules-notes.md §8): an Original DR >= the MG's Breakdown number (B#) malfunctions
 * it; whether that shot is still resolved is setting `vehicleMalfunctionShot`.
 *
 * The numbers: every default carries its source and confidence (docs/rules-notes.md §12). The To Hit
 * numbers (Vehicle Target Type, black) and the IFT Vehicle line come from one public transcription each
 * (medium); the MGs' basic To Kill numbers, Normal Ranges and B# have no second source (low: placeholders
 * until one agrees). The `vehicle` answer lists them (`input.sources`, `input.placeholders`), and the
 * player's own chart overrides them (`--th`, `--tk`, `--normal-range`, `--breakdown`).
 */
import type { Confidence } from '../counters/types.js';
import type { RuleSet } from './rule-set.js';

/** A number of a table with where it comes from and how sure we are of it (docs/rules-notes.md). */
export interface SourcedNumber {
  readonly value: number;
  /** The source, e.g. a repository file and commit, and the section of docs/rules-notes.md. */
  readonly source: string;
  readonly confidence: Confidence;
}

/** MG types the data knows (A9: Light, Medium, Heavy MG; the .50-cal HMG). */
export const MGType = { lmg: 'lmg', mmg: 'mmg', hmg: 'hmg', cal50: '50cal' } as const;
export type MGType = (typeof MGType)[keyof typeof MGType];
export const MG_TYPES: readonly MGType[] = Object.values(MGType);

/** One MG type's row: what the AFV Kill attack needs, each number with its provenance. */
export interface MGRow {
  readonly type: MGType;
  readonly name: string;
  /** Basic To Kill number on the AP To Kill Table (C7), before the target's Armor Factor. */
  readonly basicTK: SourcedNumber;
  /** Default Normal Range in hexes (A9.61 checks the range against it); varies by nationality. */
  readonly normalRange: SourcedNumber;
  /** Default Breakdown number (B#; A9.7): 12 for German MGs, 11 for most others. */
  readonly breakdown: SourcedNumber;
}

/** kehannan/ruleschat's To Hit / To Kill transcription, in its history only (removed at 518bb62). */
const THTK = 'kehannan/ruleschat app/asl/thtk_tables.json at commit 35c7633';
/** The project's earlier defaults: of unknown origin, so not a source; named where a source agrees. */
const EARLIER = "asl-odds' earlier default agrees (origin unknown)";
const NO_SOURCE = 'no public source found; a placeholder (docs/rules-notes.md §12)';

const placeholder = (value: number, what: string): SourcedNumber => ({ value, source: `${what}: ${NO_SOURCE}`, confidence: 'low' });

/** The MG rows (C7.31 AP To Kill Table; A9 counters). See docs/rules-notes.md §12 for each number. */
export const MG_ROWS: Readonly<Record<MGType, MGRow>> = Object.freeze({
  lmg: { type: 'lmg', name: 'LMG', basicTK: placeholder(2, 'LMG basic To Kill number'), normalRange: placeholder(6, 'LMG Normal Range'), breakdown: placeholder(11, 'LMG B#') },
  mmg: { type: 'mmg', name: 'MMG', basicTK: placeholder(3, 'MMG basic To Kill number'), normalRange: placeholder(10, 'MMG Normal Range'), breakdown: placeholder(11, 'MMG B#') },
  hmg: {
    type: 'hmg',
    name: 'HMG',
    basicTK: {
      value: 4,
      source: `${THTK}, C7.31 row "@MG": 4 (a row that file calls not yet handled; withdrawn as "still being verified"); ${EARLIER}; docs/rules-notes.md §12`,
      confidence: 'low',
    },
    normalRange: placeholder(12, 'HMG Normal Range'),
    breakdown: placeholder(11, 'HMG B#'),
  },
  '50cal': {
    type: '50cal',
    name: '.50-cal HMG',
    basicTK: {
      value: 5,
      source: `${THTK}, C7.31 row "12.7": 5 (the 12.7 mm row; withdrawn as "still being verified"); the earlier default was 6; docs/rules-notes.md §12`,
      confidence: 'low',
    },
    normalRange: placeholder(16, '.50-cal HMG Normal Range'),
    breakdown: placeholder(11, '.50-cal HMG B#'),
  },
});

/** One range bracket of the To Hit Table's Vehicle Target Type, black number (C3, A9.6). */
export interface ToHitRow {
  /** Last range of the bracket, in hexes (the bracket starts after the previous row's). */
  readonly maxRange: number;
  /** Basic To Hit number: a hit on Final DR <= it, with its source. */
  readonly th: SourcedNumber;
}

const TH_SOURCE = `${THTK}, C3 To Hit Table "transcribed from the rules card", Vehicle target, black (German) column; ${EARLIER}; docs/rules-notes.md §12`;

/** Vehicle Target Type, black To Hit numbers by range bracket (C3). Medium: one transcription. */
export const VEHICLE_TARGET_TO_HIT: readonly ToHitRow[] = Object.freeze(
  [
    [6, 10],
    [12, 9],
    [18, 8],
    [24, 7],
  ].map(([maxRange, th]) => ({ maxRange: maxRange!, th: { value: th!, source: TH_SOURCE, confidence: 'medium' as Confidence } })),
);

/** One FP column of the IFT Vehicle line: the Kill Number against an unarmored facing (A9.6, A9.61). */
export interface VehicleLineRow {
  /** IFT FP column (the highest column <= FP, A7). */
  readonly column: number;
  readonly kill: SourcedNumber;
}

const VL_SOURCE =
  'kehannan/ruleschat app/asl/ift_table.json `vehicle_columns` (its test: the 8 column\'s Kill number is 7); one transcription; docs/rules-notes.md §12';

/** The IFT Vehicle line, by FP column (the same 11 columns as docs/rules-notes.md §8): Kill numbers 3..13. Medium. */
export const IFT_VEHICLE_LINE: readonly VehicleLineRow[] = Object.freeze(
  [1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36].map((column, i) => ({ column, kill: { value: i + 3, source: VL_SOURCE, confidence: 'medium' as Confidence } })),
);

/**
 * The basic To Hit number against a vehicle at `range` hexes (C3 Vehicle Target Type, black; A9.6).
 * @param range integer >= 0
 * @returns the row's number with its source, or null past the last bracket (24 hexes)
 * Never throws.
 * @example vehicleToHitNumber(4)?.value // 10
 */
export function vehicleToHitNumber(range: number): SourcedNumber | null {
  for (const row of VEHICLE_TARGET_TO_HIT) if (range <= row.maxRange) return row.th;
  return null;
}

/**
 * The IFT Vehicle-line Kill Number for `fp` FP: the highest column <= fp (A7).
 * @param fp FP > 0 (fractions allowed)
 * @returns the Kill Number with its source, or null below 1 FP. Never throws.
 * @example vehicleLineKillNumber(7)?.value // 6 (the 6 column)
 * @example vehicleLineKillNumber(8)?.value // 7 (kehannan/ruleschat's test)
 */
export function vehicleLineKillNumber(fp: number): SourcedNumber | null {
  let kill: SourcedNumber | null = null;
  for (const row of IFT_VEHICLE_LINE) if (fp >= row.column) kill = row.kill;
  return kill;
}

/**
 * Resolves a To Hit DR (C3): a hit on Final DR <= the Modified To Hit number.
 * @param finalDR Original DR + To Hit DRM, integer
 * @param th Modified To Hit number, integer
 * Never throws.
 * @example resolveToHit(7, 7) // true (docs/rules-notes.md §12: TH# 7 hits on 21/36)
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
