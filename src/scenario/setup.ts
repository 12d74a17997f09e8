/**
 * Compiles a validated `Scenario` into what a playthrough needs: counters resolved from the catalog,
 * routes parsed, Integrity Bases computed (A16.1), and the bounds of the statistics.
 */
import { getUnit, withOverrides } from '../counters/catalog.js';
import { mmcBPV, squadEquivalents } from '../counters/unit-values.js';
import { inputError } from '../errors.js';
import { getRuleSet, type RuleSet } from '../rules/rule-set.js';
import { parseRoute, type Route } from '../rules/route.js';
import { initialUnitState, type UnitState } from '../rules/unit-state.js';
import type { Scenario, SideSpec, StackSpec } from './types.js';

/** A stack at the start: its units as states. */
export interface SetupStack {
  readonly name: string;
  readonly terrain: StackSpec['terrain'];
  readonly units: readonly UnitState[];
}

/** One side, compiled. */
export interface SetupSide {
  readonly index: 0 | 1;
  readonly spec: SideSpec;
  readonly stacks: readonly SetupStack[];
  /** Reinforcement stacks by the turn they enter. */
  readonly reinforcements: ReadonlyMap<number, readonly SetupStack[]>;
  readonly route: Route;
  /** Starting Integrity Base (A16.1: 10% FRU of the starting MMC BPV); 0 without Battlefield Integrity. */
  readonly integrityBase: number;
  /** Starting Good Order squad-equivalents (squad 1, HS/crew 0.5). */
  readonly startingSquads: number;
}

/** A compiled scenario. */
export interface ScenarioSetup {
  readonly scenario: Scenario;
  readonly ruleSet: RuleSet;
  /** Sides in Player Turn order: [the side that moves first, the other]. */
  readonly sides: readonly [SetupSide, SetupSide];
  /** Upper bounds for histograms: units a side can have (heroes included), MMC BPV, integrity checks. */
  readonly bounds: { readonly units: number; readonly bpv: number; readonly checks: number; readonly squads2: number };
}

function compileStacks(stacks: readonly StackSpec[], side: SideSpec): SetupStack[] {
  return stacks.map((s) => ({
    name: s.name,
    terrain: s.terrain,
    units: s.units.flatMap((line) => {
      const base = getUnit(line.id, { defaultNationality: side.nationality });
      const profile = Object.keys(line.overrides).length ? withOverrides(base, line.overrides) : base;
      return Array.from({ length: line.count }, () => initialUnitState(profile, { fanatic: line.fanatic }));
    }),
  }));
}

function compileSide(spec: SideSpec, index: 0 | 1): SetupSide {
  const stacks = compileStacks(spec.stacks, spec);
  const reinforcements = new Map<number, SetupStack[]>();
  for (const r of spec.reinforcements) reinforcements.set(r.turn, [...(reinforcements.get(r.turn) ?? []), ...compileStacks(r.stacks, spec)]);
  const units = stacks.flatMap((s) => s.units);
  const bpv = units.reduce((t, u) => t + mmcBPV(u.profile), 0);
  return {
    index,
    spec,
    stacks,
    reinforcements,
    route: parseRoute(spec.rout.path, `sides.${spec.id}.rout.path`),
    integrityBase: spec.battlefieldIntegrity ? Math.ceil(bpv / 10) : 0,
    startingSquads: units.reduce((t, u) => t + squadEquivalents(u.profile), 0),
  };
}

/**
 * Compiles a scenario.
 * @throws AslOddsError `catalog.unknownUnit`, `input.setting`, `scenario.invalid` (a side with
 * Battlefield Integrity but no MMC BPV)
 */
export function compileScenario(scenario: Scenario): ScenarioSetup {
  const ruleSet = getRuleSet(scenario.rules, scenario.settings);
  const first = scenario.sides.findIndex((s) => s.id === scenario.movesFirst);
  const ordered: [SideSpec, SideSpec] = first === 1 ? [scenario.sides[1], scenario.sides[0]] : [scenario.sides[0], scenario.sides[1]];
  const sides: [SetupSide, SetupSide] = [compileSide(ordered[0], 0), compileSide(ordered[1], 1)];
  for (const s of sides) {
    if (s.spec.battlefieldIntegrity && s.integrityBase === 0) {
      throw inputError('scenario.invalid', `sides.${s.spec.id}.battlefieldIntegrity: the side's MMC have no BPV, so it has no Integrity Base; give BPV overrides`);
    }
  }
  let units = 0;
  let bpv = 0;
  let squads2 = 0;
  for (const s of sides) {
    const all = [...s.stacks, ...[...s.reinforcements.values()].flat()].flatMap((st) => st.units);
    units = Math.max(units, all.length);
    bpv = Math.max(bpv, all.reduce((t, u) => t + mmcBPV(u.profile), 0));
    squads2 = Math.max(squads2, all.reduce((t, u) => t + 2 * squadEquivalents(u.profile), 0));
  }
  return { scenario, ruleSet, sides, bounds: { units: units * 2 + 4, bpv, checks: 20, squads2 } };
}
