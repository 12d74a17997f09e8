/**
 * The morale chain of one unit: a MC/TC (or a Rally DR), then any Wound Severity dr (A17.11), then
 * Heat of Battle on an Original 2 (A15.1). Used by `asl-odds mc` and `asl-odds rally`.
 *
 *   check/rally DR --(SMC Casualty Reduction)--> Wound Severity dr --(Original 2, eligible)--> HoB DR
 *
 * The chain is a `ChainModel`: both the exact engine and the Monte Carlo compiler run it.
 */
import type { UnitProfile } from '../counters/types.js';
import { ALL_DR } from '../dice/dice.js';
import type { ChainModel, Roll, Transition } from '../engine/chain.js';
import { resolveWoundSeverity } from '../rules/casualty-reduction.js';
import type { CheckSpec } from '../rules/check.js';
import type { MoraleContext } from '../rules/context.js';
import { resolveHoB } from '../rules/heat-of-battle.js';
import { resolveCheck } from '../rules/morale-check.js';
import { resolveRally } from '../rules/rally.js';
import { describeUnit, isAlive, unitStateKey, type UnitState } from '../rules/unit-state.js';
import { Ev } from '../rules/events.js';

/** What starts the chain. */
export type MoraleChainStart =
  | {
      readonly kind: 'check';
      readonly check: CheckSpec;
      /** Total DRM besides the check's #: leadership + other, integer. */
      readonly drm: number;
    }
  | {
      readonly kind: 'rally';
      /** Total Rally DRM (rally.ts `rallyDRM`), integer. */
      readonly drm: number;
      readonly selfRally: boolean;
    };

/** The input of a morale chain. */
export interface MoraleChainSpec {
  readonly unit: UnitState;
  readonly start: MoraleChainStart;
  readonly ctx: MoraleContext;
}

type Phase = 'start' | 'wound' | 'hob' | 'done';

/** A state of the morale chain. */
export interface MoraleChainState {
  readonly phase: Phase;
  readonly unit: UnitState;
  /** drm of the pending Wound Severity dr. */
  readonly woundDRM: number;
  /** An HoB DR follows the Wound Severity dr (if the unit survives it). */
  readonly hobPending: boolean;
  /** The unit counts as broken for the HoB DRM (A15.1). */
  readonly hobBroken: boolean;
  /** Hero counters created by HoB (A15.21). */
  readonly heroes: readonly UnitProfile[];
  /** The start check was a TC that failed without effect (NTC), for the description. */
  readonly failedTC: boolean;
}

/**
 * Builds the chain model of `spec`. Never throws.
 * @example enumerateChain(buildMoraleChain({ unit, start: { kind: 'check', check: moraleCheck(0), drm: 0 }, ctx }))
 */
export function buildMoraleChain(spec: MoraleChainSpec): ChainModel<MoraleChainState> {
  const { ctx, start } = spec;
  const initial: MoraleChainState = {
    phase: 'start',
    unit: spec.unit,
    woundDRM: 0,
    hobPending: false,
    hobBroken: false,
    heroes: [],
    failedTC: false,
  };

  function afterFirstRoll(s: MoraleChainState, unit: UnitState, woundDRM: number | null, hob: boolean, hobBroken: boolean): MoraleChainState {
    if (woundDRM !== null) return { ...s, phase: 'wound', unit, woundDRM, hobPending: hob, hobBroken };
    return { ...s, phase: hob && isAlive(unit) ? 'hob' : 'done', unit, hobPending: false, hobBroken };
  }

  return {
    initial,
    key(s) {
      return `${s.phase}/${unitStateKey(s.unit)}/${s.woundDRM}/${s.hobPending ? 1 : 0}${s.hobBroken ? 1 : 0}${s.failedTC ? 1 : 0}/${s.heroes.length}`;
    },
    rollOf(s): Roll | null {
      if (s.phase === 'done') return null;
      return s.phase === 'wound' ? 'dr' : 'DR';
    },
    advance(s, index): Transition<MoraleChainState> {
      if (s.phase === 'wound') {
        const r = resolveWoundSeverity(s.unit, index + 1, s.woundDRM);
        const hob = s.hobPending && isAlive(r.unit);
        return { state: { ...s, phase: hob ? 'hob' : 'done', unit: r.unit, hobPending: false }, events: r.events };
      }
      const dr = ALL_DR[index];
      if (s.phase === 'hob') {
        const r = resolveHoB(s.unit, dr.white + dr.colored, s.hobBroken, ctx);
        const heroes = r.createdHero ? [...s.heroes, r.createdHero] : s.heroes;
        return { state: { ...s, phase: 'done', unit: r.unit, heroes }, events: r.events };
      }
      if (start.kind === 'check') {
        const r = resolveCheck(s.unit, start.check, start.drm, dr, ctx);
        const next = afterFirstRoll(s, r.unit, r.woundSeverityDRM, r.heatOfBattle, r.unit.status === 'broken');
        const failedTC = start.check.kind === 'TC' && !r.passed && !start.check.failurePins;
        return { state: { ...next, failedTC }, events: r.events };
      }
      const r = resolveRally(s.unit, start.drm, dr, start.selfRally, ctx);
      // A15.1: the broken +1 applies even if the unit rallied on the 2.
      return { state: afterFirstRoll(s, r.unit, r.woundSeverityDRM, r.heatOfBattle, true), events: r.events };
    },
    describe(s, events) {
      return describeMoraleOutcome(s, events);
    },
  };
}

/**
 * Readable final state: the unit, what changed it, and any hero created, e.g.
 * `broken 4-4-7 (replaced)`, `4-6-8 (battle hardened)`, `4-6-7 + hero 1-4-9`. Never throws.
 */
export function describeMoraleOutcome(s: MoraleChainState, events: number): string {
  const notes: string[] = [];
  const survivingMMC = s.unit.profile.kind !== 'leader' && s.unit.profile.kind !== 'hero' && isAlive(s.unit);
  if (events & Ev.casualtyReduction && survivingMMC) notes.push('casualty reduced');
  if (events & Ev.replacement) notes.push('replaced');
  if (events & Ev.battleHardening) notes.push('battle hardened');
  const rallyNoted = events & Ev.rally && !(events & (Ev.berserk | Ev.battleHardening | Ev.hero)) && s.unit.status === 'good-order';
  if (rallyNoted) notes.push('rallied');
  if (s.failedTC) notes.push('failed TC');
  let text = describeUnit(s.unit) + (notes.length ? ` (${notes.join(', ')})` : '');
  for (const h of s.heroes) text += ` + hero ${h.name}`;
  return text;
}
