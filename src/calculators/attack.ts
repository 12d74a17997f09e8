/**
 * `attack`: a fire attack (or a sequence of attacks) on the stack in one Location: IFT with Cowering,
 * KIA/K/# by Random Selection, the checks in rule order with leadership, leader-loss cascades, Heat of
 * Battle, berserk leaders (A7, A7.9, A.9, A10.2-10.22, A15, A19).
 */
import { CLASS_ORDER } from '../counters/types.js';
import { inputError } from '../errors.js';
import { OptionValueError, unitClass } from '../options/option-values.js';
import { flagOption, intOption, isNumber, listOption, oneOf, option, requiredListOption, textOption, type TypedOption } from '../options/typed-option.js';
import { attackQuery, type AttackKind, type TargetInput } from '../queries/attack-query.js';
import type { OddsCalculator, ParsedOptions } from './calculator.js';
import { RULE_OPTIONS, SITUATION_OPTIONS, situationFrom } from './common.js';

/**
 * Parses `--fp`: a number of FP in (0, 200]; fractions allowed (halved FP keeps them).
 * @throws OptionValueError saying what is allowed
 * @example firepower('2.5') // 2.5
 */
export function firepower(v: string): number {
  const n = Number(v.trim());
  if (!/^[0-9]+(\.[0-9]+)?$/.test(v.trim()) || !(n > 0) || n > 200) throw new OptionValueError('expected a number of FP in (0, 200], e.g. 8 or 2.5.');
  return n;
}

/** The target markers, each a list of 1-based positions in `--target`: option name and TargetInput field. */
export const TARGET_MARKERS = [
  { name: 'target-broken', field: 'broken', description: 'positions (from 1) of --target units that are broken' },
  { name: 'target-pinned', field: 'pinned', description: 'positions of pinned units' },
  { name: 'target-fanatic', field: 'fanatic', description: 'positions of Fanatic units (ML +1, A10.8)' },
  { name: 'target-berserk', field: 'berserk', description: 'positions of berserk units (ML 10, A15.42)' },
  { name: 'target-wounded', field: 'wounded', description: 'positions of wounded SMC (ML -1, A17.2)' },
  { name: 'target-disrupted', field: 'disrupted', description: 'positions of broken and Disrupted units (A19.12)' },
] as const;

/** Each marker's option, `--target-broken <i,...>`. */
const TARGET_MARK_OPTIONS: readonly { readonly name: string; readonly field: (typeof TARGET_MARKERS)[number]['field']; readonly option: TypedOption<readonly string[] | undefined> }[] =
  TARGET_MARKERS.map((m) => ({ name: m.name, field: m.field, option: listOption(`--${m.name} <i,...>`, m.description) }));

const TARGET = requiredListOption(
  '--target <ids>',
  'the units in the target Location, in stack order (comma-separated or repeated), e.g. german/9-1,german/4-6-7',
);
const FP = option({ flags: '--fp <n>', description: 'total FP of the (first) attack, e.g. 8 or 2.5 (required unless --result)', parse: firepower }, isNumber);
const DRM = intOption('--drm <n>', 'IFT DRM of the first attack: terrain, hindrance, anything else, -10..10', -10, 10);
const LEADER = textOption('--leader <id>', 'a leader directing the first attack: adds his DRM, no Cowering (A7.9)');
const FIRER = textOption('--firer <id>', 'the firing unit, for Cowering: class and nationality (a hero: firing alone), e.g. british/4-5-8');
const FIRER_CLASS = option(
  { flags: '--firer-class <class>', description: "the firer's class: elite, 1st-line, 2nd-line, green, conscript (a FG: its worst)", parse: unitClass },
  oneOf(CLASS_ORDER),
);
const FIRER_NATIONALITY = textOption('--firer-nationality <nat>', "the firer's nationality (British Elite/1st Line and non-Conscript Finns never cower)");
const FIRER_FANATIC = flagOption('--firer-fanatic', 'the firer is Fanatic: never cowers (A10.8)');
const FIRER_BERSERK = flagOption('--firer-berserk', 'the firer is berserk: never cowers (A15.42)');
const FIRE_LANE = flagOption('--fire-lane', "the first attack is a Fire Lane Residual FP attack: --fp is the MG's FP, one column left, never cowers, no leader DRM (A9.22)");
const SNAP_SHOT = flagOption('--snap-shot', 'the first attack is a Snap Shot: Area Fire, FP halved (A8.15)');
const THEN = listOption('--then <fp:drm[:kind]>', 'a later attack on the same stack (repeatable): e.g. 4:+1, 6:0:fire-lane, 8:-1:snap-shot');
const RESULT = textOption('--result <r>', 'a fixed IFT result for the first attack instead of a DR: NMC, 1MC..4MC, PTC, K/1..K/4, 1KIA..7KIA');
const ENCIRCLED = flagOption('--encircled', 'the target Location is Encircled: ML -1 (A7.7)');
const OUTCOMES = flagOption(
  '--outcomes',
  "also list the stack's final states with their odds (exact: the joint distribution; Monte Carlo: the trials per final stack); a single attack is otherwise summarized per unit and for the stack only, far faster, and Monte Carlo memory stays flat",
);

