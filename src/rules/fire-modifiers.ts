/**
 * The FP of one firing unit after its FP modifiers (A7.2-A7.36, A7.8), step by step.
 *
 * Every modifier multiplies the unit's FP and the fractions are kept for that unit (A7.2); the units'
 * FP are summed and only the total picks the column (fire-group.ts). Order of the steps shown: PBF x2
 * (A7.21) or TPBF x3 (A7.211), Long Range x1/2 (A7.22), pinned x1/2 (A7.8), Advancing Fire x1/2 unless
 * Opportunity Fire (A7.24, A7.25), Area Fire x1/2 per cause (A7.23), then Assault Fire +1 after all the
 * others and the unit's FP rounded up (A7.36; NA at Long Range, with Opportunity Fire and outside the
 * AFPh). Multiplying by halves and thirds commutes, so the order changes only the steps shown, never
 * the FP (Assault Fire, last, excepted). Sources and confidence: docs/rules-notes-fire.md.
 *
 * Halvings of whole numbers are exact in binary floating point (a dyadic fraction), so the FP are plain
 * numbers, exact.
 */
import { inputError } from '../errors.js';

/** A firer's own circumstances (`--firer <id>:<modifier>...`). All default to false. */
export interface FirerModifiers {
  /** Point Blank Fire: ADJACENT target, FP x2 (A7.21). */
  readonly pbf?: boolean;
  /** Triple Point Blank Fire: target in the same Location, FP x3 (A7.211). */
  readonly tpbf?: boolean;
  /** Firing beyond its Normal Range, FP x1/2 (A7.22); derived from the range when one is given. */
  readonly longRange?: boolean;
  /** Pinned, FP x1/2 (A7.8). */
  readonly pinned?: boolean;
  /** Has Assault Fire capability and uses it (A7.36). */
  readonly assault?: boolean;
  /** CX: +1 DRM to the attack (A4.51; fire-group.ts). */
  readonly cx?: boolean;
  /** Encircled: +1 DRM to the attack (A7.7; fire-group.ts). */
  readonly encircled?: boolean;
}

/** The per-firer modifier words of `--firer <id>:<modifier>`, in the CLI's spelling. */
export const FIRER_MODIFIER_WORDS = ['pbf', 'tpbf', 'long-range', 'pinned', 'assault', 'cx', 'encircled'] as const;
export type FirerModifierWord = (typeof FIRER_MODIFIER_WORDS)[number];
/** The rule of each modifier word. */
export const FIRER_MODIFIER_RULES: { readonly [W in FirerModifierWord]: string } = Object.freeze({
  pbf: 'A7.21',
  tpbf: 'A7.211',
  'long-range': 'A7.22',
  pinned: 'A7.8',
  assault: 'A7.36',
  cx: 'A4.51',
  encircled: 'A7.7',
});

/** The attack's circumstances that change every firer's FP. */
export interface FireCircumstances {
  /** Fired in the AFPh (A7.24) [false]. */
  readonly advancingFire?: boolean;
  /** Opportunity Fire (A7.25): in the AFPh without its halving; no Assault Fire [false]. */
  readonly opportunityFire?: boolean;
  /** Area Fire halvings (A7.23), integer in [0, 4] [0]. */
  readonly areaFire?: number;
}

/** One step of a firer's FP: what it did (players' words), the FP after it, the rule. */
export interface FPStep {
  /** e.g. `x2 PBF`, `/2 AFPh`, `+1 Assault Fire`. */
  readonly label: string;
  /** FP after the step, > 0 (fractions kept; after Assault Fire a whole number). */
  readonly fp: number;
  readonly rule: string;
  /** True when this step rounded the FP up (Assault Fire, A7.36). */
  readonly rounded?: boolean;
}

/** One firer's FP resolved. */
export interface FirerFP {
  /** The firer as typed or named, e.g. `german/5-4-8`. */
  readonly firer: string;
  /** Printed FP. */
  readonly printed: number;
  readonly steps: readonly FPStep[];
  /** FP after every step (fractions kept), > 0. */
  readonly fp: number;
  /** Modifiers the rules drop here, each one line naming the rule. */
  readonly warnings: readonly string[];
}

