/**
 * The `rout` question: "what happens to this broken unit if it routs along this route?" (A10.5-10.533,
 * A10.711, A19.12, A15), and its comparison across routes (`--compare`). Typed input in, exact
 * `OddsResult` out; `routQuery` gives the chain and header for `computeOdds` (`--trials`: Monte Carlo,
 * whose `extend` estimates the categories too; comparisons are exact only).
 *
 * Pipeline: input -> unit, leader, rule set and route resolved and validated (route.ts) -> rout chain
 * (chains/rout-chain.ts) -> exact engine -> result with outcomes, events, and the outcome categories
 * (`categories`, `categoryFractions`) and the leader's fate (`leaderEliminated`).
 */
import { buildRoutChain, ROUT_CATEGORIES, ROUT_EVENTS, routCategoryOf, type RoutCategory, type RoutChainState } from '../chains/rout-chain.js';
import { getNationality, getUnit, withOverrides, type UnitOverrides } from '../counters/catalog.js';
import { enumerateChain } from '../engine/exact.js';
import { add, toFraction, toNumber, ZERO, type Prob6 } from '../engine/probability.js';
import { inputError } from '../errors.js';
import type { OddsResult } from '../result.js';
import type { MoraleContext } from '../rules/context.js';
import { interdictionDRM } from '../rules/interdiction.js';
import { checkRoute, parseRoute, routeMFCosts, routMF, withStopPointsAdjacent, type Route } from '../rules/route.js';
import { getRuleSet, type RuleSetId } from '../rules/rule-set.js';
import { currentML, initialUnitState, isSMC, type UnitState } from '../rules/unit-state.js';
import { VERSION } from '../version.js';
import type { OddsQuery } from './compute-odds.js';
import { resultFromExact, type TerminalOf } from './odds-result.js';
import { checkIntInput, describeProfile } from './input-checks.js';

/** Where the unit begins the RtPh: Open Ground (A10.531) or not (A19.12). */
export const ROUT_FROM = ['open', 'clear'] as const;
export type RoutFrom = (typeof ROUT_FROM)[number];

/** Input of {@link routExact}. All optional except `unit` and `path`; defaults in brackets. */
export interface RoutInput {
  /** Catalog id of the broken unit, e.g. `german/4-6-7` (not a hero: heroes never break, A15.2). */
  readonly unit: string;
  readonly overrides?: UnitOverrides;
  readonly fanatic?: boolean;
  /** A wounded SMC: ML -1, 3 MF (A17.2) [false]. */
  readonly wounded?: boolean;
  /** Broken and Disrupted (A19.12): routs only from Open Ground, never Low Crawls [false]. */
  readonly disrupted?: boolean;
  /** Begins the RtPh in an Encircled Location: the first hex costs double MF (A7.7) [false]. */
  readonly encircled?: boolean;
  /** The route (route.ts syntax), e.g. `open,clear,open`, `open:2,clear:adj`, `crawl`, `none`. */
  readonly path: string;
  /** Low Crawl into the one hex of `path` (A10.52) [false]. */
  readonly lowCrawl?: boolean;
  /** Id of a Good Order leader routing voluntarily with the unit (A10.711) [none]. */
  readonly leader?: string;
  /** Other DRM on every Interdiction NMC, integer in [-6, 6] [0]. */
  readonly drm?: number;
  /** Every hex but the last is ADJACENT to a Known armed unbroken enemy unit [false]. */
  readonly endAdjacent?: boolean;
  /** Terrain of the hex the unit routs from [open]. */
  readonly from?: RoutFrom;
  /** Rule set ['2nd-edition'] and named settings overrides. */
  readonly rules?: RuleSetId;
  readonly settings?: Readonly<Record<string, string>>;
  /** The enemy is Russian: SS never surrender (A15.5) [false]. */
  readonly vsRussians?: boolean;
  /** No Quarter (A20.3): no surrender when the unit cannot rout; 2nd Ed HoB surrender becomes berserk [false]. */
  readonly noQuarter?: boolean;
}

/**
 * The exact result of a rout: the odds result plus the probability of each outcome category
 * (ROUT_CATEGORIES, mutually exclusive, summing to 1) and, with a leader, of his elimination.
 */
export interface RoutResult extends OddsResult {
  readonly categories: Readonly<Record<RoutCategory, number>>;
  readonly categoryFractions: Readonly<Record<RoutCategory, string>>;
  /** With `leader`: P(the leader routing with the unit is eliminated, A10.711). */
  readonly leaderEliminated?: number;
  readonly leaderEliminatedFraction?: string;
}

/** One route of a comparison. */
export interface RouteOdds {
  /** The route, normalised (route.ts `formatRoute`). */
  readonly route: string;
  readonly result: RoutResult;
}

/** The result of `asl-odds rout --compare`: the routes side by side, the first being `--path`. */
export interface RoutComparison {
  readonly command: 'rout';
  readonly ruleSet: string;
  readonly method: 'exact';
  readonly version: string;
  /** The input shared by every route (the first route's resolved input, without its route). */
  readonly input: Record<string, unknown>;
  readonly routes: readonly RouteOdds[];
}


