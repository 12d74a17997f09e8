/**
 * Hand-built odds results for the report tests.
 *
 * EXACT_NMC: a Normal MC (A10.1) of a ML 7 squad with no DRM, by hand from the 36 DR:
 * - Final DR 2..6 pass: 1+2+3+4+5 = 15/36;
 * - Final DR 7 = ML pins (A7.8): 6/36;
 * - Final DR 8..11 breaks: 5+4+3+2 = 14/36;
 * - Original DR 12 breaks with a Casualty MC (A10.31), here made up as always reducing: 1/36.
 * The Heat of Battle (1/1296) and berserk (1/46656) events are made up to exercise `0.1%` vs `<0.1%`
 * and thousands separators.
 *
 * MONTE_CARLO: the same chain as if sampled 1,000,000 times with seed 42 (counts made up, summing to
 * 1,000,000; ci95 made up around them).
 */
import type { OddsResult } from '../../src/result.js';

export const EXACT_NMC: OddsResult = {
  command: 'mc',
  ruleSet: '2nd-edition',
  method: 'exact',
  trials: null,
  seed: null,
  version: '0.1.0',
  input: { unit: 'german/4-6-7', check: 'NMC', ml: 7, drm: 0, leader: null },
  outcomes: [
    { state: 'good order', probability: 15 / 36, fraction: '5/12' },
    { state: 'broken 4-6-7', probability: 14 / 36, fraction: '7/18' },
    { state: 'pinned', probability: 6 / 36, fraction: '1/6' },
    { state: 'broken, reduced to 2-4-7 "HS"', probability: 1 / 36, fraction: '1/36' },
  ],
  events: {
    pass: 15 / 36,
    pin: 6 / 36,
    break: 15 / 36,
    casualtyReduction: 1 / 36,
    heatOfBattle: 1 / 1296,
    berserk: 1 / 46656,
    hero: 0,
  },
  eventFractions: {
    pass: '5/12',
    pin: '1/6',
    break: '5/12',
    casualtyReduction: '1/36',
    heatOfBattle: '1/1296',
    berserk: '1/46656',
    hero: '0',
  },
};

export const MONTE_CARLO: OddsResult = {
  command: 'mc',
  ruleSet: '2nd-edition',
  method: 'monte-carlo',
  trials: 1_000_000,
  seed: '42',
  version: '0.1.0',
  input: { unit: 'german/4-6-7', check: 'NMC' },
  outcomes: [
    { state: 'good order', probability: 0.4168, count: 416_800, ci95: [0.4155, 0.4181] },
    { state: 'broken 4-6-7', probability: 0.3886, count: 388_600, ci95: [0.3874, 0.3898] },
    { state: 'pinned', probability: 0.1668, count: 166_800, ci95: [0.1661, 0.1675] },
    { state: 'broken, reduced to 2-4-7 "HS"', probability: 0.0278, count: 27_800, ci95: [0.0275, 0.0281] },
  ],
  events: { pass: 0.4168, pin: 0.1668, break: 0.4164, casualtyReduction: 0.0278 },
};