/**
 * The FP of one firer after its modifiers and the attack's (A7.2-A7.36, A7.8).
 * @param firer label for the ledger, e.g. `german/5-4-8`
 * @param printed printed FP, a number > 0
 * @param m the firer's modifiers (Long Range already derived)
 * @param c the attack's circumstances
 * @returns the steps and the FP (see {@link FirerFP})
 * @throws AslOddsError `input.firer` for PBF with TPBF, or PBF/TPBF with Long Range (A7.21, A7.22)
 * @example resolveFirerFP('german/5-4-8', 5, { pbf: true, assault: true }, { advancingFire: true, areaFire: 1 }).fp // 4 (A7.31 EX)
 */
export function resolveFirerFP(firer: string, printed: number, m: FirerModifiers, c: FireCircumstances): FirerFP {
  if (m.pbf && m.tpbf) throw inputError('input.firer', `--firer ${firer}: pbf and tpbf exclude each other (A7.21: ADJACENT, A7.211: same Location)`);
  if ((m.pbf || m.tpbf) && m.longRange) {
    throw inputError('input.firer', `--firer ${firer}: ${m.tpbf ? 'TPBF' : 'PBF'} and Long Range exclude each other (A7.21, A7.22: Point Blank Fire is at range ${m.tpbf ? 0 : 1})`);
  }
  const steps: FPStep[] = [];
  const warnings: string[] = [];
  let fp = printed;
  const step = (label: string, factor: number, rule: string) => {
    fp *= factor;
    steps.push({ label, fp, rule });
  };
  if (m.pbf) step('x2 PBF', 2, 'A7.21');
  if (m.tpbf) step('x3 TPBF', 3, 'A7.211');
  if (m.longRange) step('/2 Long Range', 0.5, 'A7.22');
  if (m.pinned) step('/2 pinned', 0.5, 'A7.8');
  if (c.advancingFire && !c.opportunityFire) step('/2 AFPh', 0.5, 'A7.24');
  for (let i = 0; i < (c.areaFire ?? 0); i++) step('/2 Area Fire', 0.5, 'A7.23');
  if (m.assault) {
    const why = m.longRange ? 'at Long Range' : c.opportunityFire ? 'with Opportunity Fire' : !c.advancingFire ? 'outside the AFPh' : null;
    if (why !== null) {
      warnings.push(`${firer}: Assault Fire dropped: NA ${why} (A7.36)`);
    } else {
      const before = fp;
      fp = Math.ceil(fp + 1);
      steps.push({ label: '+1 Assault Fire', fp, rule: 'A7.36', ...(before + 1 !== fp ? { rounded: true } : {}) });
    }
  }
  return { firer, printed, steps, fp, warnings };
}

/**
 * Parses one firer as typed: `<id>[:<modifier>...]`, e.g. `german/5-4-8:pbf:assault`.
 * @returns the id and its modifiers
 * @throws AslOddsError `input.firer` naming the modifiers allowed; `input.firerModifierRepeated` for a
 *   modifier given twice (`:pbf:pbf`), naming its rule
 * @example parseFirer('german/4-6-7:pbf:cx') // { id: 'german/4-6-7', modifiers: { pbf: true, cx: true }, longRangeGiven: false }
 */
export function parseFirer(s: string): { id: string; modifiers: FirerModifiers; longRangeGiven: boolean } {
  const [id, ...words] = s.split(':').map((w) => w.trim());
  if (!id) throw inputError('input.firer', `--firer: expected <id>[:<modifier>...], e.g. german/4-6-7:pbf; got '${s}'`);
  const mods: Record<string, boolean> = {};
  for (const w of words) {
    const word = w.toLowerCase() as FirerModifierWord;
    if (!FIRER_MODIFIER_WORDS.includes(word)) {
      throw inputError('input.firer', `--firer ${s}: unknown modifier '${w}'; allowed: ${FIRER_MODIFIER_WORDS.join(', ')}`);
    }
    const key = word === 'long-range' ? 'longRange' : word;
    if (mods[key]) {
      throw inputError('input.firerModifierRepeated', `--firer ${s}: '${word}' given twice; it applies once to a firer (${FIRER_MODIFIER_RULES[word]})`);
    }
    mods[key] = true;
  }
  return { id, modifiers: mods as FirerModifiers, longRangeGiven: mods.longRange === true };
}
