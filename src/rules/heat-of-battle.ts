/**
 * Heat of Battle (A15.1-15.5; rules/002 for 2nd Edition, rules/000 for G.I. Anvil of Victory;
 * docs/rules-notes.md §4).
 *
 * Follows any Original MC or Rally (not Self-Rally) DR of 2 by a unit subject to it. The HoB DR takes
 * cumulative DRM: Elite -1, British -1, Finnish -1; Broken +1 (even if it rallied on that 2),
 * Inexperienced +1; French +1, Partisan +1; Russian +2, Allied Minor +2; Axis Minor +3, Italian +3;
 * Japanese per rule set (setting `japaneseHoBDRM`). No leadership DRM.
 *
 * Final HoB DR: <= 4 Hero; 5-6 Hero and Battle Hardening; 7-8 Battle Hardening; 9-11 Berserk;
 * >= 12 Surrender (non-elite Italian / Axis Minor: >= 10).
 * Substitutions (A15.1 table notes, A15.44, A15.5): Surrender becomes Berserk for Japanese, Gurkhas,
 * Partisans, Fanatics, Commissars, SS vs Russians and (2nd Ed) units under No Quarter. Berserk becomes
 * Battle Hardening with no Known enemy in LOS. In a Pillbox, Berserk and Surrender become Battle
 * Hardening: 2nd Ed for Japanese only, GIA for every unit (Pillbox/Bunker).
 */
import { Ev } from './events.js';
import { getNationality, heroFor } from '../counters/catalog.js';
import { isInexperienced, type UnitProfile } from '../counters/types.js';
import { resolveBattleHardening } from './battle-hardening.js';
import type { MoraleContext } from './context.js';
import type { RuleSet } from './rule-set.js';
import type { StepResult } from './step-result.js';
import { isAlive, isHero, withChanges, type UnitState } from './unit-state.js';

/** HoB results after substitution. */
export const HoBResult = {
  hero: 'hero',
  heroAndBattleHardening: 'hero+battle-hardening',
  battleHardening: 'battle-hardening',
  berserk: 'berserk',
  surrender: 'surrender',
} as const;
export type HoBResult = (typeof HoBResult)[keyof typeof HoBResult];

/**
 * True when the unit is subject to Heat of Battle (A15.1): on the map, armed, not a hero or heroic
 * leader, not a crew, not already berserk. Cavalry, PRC, Climbing/Swimming/Wading units, units in
 * boats/on parachutes and Human Wave participants are not modelled. Never throws.
 */
export function isHoBEligible(u: UnitState, _ruleSet: RuleSet): boolean {
  return isAlive(u) && !isHero(u) && !u.berserk && u.profile.kind !== 'crew' && !u.profile.traits.unarmed;
}

/**
 * Cumulative HoB DRM of a unit (A15.1 table), integer in [-3, +6].
 * @param broken the unit counts as broken (+1): broken when the HoB DR is made, or broken before the
 * Rally DR that allowed it (A15.1: "even if the unit rallied as a result of the 2 DR")
 * Never throws.
 * @example hobDRM(german468, false, ctx) // -1 (Elite)
 */
export function hobDRM(u: UnitState, broken: boolean, ctx: MoraleContext): number {
  const p = u.profile;
  let drm = 0;
  if (p.kind !== 'leader') {
    if (p.unitClass === 'elite') drm -= 1;
    if (isInexperienced(p.unitClass)) drm += 1;
  }
  if (broken) drm += 1;
  const national = getNationality(p.nationality).hobDRM;
  drm += national === null ? ctx.ruleSet.settings.japaneseHoBDRM : national;
  return drm;
}

/** True when surrender becomes berserk for this unit (A15.5 EXC, A15.1 table note *). */
function neverSurrenders(u: UnitState, ctx: MoraleContext): boolean {
  const t = u.profile.traits;
  return (
    getNationality(u.profile.nationality).neverSurrenders ||
    !!t.gurkha ||
    !!t.commissar ||
    u.fanatic ||
    (!!t.ss && ctx.vsRussians) ||
    (ctx.noQuarter && ctx.ruleSet.noQuarterSurrenderIsBerserk)
  );
}

/** True when a Pillbox turns berserk/surrender into Battle Hardening (A15.1 table notes). */
function pillboxHardens(p: UnitProfile, ctx: MoraleContext): boolean {
  return ctx.pillbox && (ctx.ruleSet.pillboxHardens === 'all' || p.nationality === 'japanese');
}

