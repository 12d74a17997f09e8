/**
 * The rout chain of one broken unit (A10.5-10.533, A10.711, A19.12, A15): hex by hex along its route,
 * an Interdiction NMC in each Open Ground hex, and what follows each check.
 *
 *   enter hex --(open, not Low Crawl)--> Interdiction NMC DR --(SMC wounded)--> Wound Severity dr
 *             --(Original 2)--> HoB DR --> settle: stop (eliminated, captured, rallied, pinned) or
 *   enter the next hex ... --> arrived (or eliminated for Failure to Rout when the goal is ADJACENT)
 *
 * Per hex (rules/interdiction.ts): Casualty Reduction on failure (a squad goes on as a HS); pinned on
 * Final DR == ML: the rout stops there, and a stop ADJACENT to a Known armed unbroken enemy is Failure
 * to Rout (rules/failure-to-rout.ts). HoB (broken +1): Battle Hardening, berserk and a heroic leader
 * leave the unit unbroken, so its rout ends there; a hero created by a MMC stays in that hex while the
 * MMC routs on; surrender captures the unit in a hex ADJACENT to the enemy, otherwise (2nd Ed) it is
 * Disrupted and routs on (GIA: no change). A leader routing voluntarily (A10.711) lends his DRM and
 * is eliminated when the unit fails a NMC; he is never checked himself.
 *
 * Modelling choices (docs/rules-coverage.md "Modelling choices"): a SMC wounded during its rout may
 * spend at most 3 MF in all that RtPh (A17.2); if it has no MF left for the next hex it stops where it
 * is. A unit that must rout but cannot (no legal route, a Disrupted unit not in Open Ground) is
 * captured (A20.21), or eliminated for Failure to Rout under No Quarter (A20.3).
 *
 * The chain is a `ChainModel`: the exact engine and the Monte Carlo compiler both run it. Moves between
 * checks are deterministic and folded into `advance`; a chain with no check at all makes one formal dr
 * whose value is ignored, so that the engines record its events (they record events on transitions).
 */
import type { UnitProfile } from '../counters/types.js';
import { ALL_DR } from '../dice/dice.js';
import { AslOddsError } from '../errors.js';
import type { ChainModel, Roll, Transition } from '../engine/chain.js';
import { resolveWoundSeverity } from '../rules/casualty-reduction.js';
import type { MoraleContext } from '../rules/context.js';
import { resolveCannotRout, resolveFailureToRout } from '../rules/failure-to-rout.js';
import { resolveHoB } from '../rules/heat-of-battle.js';
import { isInterdicted, resolveInterdiction } from '../rules/interdiction.js';
import { canRoutFrom, routeMFCosts, routMF, type Route } from '../rules/route.js';
import { describeUnit, isAlive, isSMC, unitStateKey, withChanges, type UnitState } from '../rules/unit-state.js';
import { EVENT_NAMES, Ev, type EventName } from '../rules/events.js';

/** The events `asl-odds rout` reports: every chain event, `arrived` and `failureToRout` included. */
export const ROUT_EVENTS: readonly EventName[] = EVENT_NAMES.slice(0, EVENT_NAMES.indexOf('elrRegain') + 1);

/** The input of a rout chain. */
export interface RoutChainSpec {
  /** The routing unit: broken (A10.5), on the map. */
  readonly unit: UnitState;
  /** A Good Order, unpinned, non-berserk leader routing voluntarily with it (A10.711), or null. */
  readonly leader: UnitState | null;
  readonly route: Route;
  /** Any other DRM on every Interdiction NMC, integer. */
  readonly otherDRM: number;
  /** The unit begins the RtPh in an Encircled Location: double MF for the first hex (A7.7). */
  readonly encircledStart: boolean;
  /** The unit begins the RtPh in Open Ground (A19.12: a Disrupted unit routs only from there). */
  readonly fromOpenGround: boolean;
  /** Rule set, ELR, `vsRussians`, `noQuarter`; `knownEnemyInLOS` and `adjacentEnemy` are set per hex. */
  readonly ctx: MoraleContext;
}