/** The 1-based positions an option names, checked against the number of targets. @throws AslOddsError `input.targetPosition` */
function positions(option: string, values: readonly string[] | undefined, count: number): Set<number> {
  const out = new Set<number>();
  for (const v of values ?? []) {
    const n = Number(v);
    if (!/^[0-9]+$/.test(v) || n < 1 || n > count) {
      throw inputError('input.targetPosition', `--${option}: expected positions 1..${count} of --target, got '${v}'`);
    }
    out.add(n);
  }
  return out;
}

/** camelCase attribute of a marker option: `target-broken` -> `targetBroken`. */

/** The targets with their markers from `--target` and the `--target-*` positions. @throws AslOddsError `input.targetPosition` */
export function targetsFrom(o: ParsedOptions): TargetInput[] {
  const ids = TARGET.read(o);
  const marks = TARGET_MARK_OPTIONS.map((m) => ({ field: m.field, at: positions(m.name, m.option.read(o), ids.length) }));
  return ids.map((unit, i) => {
    const at = (field: (typeof TARGET_MARKERS)[number]['field']) => marks.some((m) => m.field === field && m.at.has(i + 1));
    return { unit, broken: at('broken'), pinned: at('pinned'), fanatic: at('fanatic'), berserk: at('berserk'), wounded: at('wounded'), disrupted: at('disrupted') };
  });
}

/** The `attack` question. */
export const attackCalculator: OddsCalculator = {
  name: 'attack',
  summary:
    "Odds of a fire attack on a stack: IFT result (Cowering on doubles), KIA/K/# by Random Selection, each unit's MC/PTC in rule order with leadership, LLMC/LLTC, Heat of Battle, berserk leaders, ELR; a sequence of attacks with --then (A7, A7.9, A.9, A10.2, A15, A19).",
  examples: [
    'attack --fp 8 --drm 1 --target german/9-1,german/4-6-7,german/4-6-7',
    'attack --result 1KIA --target german/9-1,german/6-5-8,german/4-6-7 --json',
    'attack --fp 12 --firer russian/4-4-7 --target german/4-6-7 --then 5:0:fire-lane',
  ],
  options: [
    ...[TARGET, FP, DRM, LEADER, FIRER, FIRER_CLASS, FIRER_NATIONALITY, FIRER_FANATIC, FIRER_BERSERK, FIRE_LANE, SNAP_SHOT, THEN, RESULT].map((t) => t.spec),
    ...TARGET_MARK_OPTIONS.map((m) => m.option.spec),
    ENCIRCLED.spec,
    OUTCOMES.spec,
    ...SITUATION_OPTIONS,
    ...RULE_OPTIONS,
  ],
  query: (o) => {
    const targets = targetsFrom(o);
    const fireLane = FIRE_LANE.read(o);
    const snapShot = SNAP_SHOT.read(o);
    if (fireLane && snapShot) throw inputError('input.kind', '--fire-lane, --snap-shot: give at most one kind for the first attack');
    const kind: AttackKind = fireLane ? 'fire-lane' : snapShot ? 'snap-shot' : 'normal';
    return attackQuery({
      targets,
      fp: FP.read(o),
      drm: DRM.read(o),
      kind,
      leader: LEADER.read(o),
      firer: FIRER.read(o),
      firerClass: FIRER_CLASS.read(o),
      firerNationality: FIRER_NATIONALITY.read(o),
      firerFanatic: FIRER_FANATIC.read(o),
      firerBerserk: FIRER_BERSERK.read(o),
      then: THEN.read(o),
      result: RESULT.read(o),
      encircled: ENCIRCLED.read(o),
      outcomes: OUTCOMES.read(o),
      ...situationFrom(o),
    });
  },
};