/** The unit, leader and situation of a rout question, validated. */
interface ResolvedRout {
  readonly unit: UnitState;
  readonly leader: UnitState | null;
  readonly ctx: MoraleContext;
  readonly drm: number;
  readonly from: RoutFrom;
  readonly encircledStart: boolean;
}

function resolveRout(input: RoutInput): ResolvedRout {
  const base = getUnit(input.unit);
  const profile = input.overrides && Object.keys(input.overrides).length ? withOverrides(base, input.overrides) : base;
  if (profile.kind === 'hero') throw inputError('input.unit', `--unit: '${input.unit}' is a hero; heroes never break and never rout (A15.2); give a squad, HS, crew or leader`);
  const unit = initialUnitState(profile, { broken: true, disrupted: input.disrupted, fanatic: input.fanatic, wounded: input.wounded });
  if (unit.wounded && !isSMC(unit)) throw inputError('input.wounded', `--wounded: only a SMC can be wounded (A17.2); '${profile.id}' is a ${profile.kind}`);
  let leader: UnitState | null = null;
  if (input.leader !== undefined) {
    const p = getUnit(input.leader, { defaultNationality: profile.nationality });
    if (p.kind !== 'leader') throw inputError('input.leader', `--leader: '${input.leader}' is a ${p.kind}, not a leader (e.g. ${profile.nationality}/8-1)`);
    if (p.nationality !== profile.nationality) {
      throw inputError('input.leader', `--leader: '${p.id}' is ${p.nationality}; a leader lends his DRM only to units of his own nationality (A10.7), here ${profile.nationality}`);
    }
    leader = initialUnitState(p);
  }
  const from = input.from ?? 'open';
  if (!ROUT_FROM.includes(from)) throw inputError('input.from', `--from: unknown terrain '${String(from)}'; allowed: ${ROUT_FROM.join(', ')}`);
  const ruleSet = getRuleSet(input.rules ?? '2nd-edition', input.settings ?? {});
  const ctx: MoraleContext = {
    ruleSet,
    elr: getNationality(profile.nationality).defaultELR, // broken units are immune to ELR (A19.11)
    knownEnemyInLOS: true,
    adjacentEnemy: false,
    pillbox: false,
    vsRussians: input.vsRussians ?? false,
    noQuarter: input.noQuarter ?? false,
  };
  return { unit, leader, ctx, drm: checkIntInput('drm', input.drm ?? 0, -6, 6), from, encircledStart: input.encircled ?? false };
}

/**
 * Parses and checks one route of the question.
 * @throws AslOddsError `input.path` / `input.compare`, `input.lowCrawl`
 */
function resolveRoute(input: RoutInput, r: ResolvedRout, text: string, option: '--path' | '--compare', lowCrawlFlag: boolean): Route {
  let route = parseRoute(text, option);
  if (lowCrawlFlag && !route.lowCrawl) {
    if (route.hexes.length !== 1) {
      throw inputError('input.lowCrawl', `--low-crawl: Low Crawl is a rout of one hex (A10.52); ${option} '${text.trim()}' has ${route.hexes.length} hexes`);
    }
    route = parseRoute(`crawl ${text}`, option);
  }
  if (input.endAdjacent) route = withStopPointsAdjacent(route);
  checkRoute(route, r.unit, r.encircledStart, lowCrawlFlag && option === '--path' ? '--low-crawl' : option);
  return route;
}


function sharedInput(input: RoutInput, r: ResolvedRout): Record<string, unknown> {
  const markers = ['broken', ...(r.unit.disrupted ? ['disrupted'] : []), ...(r.unit.fanatic ? ['fanatic'] : []), ...(r.unit.wounded ? ['wounded'] : [])];
  return {
    unit: describeProfile(r.unit.profile),
    markers,
    currentML: currentML(r.unit),
    leader: r.leader === null ? null : describeProfile(r.leader.profile),
    drm: r.drm,
    totalDRM: interdictionDRM(r.unit, r.leader, r.drm),
    mf: routMF(r.unit),
    from: r.from,
    encircledStart: r.encircledStart,
    endAdjacent: input.endAdjacent ?? false,
    vsRussians: r.ctx.vsRussians,
    noQuarter: r.ctx.noQuarter,
    settings: r.ctx.ruleSet.settings,
  };
}