type Phase = 'start' | 'check' | 'wound' | 'hob' | 'done';

/** Why the rout ended (`none` while it goes on). */
export type RoutStop =
  | 'none'
  | 'arrived'
  | 'pinned'
  | 'outOfMF'
  | 'rallied'
  | 'eliminated'
  | 'failureToRout'
  | 'captured'
  | 'cannotRout';

/** A state of the rout chain. */
export interface RoutChainState {
  readonly phase: Phase;
  /** Index of the hex the unit is in: -1 before it moves, else in [0, hexes). */
  readonly hex: number;
  /** MF spent so far this RtPh, integer in [0, 6]. */
  readonly mfSpent: number;
  readonly unit: UnitState;
  /** The leader routing with it (status `eliminated` once the unit failed a NMC), or null. */
  readonly leader: UnitState | null;
  readonly stop: RoutStop;
  /** drm of the pending Wound Severity dr. */
  readonly woundDRM: number;
  /** An HoB DR follows the Wound Severity dr (if the unit survives it). */
  readonly hobPending: boolean;
  /** The last Interdiction NMC pinned the unit (A7.8). */
  readonly pinned: boolean;
  /** Hero counters created by HoB (A15.21), left in the hex where they appeared. */
  readonly heroes: readonly UnitProfile[];
}

/**
 * Builds the chain model of `spec`. Never throws (the route is checked by the caller: route.ts
 * `checkRoute`).
 * @example enumerateChain(buildRoutChain({ unit, leader: null, route: parseRoute('open,open', '--path'), ... }))
 */
