/**
 * `integrity`: one Battlefield Integrity Check (A16.2) or an attempt to regain ELR (A16.3).
 */
import type { OptionSpec } from '../options/option-spec.js';
import { intIn } from '../options/option-values.js';
import { flagOption, intOption, option, requiredOption, type Guard } from '../options/typed-option.js';
import { integrityQuery } from '../queries/integrity-query.js';
import type { OddsCalculator } from './calculator.js';
import { RULE_OPTIONS, RULES, SETTING } from './common.js';

const LOSSES = requiredOption(
  { flags: '--losses <n>', description: 'Integrity Base losses so far, this one included (+1 DRM each), 1-20', parse: intIn(0, 20) },
  (v): v is number => typeof v === 'number',
);
// `--no-leader` and `--leader <id>` share the attribute `leader` (as in commander): a leader's id, false = no leader.
const isLeaderOrNone: Guard<string | false> = (v): v is string | false => typeof v === 'string' || v === false;
const LEADER = option({ flags: '--leader <id>', description: "the side's best Good Order leader (adds his modifier), e.g. russian/9-1" }, isLeaderOrNone);
const NO_LEADER: OptionSpec = { flags: '--no-leader', description: 'the side has no Good Order leader (setting integrityNoLeaderDRM, default +1)' };
const ENEMY_ARMOR = flagOption('--enemy-armor', 'enemy unopposed armor support (+1)');
const ENEMY_AIR = flagOption('--enemy-air', 'enemy air support (+1)');
const FRIENDLY_ARMOR = flagOption('--friendly-armor', 'friendly unopposed armor support (-1)');
const FRIENDLY_AIR = flagOption('--friendly-air', 'friendly air support (-1)');
const ELR = intOption('--elr <n>', "the side's current ELR, 0-5", 0, 5);
const REGAIN = flagOption('--regain', 'an attempt to regain ELR instead of a check (A16.3)');
const REINFORCEMENT_BPV = intOption('--reinforcement-bpv <n>', 'regain: MMC BPV of the reinforcements that arrived this Player Turn', 0, 100000);
const INTEGRITY_BASE = intOption('--integrity-base <n>', 'regain: the Integrity Base before they arrived', 1, 100000);
const STARTING_ELR = intOption('--starting-elr <n>', 'regain: the ELR the side started with (default current + 1)', 0, 5);

/** The `integrity` question. */
export const integrityCalculator: OddsCalculator = {
  name: 'integrity',
  summary:
    'Odds that a Battlefield Integrity Check lowers the ELR (Final DR >= 12, A16.2), or that a regain attempt succeeds (Final DR <= 2 with only negative DRM, A16.3).',
  examples: [
    'integrity --losses 1 --leader russian/9-1          # A16.21 EX: ELR lost only on an Original 12',
    'integrity --losses 3 --no-leader --enemy-armor --json',
    'integrity --regain --losses 2 --elr 2 --reinforcement-bpv 41 --integrity-base 40',
  ],
  options: [
    ...[LOSSES, LEADER].map((t) => t.spec),
    NO_LEADER,
    ...[ENEMY_ARMOR, ENEMY_AIR, FRIENDLY_ARMOR, FRIENDLY_AIR, ELR, REGAIN, REINFORCEMENT_BPV, INTEGRITY_BASE, STARTING_ELR].map((t) => t.spec),
    ...RULE_OPTIONS,
  ],
  query: (o) => {
    const leader = LEADER.read(o);
    return integrityQuery({
      losses: LOSSES.read(o),
      leader: leader === false ? undefined : leader,
      noLeader: leader === false,
      enemyArmor: ENEMY_ARMOR.read(o),
      enemyAir: ENEMY_AIR.read(o),
      friendlyArmor: FRIENDLY_ARMOR.read(o),
      friendlyAir: FRIENDLY_AIR.read(o),
      elr: ELR.read(o),
      regain: REGAIN.read(o),
      reinforcementBPV: REINFORCEMENT_BPV.read(o),
      integrityBase: INTEGRITY_BASE.read(o),
      startingELR: STARTING_ELR.read(o),
      rules: RULES.read(o),
      settings: SETTING.read(o),
    });
  },
};