function queryFor(input: RoutInput, r: ResolvedRout, route: Route): OddsQuery<RoutChainState> {
  const model = buildRoutChain({
    unit: r.unit,
    leader: r.leader,
    route,
    otherDRM: r.drm,
    encircledStart: r.encircledStart,
    fromOpenGround: r.from === 'open',
    ctx: r.ctx,
  });
  const resolved = {
    route: route.text,
    lowCrawl: route.lowCrawl,
    routeMF: routeMFCosts(route, r.encircledStart, routMF(r.unit)),
    ...sharedInput(input, r),
  };
  const hasLeader = r.leader !== null;
  return {
    header: { command: 'rout', ruleSet: r.ctx.ruleSet.id, input: resolved, eventNames: ROUT_EVENTS },
    model,
    extend: (terminals, weights, total) => {
      const sums = categorySums(terminals, weights, 0, (a, b) => a + b);
      return {
        categories: Object.fromEntries(ROUT_CATEGORIES.map((c) => [c, sums.categories.get(c)! / total])),
        ...(hasLeader ? { leaderEliminated: sums.leaderEliminated / total } : {}),
      };
    },
  };
}

/** Sums of weights per outcome category, and where a leader routing with the unit was eliminated. */
function categorySums<W>(terminals: readonly TerminalOf<RoutChainState>[], weights: readonly W[], zero: W, plus: (a: W, b: W) => W) {
  const categories = new Map<RoutCategory, W>(ROUT_CATEGORIES.map((c) => [c, zero]));
  let leaderEliminated = zero;
  terminals.forEach((t, i) => {
    const c = routCategoryOf(t.state, t.events);
    categories.set(c, plus(categories.get(c)!, weights[i]));
    if (t.state.leader?.status === 'eliminated') leaderEliminated = plus(leaderEliminated, weights[i]);
  });
  return { categories, leaderEliminated };
}

/**
 * The rout question of `input` as a chain and header, for `computeOdds` (exact or Monte Carlo); its
 * `extend` adds `categories` (probability of each of ROUT_CATEGORIES) and, with a leader,
 * `leaderEliminated`.
 * @throws as {@link routExact}
 */
export function routQuery(input: RoutInput): OddsQuery<RoutChainState> {
  const r = resolveRout(input);
  return queryFor(input, r, resolveRoute(input, r, input.path, '--path', input.lowCrawl ?? false));
}

/** Exact result of a rout query, with exact fractions of the categories and the leader's fate. */
function exactRoutResult(q: OddsQuery<RoutChainState>): RoutResult {
  const dist = enumerateChain(q.model);
  const probs = dist.terminals.map((t) => t.probability);
  const result = resultFromExact(q.header, q.model, dist.terminals, probs);
  const sums = categorySums<Prob6>(dist.terminals, probs, ZERO, add);
  const hasLeader = q.header.input.leader !== null;
  return {
    ...result,
    categories: Object.fromEntries(ROUT_CATEGORIES.map((c) => [c, toNumber(sums.categories.get(c)!)])) as Record<RoutCategory, number>,
    categoryFractions: Object.fromEntries(ROUT_CATEGORIES.map((c) => [c, toFraction(sums.categories.get(c)!)])) as Record<RoutCategory, string>,
    ...(hasLeader ? { leaderEliminated: toNumber(sums.leaderEliminated), leaderEliminatedFraction: toFraction(sums.leaderEliminated) } : {}),
  };
}

/**
 * Exact odds of one broken unit's rout along `input.path` (A10.5-10.533, A10.711, A19.12, A15).
 * @returns the result; besides outcomes and events it carries `categories` / `categoryFractions`
 *   (ROUT_CATEGORIES) and, with a leader, `leaderEliminated` / `leaderEliminatedFraction`
 * @throws AslOddsError `catalog.unknownUnit`, `input.unit` (a hero), `input.leader`, `input.wounded`,
 *   `input.path` (syntax, over the MF budget), `input.lowCrawl` (more than one hex, Disrupted),
 *   `input.drm`, `input.from`, `input.rules`, `input.setting`
 * @example routExact({ unit: 'german/4-6-7', path: 'open,open' }).categoryFractions['arrived intact'] // '10285/46656'
 */
export function routExact(input: RoutInput): RoutResult {
  return exactRoutResult(routQuery(input));
}

/**
 * Exact odds of the same rout along `input.path` and each of `compare`, side by side (`--compare`).
 * @param compare further routes (route.ts syntax), at least one, at most 8
 * @throws as {@link routExact}, and `input.compare` for a bad route or none/too many
 * @example routCompare({ unit: 'german/4-6-7', path: 'open,open' }, ['crawl']).routes[1].route // 'crawl'
 */
export function routCompare(input: RoutInput, compare: readonly string[]): RoutComparison {
  if (compare.length < 1 || compare.length > 8) throw inputError('input.compare', `--compare: give 1 to 8 routes, got ${compare.length}`);
  const r = resolveRout(input);
  const routes = [resolveRoute(input, r, input.path, '--path', input.lowCrawl ?? false), ...compare.map((c) => resolveRoute(input, r, c, '--compare', false))];
  return {
    command: 'rout',
    ruleSet: r.ctx.ruleSet.id,
    method: 'exact',
    version: VERSION,
    input: sharedInput(input, r),
    routes: routes.map((route) => ({ route: route.text, result: exactRoutResult(queryFor(input, r, route)) })),
  };
}
