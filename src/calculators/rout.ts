/**
 * `rout`: a broken unit's rout along a route, hex by hex: Interdiction NMCs in Open Ground, Casualty
 * Reduction, pins and Failure to Rout, Heat of Battle, Low Crawl, a leader routing voluntarily with it
 * (A10.5-10.533, A10.711, A19.12, A15). The CLI's `--compare` (routes side by side) is its own.
 */
import { parseNationality } from '../counters/catalog.js';
import { CLASS_ORDER } from '../counters/types.js';
import { OptionValueError, unitClass } from '../options/option-values.js';
import { flagOption, intOption, isString, oneOf, option, optionWithDefault, requiredOption, textOption } from '../options/typed-option.js';
import { ROUT_FROM, routExact, routQuery, type RoutFrom, type RoutInput } from '../queries/rout-query.js';
import type { OddsCalculator, ParsedOptions } from './calculator.js';
import { drmOption, RULE_OPTIONS, RULES, SETTING } from './common.js';

/** Parses `--from`. @throws OptionValueError naming the allowed terrains */
function routFrom(v: string): RoutFrom {
  const t = v.trim().toLowerCase();
  if (!isRoutFrom(t)) throw new OptionValueError(`expected one of ${ROUT_FROM.join(', ')}.`);
  return t;
}

const isRoutFrom = oneOf(ROUT_FROM);

const UNIT = requiredOption(
  { flags: '--unit <id>', description: 'the broken unit, a catalog id such as german/4-6-7, german/2-4-7, german/8-1 (see `asl-odds units`)' },
  isString,
);
const PATH = requiredOption(
  {
    flags: '--path <route>',
    description:
      "hexes entered, in order: open (Interdiction applies) or clear, each optionally :<MF 1-6>, :adj (ADJACENT to a Known enemy), :enc (Encircled); e.g. open,clear:2,open; 'crawl' (Low Crawl); 'none' (no legal route)",
  },
  isString,
);
const LOW_CRAWL = flagOption('--low-crawl', 'Low Crawl into the one hex of --path: all MF, never Interdicted (A10.52)');
const LEADER = textOption('--leader <id>', 'a Good Order leader routing voluntarily with the unit: adds his DRM, eliminated if it fails a NMC (A10.711)');
const DRM = drmOption('other DRM on every Interdiction NMC, -6..6');
const END_ADJACENT = flagOption('--end-adjacent', 'every hex but the last is ADJACENT to a Known armed unbroken enemy: pinned there = Failure to Rout (A10.53)');
const FROM = optionWithDefault<RoutFrom>(
  {
    flags: '--from <terrain>',
    description: `the hex the unit routs from: ${ROUT_FROM.join(' or ')}; a Disrupted unit routs only from Open Ground (A19.12)`,
    parse: routFrom,
    default: 'open',
  },
  isRoutFrom,
);
const BROKEN_ML = intOption('--broken-ml <n>', 'override the broken-side Morale Level (2-10)', 2, 10);
const CLASS = option({ flags: '--class <class>', description: 'override the class (HoB DRM): elite, 1st-line, 2nd-line, green, conscript', parse: unitClass }, oneOf(CLASS_ORDER));
const NATIONALITY = textOption('--nationality <nat>', 'override the nationality (HoB DRM and results)');
const FANATIC = flagOption('--fanatic', 'the unit is Fanatic: ML +1 (A10.8)');
const WOUNDED = flagOption('--wounded', 'the unit is a wounded SMC: ML -1, 3 MF (A17.2)');
const DISRUPTED = flagOption('--disrupted', 'the unit is Disrupted: routs only from Open Ground, no Low Crawl (A19.12)');
const ENCIRCLED = flagOption('--encircled', 'the unit begins the RtPh Encircled: the first hex costs double MF (A7.7)');
const VS_RUSSIANS = flagOption('--vs-russians', 'the enemy is Russian (SS never surrender by HoB, A15.5)');
/** `--no-quarter`: reads `quarter`, false under No Quarter. */
const QUARTER = flagOption('--no-quarter', 'No Quarter: a unit that cannot rout is eliminated, not captured (A20.3); 2nd Ed HoB surrender becomes berserk');
const ROUT_OPTIONS = [UNIT, PATH, LOW_CRAWL, LEADER, DRM, END_ADJACENT, FROM, BROKEN_ML, CLASS, NATIONALITY, FANATIC, WOUNDED, DISRUPTED, ENCIRCLED, VS_RUSSIANS, QUARTER];

/** The rout input from the parsed options. @throws AslOddsError `input.nationality` */
export function routInputFrom(o: ParsedOptions): RoutInput {
  const brokenML = BROKEN_ML.read(o);
  const unitClass = CLASS.read(o);
  const nationality = NATIONALITY.read(o);
  return {
    unit: UNIT.read(o),
    overrides: {
      ...(brokenML !== undefined ? { brokenML } : {}),
      ...(unitClass !== undefined ? { unitClass } : {}),
      ...(nationality !== undefined ? { nationality: parseNationality(nationality) } : {}),
    },
    fanatic: FANATIC.read(o),
    wounded: WOUNDED.read(o),
    disrupted: DISRUPTED.read(o),
    encircled: ENCIRCLED.read(o),
    path: PATH.read(o),
    lowCrawl: LOW_CRAWL.read(o),
    leader: LEADER.read(o),
    drm: DRM.read(o),
    endAdjacent: END_ADJACENT.read(o),
    from: FROM.read(o),
    rules: RULES.read(o),
    settings: SETTING.read(o),
    vsRussians: VS_RUSSIANS.read(o),
    noQuarter: !QUARTER.read(o),
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
    ...ROUT_OPTIONS.map((t) => t.spec),
    ...RULE_OPTIONS,
  ],
  query: (o) => routQuery(routInputFrom(o)),
  exact: (o) => routExact(routInputFrom(o)),
};