export function buildRoutChain(spec: RoutChainSpec): ChainModel<RoutChainState> {
  const { route, ctx } = spec;
  const hexes = route.hexes;
  const last = hexes.length - 1;
  const costs = routeMFCosts(route, spec.encircledStart, routMF(spec.unit));
  // A routing unit in an Interdicted hex is in an enemy's LOS (A15.44 cannot apply); ADJACENT per hex.
  const hexCtx: MoraleContext[] = hexes.map((h) => ({ ...ctx, knownEnemyInLOS: true, adjacentEnemy: h.adjacent }));

  function done(s: RoutChainState, stop: RoutStop, events: number): Transition<RoutChainState> {
    return { state: { ...s, phase: 'done', stop }, events };
  }

  /** The rout stops short of its goal in the current hex (pinned, out of MF). */
  function stopShort(s: RoutChainState, stop: 'pinned' | 'outOfMF', events: number): Transition<RoutChainState> {
    if (hexes[s.hex].adjacent) {
      const f = resolveFailureToRout(s.unit);
      return done({ ...s, unit: f.unit }, 'failureToRout', events | f.events);
    }
    return done(s, stop, events);
  }

  /** The unit is in the last hex and its rout ends there (A10.5: never ADJACENT at the end). */
  function arrive(s: RoutChainState, events: number): Transition<RoutChainState> {
    if (hexes[last].adjacent) {
      const f = resolveFailureToRout(s.unit);
      return done({ ...s, unit: f.unit }, 'failureToRout', events | f.events);
    }
    return done(s, 'arrived', events | Ev.arrived);
  }

  /** Moves on from the current hex to the next hex that costs a check, or to the end. */
  function walk(from: RoutChainState, events: number): Transition<RoutChainState> {
    let s = from;
    for (;;) {
      if (s.hex === last) return arrive(s, events);
      const next = s.hex + 1;
      if (s.mfSpent + costs[next] > routMF(s.unit)) return stopShort(s, 'outOfMF', events);
      const h = hexes[next];
      s = { ...s, hex: next, mfSpent: s.mfSpent + costs[next], pinned: false, unit: withChanges(s.unit, { encircled: h.encircled }) };
      if (isInterdicted(h, route.lowCrawl)) return { state: { ...s, phase: 'check' }, events };
    }
  }

  /** After a check and what follows it: the rout ends, or goes on. */
  function settle(s: RoutChainState, events: number): Transition<RoutChainState> {
    if (s.unit.status === 'eliminated') return done(s, 'eliminated', events);
    if (s.unit.status === 'captured') return done(s, 'captured', events);
    if (s.unit.status === 'good-order') return done(s, 'rallied', events);
    if (s.pinned) return s.hex === last ? arrive(s, events) : stopShort(s, 'pinned', events);
    return walk(s, events);
  }

  const before: RoutChainState = {
    phase: 'check',
    hex: -1,
    mfSpent: 0,
    unit: spec.unit,
    leader: spec.leader,
    stop: 'none',
    woundDRM: 0,
    hobPending: false,
    pinned: false,
    heroes: [],
  };
  let first: Transition<RoutChainState>;
  if (hexes.length === 0 || !canRoutFrom(spec.unit, spec.fromOpenGround)) {
    const r = resolveCannotRout(spec.unit, ctx.noQuarter);
    first = done({ ...before, unit: r.unit }, 'cannotRout', r.events);
  } else {
    first = walk(before, 0);
  }
  // A chain that ends without a check still makes one (ignored) dr so that its events are recorded.
  const initial: RoutChainState = first.state.phase === 'done' ? { ...before, phase: 'start' } : first.state;

  return {
    initial,
    key(s) {
      return [
        s.phase,
        s.hex,
        s.mfSpent,
        unitStateKey(s.unit),
        s.leader === null ? '-' : unitStateKey(s.leader),
        s.stop,
        s.woundDRM,
        `${s.hobPending ? 1 : 0}${s.pinned ? 1 : 0}`,
        s.heroes.length,
      ].join('/');
    },
    rollOf(s): Roll | null {
      if (s.phase === 'done') return null;
      return s.phase === 'wound' || s.phase === 'start' ? 'dr' : 'DR';
    },
    advance(s, index): Transition<RoutChainState> {
      if (s.phase === 'start') return first;
      if (s.phase === 'wound') {
        const w = resolveWoundSeverity(s.unit, index + 1, s.woundDRM);
        const next = { ...s, unit: w.unit, woundDRM: 0 };
        if (s.hobPending && isAlive(w.unit)) return { state: { ...next, phase: 'hob' }, events: w.events };
        return settle({ ...next, hobPending: false }, w.events);
      }
      const dr = ALL_DR[index];
      if (s.phase === 'hob') {
        const h = resolveHoB(s.unit, dr.white + dr.colored, s.unit.status === 'broken', hexCtx[s.hex]);
        const heroes = h.createdHero ? [...s.heroes, h.createdHero] : s.heroes;
        return settle({ ...s, unit: h.unit, heroes, hobPending: false }, h.events);
      }
      const r = resolveInterdiction(s.unit, s.leader, spec.otherDRM, dr, hexCtx[s.hex]);
      const next: RoutChainState = { ...s, unit: r.unit, leader: r.leader, pinned: r.pinned };
      if (r.woundSeverityDRM !== null) {
        return { state: { ...next, phase: 'wound', woundDRM: r.woundSeverityDRM, hobPending: r.heatOfBattle }, events: r.events };
      }
      if (r.heatOfBattle) return { state: { ...next, phase: 'hob' }, events: r.events };
      return settle(next, r.events);
    },
    describe(s, events) {
      return describeRoutOutcome(s, events, hexes.length);
    },
  };
}

/** Outcome categories of a rout, mutually exclusive, in report order (`--compare` rows). */
export const ROUT_CATEGORIES = [
  'arrived intact',
  'arrived reduced',
  'pinned short of the goal',
  'out of MF short of the goal',
  'eliminated by Interdiction',
  'eliminated for Failure to Rout',
  'captured',
  'HoB: battle hardened',
  'HoB: berserk',
  'HoB: heroic leader',
] as const;
export type RoutCategory = (typeof ROUT_CATEGORIES)[number];

