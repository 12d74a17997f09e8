/**
 * `attack`: a fire attack (or a sequence of attacks) on the stack in one Location: IFT with Cowering,
 * KIA/K/# by Random Selection, the checks in rule order with leadership, leader-loss cascades, Heat of
 * Battle, berserk leaders (A7, A7.9, A.9, A10.2-10.22, A15, A19).
 */
import type { UnitClass } from '../counters/types.js';
import { inputError } from '../errors.js';
import { collect, intIn, OptionValueError, unitClass } from '../options/option-values.js';
import { attackQuery, type AttackKind, type TargetInput } from '../queries/attack-query.js';
import type { OddsCalculator, ParsedOptions } from './calculator.js';
import { RULE_OPTIONS, SITUATION_OPTIONS, situationFrom } from './common.js';
import { REPLACED_LEADER_LLTC, type ReplacedLeaderLLTC } from '../rules/rule-set.js';

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
function attribute(name: string): string {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The targets with their markers from `--target` and the `--target-*` positions. @throws AslOddsError `input.targetPosition` */
export function targetsFrom(o: ParsedOptions): TargetInput[] {
  const ids = (o.target as string[] | undefined) ?? [];
  const marks = TARGET_MARKERS.map((m) => ({ field: m.field, at: positions(m.name, o[attribute(m.name)] as string[] | undefined, ids.length) }));
  return ids.map((unit, i) => {
    const t: Record<string, unknown> = { unit };
    for (const m of marks) t[m.field] = m.at.has(i + 1);
    return t as unknown as TargetInput;
  });
}

/**
 * The situation with `--replaced-leader-lltc` folded into the settings (the same as `--setting
 * replacedLeaderLLTC=...`).
 * @throws AslOddsError `input.setting` when both give different readings
 */
function situationWithReading(o: ParsedOptions): ReturnType<typeof situationFrom> {
  const s = situationFrom(o);
  const reading = o.replacedLeaderLltc as ReplacedLeaderLLTC | undefined;
  if (reading === undefined) return s;
  const given = s.settings?.replacedLeaderLLTC;
  if (given !== undefined && given !== reading) {
    throw inputError('input.setting', `--replaced-leader-lltc ${reading}, --setting replacedLeaderLLTC=${given}: give one reading`);
  }
  return { ...s, settings: { ...s.settings, replacedLeaderLLTC: reading } };
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
    {
      flags: '--target <ids>',
      description: 'the units in the target Location, in stack order (comma-separated or repeated), e.g. german/9-1,german/4-6-7',
      parse: collect,
      required: true,
    },
    { flags: '--fp <n>', description: 'total FP of the (first) attack, e.g. 8 or 2.5 (required unless --result)', parse: firepower },
    { flags: '--drm <n>', description: 'IFT DRM of the first attack: terrain, hindrance, anything else, -10..10', parse: intIn(-10, 10) },
    { flags: '--leader <id>', description: 'a leader directing the first attack: adds his DRM, no Cowering (A7.9)' },
    { flags: '--firer <id>', description: 'the firing unit, for Cowering: class and nationality (a hero: firing alone), e.g. british/4-5-8' },
    { flags: '--firer-class <class>', description: "the firer's class: elite, 1st-line, 2nd-line, green, conscript (a FG: its worst)", parse: unitClass },
    { flags: '--firer-nationality <nat>', description: "the firer's nationality (British Elite/1st Line and non-Conscript Finns never cower)" },
    { flags: '--firer-fanatic', description: 'the firer is Fanatic: never cowers (A10.8)' },
    { flags: '--firer-berserk', description: 'the firer is berserk: never cowers (A15.42)' },
    { flags: '--fire-lane', description: "the first attack is a Fire Lane Residual FP attack: --fp is the MG's FP, one column left, never cowers, no leader DRM (A9.22)" },
    { flags: '--snap-shot', description: 'the first attack is a Snap Shot: Area Fire, FP halved (A8.15)' },
    { flags: '--then <fp:drm[:kind]>', description: 'a later attack on the same stack (repeatable): e.g. 4:+1, 6:0:fire-lane, 8:-1:snap-shot', parse: collect },
    { flags: '--result <r>', description: 'a fixed IFT result for the first attack instead of a DR: NMC, 1MC..4MC, PTC, K/1..K/4, 1KIA..7KIA' },
    ...TARGET_MARKERS.map((m) => ({ flags: `--${m.name} <i,...>`, description: m.description, parse: collect })),
    { flags: '--encircled', description: 'the target Location is Encircled: ML -1 (A7.7)' },
    {
      flags: '--outcomes',
      description: "also list the stack's final states with their odds (exact: the joint distribution; Monte Carlo: the trials per final stack); a single attack is otherwise summarized per unit and for the stack only, far faster, and Monte Carlo memory stays flat",
    },
    ...SITUATION_OPTIONS,
    ...RULE_OPTIONS,
    {
      flags: '--replaced-leader-lltc <reading>',
      description:
        'the LLTC of a leader Replaced by ELR as he broke (A10.2, A19.13; setting replacedLeaderLLTC): broke-ml-replacement-drm (default: his ML as he broke, his Replacement\'s DRM), as-he-broke, as-replaced',
      parse: replacedLeaderLLTC,
    },
  ],
  query: (o) => {
    const targets = targetsFrom(o);
    if (o.fireLane && o.snapShot) throw inputError('input.kind', '--fire-lane, --snap-shot: give at most one kind for the first attack');
    const kind: AttackKind = o.fireLane ? 'fire-lane' : o.snapShot ? 'snap-shot' : 'normal';
    return attackQuery({
      targets,
      fp: o.fp as number | undefined,
      drm: o.drm as number | undefined,
      kind,
      leader: o.leader as string | undefined,
      firer: o.firer as string | undefined,
      firerClass: o.firerClass as UnitClass | undefined,
      firerNationality: o.firerNationality as string | undefined,
      firerFanatic: o.firerFanatic as boolean | undefined,
      firerBerserk: o.firerBerserk as boolean | undefined,
      then: o.then as string[] | undefined,
      result: o.result as string | undefined,
      encircled: o.encircled as boolean | undefined,
      outcomes: o.outcomes as boolean | undefined,
      ...situationWithReading(o),
    });
  },
};
