/**
 * Hero rows: one 1-4-9 hero per nationality, id `<nat>/hero` (A15.2).
 *
 * A hero is a SMC with Strength Factor 1-4-9; its wounded side (1-3-8) is not a row: the resolver marks
 * a hero `wounded` (A15.2, A17.2: ML -1). Decisions:
 * - `brokenML` is 9 and unused: a hero never breaks (A15.2).
 * - `unitClass` is '1st-line', the neutral value: heroes have no class and are not subject to Heat of
 *   Battle (A15.1) nor Cowering (A15.2).
 * - No BPV (Battlefield Integrity counts MMC only).
 * A leader that becomes heroic stays a leader row (the resolver marks him heroic, A15.21).
 */
import type { Nationality, UnitProfile } from './types.js';

/**
 * Builds the hero row of each nationality, in the given order.
 * @param nationalities normally `NATIONALITIES`.
 * @returns frozen {@link UnitProfile} rows of kind 'hero'. Never throws.
 * @example buildHeroRows(['german'])[0].id // 'german/hero'
 */
export function buildHeroRows(nationalities: readonly Nationality[]): UnitProfile[] {
  return nationalities.map((nat) =>
    Object.freeze({
      id: `${nat}/hero`,
      name: '1-4-9',
      nationality: nat,
      kind: 'hero',
      unitClass: '1st-line',
      fp: 1,
      range: 4,
      ml: 9,
      brokenML: 9,
      leadershipDRM: 0,
      selfRallyBox: false,
      traits: Object.freeze({}),
      source: 'A15.2 (hero 1-4-9, wounded 1-3-8 by flag); never breaks: brokenML unused',
      confidence: 'high',
    } satisfies UnitProfile),
  );
}
