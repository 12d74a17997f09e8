/**
 * Options shared by the calculators: the unit and its markers, the situation (ELR, enemy, HoB
 * substitutions) and the rule set, with what they mean as query input.
 */
import { parseNationality, type UnitOverrides } from '../counters/catalog.js';
import type { UnitClass } from '../counters/types.js';
import type { OptionSpec } from '../options/option-spec.js';
import { collectSetting, intIn, unitClass } from '../options/option-values.js';
import type { SituationInput, UnitInput } from '../queries/morale-query.js';
import { parseRuleSetId, type RuleSetId } from '../rules/rule-set.js';
import type { ParsedOptions } from './calculator.js';

/** `--unit` (required). */
export const UNIT_OPTION: OptionSpec = {
  flags: '--unit <id>',
  description: 'the unit, a catalog id such as german/4-6-7, russian/6-2-8, german/9-1, hero (see `asl-odds units`)',
  required: true,
};

/** `--ml`, `--broken-ml`, `--class`, `--nationality`. */
export const OVERRIDE_OPTIONS: readonly OptionSpec[] = [
  { flags: '--ml <n>', description: 'override the Morale Level (2-10)', parse: intIn(2, 10) },
  { flags: '--broken-ml <n>', description: 'override the broken-side Morale Level (2-10)', parse: intIn(2, 10) },
  { flags: '--class <class>', description: 'override the class: elite, 1st-line, 2nd-line, green, conscript', parse: unitClass },
  {
    flags: '--nationality <nat>',
    description: 'override the nationality (german, russian, american, british, italian, japanese, finnish, french, partisan, axis-minor, allied-minor)',
  },
];

/** The unit's markers: Encircled, Fanatic, wounded, Disrupted. */
export const MARKER_OPTIONS: readonly OptionSpec[] = [
  { flags: '--encircled', description: 'the Location is Encircled: ML -1 (A7.7)' },
  { flags: '--fanatic', description: 'the unit is Fanatic: ML +1 (A10.8)' },
  { flags: '--wounded', description: 'the unit is a wounded SMC: ML -1, leadership one worse (A17.2)' },
  { flags: '--disrupted', description: 'the unit is broken and Disrupted (A19.12)' },
];

/** `--unit`, the overrides and the markers (mc, rally). */
export const UNIT_OPTIONS: readonly OptionSpec[] = [UNIT_OPTION, ...OVERRIDE_OPTIONS, ...MARKER_OPTIONS];

/** `--elr`, the enemy, the HoB substitutions. */
export const SITUATION_OPTIONS: readonly OptionSpec[] = [
  { flags: '--elr <n>', description: "the side's ELR, 0-5 (default 3; Partisans 5) (A19.1)", parse: intIn(0, 5) },
  { flags: '--no-enemy-in-los', description: 'no Known enemy unit is in LOS: HoB berserk becomes Battle Hardening (A15.44)' },
  { flags: '--adjacent-enemy', description: 'a Known Good Order enemy is ADJACENT: HoB surrender captures the unit (A15.5)' },
  { flags: '--pillbox', description: 'the unit is in a Pillbox/Bunker (A15.1 table notes)' },
  { flags: '--vs-russians', description: 'the enemy is Russian (SS vs Russians never surrender, A15.5)' },
  { flags: '--no-quarter', description: 'No Quarter is in effect (A15.5, A20.3)' },
];

/** `--rules` (default 2nd-edition) and the repeatable `--setting name=value`. */
export const RULE_OPTIONS: readonly OptionSpec[] = [
  { flags: '--rules <set>', description: 'rule set: 2nd-edition or gi-anvil (G.I. Anvil of Victory A15)', parse: parseRuleSetId, default: '2nd-edition' },
  { flags: '--setting <name=value>', description: 'change a named rule setting (repeatable; see README "Settings")', parse: collectSetting },
];

/** A DRM option `--drm <n>`, -6..6, with its help line. */
export function drmOption(description: string): OptionSpec {
  return { flags: '--drm <n>', description, parse: intIn(-6, 6) };
}

/** The unit overrides from `--ml`, `--broken-ml`, `--class`, `--nationality`. @throws AslOddsError `input.nationality` */
export function overridesFrom(o: ParsedOptions): UnitOverrides {
  const ov: { -readonly [K in keyof UnitOverrides]: UnitOverrides[K] } = {};
  if (o.ml !== undefined) ov.ml = o.ml as number;
  if (o.brokenMl !== undefined) ov.brokenML = o.brokenMl as number;
  if (o.class !== undefined) ov.unitClass = o.class as UnitClass;
  if (o.nationality !== undefined) ov.nationality = parseNationality(o.nationality as string);
  return ov;
}

/** The unit and its markers from {@link UNIT_OPTIONS}. */
export function unitInputFrom(o: ParsedOptions): UnitInput {
  return {
    unit: o.unit as string,
    overrides: overridesFrom(o),
    encircled: o.encircled as boolean | undefined,
    fanatic: o.fanatic as boolean | undefined,
    wounded: o.wounded as boolean | undefined,
    disrupted: o.disrupted as boolean | undefined,
  };
}

/** The situation from {@link SITUATION_OPTIONS} and {@link RULE_OPTIONS}. */
export function situationFrom(o: ParsedOptions): SituationInput {
  return {
    rules: o.rules as RuleSetId,
    settings: o.setting as Record<string, string> | undefined,
    elr: o.elr as number | undefined,
    knownEnemyInLOS: o.enemyInLos !== false,
    adjacentEnemy: !!o.adjacentEnemy,
    pillbox: !!o.pillbox,
    vsRussians: !!o.vsRussians,
    noQuarter: o.quarter === false,
  };
}
