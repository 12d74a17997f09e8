/**
 * Battle Hardening (A15.3): the unit is exchanged for an unbroken, unpinned unit of the same size and
 * the next higher quality (the catalog's ladder, least-gain rule); a leader for the next higher grade.
 * An already elite MMC, the best leader, or a Partisan becomes Fanatic instead (A10.8), and keeps that
 * for the rest of the game. Battle Hardening can be refused (setting `refuseBattleHardening`).
 * A broken or Disrupted unit that is Battle Hardened is rallied by the exchange.
 * Where A15.3 reads two ways, settings decide: `partisanLeaderHardening` (a Partisan leader becomes
 * Fanatic, or is promoted) and `fanaticHardeningRallies` (a unit only made Fanatic is also rallied and
 * unpinned, or not).
 */
import { Ev } from './events.js';
import { battleHardeningOf } from '../counters/catalog.js';
import type { RuleSet } from './rule-set.js';
import type { StepResult } from './step-result.js';
import { withChanges, type UnitState } from './unit-state.js';

/**
 * Applies a Battle Hardening result.
 * @returns the exchanged unit; events battleHardening, plus fanatic (first time Fanatic) and rally
 * (was broken). Under `refuseBattleHardening` the unit is unchanged and no event is reported.
 * Never throws.
 * @example resolveBattleHardening(german247, rs).unit.profile.name // '2-4-8'
 */
export function resolveBattleHardening(u: UnitState, ruleSet: RuleSet): StepResult {
  const settings = ruleSet.settings;
  if (settings.refuseBattleHardening) return { unit: u, events: 0, woundSeverityDRM: null };
  const partisanFanatic = u.profile.nationality === 'partisan' && (u.profile.kind !== 'leader' || settings.partisanLeaderHardening === 'fanatic');
  const higher = partisanFanatic ? null : battleHardeningOf(u.profile);
  let events = Ev.battleHardening;
  if (higher === null && !u.fanatic) events |= Ev.fanatic;
  if (higher === null && !settings.fanaticHardeningRallies) {
    // Nothing to exchange it for: only Fanatic (setting `fanaticHardeningRallies: false`).
    return { unit: withChanges(u, { fanatic: true }), events, woundSeverityDRM: null };
  }
  if (u.status === 'broken') events |= Ev.rally;
  const unit = withChanges(u, {
    profile: higher ?? u.profile,
    fanatic: u.fanatic || higher === null,
    status: 'good-order',
    pinned: false,
    disrupted: false,
    dm: false,
  });
  return { unit, events, woundSeverityDRM: null };
}
