/**
 * `rout`: a broken unit's rout along a route, hex by hex: Interdiction NMCs in Open Ground, Casualty
 * Reduction, pins and Failure to Rout, Heat of Battle, Low Crawl, a leader routing voluntarily with it
 * (A10.5-10.533, A10.711, A19.12, A15). The CLI's `--compare` (routes side by side) is its own.
 */
import { parseNationality } from '../counters/catalog.js';
import type { UnitClass } from '../counters/types.js';
import { intIn, OptionValueError, unitClass } from '../options/option-values.js';
import { ROUT_FROM, routExact, routQuery, type RoutFrom, type RoutInput } from '../queries/rout-query.js';
import type { RuleSetId } from '../rules/rule-set.js';
import type { OddsCalculator, ParsedOptions } from './calculator.js';
import { drmOption, RULE_OPTIONS } from './common.js';

/** Parses `--from`. @throws OptionValueError naming the allowed terrains */
function routFrom(v: string): RoutFrom {
  const t = v.trim().toLowerCase() as RoutFrom;
  if (!ROUT_FROM.includes(t)) throw new OptionValueError(`expected one of ${ROUT_FROM.join(', ')}.`);
  return t;
}

/** The rout input from the parsed options. @throws AslOddsError `input.nationality` */
export function routInputFrom(o: ParsedOptions): RoutInput {
  return {
    unit: o.unit as string,
    overrides: {
      ...(o.brokenMl !== undefined ? { brokenML: o.brokenMl as number } : {}),
      ...(o.class !== undefined ? { unitClass: o.class as UnitClass } : {}),
      ...(o.nationality !== undefined ? { nationality: parseNationality(o.nationality as string) } : {}),
    },
    fanatic: o.fanatic as boolean | undefined,
    wounded: o.wounded as boolean | undefined,
    disrupted: o.disrupted as boolean | undefined,
    encircled: o.encircled as boolean | undefined,
    path: o.path as string,
    lowCrawl: o.lowCrawl as boolean | undefined,
    leader: o.leader as string | undefined,
    drm: o.drm as number | undefined,
    endAdjacent: o.endAdjacent as boolean | undefined,
    from: o.from as RoutFrom,
    rules: o.rules as RuleSetId,
    settings: o.setting as Record<string, string> | undefined,
    vsRussians: !!o.vsRussians,
    noQuarter: o.quarter === false,
  };
}

/** The `rout` question. */
export const routCalculator: OddsCalculator = {
  name: 'rout',
  summary:
    'Odds of a broken unit routing along a route: an Interdiction NMC in each Open Ground hex, Casualty Reduction, pins and Failure to Rout, Heat of Battle, Low Crawl, a leader routing with it (A10.5-10.533, A10.711, A19.12, A15).',
  examples: [
    'rout --unit german/4-6-7 --path open,open',
    'rout --unit german/4-6-7 --path open,open --leader german/8-1 --end-adjacent',
    'rout --unit russian/4-4-7 --path open,open --compare crawl "clear:2,open"',
  ],
  options: [
    { flags: '--unit <id>', description: 'the broken unit, a catalog id such as german/4-6-7, german/2-4-7, german/8-1 (see `asl-odds units`)', required: true },
    {
      flags: '--path <route>',
      description:
        "hexes entered, in order: open (Interdiction applies) or clear, each optionally :<MF 1-6>, :adj (ADJACENT to a Known enemy), :enc (Encircled); e.g. open,clear:2,open; 'crawl' (Low Crawl); 'none' (no legal route)",
      required: true,
    },
    { flags: '--low-crawl', description: 'Low Crawl into the one hex of --path: all MF, never Interdicted (A10.52)' },
    { flags: '--leader <id>', description: 'a Good Order leader routing voluntarily with the unit: adds his DRM, eliminated if it fails a NMC (A10.711)' },
    drmOption('other DRM on every Interdiction NMC, -6..6'),
    { flags: '--end-adjacent', description: 'every hex but the last is ADJACENT to a Known armed unbroken enemy: pinned there = Failure to Rout (A10.53)' },
    {
      flags: '--from <terrain>',
      description: `the hex the unit routs from: ${ROUT_FROM.join(' or ')}; a Disrupted unit routs only from Open Ground (A19.12)`,
      parse: routFrom,
      default: 'open',
    },
    { flags: '--broken-ml <n>', description: 'override the broken-side Morale Level (2-10)', parse: intIn(2, 10) },
    { flags: '--class <class>', description: 'override the class (HoB DRM): elite, 1st-line, 2nd-line, green, conscript', parse: unitClass },
    { flags: '--nationality <nat>', description: 'override the nationality (HoB DRM and results)' },
    { flags: '--fanatic', description: 'the unit is Fanatic: ML +1 (A10.8)' },
    { flags: '--wounded', description: 'the unit is a wounded SMC: ML -1, 3 MF (A17.2)' },
    { flags: '--disrupted', description: 'the unit is Disrupted: routs only from Open Ground, no Low Crawl (A19.12)' },
    { flags: '--encircled', description: 'the unit begins the RtPh Encircled: the first hex costs double MF (A7.7)' },
    { flags: '--vs-russians', description: 'the enemy is Russian (SS never surrender by HoB, A15.5)' },
    { flags: '--no-quarter', description: 'No Quarter: a unit that cannot rout is eliminated, not captured (A20.3); 2nd Ed HoB surrender becomes berserk' },
    ...RULE_OPTIONS,
  ],
  query: (o) => routQuery(routInputFrom(o)),
  exact: (o) => routExact(routInputFrom(o)),
};
