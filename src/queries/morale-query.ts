/**
 * The `mc` and `rally` questions: "what happens to this unit if it takes this check / tries to
 * rally?" Typed input in, exact `OddsResult` out. The CLI parses options into these inputs; the
 * scenario engine and tests call them directly.
 */
import { MORALE_EVENTS } from '../rules/events.js';
import { buildMoraleChain, type MoraleChainStart } from '../chains/morale-chain.js';
import { getNationality, getUnit, withOverrides, type UnitOverrides } from '../counters/catalog.js';
import type { UnitProfile } from '../counters/types.js';
import { inputError } from '../errors.js';
import type { OddsResult } from '../result.js';
import { parseCheck } from '../rules/check.js';
import type { MoraleContext } from '../rules/context.js';
import { leadershipDRMFor } from '../rules/leadership.js';
import { checkRallyAllowed, rallyDRM, type RallyTerrain } from '../rules/rally.js';
import { getRuleSet, type RuleSetId } from '../rules/rule-set.js';
import { currentML, initialUnitState, type UnitState } from '../rules/unit-state.js';
import type { MoraleChainState } from '../chains/morale-chain.js';
import type { OddsQuery } from './compute-odds.js';
import { exactOddsResult } from './exact-result.js';
import { checkIntInput, checkMarkers, describeProfile, describeSituation } from './input-checks.js';

/** The situation shared by morale questions. All optional; defaults in brackets. */
export interface SituationInput {
  /** Rule set ['2nd-edition']. */
  readonly rules?: RuleSetId;
  /** Named settings overrides (rule-set.ts), e.g. `{ casualtyMCAlsoReplaces: 'false' }`. */
  readonly settings?: Readonly<Record<string, string>>;
  /** The side's ELR, integer in [0, 5] [the nationality's: 3, Partisans 5]. */
  readonly elr?: number;
  /** A Known enemy is in LOS [true] (A15.44). */
  readonly knownEnemyInLOS?: boolean;
  /** A Known Good Order enemy is ADJACENT [false] (A15.5). */
  readonly adjacentEnemy?: boolean;
  /** In a Pillbox/Bunker [false]. */
  readonly pillbox?: boolean;
  /** The enemy is Russian [false] (SS vs Russians). */
  readonly vsRussians?: boolean;
  /** No Quarter in effect [false]. */
  readonly noQuarter?: boolean;
}

/** The unit being checked and its markers. */
export interface UnitInput {
  /** Catalog id, e.g. `german/4-6-7`. */
  readonly unit: string;
  readonly overrides?: UnitOverrides;
  readonly broken?: boolean;
  readonly pinned?: boolean;
  readonly berserk?: boolean;
  readonly fanatic?: boolean;
  readonly disrupted?: boolean;
  readonly wounded?: boolean;
  readonly encircled?: boolean;
  readonly dm?: boolean;
}

/** Input of {@link mcExact}. */
export interface McInput extends SituationInput, UnitInput {
  /** `NMC`, `1MC`..`6MC`, `PTC`, `NTC` [NMC]. */
  readonly check?: string;
  /** Other DRM (terrain and anything else), integer in [-6, 6] [0]. */
  readonly drm?: number;
  /** Ids of Good Order leaders in the Location [none]. */
  readonly leaders?: readonly string[];
}

/** Input of {@link rallyExact}. */
export interface RallyInput extends SituationInput, UnitInput {
  /** Ids of Good Order leaders in the Location (the best rallies) [none]. */
  readonly leaders?: readonly string[];
  readonly selfRally?: boolean;
  readonly terrain?: RallyTerrain;
  /** Other DRM, integer in [-6, 6] [0]. */
  readonly drm?: number;
}


/** The rule set and situation of a question, validated (ELR default: the nationality's). @throws AslOddsError `input.elr`, `input.rules`, `input.setting` */
export function resolveSituation(s: SituationInput, unit: UnitProfile): MoraleContext {
  const ruleSet = getRuleSet(s.rules ?? '2nd-edition', s.settings ?? {});
  const elr = checkIntInput('elr', s.elr ?? getNationality(unit.nationality).defaultELR, 0, 5);
  return {
    ruleSet,
    elr,
    knownEnemyInLOS: s.knownEnemyInLOS ?? true,
    adjacentEnemy: s.adjacentEnemy ?? false,
    pillbox: s.pillbox ?? false,
    vsRussians: s.vsRussians ?? false,
    noQuarter: s.noQuarter ?? false,
  };
}

function resolveUnit(i: UnitInput): UnitState {
  const base = getUnit(i.unit);
  const profile = i.overrides && Object.keys(i.overrides).length ? withOverrides(base, i.overrides) : base;
  checkMarkers(profile, i, '--', `'${profile.id}'`);
  return initialUnitState(profile, i);
}

/**
 * The Good Order leaders in the unit's Location. Encirclement lowers their ML too (A7.7: "every ...
 * Personnel unit therein"), which decides whether one outranks a leader taking a check (A10.22 EX).
 */
