/**
 * The Fire Group attacks of one scenario's sides, made once and shared (playthrough.ts): a stack's
 * fire is an IFT column (A7), a total DRM and a Cowering shift (A7.9), so the few thousand attacks of
 * a playthrough fall into a few dozen distinct ones. Each carries its IFT result by Original DR index,
 * filled by the rule functions (`coweredColumn`, `iftResultOf`, through attack/attack-sampler.ts `iftResult`)
 * the first time that DR is rolled, and the Cowering shift of each firer class is computed by
 * `coweringShift` once per side.
 */
import type { CompiledAttack } from '../attack/compiled-attack.js';
import { CLASS_ORDER, type Nationality } from '../counters/types.js';
import { coweringShift } from '../rules/cowering.js';
import { IFT_COLUMNS, type IFTColumn, type IFTResult } from '../rules/infantry-fire-table.js';

/** An attack and its IFT results by DR index (undefined until first rolled). */
export interface FireAttack {
  readonly attack: CompiledAttack;
  /** By DR index (dice.ts ALL_DR): the IFT result, filled by attack/attack-sampler.ts on first use. */
  readonly ift: (IFTResult | undefined)[];
}

/** DRM kept in the dense index: [-DRM_SPAN, DRM_SPAN); others are made anew (never in the bundled scenarios). */
const DRM_SPAN = 32;

/** The attacks of one side (one nationality: Cowering depends on it). */
export class FireAttacks {
  private readonly byKey: (FireAttack | undefined)[] = [];
  /** Cowering shift + 1 by firer key ({@link shift}), 0 while not yet computed. */
  private readonly shifts: number[] = [];

  constructor(readonly nationality: Nationality) {}

  /**
   * The Cowering shift (A7.9) of a Fire Group: `coweringShift` of its firer profile.
   * @param worstClass the worst class index (CLASS_ORDER) of its non-hero units, integer in [0, 5), or -1 when only heroes fire
   * Never throws.
   */
  shift(worstClass: number, fanatic: boolean, berserk: boolean, directed: boolean): 0 | 1 | 2 {
    const key = (((worstClass + 1) * 2 + (fanatic ? 1 : 0)) * 2 + (berserk ? 1 : 0)) * 2 + (directed ? 1 : 0);
    let s = this.shifts[key];
    if (s === undefined || s === 0) {
      const heroAlone = worstClass < 0;
      s = 1 + coweringShift({ nationality: this.nationality, unitClass: heroAlone ? '1st-line' : CLASS_ORDER[worstClass], heroAlone, fanatic, berserk }, directed, false);
      this.shifts[key] = s;
    }
    return (s - 1) as 0 | 1 | 2;
  }

  /**
   * The shared attack on `column` with total DRM `drm` and Cowering shift `shift` (no fixed result).
   * @param drm integer
   * Never throws.
   */
  attack(column: IFTColumn, drm: number, shift: 0 | 1 | 2): FireAttack {
    if (drm < -DRM_SPAN || drm >= DRM_SPAN) return make(column, drm, shift);
    const key = (IFT_COLUMNS.indexOf(column) * 2 * DRM_SPAN + drm + DRM_SPAN) * 3 + shift;
    let a = this.byKey[key];
    if (a === undefined) {
      a = make(column, drm, shift);
      this.byKey[key] = a;
    }
    return a;
  }
}

function make(column: IFTColumn, drm: number, shift: 0 | 1 | 2): FireAttack {
  return { attack: Object.freeze({ label: '', column, drm, coweringShift: shift, fixedResult: null }), ift: new Array<IFTResult | undefined>(36).fill(undefined) };
}
