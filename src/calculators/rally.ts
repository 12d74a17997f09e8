/**
 * `rally`: one Rally attempt of a broken unit and its Heat of Battle (A10.6-10.64, A15.1).
 */
import { rallyTerrain } from '../options/option-values.js';
import { flagOption, listOption, oneOf, optionWithDefault } from '../options/typed-option.js';
import { rallyQuery } from '../queries/morale-query.js';
import { RALLY_TERRAIN, type RallyTerrain } from '../rules/rally.js';
import type { OddsCalculator } from './calculator.js';
import { drmOption, RULE_OPTIONS, SITUATION_OPTIONS, situationFrom, UNIT_OPTIONS, unitInputFrom } from './common.js';

const LEADER = listOption('--leader <id>', 'a Good Order leader in the Location attempting the rally (repeatable; the best applies)');
const SELF_RALLY = flagOption('--self-rally', 'the unit attempts Self-Rally (+1; not with a Good Order leader present, A10.63)');
const TERRAIN = optionWithDefault<RallyTerrain>(
  { flags: '--terrain <terrain>', description: 'open, building, woods, pillbox or trench (-1 except open, A10.61)', parse: rallyTerrain, default: 'open' },
  oneOf(RALLY_TERRAIN),
);
const DM = flagOption('--dm', 'the unit is under Desperation Morale (+4, A10.62)');
const DRM = drmOption('other DRM, -6..6');

/** The `rally` question. */
export const rallyCalculator: OddsCalculator = {
  name: 'rally',
  summary:
    'Odds that a broken unit rallies: leader DRM, terrain -1, Self-Rally +1, DM +4, Fate on an Original 12, Heat of Battle after a non-Self-Rally Original 2 (A10.6-10.64, A15.1).',
  examples: ['rally --unit german/4-6-7 --leader german/8-1 --terrain building', 'rally --unit russian/4-4-7 --self-rally --dm --json'],
  options: [
    UNIT_OPTIONS[0],
    LEADER.spec,
    SELF_RALLY.spec,
    TERRAIN.spec,
    DM.spec,
    DRM.spec,
    ...UNIT_OPTIONS.slice(1),
    ...SITUATION_OPTIONS,
    ...RULE_OPTIONS,
  ],
  query: (o) =>
    rallyQuery({
      ...unitInputFrom(o),
      broken: true,
      dm: DM.read(o),
      leaders: LEADER.read(o),
      selfRally: SELF_RALLY.read(o),
      terrain: TERRAIN.read(o),
      drm: DRM.read(o),
      ...situationFrom(o),
    }),
};
