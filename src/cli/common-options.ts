/**
 * Options shared by the odds commands: unit overrides, situation, rule set, output.
 */
import { Option, type Command } from 'commander';
import type { UnitOverrides } from '../counters/catalog.js';
import { parseNationality } from '../counters/catalog.js';
import { parseRuleSetId, type RuleSetId } from '../rules/rule-set.js';
import { collect, collectSetting, intIn, unitClass } from './parse.js';
import type { SituationInput, UnitInput } from '../queries/morale-query.js';

/** Adds `--ml`, `--broken-ml`, `--class`, `--nationality` and the unit markers. */
export function addUnitOptions(cmd: Command): Command {
  return cmd
    .requiredOption('--unit <id>', 'the unit, a catalog id such as german/4-6-7, russian/6-2-8, german/9-1, hero (see `asl-odds units`)')
    .option('--ml <n>', 'override the Morale Level (2-10)', intIn(2, 10))
    .option('--broken-ml <n>', 'override the broken-side Morale Level (2-10)', intIn(2, 10))
    .option('--class <class>', 'override the class: elite, 1st-line, 2nd-line, green, conscript', unitClass)
    .option('--nationality <nat>', 'override the nationality (german, russian, american, british, italian, japanese, finnish, french, partisan, axis-minor, allied-minor)')
    .option('--encircled', 'the Location is Encircled: ML -1 (A7.7)')
    .option('--fanatic', 'the unit is Fanatic: ML +1 (A10.8)')
    .option('--wounded', 'the unit is a wounded SMC: ML -1, leadership one worse (A17.2)')
    .option('--disrupted', 'the unit is broken and Disrupted (A19.12)');
}

/** Adds the situation options (ELR, enemy, pillbox, No Quarter). */
export function addSituationOptions(cmd: Command): Command {
  return cmd
    .option('--elr <n>', "the side's ELR, 0-5 (default 3; Partisans 5) (A19.1)", intIn(0, 5))
    .option('--no-enemy-in-los', 'no Known enemy unit is in LOS: HoB berserk becomes Battle Hardening (A15.44)')
    .option('--adjacent-enemy', 'a Known Good Order enemy is ADJACENT: HoB surrender captures the unit (A15.5)')
    .option('--pillbox', 'the unit is in a Pillbox/Bunker (A15.1 table notes)')
    .option('--vs-russians', 'the enemy is Russian (SS vs Russians never surrender, A15.5)')
    .option('--no-quarter', 'No Quarter is in effect (A15.5, A20.3)');
}

/** Adds `--rules`, `--setting`, `--json`, `--report`, `--out`. */
export function addOutputOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--rules <set>', 'rule set: 2nd-edition or gi-anvil (G.I. Anvil of Victory A15)').default('2nd-edition').argParser(parseRuleSetId))
    .option('--setting <name=value>', 'change a named rule setting (repeatable; see README "Settings")', collectSetting)
    .option('--json', 'print one JSON object instead of the table')
    .option('--format <fmt>', 'table format: text, markdown, csv', 'text')
    .option('--report <dir>', 'also write the table, JSON, Vega-Lite spec and SVG chart into <dir>')
    .option('--out <file>', 'also write the JSON result to <file> (atomically)');
}

/** The parsed shape of the shared options (commander's camelCase names). */
export interface CommonOptions {
  unit: string;
  ml?: number;
  brokenMl?: number;
  class?: UnitOverrides['unitClass'];
  nationality?: string;
  encircled?: boolean;
  fanatic?: boolean;
  wounded?: boolean;
  disrupted?: boolean;
  elr?: number;
  enemyInLos: boolean;
  adjacentEnemy?: boolean;
  pillbox?: boolean;
  vsRussians?: boolean;
  quarter: boolean;
  rules: RuleSetId;
  setting?: Record<string, string>;
  json?: boolean;
  format?: string;
  report?: string;
  out?: string;
  leader?: string[];
  drm?: number;
}

/** Unit overrides from the shared options. */
export function overridesFrom(o: CommonOptions): UnitOverrides {
  const ov: { -readonly [K in keyof UnitOverrides]: UnitOverrides[K] } = {};
  if (o.ml !== undefined) ov.ml = o.ml;
  if (o.brokenMl !== undefined) ov.brokenML = o.brokenMl;
  if (o.class !== undefined) ov.unitClass = o.class;
  if (o.nationality !== undefined) ov.nationality = parseNationality(o.nationality);
  return ov;
}

/** The unit and its shared markers from the shared options (`--unit`, overrides, markers). */
export function unitInputFrom(o: CommonOptions): UnitInput {
  return { unit: o.unit, overrides: overridesFrom(o), encircled: o.encircled, fanatic: o.fanatic, wounded: o.wounded, disrupted: o.disrupted };
}

/** The situation from the shared options. */
export function situationFrom(o: CommonOptions): SituationInput {
  return {
    rules: o.rules,
    settings: o.setting,
    elr: o.elr,
    knownEnemyInLOS: o.enemyInLos,
    adjacentEnemy: !!o.adjacentEnemy,
    pillbox: !!o.pillbox,
    vsRussians: !!o.vsRussians,
    noQuarter: o.quarter === false,
  };
}

export { collect };
