/**
 * Cowering (A7.9; docs/rules-notes.md §8, high except the 1 FP column).
 *
 * An attack whose Original IFT DR is doubles is resolved one FP column to the left, two columns if the
 * firer is Inexperienced (Green or Conscript, A19.33). Never cowering: an attack directed by a leader;
 * British Elite and 1st Line units; Finns other than Conscripts; Fanatic units (A10.8); berserk units
 * (A15.42); heroes firing alone (A15.2; a hero in a FG does not exempt the others, A15.24); a Fire Lane
 * Residual FP attack (A9.22). The national exceptions are data ({@link NEVER_COWER_CLASSES}).
 * Cowering off the 1 FP column: setting `coweringOnOneFP` (`no-effect`: the attack has no effect;
 * `stay`: it stays on the 1 column).
 */
import type { Nationality, UnitClass } from '../counters/types.js';
import { isInexperienced } from '../counters/types.js';
import { IFT_COLUMNS, shiftIFTColumn, type IFTColumn } from './infantry-fire-table.js';
import type { RuleSettings } from './rule-set.js';

/** Classes of a nationality that never cower (A7.9, A25): British Elite/1st Line, non-Conscript Finns. */
export const NEVER_COWER_CLASSES: Readonly<Partial<Record<Nationality, readonly UnitClass[]>>> = Object.freeze({
  british: Object.freeze(['elite', '1st-line'] as UnitClass[]),
  finnish: Object.freeze(['elite', '1st-line', '2nd-line', 'green'] as UnitClass[]),
});

/** What matters about the firer for Cowering. */
export interface FirerProfile {
  /** Nationality, or null when unknown (treated as one without exceptions). */
  readonly nationality: Nationality | null;
  /** Class of the firer (for a FG: the worst class in it). */
  readonly unitClass: UnitClass;
  /** The firer is a hero firing alone (A15.2). */
  readonly heroAlone: boolean;
  readonly fanatic: boolean;
  readonly berserk: boolean;
}

/** The firer assumed when none is given: a 1st Line unit with no exception (cowers one column). */
export const DEFAULT_FIRER: FirerProfile = Object.freeze({
  nationality: null,
  unitClass: '1st-line',
  heroAlone: false,
  fanatic: false,
  berserk: false,
});

/**
 * How many columns an attack shifts left on an Original doubles DR (A7.9).
 * @param firer the firer (see {@link FirerProfile})
 * @param leaderDirected a leader directs the attack (A7.9: no Cowering)
 * @param fireLane the attack is a Fire Lane Residual FP attack (A9.22: never Cowers)
 * @returns 0 (never cowers), 1, or 2 (Inexperienced firer). Never throws.
 * @example coweringShift({ ...DEFAULT_FIRER, unitClass: 'green' }, false, false) // 2
 * @example coweringShift({ ...DEFAULT_FIRER, nationality: 'british', unitClass: 'elite' }, false, false) // 0
 */
export function coweringShift(firer: FirerProfile, leaderDirected: boolean, fireLane: boolean): 0 | 1 | 2 {
  if (leaderDirected || fireLane || firer.heroAlone || firer.fanatic || firer.berserk) return 0;
  const exempt = firer.nationality === null ? undefined : NEVER_COWER_CLASSES[firer.nationality];
  if (exempt?.includes(firer.unitClass)) return 0;
  return isInexperienced(firer.unitClass) ? 2 : 1;
}

/**
 * The column an attack is resolved on after an Original DR (A7.9).
 * @param col the attack's FP column
 * @param doubles the Original IFT DR is doubles
 * @param shift {@link coweringShift}
 * @param setting `coweringOnOneFP`: what happens when the shift leaves the table
 * @returns the column, or null for no effect (shifted off the table under `no-effect`). Never throws.
 * @example coweredColumn(4, true, 1, 'no-effect') // 2
 * @example coweredColumn(1, true, 1, 'no-effect') // null
 * @example coweredColumn(2, true, 2, 'stay') // 1
 */
export function coweredColumn(col: IFTColumn, doubles: boolean, shift: number, setting: RuleSettings['coweringOnOneFP']): IFTColumn | null {
  if (!doubles || shift === 0) return col;
  const shifted = shiftIFTColumn(col, shift);
  if (shifted !== null) return shifted;
  return setting === 'stay' ? IFT_COLUMNS[0] : null;
}