function resolveLeaders(ids: readonly string[] | undefined, unit: UnitState): UnitState[] {
  return (ids ?? []).map((id) => {
    const p = getUnit(id, { defaultNationality: unit.profile.nationality });
    if (p.kind !== 'leader') throw inputError('input.leader', `--leader: '${id}' is a ${p.kind}, not a leader (e.g. ${unit.profile.nationality}/9-1)`);
    if (p.nationality !== unit.profile.nationality) {
      throw inputError('input.leader', `--leader: '${p.id}' is ${p.nationality}; a leader lends his DRM only to units of his own nationality (A10.7), here ${unit.profile.nationality}`);
    }
    return initialUnitState(p, { encircled: unit.encircled });
  });
}



function markers(u: UnitState): string[] {
  const m: string[] = [];
  for (const k of ['pinned', 'berserk', 'fanatic', 'disrupted', 'wounded', 'encircled', 'dm'] as const) if (u[k]) m.push(k);
  if (u.status === 'broken') m.unshift('broken');
  return m;
}

/**
 * Exact odds of one unit's MC/TC and everything that follows it (Wound Severity, Heat of Battle).
 * @throws AslOddsError `catalog.unknownUnit`, `input.check`, `input.elr`, `input.drm`, `input.leader`,
 * `input.rules`, `input.setting`, `input.ml` ...
 * @example mcExact({ unit: 'german/4-6-7', check: '1MC' }).eventFractions.break // '757/1296' (Original DR >= 7: 21/36, plus HoB surrender 1/1296)
 */
export function mcExact(input: McInput): OddsResult {
  const q = mcQuery(input);
  return exactOddsResult(q.header.command, q.header.ruleSet, q.header.input, q.model, q.header.eventNames);
}

/**
 * The `mc` question as a chain and header, for `computeOdds` (exact or Monte Carlo).
 * @throws as {@link mcExact}
 */
export function mcQuery(input: McInput): OddsQuery<MoraleChainState> {
  const unit = resolveUnit(input);
  const ctx = resolveSituation(input, unit.profile);
  const check = parseCheck(input.check ?? 'NMC');
  const drm = checkIntInput('drm', input.drm ?? 0, -6, 6);
  const leaders = resolveLeaders(input.leaders, unit);
  const leadership = leadershipDRMFor(unit, leaders);
  const start: MoraleChainStart = { kind: 'check', check, drm: drm + leadership };
  const model = buildMoraleChain({ unit, start, ctx });
  const resolved = {
    unit: describeProfile(unit.profile),
    markers: markers(unit),
    currentML: currentML(unit),
    check: check.label,
    drm,
    leaders: leaders.map((l) => l.profile.id),
    leadershipDRM: leadership,
    totalDRM: check.strength + drm + leadership,
    ...describeSituation(ctx),
  };
  return { header: { command: 'mc', ruleSet: ctx.ruleSet.id, input: resolved, eventNames: MORALE_EVENTS }, model };
}

/**
 * Exact odds of one Rally attempt and everything that follows it (Fate, Wound Severity, HoB).
 * @throws AslOddsError `input.rally` (illegal attempt), `catalog.unknownUnit`, `input.terrain`, ...
 * @example rallyExact({ unit: 'german/4-6-7', broken: true, leaders: ['german/8-1'] }).events.rally
 */
export function rallyExact(input: RallyInput): OddsResult {
  const q = rallyQuery(input);
  return exactOddsResult(q.header.command, q.header.ruleSet, q.header.input, q.model, q.header.eventNames);
}

/**
 * The `rally` question as a chain and header, for `computeOdds`.
 * @throws as {@link rallyExact}
 */
export function rallyQuery(input: RallyInput): OddsQuery<MoraleChainState> {
  const unit = resolveUnit({ ...input, broken: input.broken ?? true });
  const ctx = resolveSituation(input, unit.profile);
  const leaders = resolveLeaders(input.leaders, unit);
  const selfRally = input.selfRally ?? false;
  checkRallyAllowed(unit, selfRally, leaders.length > 0);
  const terrain = input.terrain ?? 'open';
  const leadership = selfRally ? 0 : leadershipDRMFor(unit, leaders);
  if (!selfRally && unit.profile.kind === 'leader' && leaders.every((l) => currentML(l) <= currentML(unit))) {
    throw inputError('input.rally', `rally: a broken leader is rallied by a leader of higher ML or Self-Rallies (A10.22, A10.71); use --self-rally`);
  }
  const drm = checkIntInput('drm', input.drm ?? 0, -6, 6);
  const total = rallyDRM(unit, { leadershipDRM: leadership, terrain, selfRally, otherDRM: drm });
  const model = buildMoraleChain({ unit, start: { kind: 'rally', drm: total, selfRally }, ctx });
  const resolved = {
    unit: describeProfile(unit.profile),
    markers: markers(unit),
    currentML: currentML(unit),
    leaders: leaders.map((l) => l.profile.id),
    leadershipDRM: leadership,
    selfRally,
    terrain,
    dm: unit.dm,
    drm,
    totalDRM: total,
    ...describeSituation(ctx),
  };
  return { header: { command: 'rally', ruleSet: ctx.ruleSet.id, input: resolved, eventNames: MORALE_EVENTS }, model };
}
