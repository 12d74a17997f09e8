/**
 * `integrity`: one Battlefield Integrity Check (A16.2) or an attempt to regain ELR (A16.3).
 */
import { intIn } from '../options/option-values.js';
import { integrityQuery } from '../queries/integrity-query.js';
import type { RuleSetId } from '../rules/rule-set.js';
import type { OddsCalculator } from './calculator.js';
import { RULE_OPTIONS } from './common.js';

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
    { flags: '--losses <n>', description: 'Integrity Base losses so far, this one included (+1 DRM each), 1-20', parse: intIn(0, 20), required: true },
    { flags: '--leader <id>', description: "the side's best Good Order leader (adds his modifier), e.g. russian/9-1" },
    { flags: '--no-leader', description: 'the side has no Good Order leader (setting integrityNoLeaderDRM, default +1)' },
    { flags: '--enemy-armor', description: 'enemy unopposed armor support (+1)' },
    { flags: '--enemy-air', description: 'enemy air support (+1)' },
    { flags: '--friendly-armor', description: 'friendly unopposed armor support (-1)' },
    { flags: '--friendly-air', description: 'friendly air support (-1)' },
    { flags: '--elr <n>', description: "the side's current ELR, 0-5", parse: intIn(0, 5) },
    { flags: '--regain', description: 'an attempt to regain ELR instead of a check (A16.3)' },
    { flags: '--reinforcement-bpv <n>', description: 'regain: MMC BPV of the reinforcements that arrived this Player Turn', parse: intIn(0, 100000) },
    { flags: '--integrity-base <n>', description: 'regain: the Integrity Base before they arrived', parse: intIn(1, 100000) },
    { flags: '--starting-elr <n>', description: 'regain: the ELR the side started with (default current + 1)', parse: intIn(0, 5) },
    ...RULE_OPTIONS,
  ],
  // `--no-leader` and `--leader <id>` share the attribute `leader` (as in commander): false = no leader.
  query: (o) =>
    integrityQuery({
      losses: o.losses as number,
      leader: typeof o.leader === 'string' ? o.leader : undefined,
      noLeader: o.leader === false,
      enemyArmor: o.enemyArmor as boolean | undefined,
      enemyAir: o.enemyAir as boolean | undefined,
      friendlyArmor: o.friendlyArmor as boolean | undefined,
      friendlyAir: o.friendlyAir as boolean | undefined,
      elr: o.elr as number | undefined,
      regain: o.regain as boolean | undefined,
      reinforcementBPV: o.reinforcementBpv as number | undefined,
      integrityBase: o.integrityBase as number | undefined,
      startingELR: o.startingElr as number | undefined,
      rules: o.rules as RuleSetId,
      settings: o.setting as Record<string, string> | undefined,
    }),
};
