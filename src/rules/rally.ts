/**
 * Rally (A10.6-10.64, A10.71; docs/rules-notes.md §5).
 *
 * A broken unit rallies on a Final DR <= its broken-side ML. DRM: the Good Order leader's leadership
 * DRM (leadership.ts); -1 in a building, pillbox, trench or woods (A10.61); +1 Self-Rally (A10.63);
 * +4 under Desperation Morale (A10.62); any other DRM. An Original 12 is Fate (A10.64): Casualty
 * Reduction and no rally. An Original 2 of a Rally (not Self-Rally) DR triggers Heat of Battle (A15.1),
 * with the broken +1 even though the unit rallied.
 * Who may Self-Rally (A10.6, A10.63): any broken unit may try (boxed ML, Finns, broken leaders, crews,
 * or the one MMC per Player Turn), never in a Location with a Good Order friendly leader; a Disrupted
 * unit may not Self-Rally (A19.12).
 */
import { Ev } from './events.js';
import type { DR } from '../dice/dice.js';
import { inputError } from '../errors.js';
import { resolveCasualtyReduction } from './casualty-reduction.js';
import type { MoraleContext } from './context.js';
import { isHoBEligible } from './heat-of-battle.js';
import type { StepResult } from './step-result.js';
import { currentML, isAlive, withChanges, type UnitState } from './unit-state.js';

/** Terrain of the rallying unit's Location (A10.61: -1 in building, pillbox, trench, woods). */
export const RALLY_TERRAIN = ['open', 'building', 'woods', 'pillbox', 'trench'] as const;
export type RallyTerrain = (typeof RALLY_TERRAIN)[number];

/** The DRM sources of a Rally DR. */
export interface RallyModifiers {
  /** Leadership DRM of the rallying leader, integer in [-3, +1] (0 for Self-Rally). */
  readonly leadershipDRM: number;
  readonly terrain: RallyTerrain;
  /** Self-Rally attempt (+1, A10.63). */
  readonly selfRally: boolean;
  /** Any other DRM, integer. */
  readonly otherDRM: number;
}

/**
 * Total Rally DRM: leadership + terrain (-1) + Self-Rally (+1) + DM (+4 when `u.dm`) + other.
 * Never throws.
 * @example rallyDRM(brokenDM467, { leadershipDRM: -1, terrain: 'building', selfRally: false, otherDRM: 0 }) // 2
 */
export function rallyDRM(u: UnitState, m: RallyModifiers): number {
  return m.leadershipDRM + (m.terrain === 'open' ? 0 : -1) + (m.selfRally ? 1 : 0) + (u.dm ? 4 : 0) + m.otherDRM;
}

/**
 * Checks that a Rally attempt is legal (A10.6, A10.63, A19.12).
 * @param hasGoodOrderLeader a Good Order friendly leader is in the Location
 * @throws AslOddsError `input.rally` with the reason (not broken; Self-Rally with a leader present;
 * Disrupted Self-Rally; no leader and no Self-Rally)
 */
export function checkRallyAllowed(u: UnitState, selfRally: boolean, hasGoodOrderLeader: boolean): void {
  if (u.status !== 'broken') throw inputError('input.rally', `rally: the unit must be broken to rally (A10.6); add --broken`);
  if (selfRally && hasGoodOrderLeader) {
    throw inputError('input.rally', '--self-rally: Self-Rally can never occur in a Location with a Good Order friendly leader (A10.63)');
  }
  if (selfRally && u.disrupted) throw inputError('input.rally', '--self-rally: a Disrupted unit may not Self-Rally (A19.12)');
  if (!selfRally && !hasGoodOrderLeader) {
    throw inputError('input.rally', 'rally: give --leader <id> (a Good Order leader in the Location) or --self-rally (A10.6)');
  }
}

/** The result of a Rally DR. */
export interface RallyResult extends StepResult {
  readonly originalDR: number;
  readonly finalDR: number;
  readonly rallied: boolean;
  /** Heat of Battle follows (Original 2, not Self-Rally, eligible unit). */
  readonly heatOfBattle: boolean;
}

/**
 * Resolves one Rally DR of a broken unit.
 * @param drm total Rally DRM ({@link rallyDRM})
 * Never throws.
 * @example resolveRally(broken467, 3, { white: 3, colored: 4 }, false, ctx).rallied // true (7 + 0 <= 7)
 */
export function resolveRally(u: UnitState, drm: number, dr: DR, selfRally: boolean, ctx: MoraleContext): RallyResult {
  const originalDR = dr.white + dr.colored;
  const finalDR = originalDR + drm;
  const heatOfBattle = originalDR === 2 && !selfRally && isHoBEligible(u, ctx.ruleSet);
  if (originalDR === 12) {
    const cr = resolveCasualtyReduction(u, ctx.ruleSet);
    return { ...cr, originalDR, finalDR, rallied: false, heatOfBattle: false };
  }
  if (finalDR <= currentML(u)) {
    const unit: UnitState = withChanges(u, { status: 'good-order', disrupted: false, dm: false, pinned: false });
    return { unit, events: Ev.rally, woundSeverityDRM: null, originalDR, finalDR, rallied: true, heatOfBattle: heatOfBattle && isAlive(unit) };
  }
  return { unit: u, events: 0, woundSeverityDRM: null, originalDR, finalDR, rallied: false, heatOfBattle };
}
