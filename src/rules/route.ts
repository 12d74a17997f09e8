/**
 * A rout route (A10.5, A10.51, A10.52, A10.531, A7.7, A17.2, A19.12): the ordered hexes a broken unit
 * enters during the RtPh, each with what the Interdiction and Failure to Rout rules need to know.
 *
 * Route text (`--path`, `--compare`), case-insensitive, spaces ignored around tokens:
 *
 *   route := 'none' | ['crawl'] hex (',' hex)*     ('crawl' alone = Low Crawl into one hex)
 *   hex   := ('open' | 'clear') (':' part)*
 *   part  := MF cost, integer in [1, 6] (default 1)
 *          | 'adj'  the hex is ADJACENT to a Known armed unbroken enemy unit (A10.5)
 *          | 'enc'  the hex is an Encircled Location (A7.7: a unit entering it is Encircled, ML -1)
 *
 * `open` = Open Ground where Interdiction applies (A10.53: in the LOS and Normal Range of an unbroken
 * enemy able to fire on it without Hindrance); `clear` = any hex where it does not (not Open Ground per
 * A10.531, out of LOS or Normal Range, Hindered, SMOKE). `none` = the unit has no legal route
 * (A10.531 EX: any move would be ADJACENT to a Known enemy unit).
 *
 * MF (A10.5): a broken unit has 6 MF in the RtPh, a wounded SMC 3 (A17.2); a unit beginning the RtPh
 * Encircled pays double MF for the first Location it enters (A7.7). Low Crawl (A10.52) is one hex
 * for the entire MF allotment, whatever the hex costs.
 */
import { inputError } from '../errors.js';
import { isSMC, type UnitState } from './unit-state.js';

/** Hex kinds of a route: Interdiction applies in `open` only. */
export const RouteTerrain = { open: 'open', clear: 'clear' } as const;
export type RouteTerrain = (typeof RouteTerrain)[keyof typeof RouteTerrain];
export const ROUTE_TERRAINS: readonly RouteTerrain[] = Object.values(RouteTerrain);

/** One hex entered by a routing unit. */
export interface RouteHex {
  readonly terrain: RouteTerrain;
  /** MF to enter it, integer in [1, 6] (before the A7.7 doubling). */
  readonly mf: number;
  /** ADJACENT to a Known armed unbroken enemy unit: stopping here is Failure to Rout (A10.5, A10.53). */
  readonly adjacent: boolean;
  /** An Encircled Location (A7.7): the unit is Encircled (ML -1) while in it. */
  readonly encircled: boolean;
}

/** A parsed route. */
export interface Route {
  /** Hexes in the order entered; empty when the unit has no legal route. */
  readonly hexes: readonly RouteHex[];
  /** Low Crawl (A10.52): exactly one hex, the whole MF allotment, never Interdicted. */
  readonly lowCrawl: boolean;
  /** The route as typed, normalised (e.g. `open,clear:2`, `crawl open`, `none`). */
  readonly text: string;
}

/** MF of a broken unit in the RtPh (A10.5). */
export const BROKEN_ROUT_MF = 6;
/** MF of a wounded SMC (A10.5, A17.2). */
export const WOUNDED_SMC_MF = 3;

const HEX_HELP = "open or clear, optionally :<MF 1-6>, :adj, :enc (e.g. open,clear:2,open:adj); or 'crawl' (Low Crawl one hex); or 'none'";

/**
 * Parses a route.
 * @param text the route text (see the module doc), e.g. `open,clear:2,open`, `crawl`, `crawl open:adj`, `none`
 * @param option the option it came from, named in errors (`--path`, `--compare`)
 * @returns the route; hexes carry MF 1, not ADJACENT, not Encircled unless told
 * @throws AslOddsError `input.path` (or `input.compare` for `--compare`): empty text, an unknown token,
 *   an MF outside [1, 6], a Low Crawl of more than one hex (A10.52)
 * @example parseRoute('open,clear:2', '--path').hexes[1] // { terrain: 'clear', mf: 2, adjacent: false, encircled: false }
 * @example parseRoute('crawl', '--path').lowCrawl // true (one hex)
 */
export function parseRoute(text: string, option: string): Route {
  const code = option === '--compare' ? 'input.compare' : 'input.path';
  const raw = String(text).trim().toLowerCase();
  if (raw === '') throw inputError(code, `${option}: empty route; allowed: ${HEX_HELP}`);
  if (raw === 'none') return { hexes: [], lowCrawl: false, text: 'none' };
  let body = raw;
  let lowCrawl = false;
  if (body === 'crawl' || body === 'low-crawl') return { hexes: [hex('clear')], lowCrawl: true, text: formatRoute([hex('clear')], true) };
  const crawl = /^(crawl|low-crawl)\s+(.*)$/.exec(body);
  if (crawl) {
    lowCrawl = true;
    body = crawl[2];
  }
  const tokens = body.split(',').map((t) => t.trim());
  const hexes = tokens.map((t, i) => parseHex(t, i + 1, option, code));
  if (lowCrawl && hexes.length !== 1) {
    throw inputError(code, `${option}: Low Crawl is a rout of one hex (A10.52); '${text.trim()}' has ${hexes.length} hexes`);
  }
  return { hexes, lowCrawl, text: formatRoute(hexes, lowCrawl) };
}

