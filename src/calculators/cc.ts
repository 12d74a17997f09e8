/**
 * `cc`: a Close Combat (A11): each side's units attack all enemy units in the Location on the CC
 * Table, simultaneously or the Ambushing side first; results per unit and whether the melee continues.
 */
import { inputError } from '../errors.js';
import { OptionValueError } from '../options/option-values.js';
import { flagOption, intOption, listOption, oneOf, option, requiredListOption } from '../options/typed-option.js';
import { ccQuery, type CCSideSpec } from '../queries/cc-query.js';
import type { OddsCalculator, ParsedOptions } from './calculator.js';
import { RULE_OPTIONS, RULES, SETTING } from './common.js';

/** The 1-based positions an option lists. @throws AslOddsError `input.position` */
function positionsOf(option: string, values: readonly string[] | undefined): number[] {
  return (values ?? []).map((v) => {
    if (!/^[0-9]+$/.test(v)) throw inputError('input.position', `${option}: expected unit positions such as 1,2; got '${v}'`);
    return Number(v);
  });
}

/** Parses `--ambush`. @throws OptionValueError naming the sides */
function ambushSide(v: string): 'attacker' | 'defender' {
  const t = v.trim().toLowerCase();
  if (t !== 'attacker' && t !== 'defender') throw new OptionValueError('Allowed choices are attacker, defender.');
  return t;
}

/** One side's options: `--attacker <ids>`, `--attacker-pinned <i,...>`, ... (`who` = attacker or defender). */
function sideOptions(who: 'attacker' | 'defender') {
  const WHO = who.toUpperCase();
  const a = who === 'attacker';
  return {
    units: requiredListOption(
      `--${who} <ids>`,
      a ? "the ATTACKER's units in the Location (comma-separated or repeated), e.g. german/4-6-7,german/8-1" : "the DEFENDER's units, e.g. russian/4-4-7",
    ),
    pinned: listOption(`--${who}-pinned <i,...>`, a ? 'positions of pinned ATTACKER units (FP halved for their attack only, A7.8)' : 'positions of pinned DEFENDER units'),
    wounded: listOption(`--${who}-wounded <i,...>`, a ? 'positions of wounded ATTACKER SMC (leadership one worse, A17.2)' : 'positions of wounded DEFENDER SMC'),
    broken: listOption(
      `--${who}-broken <i,...>`,
      a ? 'positions of broken ATTACKER units: they never attack, defend with full FP, and attacks on them get -2 (A11.16)' : 'positions of broken DEFENDER units',
    ),
    disrupted: listOption(
      `--${who}-disrupted <i,...>`,
      a ? 'positions of Disrupted ATTACKER units: broken, and eliminated if still in Melee at the end of the CCPh (A19.12)' : 'positions of Disrupted DEFENDER units',
    ),
    cx: flagOption(`--${who}-cx`, a ? 'the ATTACKER is CX: +1 to its attack, -1 to attacks on it (A4.51)' : 'the DEFENDER is CX'),
    concealed: flagOption(`--${who}-concealed`, a ? 'the ATTACKER is concealed: the FP of units attacking it is halved (A11.19)' : 'the DEFENDER is concealed'),
    skis: flagOption(
      `--${who}-skis`,
      a ? 'the ATTACKER are Skiers (ski counter "Skis" face up, E4.2): +2 to its attack, -2 to attacks on it (E4.5)' : 'the DEFENDER are Skiers',
    ),
    drm: intOption(`--${who}-drm <n>`, `other DRM of the ${WHO}'s attack, -6..6`, -6, 6),
  };
}

const ATTACKER = sideOptions('attacker');
const DEFENDER = sideOptions('defender');
const AMBUSH = option(
  { flags: '--ambush <side>', description: 'the side that Ambushed the other attacks first (A11.4; setting ccAmbushDRM): attacker or defender', parse: ambushSide },
  oneOf(['attacker', 'defender'] as const),
);
const HAND_TO_HAND = flagOption('--hand-to-hand', 'Hand-to-Hand CC: red Kill Numbers (J2.31)');

/** One side's input from its options. @throws AslOddsError `input.position` */
function sideFrom(side: ReturnType<typeof sideOptions>, who: string, o: ParsedOptions): CCSideSpec {
  return {
    units: side.units.read(o),
    pinned: positionsOf(`--${who}-pinned`, side.pinned.read(o)),
    wounded: positionsOf(`--${who}-wounded`, side.wounded.read(o)),
    broken: positionsOf(`--${who}-broken`, side.broken.read(o)),
    disrupted: positionsOf(`--${who}-disrupted`, side.disrupted.read(o)),
    cx: side.cx.read(o),
    concealed: side.concealed.read(o),
    skis: side.skis.read(o),
    drm: side.drm.read(o),
  };
}

/** The `cc` question. */
export const ccCalculator: OddsCalculator = {
  name: 'cc',
  summary:
    "Odds of a Close Combat (A11): each side's units attack all enemy units in the Location on the CC Table (odds rounded down, Final DR < Kill Number eliminates, == Casualty Reduction by Random Selection), simultaneously or Ambushing side first; results per unit and whether the melee continues.",
  examples: [
    'cc --attacker german/4-6-7,german/4-6-7 --defender russian/4-4-7',
    'cc --attacker german/4-6-7,german/8-1 --defender russian/4-4-7 --ambush attacker --json',
    'cc --attacker russian/6-2-8 --defender german/4-6-7,german/9-1 --hand-to-hand',
    'cc --attacker finnish/6-4-8 --attacker-skis --defender russian/4-4-7',
  ],
  options: [
    // Help order: the units, then each marker for both sides.
    ...(['units', 'pinned', 'wounded', 'broken', 'disrupted', 'cx', 'concealed', 'skis', 'drm'] as const).flatMap((k) => [ATTACKER[k].spec, DEFENDER[k].spec]),
    AMBUSH.spec,
    HAND_TO_HAND.spec,
    ...RULE_OPTIONS,
  ],
  query: (o) =>
    ccQuery({
      attacker: sideFrom(ATTACKER, 'attacker', o),
      defender: sideFrom(DEFENDER, 'defender', o),
      ambush: AMBUSH.read(o),
      handToHand: HAND_TO_HAND.read(o),
      rules: RULES.read(o),
      settings: SETTING.read(o),
    }),
};
