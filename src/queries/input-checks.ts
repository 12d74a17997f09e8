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

/** Markers given for one unit, as the questions take them. */
export interface MarkerInput {
  readonly broken?: boolean;
  readonly disrupted?: boolean;
  readonly berserk?: boolean;
  readonly wounded?: boolean;
}

/**
 * Refuses markers the counter cannot carry: `wounded` on a MMC (only a SMC is wounded, A17.2), `broken`
 * or `disrupted` on a hero (a hero never breaks, A15.2), `berserk` with `broken` (a broken unit that goes
 * berserk rallies, and a berserk unit never breaks, A15.42).
 * @param prefix the options' prefix as typed, e.g. `--` or `--target-`
 * @param where how the message names the unit, e.g. `'german/4-6-7'`
 * @throws AslOddsError `input.wounded`, `input.broken`, `input.berserk`
 * @example checkMarkers(getUnit('german/4-6-7'), { wounded: true }, '--', "'german/4-6-7'") // throws input.wounded
 */
export function checkMarkers(p: UnitProfile, m: MarkerInput, prefix: string, where: string): void {
  if (m.wounded && p.kind !== 'leader' && p.kind !== 'hero') {
    throw inputError('input.wounded', `${prefix}wounded: ${where} is a ${p.kind}; only a SMC can be wounded (A17.2)`);
  }
  if (p.kind === 'hero' && (m.broken || m.disrupted)) {
    throw inputError('input.broken', `${prefix}${m.broken ? 'broken' : 'disrupted'}: ${where} is a hero; a hero never breaks (A15.2)`);
  }
  if (m.berserk && (m.broken || m.disrupted)) {
    throw inputError('input.berserk', `${prefix}berserk: ${where} is broken; a berserk unit is never broken (A15.42)`);
  }
}
