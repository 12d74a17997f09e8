/**
 * `mc`: a Morale or Task Check on one unit and the Heat of Battle chain that follows (A10, A15, A19).
 */
import { flagOption, listOption, optionWithDefault, isString } from '../options/typed-option.js';
import { mcQuery } from '../queries/morale-query.js';
import type { OddsCalculator } from './calculator.js';
import { drmOption, RULE_OPTIONS, SITUATION_OPTIONS, situationFrom, UNIT_OPTIONS, unitInputFrom } from './common.js';

const CHECK = optionWithDefault({ flags: '--check <check>', description: 'NMC, 1MC..6MC, PTC or NTC', default: 'NMC' }, isString);
const DRM = drmOption('other DRM on the check (terrain, etc.), -6..6');
const LEADER = listOption('--leader <id>', 'a Good Order leader in the Location lending his DRM (repeatable; the best applies, A10.7)');
const BROKEN = flagOption('--broken', 'the unit is already broken: a failure Casualty Reduces it (A10.3)');
const BERSERK = flagOption('--berserk', 'the unit is berserk: ML 10, failure Casualty Reduces (A15.42)');

/** The `mc` question. */
export const mcCalculator: OddsCalculator = {
  name: 'mc',
  summary:
    'Odds of a Morale Check (NMC, #MC), PTC or NTC on one unit: pass, pin, break, Casualty MC, ELR Replacement or Disruption, wounds, and the Heat of Battle that follows an Original 2 (A10, A15, A19).',
  examples: ['mc --unit german/4-6-7 --check 1MC --leader german/8-1', 'mc --unit russian/4-4-7 --check 2MC --elr 2 --adjacent-enemy --json'],
  options: [
    UNIT_OPTIONS[0],
    CHECK.spec,
    DRM.spec,
    LEADER.spec,
    BROKEN.spec,
    BERSERK.spec,
    ...UNIT_OPTIONS.slice(1),
    ...SITUATION_OPTIONS,
    ...RULE_OPTIONS,
  ],
  query: (o) =>
    mcQuery({
      ...unitInputFrom(o),
      broken: BROKEN.read(o),
      berserk: BERSERK.read(o),
      check: CHECK.read(o),
      drm: DRM.read(o),
      leaders: LEADER.read(o),
      ...situationFrom(o),
    }),
};
