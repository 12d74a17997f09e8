/**
 * Checks shared by the typed questions (queries/): integer ranges and how a counter is recorded in
 * a result's `input`.
 */
import type { UnitProfile } from '../counters/types.js';
import type { MoraleContext } from '../rules/context.js';
import { inputError } from '../errors.js';

/**
 * Returns `v` when it is an integer in [lo, hi].
 * @param name the option's name without dashes, e.g. `elr` (used in the code `input.elr` and message)
 * @throws AslOddsError `input.<name>`: "--<name>: expected an integer in [lo, hi], got v"
 * @example checkIntInput('elr', 3, 0, 5) // 3
 */
export function checkIntInput(name: string, v: number, lo: number, hi: number): number {
  if (!Number.isInteger(v) || v < lo || v > hi) throw inputError(`input.${name}`, `--${name}: expected an integer in [${lo}, ${hi}], got ${v}`);
  return v;
}

/** A counter as recorded in a result's `input`: id, values, source and confidence. Never throws. */
export function describeProfile(p: UnitProfile): Record<string, unknown> {
  return {
    id: p.id,
    name: p.name,
    nationality: p.nationality,
    kind: p.kind,
    class: p.unitClass,
    ml: p.ml,
    brokenML: p.brokenML,
    ...(p.kind === 'leader' ? { leadershipDRM: p.leadershipDRM } : {}),
    source: p.source,
    confidence: p.confidence,
  };
}

/** The situation of a morale context as recorded in a result's `input`. Never throws. */
export function describeSituation(ctx: MoraleContext): Record<string, unknown> {
  return {
    elr: ctx.elr,
    knownEnemyInLOS: ctx.knownEnemyInLOS,
    adjacentEnemy: ctx.adjacentEnemy,
    pillbox: ctx.pillbox,
    vsRussians: ctx.vsRussians,
    noQuarter: ctx.noQuarter,
    settings: ctx.ruleSet.settings,
  };
}