/**
 * The category of a final state: where the rout ended and in what shape. `arrived intact` = arrived
 * without Casualty Reduction (a hero it created, or a Disruption by HoB surrender, does not count);
 * `HoB: ...` = Heat of Battle left the unit unbroken, so its rout ended.
 * @throws AslOddsError `engine.notFinal` for a state whose rout goes on (a caller bug)
 */
export function routCategoryOf(s: RoutChainState, events: number): RoutCategory {
  switch (s.stop) {
    case 'arrived':
      return events & Ev.casualtyReduction ? 'arrived reduced' : 'arrived intact';
    case 'pinned':
      return 'pinned short of the goal';
    case 'outOfMF':
      return 'out of MF short of the goal';
    case 'eliminated':
      return 'eliminated by Interdiction';
    case 'failureToRout':
      return 'eliminated for Failure to Rout';
    case 'captured':
      return 'captured';
    case 'cannotRout':
      return s.unit.status === 'captured' ? 'captured' : 'eliminated for Failure to Rout';
    case 'rallied':
      if (events & Ev.berserk) return 'HoB: berserk';
      if (events & (Ev.battleHardening | Ev.fanatic)) return 'HoB: battle hardened';
      return 'HoB: heroic leader';
    case 'none':
      throw new AslOddsError('engine.notFinal', 'routCategoryOf: the rout has not ended (a model bug)', 1);
  }
}

/**
 * Readable final state: where the rout ended, the unit, any hero it created, and the fate of a leader
 * routing with it, e.g. `arrived: broken 4-6-7`, `arrived: broken 2-4-7 (casualty reduced); leader 8-1
 * eliminated`, `pinned short, hex 1 of 2: broken 4-6-7`, `eliminated for Failure to Rout, hex 1 of 3
 * (pinned)`, `HoB battle hardened, hex 2 of 2: 4-6-8`. Never throws.
 */
export function describeRoutOutcome(s: RoutChainState, events: number, hexCount: number): string {
  const at = `hex ${s.hex + 1} of ${hexCount}`;
  const shown: UnitState = withChanges(s.unit, { pinned: false });
  const reduced = events & Ev.casualtyReduction && !isSMC(s.unit) ? ' (casualty reduced)' : '';
  const unit = describeUnit(shown) + reduced;
  let text: string;
  switch (s.stop) {
    case 'arrived':
      text = `arrived: ${unit}`;
      break;
    case 'pinned':
      text = `pinned short, ${at}: ${unit}`;
      break;
    case 'outOfMF':
      text = `out of MF short, ${at}: ${unit}`;
      break;
    case 'eliminated':
      text = `eliminated by Interdiction, ${at}`;
      break;
    case 'failureToRout':
      text = `eliminated for Failure to Rout, ${at} (${s.pinned ? 'pinned' : s.hex === hexCount - 1 ? 'ends ADJACENT' : 'out of MF'})`;
      break;
    case 'captured':
      text = `captured (HoB surrender), ${at}`;
      break;
    case 'cannotRout': {
      const why = hexCount === 0 ? 'no legal route' : 'Disrupted, not in Open Ground (A19.12)';
      text = s.unit.status === 'captured' ? `captured: ${why} (A20.21)` : `eliminated for Failure to Rout: ${why} (No Quarter)`;
      break;
    }
    case 'rallied': {
      const what = events & Ev.berserk ? 'berserk' : events & (Ev.battleHardening | Ev.fanatic) ? 'battle hardened' : 'heroic';
      text = `HoB ${what}, ${at}: ${unit}`;
      break;
    }
    case 'none':
      text = `routing, ${at}: ${unit}`;
      break;
  }
  for (const h of s.heroes) text += ` + hero ${h.name}`;
  if (s.leader !== null) text += s.leader.status === 'eliminated' ? `; leader ${s.leader.profile.name} eliminated` : `; leader ${s.leader.profile.name} unharmed`;
  return text;
}
