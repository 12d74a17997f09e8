/**
 * Cowering (A7.9; docs/rules-notes.md §8, high except the 1 FP column).
 *
 * An attack whose Original IFT DR is doubles is resolved one FP column to the left, two columns if the
 * firer is Inexperienced (Green or Conscript, A19.33). Never cowering: an attack directed by a leader;
 * British Elite and 1st Line units; Finns other than Conscripts; Fanatic units (A10.8); berserk units
 * (A15.42); heroes (A15.2: a hero "is not subject to Cowering"; A15.24: "A hero's participation does
 * not exempt other members of a FG from Cowering", so a FG of heroes only never cowers); a Fire Lane
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
  /**
   * The firer is a hero (A15.2: not subject to Cowering). For one firer, a hero firing alone; in a FG his
   * presence exempts no other member (A15.24), so only a FG of heroes only is exempt by it.
   */
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

/** How a Fire Group cowers (A7.9): the columns an Original doubles DR shifts it, and why, in players' words. */
export interface GroupCowering {
  /** 0 (never cowers), 1, or 2 (Inexperienced, A19.33). */
  readonly columns: 0 | 1 | 2;
  /** e.g. `no Cowering (leader directs, A7.9)`, `two columns (a Green unit in the group, A19.33)`. */
  readonly reason: string;
}

/** Why a firer never cowers, or null when it may (A7.9). */
function exemption(f: FirerProfile): string | null {
  if (f.heroAlone) return 'a hero, A15.2';
  if (f.fanatic) return 'Fanatic';
  if (f.berserk) return 'berserk';
  const exempt = f.nationality === null ? undefined : NEVER_COWER_CLASSES[f.nationality];
  if (exempt?.includes(f.unitClass)) return f.nationality === 'finnish' ? 'Finnish (not Conscript)' : `British ${f.unitClass === 'elite' ? 'Elite' : '1st Line'}`;
  return null;
}

/**
 * The Cowering of a Fire Group (A7.9, A19.33): none when a leader directs it or when every firer is
 * exempt (heroes only, A15.2; a hero with others exempts none of them, A15.24); otherwise one column, or two
 * when the group has Inexperienced units subject to Cowering as setting
 * `inexperiencedFireGroupCowering` says (`any`: one is enough; `all`: every firer that may cower
 * must be Inexperienced; low confidence, docs/rules-notes-fire.md A7.9).
 * @param members each firer's profile, in fire order (at least one); `heroAlone`: the firer is a hero
 * @param leaderDirected a leader directs the attack
 * @param setting the rule set's `inexperiencedFireGroupCowering`
 * @returns columns and reason. Never throws.
 * @example fireGroupCowering([{ ...DEFAULT_FIRER, unitClass: 'green' }, DEFAULT_FIRER], false, 'any').columns // 2
 * @example fireGroupCowering([DEFAULT_FIRER], true, 'any').reason // 'no Cowering (leader directs, A7.9)'
 */
export function fireGroupCowering(members: readonly FirerProfile[], leaderDirected: boolean, setting: RuleSettings['inexperiencedFireGroupCowering']): GroupCowering {
  if (leaderDirected) return { columns: 0, reason: 'no Cowering (leader directs, A7.9)' };
  const alone = members.length === 1;
  const profiles = members;
  const subject = profiles.filter((m) => exemption(m) === null);
  if (subject.length === 0) {
    const why = [...new Set(profiles.map((m) => exemption(m)))].join(', ');
    return { columns: 0, reason: `no Cowering (${alone ? why : `every firer exempt: ${why}`}, A7.9)` };
  }
  const green = subject.filter((m) => isInexperienced(m.unitClass));
  const two = setting === 'all' ? green.length === subject.length : green.length > 0;
  if (two) {
    const which = green[0].unitClass === 'green' ? 'Green' : 'Conscript';
    const what = alone ? `an Inexperienced (${which}) firer` : setting === 'all' ? 'all firers Inexperienced' : `a ${which} unit in the group`;
    return { columns: 2, reason: `Cowering two columns (${what}, A7.9, A19.33)` };
  }
  return { columns: 1, reason: `Cowering one column (A7.9)` };
}
