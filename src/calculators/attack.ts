/**
 * `attack`: a fire attack (or a sequence of attacks) on the stack in one Location: IFT with Cowering,
 * KIA/K/# by Random Selection, the checks in rule order with leadership, leader-loss cascades, Heat of
 * Battle, berserk leaders (A7, A7.9, A.9, A10.2-10.22, A15, A19).
 */
import { CLASS_ORDER } from '../counters/types.js';
import { inputError } from '../errors.js';
import { parseNationality } from '../counters/catalog.js';
import type { OptionSpec } from '../options/option-spec.js';
import { intIn, OptionValueError, unitClass } from '../options/option-values.js';
import { flagOption, intOption, isNumber, listOption, oneOf, option, requiredListOption, textOption, type Guard, type TypedOption } from '../options/typed-option.js';
import { attackQuery, type AttackInput, type AttackKind, type TargetInput } from '../queries/attack-query.js';
import { fireBuilderQuery } from '../queries/fire-builder.js';
import { checkTargetSide, firerNationalityOf, type FireGroupInput } from '../rules/fire-group.js';
import { REPLACED_LEADER_LLTC, type ReplacedLeaderLLTC } from '../rules/rule-set.js';
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
  TARGET_MARKERS.map((m) => ({ ...m, option: listOption(`--${m.name} <i,...>`, m.description) }));

const TARGET = requiredListOption(
  '--target <ids>',
  'the units in the target Location, in stack order (comma-separated or repeated), e.g. german/9-1,german/4-6-7',
);
const FP = option({ flags: '--fp <n>', description: 'total FP of the (first) attack, e.g. 8 or 2.5 (required unless --result)', parse: firepower }, isNumber);
const DRM = intOption('--drm <n>', 'IFT DRM of the first attack: terrain, hindrance, anything else, -10..10', -10, 10);
const LEADER = textOption('--leader <id>', 'a leader directing the first attack: adds his DRM, no Cowering (A7.9)');
const FIRER = listOption(
  '--firer <id[:modifier...]>',
  "a firing unit (repeatable; comma-separated): a squad, HS, crew, hero or MG (german/mmg), with its own circumstances: pbf, tpbf, long-range, pinned, assault, cx, encircled, e.g. german/5-4-8:pbf:assault; without --fp they make the attack's FP (A7.2-A7.36); with --fp one firer, for Cowering",
);
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

/**
 * Parses `--area-fire [n]`: Area Fire halvings (A7.23), an integer in [1, 4]; without a value (or `true`), one.
 * @throws OptionValueError saying what is allowed
 * @example areaFireHalvings('2') // 2
 */
export function areaFireHalvings(v: string): number {
  // without a value: one halving (commander gives `true`; the page's fragment writes `area-fire=true`)
  if (v === undefined || v.trim() === '' || v.trim() === 'true') return 1;
  return intIn(1, 4)(v);
}

/**
 * Parses one `--other-drm <label>=<n>`, collecting them: an integer DRM in [-10, 10] with its label.
 * @throws OptionValueError saying what is allowed
 * @example otherDRM('sniper dust=+1') // [{ label: 'sniper dust', drm: 1 }]
 */
export const otherDRM = Object.assign(otherDRMValue, { repeatable: true as const });
function otherDRMValue(v: string, prev: { label: string; drm: number }[] = []): { label: string; drm: number }[] {
  const m = /^\s*([^=]*[^=\s])\s*=\s*([+-]?[0-9]+)\s*$/.exec(v);
  const drm = m ? Number(m[2]) : NaN;
  if (!m || drm < -10 || drm > 10) throw new OptionValueError('expected <label>=<n> with an integer DRM in [-10, 10], e.g. smoke=+2.');
  return [...prev, { label: m[1], drm }];
}

/**
 * Parses `--replaced-leader-lltc`: which counter the LLTC of a leader Replaced by ELR as he broke reads
 * (setting `replacedLeaderLLTC`, rule-set.ts).
 * @throws OptionValueError naming the readings
 */
export function replacedLeaderLLTC(v: string): ReplacedLeaderLLTC {
  const t = v.trim().toLowerCase() as ReplacedLeaderLLTC;
  if (!REPLACED_LEADER_LLTC.includes(t)) throw new OptionValueError(`expected one of ${REPLACED_LEADER_LLTC.join(', ')}.`);
  return t;
}

type OtherDRM = readonly { readonly label: string; readonly drm: number }[];
const isOtherDRM: Guard<OtherDRM> = (v): v is OtherDRM =>
  Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && typeof x.label === 'string' && Number.isInteger(x.drm));

