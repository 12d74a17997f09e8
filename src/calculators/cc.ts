/**
 * `cc`: a Close Combat (A11): each side's units attack all enemy units in the Location on the CC
 * Table, simultaneously or the Ambushing side first; results per unit and whether the melee continues.
 */
import { inputError } from '../errors.js';
import { collect, intIn, OptionValueError } from '../options/option-values.js';
import { ccQuery } from '../queries/cc-query.js';
import type { RuleSetId } from '../rules/rule-set.js';
import type { OddsCalculator } from './calculator.js';
import { RULE_OPTIONS } from './common.js';

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

/** The `cc` question. */
export const ccCalculator: OddsCalculator = {
  name: 'cc',
  summary:
    "Odds of a Close Combat (A11): each side's units attack all enemy units in the Location on the CC Table (odds rounded down, Final DR < Kill Number eliminates, == Casualty Reduction by Random Selection), simultaneously or Ambushing side first; results per unit and whether the melee continues.",
  examples: [
    'cc --attacker german/4-6-7,german/4-6-7 --defender russian/4-4-7',
    'cc --attacker german/4-6-7,german/8-1 --defender russian/4-4-7 --ambush attacker --json',
    'cc --attacker russian/6-2-8 --defender german/4-6-7,german/9-1 --hand-to-hand',
  ],
  options: [
    { flags: '--attacker <ids>', description: "the ATTACKER's units in the Location (comma-separated or repeated), e.g. german/4-6-7,german/8-1", parse: collect, required: true },
    { flags: '--defender <ids>', description: "the DEFENDER's units, e.g. russian/4-4-7", parse: collect, required: true },
    { flags: '--attacker-pinned <i,...>', description: 'positions of pinned ATTACKER units (FP halved, A7.8)', parse: collect },
    { flags: '--defender-pinned <i,...>', description: 'positions of pinned DEFENDER units', parse: collect },
    { flags: '--attacker-wounded <i,...>', description: 'positions of wounded ATTACKER SMC (leadership one worse, A17.2)', parse: collect },
    { flags: '--defender-wounded <i,...>', description: 'positions of wounded DEFENDER SMC', parse: collect },
    { flags: '--attacker-broken <i,...>', description: 'positions of broken ATTACKER units: they do not attack, their FP still defends', parse: collect },
    { flags: '--defender-broken <i,...>', description: 'positions of broken DEFENDER units', parse: collect },
    {
      flags: '--attacker-disrupted <i,...>',
      description: 'positions of Disrupted ATTACKER units: broken, and eliminated if still in Melee at the end of the CCPh (A19.12)',
      parse: collect,
    },
    { flags: '--defender-disrupted <i,...>', description: 'positions of Disrupted DEFENDER units', parse: collect },
    { flags: '--attacker-cx', description: 'the ATTACKER is CX: +1 to its attack, -1 to attacks on it (A4.51)' },
    { flags: '--defender-cx', description: 'the DEFENDER is CX' },
    { flags: '--attacker-concealed', description: 'the ATTACKER is concealed (A11.19; settings ccConcealedAttackerDRM/ccConcealedDefenderDRM)' },
    { flags: '--defender-concealed', description: 'the DEFENDER is concealed' },
    { flags: '--attacker-drm <n>', description: "other DRM of the ATTACKER's attack, -6..6", parse: intIn(-6, 6) },
    { flags: '--defender-drm <n>', description: "other DRM of the DEFENDER's attack, -6..6", parse: intIn(-6, 6) },
    { flags: '--ambush <side>', description: 'the side that Ambushed the other attacks first (A11.4; setting ccAmbushDRM): attacker or defender', parse: ambushSide },
    { flags: '--hand-to-hand', description: 'Hand-to-Hand CC: red Kill Numbers (J2.31; setting ccHandToHandKillShift)' },
    ...RULE_OPTIONS,
  ],
  query: (o) =>
    ccQuery({
      attacker: {
        units: o.attacker as string[],
        pinned: positionsOf('--attacker-pinned', o.attackerPinned as string[] | undefined),
        wounded: positionsOf('--attacker-wounded', o.attackerWounded as string[] | undefined),
        broken: positionsOf('--attacker-broken', o.attackerBroken as string[] | undefined),
        disrupted: positionsOf('--attacker-disrupted', o.attackerDisrupted as string[] | undefined),
        cx: o.attackerCx as boolean | undefined,
        concealed: o.attackerConcealed as boolean | undefined,
        drm: o.attackerDrm as number | undefined,
      },
      defender: {
        units: o.defender as string[],
        pinned: positionsOf('--defender-pinned', o.defenderPinned as string[] | undefined),
        wounded: positionsOf('--defender-wounded', o.defenderWounded as string[] | undefined),
        broken: positionsOf('--defender-broken', o.defenderBroken as string[] | undefined),
        disrupted: positionsOf('--defender-disrupted', o.defenderDisrupted as string[] | undefined),
        cx: o.defenderCx as boolean | undefined,
        concealed: o.defenderConcealed as boolean | undefined,
        drm: o.defenderDrm as number | undefined,
      },
      ambush: o.ambush as 'attacker' | 'defender' | undefined,
      handToHand: o.handToHand as boolean | undefined,
      rules: o.rules as RuleSetId,
      settings: o.setting as Record<string, string> | undefined,
    }),
};