/**
 * The HoB result of a Final HoB DR, after all substitutions (A15.1 table, A15.44, A15.5).
 * @param finalHoBDR Original HoB DR + {@link hobDRM}, any integer
 * Never throws.
 * @example hobResultOf(12, german467, ctx) // 'surrender'
 */
export function hobResultOf(finalHoBDR: number, u: UnitState, ctx: MoraleContext): HoBResult {
  const p = u.profile;
  const nat = getNationality(p.nationality);
  const surrenderAt = nat.surrendersOnHoB10 && p.unitClass !== 'elite' ? 10 : 12;
  let r: HoBResult;
  if (finalHoBDR <= 4) r = 'hero';
  else if (finalHoBDR <= 6) r = 'hero+battle-hardening';
  else if (finalHoBDR <= 8) r = 'battle-hardening';
  else if (finalHoBDR < surrenderAt) r = 'berserk';
  else r = 'surrender';
  if (r === 'surrender') {
    if (pillboxHardens(p, ctx)) return 'battle-hardening';
    if (neverSurrenders(u, ctx)) r = 'berserk';
  }
  if (r === 'berserk' && (!ctx.knownEnemyInLOS || pillboxHardens(p, ctx))) return 'battle-hardening';
  return r;
}

/** The result of an HoB DR: the unit's new state, and whether a new hero counter was created. */
export interface HoBStepResult extends StepResult {
  readonly result: HoBResult;
  /** A new hero SMC entered the Location (an MMC created it; A15.21). Null for a leader (he becomes heroic). */
  readonly createdHero: UnitProfile | null;
}

/**
 * Resolves an HoB DR for `u`.
 * @param originalHoBDR the HoB DR, integer in [2, 12]
 * @param broken see {@link hobDRM}
 * Never throws.
 * @example resolveHoB(german467, 2, false, ctx).result // 'hero'
 */
export function resolveHoB(u: UnitState, originalHoBDR: number, broken: boolean, ctx: MoraleContext): HoBStepResult {
  const result = hobResultOf(originalHoBDR + hobDRM(u, broken, ctx), u, ctx);
  let unit = u;
  let events = Ev.heatOfBattle;
  let createdHero: UnitProfile | null = null;
  if (result === 'hero' || result === 'hero+battle-hardening') {
    events |= Ev.hero;
    if (u.profile.kind === 'leader') {
      // A15.21: a leader which becomes heroic automatically rallies and keeps his leadership.
      if (unit.status === 'broken') events |= Ev.rally;
      unit = withChanges(unit, { heroic: true, status: 'good-order', pinned: false, disrupted: false, dm: false });
    } else {
      createdHero = heroFor(u.profile.nationality);
    }
  }
  if (result === 'hero+battle-hardening' || result === 'battle-hardening') {
    const bh = resolveBattleHardening(unit, ctx.ruleSet);
    unit = bh.unit;
    events |= bh.events;
  } else if (result === 'berserk') {
    const b = goBerserk(unit);
    unit = b.unit;
    events |= b.events;
  } else if (result === 'surrender') {
    if (ctx.adjacentEnemy) {
      unit = withChanges(unit, { status: 'captured', pinned: false });
      events |= Ev.surrender;
    } else {
      if (unit.status !== 'broken') events |= Ev.break;
      const disrupted = ctx.ruleSet.surrenderWithoutAdjacent === 'disrupted';
      if (disrupted && !unit.disrupted) events |= Ev.disruption;
      unit = withChanges(unit, { status: 'broken', pinned: false, disrupted: unit.disrupted || disrupted });
    }
  }
  return { unit, events, woundSeverityDRM: null, result, createdHero };
}

/**
 * The unit goes berserk (A15.4, A15.42): ML 10; a broken unit is automatically rallied (event rally);
 * it loses any pinned, Disrupted and DM status. Used by Heat of Battle and by the Berserk check a
 * berserk leader imposes on his Location (A15.41).
 * @returns the berserk unit and the events berserk (+ rally if it was broken). Never throws.
 * @example goBerserk(broken467).unit.status // 'good-order'
 */
export function goBerserk(u: UnitState): StepResult {
  const events = Ev.berserk | (u.status === 'broken' ? Ev.rally : 0);
  return { unit: withChanges(u, { berserk: true, status: 'good-order', pinned: false, disrupted: false, dm: false }), events, woundSeverityDRM: null };
}