const RANGE = intOption('--range <hexes>', 'range to the target, 0-60 hexes: Long Range per firer beyond its Normal Range, none beyond twice it (A7.22)', 0, 60);
const ADVANCING_FIRE = flagOption('--advancing-fire', 'fired in the AFPh: FP halved (A7.24); Assault Fire allowed (A7.36)');
const OPPORTUNITY_FIRE = flagOption('--opportunity-fire', 'Opportunity Fire in the AFPh: no halving, no Assault Fire (A7.25)');
/** `--area-fire` alone is `true` (one halving), `--area-fire 2` two. */
const AREA_FIRE = option(
  { flags: '--area-fire [n]', description: 'Area Fire (concealed target and the like): FP halved once, or n times (1-4) (A7.23)', parse: areaFireHalvings },
  (v): v is number | true => v === true || (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 4),
);
const TERRAIN = textOption('--terrain <name>', 'terrain of the target Location, for its TEM: open-ground, woods, wooden-building, stone-building, brush, grain, foxhole... (or --tem)');
const TEM = intOption('--tem <n>', 'TEM of the target Location as a number, -3..5 (a pillbox, a wall hexside)', -3, 5);
const HINDRANCE = intOption('--hindrance <n>', 'LOS Hindrance DRM, 0-6 (negates FFMO, A4.6)', 0, 6);
const FFMO = flagOption('--ffmo', 'First Fire at a unit moving in Open Ground: -1 unless a hindrance or positive TEM negates it (A4.6)');
const FFNAM = flagOption('--ffnam', 'First Fire at a unit using non-Assault Movement: -1 (A4.6)');
const OTHER_DRM = option({ flags: '--other-drm <label=n>', description: 'any other DRM, with its label (repeatable), e.g. smoke=+2', parse: otherDRM }, isOtherDRM);
const REPLACED_LEADER = option(
  {
    flags: '--replaced-leader-lltc <reading>',
    description:
      "the LLTC of a leader Replaced by ELR as he broke (A10.2, A19.13; setting replacedLeaderLLTC): broke-ml-replacement-drm (default: his ML as he broke, his Replacement's DRM), as-he-broke, as-replaced",
    parse: replacedLeaderLLTC,
  },
  oneOf(REPLACED_LEADER_LLTC),
);

/**
 * The fire attack builder's options (docs/rules-notes-fire.md): the firers with their
 * circumstances and the attack's, instead of `--fp` and `--drm`. Shared by `attack` and `plan`.
 */
export const FIRE_BUILDER_OPTIONS: readonly OptionSpec[] = [FIRER, RANGE, ADVANCING_FIRE, OPPORTUNITY_FIRE, AREA_FIRE, TERRAIN, TEM, HINDRANCE, FFMO, FFNAM, OTHER_DRM].map((t) => t.spec);

/** The firers given (`--firer`, each with its :modifiers). */
export function firersOf(o: ParsedOptions): readonly string[] {
  return FIRER.read(o) ?? [];
}

/** True when any option that builds the FP (besides the firers' ids) is given. */
function buildsFP(o: ParsedOptions): boolean {
  return RANGE.read(o) !== undefined || ADVANCING_FIRE.read(o) || OPPORTUNITY_FIRE.read(o) || AREA_FIRE.read(o) !== undefined || firersOf(o).some((f) => f.includes(':'));
}

/** True when any option that builds the DRM is given. */
function buildsDRM(o: ParsedOptions): boolean {
  return TERRAIN.read(o) !== undefined || TEM.read(o) !== undefined || HINDRANCE.read(o) !== undefined || FFMO.read(o) || FFNAM.read(o) || OTHER_DRM.read(o) !== undefined;
}

/**
 * The builder's input from the parsed options (`attack` and `plan`); `--drm` in builder mode is one
 * more ledger line. Never throws (the builder checks).
 */
export function fireGroupInputOf(o: ParsedOptions, firers: readonly string[]): FireGroupInput {
  const other = [...(OTHER_DRM.read(o) ?? [])];
  const drm = DRM.read(o);
  if (drm !== undefined) other.push({ label: 'DRM given (--drm)', drm });
  const areaFire = AREA_FIRE.read(o);
  const nationality = FIRER_NATIONALITY.read(o);
  return {
    firers,
    range: RANGE.read(o),
    advancingFire: ADVANCING_FIRE.read(o),
    opportunityFire: OPPORTUNITY_FIRE.read(o),
    areaFire: areaFire === true ? 1 : areaFire,
    terrain: TERRAIN.read(o),
    tem: TEM.read(o),
    hindrance: HINDRANCE.read(o),
    ffmo: FFMO.read(o),
    ffnam: FFNAM.read(o),
    leader: LEADER.read(o),
    otherDRM: other,
    firerClass: FIRER_CLASS.read(o),
    firerNationality: nationality === undefined ? undefined : parseNationality(nationality),
    firerFanatic: FIRER_FANATIC.read(o),
    firerBerserk: FIRER_BERSERK.read(o),
  };
}

