/**
 * A scenario as the simulator uses it: validated, defaults filled in, ids still catalog ids.
 * Produced by `parseScenario` (scenario-file.ts) from YAML or JSON; see scenarios/*.yaml and README
 * "Scenarios" for the file format and the turn model.
 */
import type { UnitOverrides } from '../counters/catalog.js';
import type { Nationality } from '../counters/types.js';
import type { RuleSetId } from '../rules/rule-set.js';

/** Terrain of a Location: sets the IFT TEM of attacks on it and the Rally terrain DRM (A10.61). */
export const SCENARIO_TERRAIN = ['open', 'woods', 'building', 'stone-building', 'pillbox', 'trench'] as const;
export type ScenarioTerrain = (typeof SCENARIO_TERRAIN)[number];

/** One counter line of an order of battle: `count` copies of a catalog unit. */
export interface UnitLine {
  /** Catalog id, e.g. `german/4-6-7`, `german/9-1`. */
  readonly id: string;
  /** Copies, integer in [1, 30]. */
  readonly count: number;
  /** Counter value overrides (ML, broken ML, class, BPV, ...). */
  readonly overrides: UnitOverrides;
  /** Starts Fanatic (A10.8, by SSR). */
  readonly fanatic: boolean;
}

/** A Location: units stacked together, in one terrain. */
export interface StackSpec {
  /** Readable name, e.g. `factory`, unique within the side. */
  readonly name: string;
  readonly terrain: ScenarioTerrain;
  readonly units: readonly UnitLine[];
}

/** How a side's stacks fire (one Fire Group per stack, at one enemy stack per fire phase). */
export interface FireProfile {
  /** Extra IFT DRM of every attack by the side (Hindrance, range effects, SSR), integer in [-3, 6]. */
  readonly drm: number;
  /** Fire at Long Range (FP halved, A7.22). */
  readonly longRange: boolean;
  /** The best Good Order leader in a stack directs its fire (adds his DRM, stops Cowering). */
  readonly leaderDirects: boolean;
  /** Fraction of the side's stacks that fire in each of its fire phases, in (0, 1]. */
  readonly activity: number;
}

/** How a side's broken units rout. */
export interface RoutProfile {
  /** The route, in the `rout` command's syntax: `open,clear`, `crawl`, `clear`, `none` (A10.5). */
  readonly path: string;
  /** Stop points ADJACENT to a Known enemy (Failure to Rout, A10.53). */
  readonly endAdjacent: boolean;
}

/** Support present from a turn on (A16.2 DRM; unopposed armor / air support). */
export interface SupportSpec {
  readonly fromTurn: number;
  readonly untilTurn: number;
  readonly armor: boolean;
  readonly air: boolean;
}

/** Reinforcements entering at the start of a turn. */
export interface ReinforcementSpec {
  readonly turn: number;
  readonly stacks: readonly StackSpec[];
}

/** A victory condition, checked at the end of the scenario. */
export type VictoryCondition =
  /** BPV of enemy MMC eliminated or captured (the enemy's Casualty Tally total) >= value. */
  | { readonly kind: 'casualtyBPVInflicted'; readonly atLeast: number }
  /** This side's Good Order squad-equivalents (squad 1, HS/crew 0.5) at the end >= value. */
  | { readonly kind: 'goodOrderSquadsLeft'; readonly atLeast: number }
  /** Enemy units (MMC and SMC) eliminated or captured >= value. */
  | { readonly kind: 'unitsEliminated'; readonly atLeast: number }
  /** The enemy's ELR at the end <= value. */
  | { readonly kind: 'enemyELRAtMost'; readonly atMost: number }
  /** The enemy's Good Order squad-equivalents at the end <= value. */
  | { readonly kind: 'enemyGoodOrderSquadsAtMost'; readonly atMost: number };

/** A side's victory conditions: all must hold, or any one. */
export interface VictorySpec {
  readonly combine: 'all' | 'any';
  readonly conditions: readonly VictoryCondition[];
}

/** One side. */
export interface SideSpec {
  /** Side id used in paths and output, e.g. `german`, `russian`. */
  readonly id: string;
  readonly name: string;
  readonly nationality: Nationality;
  /** Starting ELR, integer in [0, 5] (A19.1). */
  readonly elr: number;
  /** Battlefield Integrity is used for this side (A16). */
  readonly battlefieldIntegrity: boolean;
  readonly stacks: readonly StackSpec[];
  readonly reinforcements: readonly ReinforcementSpec[];
  readonly support: readonly SupportSpec[];
  readonly fire: FireProfile;
  readonly rout: RoutProfile;
  /** Victory conditions, or null: this side wins when the other's are not met (see Scenario.victory). */
  readonly victory: VictorySpec | null;
}

/** A whole scenario. */
export interface Scenario {
  readonly title: string;
  readonly rules: RuleSetId;
  readonly settings: Readonly<Record<string, string>>;
  /** Game Turns, integer in [1, 15]. */
  readonly turns: number;
  /** Id of the side that moves first (its Player Turn comes first in each Game Turn). */
  readonly movesFirst: string;
  /** Exactly two sides. */
  readonly sides: readonly [SideSpec, SideSpec];
  /** Free text shown in reports (historical background, source); may be empty. */
  readonly description: string;
}