function hex(terrain: RouteTerrain, mf = 1, adjacent = false, encircled = false): RouteHex {
  return { terrain, mf, adjacent, encircled };
}

function parseHex(token: string, position: number, option: string, code: string): RouteHex {
  const parts = token.split(':').map((p) => p.trim());
  const terrain = parts[0] as RouteTerrain;
  if (!ROUTE_TERRAINS.includes(terrain)) {
    throw inputError(code, `${option}: unknown hex '${token}' at position ${position}; allowed: ${HEX_HELP}`);
  }
  let mf = 1;
  let adjacent = false;
  let encircled = false;
  for (const p of parts.slice(1)) {
    if (p === 'adj') adjacent = true;
    else if (p === 'enc') encircled = true;
    else if (/^\d+$/.test(p) && Number(p) >= 1 && Number(p) <= BROKEN_ROUT_MF) mf = Number(p);
    else throw inputError(code, `${option}: bad part '${p}' of hex '${token}' at position ${position}; allowed: an MF cost 1-6, adj, enc`);
  }
  return hex(terrain, mf, adjacent, encircled);
}

/**
 * The normalised text of a route, e.g. `open,clear:2:adj`, `crawl open`, `crawl` (Low Crawl into a
 * hex given no terrain), `none`. Never throws.
 */
export function formatRoute(hexes: readonly RouteHex[], lowCrawl: boolean): string {
  if (hexes.length === 0) return 'none';
  const text = hexes
    .map((h) => [h.terrain, ...(h.mf !== 1 ? [String(h.mf)] : []), ...(h.adjacent ? ['adj'] : []), ...(h.encircled ? ['enc'] : [])].join(':'))
    .join(',');
  if (!lowCrawl) return text;
  return text === 'clear' ? 'crawl' : `crawl ${text}`;
}

/**
 * The route with every hex but the last marked ADJACENT (`--end-adjacent`: the points where the rout
 * could stop short of its goal are ADJACENT to a Known armed unbroken enemy). Never throws.
 */
export function withStopPointsAdjacent(route: Route): Route {
  const hexes = route.hexes.map((h, i) => (i < route.hexes.length - 1 ? { ...h, adjacent: true } : h));
  return { ...route, hexes, text: formatRoute(hexes, route.lowCrawl) };
}

/**
 * MF the routing stack may spend this RtPh, integer in {3, 6}: 6 for a broken unit (A10.5), 3 for a
 * wounded SMC (A10.5, A17.2). A leader routing with it (A10.711) moves with it and has at least as
 * many. Counts a SMC wounded during the rout (the module doc of `rout-chain.ts` says how). Never throws.
 * @example routMF(broken467) // 6
 */
export function routMF(u: UnitState): number {
  return isSMC(u) && u.wounded ? WOUNDED_SMC_MF : BROKEN_ROUT_MF;
}

/**
 * MF spent to enter each hex, integers: the hex's MF, doubled for the first hex when the unit begins
 * the RtPh in an Encircled Location (A7.7). Low Crawl costs the entire allotment (A10.52).
 * @param allotment the stack's MF ({@link routMF})
 * Never throws.
 * @example routeMFCosts(parseRoute('open:2,clear', '--path'), true, 6) // [4, 1]
 */
export function routeMFCosts(route: Route, encircledStart: boolean, allotment: number): number[] {
  if (route.lowCrawl) return [allotment];
  return route.hexes.map((h, i) => (i === 0 && encircledStart ? 2 * h.mf : h.mf));
}

/**
 * Checks that the route fits the unit's MF (A10.5, A17.2, A7.7) and that a Disrupted unit does not Low
 * Crawl (A19.12).
 * @param option the option named in errors (`--path`, `--compare`)
 * @throws AslOddsError `input.path` / `input.compare` (over budget), `input.lowCrawl` (Disrupted)
 */
export function checkRoute(route: Route, unit: UnitState, encircledStart: boolean, option: string): void {
  const code = option === '--compare' ? 'input.compare' : 'input.path';
  if (route.lowCrawl && unit.disrupted) {
    throw inputError('input.lowCrawl', `${option === '--compare' ? '--compare' : '--low-crawl'}: a Disrupted unit may not use Low Crawl (A19.12)`);
  }
  const allotment = routMF(unit);
  const total = routeMFCosts(route, encircledStart, allotment).reduce((a, b) => a + b, 0);
  if (total > allotment) {
    const who = allotment === WOUNDED_SMC_MF ? 'a wounded SMC has 3 MF (A17.2)' : 'a broken unit has 6 MF in the RtPh (A10.5)';
    const why = encircledStart && !route.lowCrawl ? ' (first hex doubled: Encircled, A7.7)' : '';
    throw inputError(code, `${option}: the route '${route.text}' costs ${total} MF${why} but ${who}`);
  }
}

/**
 * True when the unit may rout at all (A19.12): a Disrupted unit routs only from Open Ground.
 * @param fromOpenGround the unit begins the RtPh in Open Ground (A10.531)
 * Never throws.
 */
export function canRoutFrom(unit: UnitState, fromOpenGround: boolean): boolean {
  return !unit.disrupted || fromOpenGround;
}