/**
 * The situation with `--replaced-leader-lltc` folded into the settings (the same as `--setting
 * replacedLeaderLLTC=...`).
 * @throws AslOddsError `input.setting` when both give different readings
 */
function situationWithReading(o: ParsedOptions): ReturnType<typeof situationFrom> {
  const s = situationFrom(o);
  const reading = REPLACED_LEADER.read(o);
  if (reading === undefined) return s;
  const given = s.settings?.replacedLeaderLLTC;
  if (given !== undefined && given !== reading) {
    throw inputError('input.setting', `--replaced-leader-lltc ${reading}, --setting replacedLeaderLLTC=${given}: give one reading`);
  }
  return { ...s, settings: { ...s.settings, replacedLeaderLLTC: reading } };
}

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

/** The targets with their markers from `--target` and the `--target-*` positions. @throws AslOddsError `input.targetPosition` */
export function targetsFrom(o: ParsedOptions): TargetInput[] {
  const ids = TARGET.read(o);
  const marks = TARGET_MARK_OPTIONS.map((m) => ({ field: m.field, at: positions(m.name, m.option.read(o), ids.length) }));
  return ids.map((unit, i) => ({ unit, ...Object.fromEntries(marks.map((m) => [m.field, m.at.has(i + 1)])) }));
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
    'attack --firer german/5-4-8:pbf:assault,german/5-4-8:pbf:assault --advancing-fire --area-fire --terrain wooden-building --hindrance 1 --leader german/9-1 --target russian/4-4-7,russian/4-4-7',
  ],
  options: [
    ...[TARGET, FP, DRM, LEADER].map((t) => t.spec),
    ...FIRE_BUILDER_OPTIONS,
    ...[FIRER_CLASS, FIRER_NATIONALITY, FIRER_FANATIC, FIRER_BERSERK, FIRE_LANE, SNAP_SHOT, THEN, RESULT].map((t) => t.spec),
    ...TARGET_MARK_OPTIONS.map((m) => m.option.spec),
    ENCIRCLED.spec,
    OUTCOMES.spec,
    ...SITUATION_OPTIONS,
    ...RULE_OPTIONS,
    REPLACED_LEADER.spec,
  ],
  query: (o) => {
    const targets = targetsFrom(o);
    const fireLane = FIRE_LANE.read(o);
    const snapShot = SNAP_SHOT.read(o);
    if (fireLane && snapShot) throw inputError('input.kind', '--fire-lane, --snap-shot: give at most one kind for the first attack');
    const kind: AttackKind = fireLane ? 'fire-lane' : snapShot ? 'snap-shot' : 'normal';
    const firers = firersOf(o);
    const fp = FP.read(o);
    const base: Omit<AttackInput, 'fp' | 'drm' | 'leader' | 'firer'> = {
      targets,
      kind,
      firerClass: FIRER_CLASS.read(o),
      firerNationality: FIRER_NATIONALITY.read(o),
      firerFanatic: FIRER_FANATIC.read(o),
      firerBerserk: FIRER_BERSERK.read(o),
      then: THEN.read(o),
      result: RESULT.read(o),
      encircled: ENCIRCLED.read(o),
      outcomes: OUTCOMES.read(o),
      ...situationWithReading(o),
    };
    // The builder: the firers make the FP unless --fp gives it.
    if (fp !== undefined && buildsFP(o)) {
      throw inputError('input.fp', "--fp: the total FP is given; leave out --range, --advancing-fire, --opportunity-fire, --area-fire and the firers' :modifiers, or leave out --fp to build it from the firers");
    }
    const builder = fp === undefined && base.result === undefined && firers.length > 0;
    if (!builder && buildsDRM(o)) {
      throw inputError('input.drm', '--terrain, --tem, --hindrance, --ffmo, --ffnam, --other-drm build the DRM of an attack built from its firers (--firer without --fp); with --fp give --drm');
    }
    if (builder) {
      if (DRM.read(o) !== undefined && buildsDRM(o)) throw inputError('input.drm', '--drm: the DRM is being built from --terrain/--tem/--hindrance/--ffmo/--ffnam/--other-drm; give it with --other-drm <label>=<n> instead');
      if (kind !== 'normal') throw inputError('input.kind', `--${kind}: give a Fire Lane or a Snap Shot with --fp (a Snap Shot built from its firers: --area-fire, A8.15)`);
      return fireBuilderQuery(base, fireGroupInputOf(o, firers));
    }
    if (firers.length > 1) throw inputError('input.firer', '--firer: several firers make their attack without --fp; with --fp give at most one --firer (for Cowering), or --firer-class for a FG');
    const firerNationality = firers[0] === undefined ? null : firerNationalityOf(firers[0]);
    if (firerNationality !== null) checkTargetSide(firerNationality, targets.map((t) => t.unit));
    return attackQuery({ ...base, fp, drm: DRM.read(o), leader: LEADER.read(o), firer: firers[0] });
  },
};
