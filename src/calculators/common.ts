/**
 * Options shared by the calculators: the unit and its markers, the situation (ELR, enemy, HoB
 * substitutions) and the rule set, with what they mean as query input.
 */
import { parseNationality, type UnitOverrides } from '../counters/catalog.js';
import { CLASS_ORDER } from '../counters/types.js';
import type { OptionSpec } from '../options/option-spec.js';
import { collectSetting, unitClass } from '../options/option-values.js';
import { flagOption, intOption, isSettings, oneOf, option, optionWithDefault, requiredOption, isString, textOption, type TypedOption } from '../options/typed-option.js';
import type { SituationInput, UnitInput } from '../queries/morale-query.js';
import { parseRuleSetId, RULE_SET_IDS, type RuleSetId } from '../rules/rule-set.js';
import type { ParsedOptions } from './calculator.js';

/** `--unit` (required). */
export const UNIT = requiredOption(
  { flags: '--unit <id>', description: 'the unit, a catalog id such as german/4-6-7, russian/6-2-8, german/9-1, hero (see `asl-odds units`)' },
  isString,
);

/** `--ml`, `--broken-ml`, `--class`, `--nationality`. */
const ML = intOption('--ml <n>', 'override the Morale Level (2-10)', 2, 10);
const BROKEN_ML = intOption('--broken-ml <n>', 'override the broken-side Morale Level (2-10)', 2, 10);
const CLASS = option({ flags: '--class <class>', description: 'override the class: elite, 1st-line, 2nd-line, green, conscript', parse: unitClass }, oneOf(CLASS_ORDER));
const NATIONALITY = textOption(
  '--nationality <nat>',
  'override the nationality (german, russian, american, british, italian, japanese, finnish, french, partisan, axis-minor, allied-minor)',
);

/** The unit's markers: Encircled, Fanatic, wounded, Disrupted. */
const ENCIRCLED = flagOption('--encircled', 'the Location is Encircled: ML -1 (A7.7)');
const FANATIC = flagOption('--fanatic', 'the unit is Fanatic: ML +1 (A10.8)');
const WOUNDED = flagOption('--wounded', 'the unit is a wounded SMC: ML -1, leadership one worse (A17.2)');
const DISRUPTED = flagOption('--disrupted', 'the unit is broken and Disrupted (A19.12)');

/** `--unit`, the overrides and the markers (mc, rally). */
export const UNIT_OPTIONS: readonly OptionSpec[] = [UNIT, ML, BROKEN_ML, CLASS, NATIONALITY, ENCIRCLED, FANATIC, WOUNDED, DISRUPTED].map((t) => t.spec);

/** `--elr`, the enemy, the HoB substitutions. */
const ELR = intOption('--elr <n>', "the side's ELR, 0-5 (default 3; Partisans 5) (A19.1)", 0, 5);
const ENEMY_IN_LOS = flagOption('--no-enemy-in-los', 'no Known enemy unit is in LOS: HoB berserk becomes Battle Hardening (A15.44)');
const ADJACENT_ENEMY = flagOption('--adjacent-enemy', 'a Known Good Order enemy is ADJACENT: HoB surrender captures the unit (A15.5)');
const PILLBOX = flagOption('--pillbox', 'the unit is in a Pillbox/Bunker (A15.1 table notes)');
/** `--vs-russians` (also rout's, with its own help line). */
export const VS_RUSSIANS = flagOption('--vs-russians', 'the enemy is Russian (SS vs Russians never surrender, A15.5)');
/** `--no-quarter`: reads `quarter`, true unless No Quarter is in effect (also rout's, with its own help line). */
export const QUARTER = flagOption('--no-quarter', 'No Quarter is in effect (A15.5, A20.3)');

/** `--elr`, the enemy, the HoB substitutions. */
export const SITUATION_OPTIONS: readonly OptionSpec[] = [ELR, ENEMY_IN_LOS, ADJACENT_ENEMY, PILLBOX, VS_RUSSIANS, QUARTER].map((t) => t.spec);

/** `--rules` (default 2nd-edition). */
export const RULES = optionWithDefault<RuleSetId>(
  { flags: '--rules <set>', description: 'rule set: 2nd-edition or gi-anvil (G.I. Anvil of Victory A15)', parse: parseRuleSetId, default: '2nd-edition' },
  oneOf(RULE_SET_IDS),
);
/** The repeatable `--setting name=value`. */
export const SETTING = option({ flags: '--setting <name=value>', description: 'change a named rule setting (repeatable; see README "Settings")', parse: collectSetting }, isSettings);

/** `--rules` and `--setting`. */
export const RULE_OPTIONS: readonly OptionSpec[] = [RULES.spec, SETTING.spec];

/** A DRM option `--drm <n>`, -6..6, with its help line. */
export function drmOption(description: string): TypedOption<number | undefined> {
  return intOption('--drm <n>', description, -6, 6);
}

/** The unit overrides from `--ml`, `--broken-ml`, `--class`, `--nationality`. @throws AslOddsError `input.nationality` */
function overridesFrom(o: ParsedOptions): UnitOverrides {
  const ov: { -readonly [K in keyof UnitOverrides]: UnitOverrides[K] } = {};
  const ml = ML.read(o);
  const brokenML = BROKEN_ML.read(o);
  const unitClass = CLASS.read(o);
  const nationality = NATIONALITY.read(o);
  if (ml !== undefined) ov.ml = ml;
  if (brokenML !== undefined) ov.brokenML = brokenML;
  if (unitClass !== undefined) ov.unitClass = unitClass;
  if (nationality !== undefined) ov.nationality = parseNationality(nationality);
  return ov;
}

/** The unit and its markers from {@link UNIT_OPTIONS}. */
export function unitInputFrom(o: ParsedOptions): UnitInput {
  return {
    unit: UNIT.read(o),
    overrides: overridesFrom(o),
    encircled: ENCIRCLED.read(o),
    fanatic: FANATIC.read(o),
    wounded: WOUNDED.read(o),
    disrupted: DISRUPTED.read(o),
  };
}

/** The situation from {@link SITUATION_OPTIONS} and {@link RULE_OPTIONS}. */
export function situationFrom(o: ParsedOptions): SituationInput {
  return {
    rules: RULES.read(o),
    settings: SETTING.read(o),
    elr: ELR.read(o),
    knownEnemyInLOS: ENEMY_IN_LOS.read(o),
    adjacentEnemy: ADJACENT_ENEMY.read(o),
    pillbox: PILLBOX.read(o),
    vsRussians: VS_RUSSIANS.read(o),
    noQuarter: !QUARTER.read(o),
  };
}
