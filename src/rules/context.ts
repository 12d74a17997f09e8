/**
 * The situation a morale chain is resolved in: rule set, the side's ELR, and the few facts about
 * the enemy and terrain that the rules key on (A15.44, A15.5, A15.1 table notes, A19.12).
 */
import type { RuleSet } from './rule-set.js';

export interface MoraleContext {
  readonly ruleSet: RuleSet;
  /** The side's current Experience Level Rating (A19.1), integer in [0, 5]. */
  readonly elr: number;
  /** A Known enemy unit is in the unit's LOS (A15.44: otherwise berserk becomes Battle Hardening). */
  readonly knownEnemyInLOS: boolean;
  /** A Known Good Order enemy Infantry unit is ADJACENT (A15.5: surrender captures the unit). */
  readonly adjacentEnemy: boolean;
  /** The unit is in a Pillbox/Bunker (A15.1 table notes). */
  readonly pillbox: boolean;
  /** The enemy is Russian ("SS vs Russians", A15.5, A19.12). */
  readonly vsRussians: boolean;
  /** No Quarter is in effect (A15.5, A20.3). */
  readonly noQuarter: boolean;
}

/** A default context: ELR 3, a Known enemy in LOS, nothing ADJACENT, open terrain. */
export function defaultContext(ruleSet: RuleSet): MoraleContext {
  return { ruleSet, elr: 3, knownEnemyInLOS: true, adjacentEnemy: false, pillbox: false, vsRussians: false, noQuarter: false };
}
