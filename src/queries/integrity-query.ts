/**
 * The `integrity` question: "what are the odds that this Integrity Check costs my side an ELR
 * level?" (A16.2), or "that I regain one?" (A16.3).
 */
import type { EventName } from '../rules/events.js';
import { buildIntegrityChain, type IntegrityState } from '../chains/integrity-chain.js';
import { getUnit } from '../counters/catalog.js';
import { inputError } from '../errors.js';
import { integrityCheckDRM, regainReinforcementDRM } from '../rules/battlefield-integrity.js';
import { getRuleSet, type RuleSetId } from '../rules/rule-set.js';
import type { OddsQuery } from './compute-odds.js';
import { checkIntInput } from './input-checks.js';

/** Input of {@link integrityQuery}. All optional except `losses`; defaults in brackets. */
export interface IntegrityInput {
  /** Integrity Base losses so far including this one, integer in [1, 20]. */
  readonly losses: number;
  /** Best friendly Good Order leader [none given: modifier 0]. */
  readonly leader?: string;
  /** The side has no Good Order leader (setting `integrityNoLeaderDRM`). */
  readonly noLeader?: boolean;
  readonly enemyArmor?: boolean;
  readonly enemyAir?: boolean;
  readonly friendlyArmor?: boolean;
  readonly friendlyAir?: boolean;
  /** The side's current ELR, integer in [0, 5] [3]. */
  readonly elr?: number;
  /** Regain attempt instead of a check (A16.3). */
  readonly regain?: boolean;
  /** Regain: MMC BPV of this Player Turn's reinforcements, integer >= 0 [0]. */
  readonly reinforcementBPV?: number;
  /** Regain: the Integrity Base before they arrived, integer >= 1 (needed with reinforcementBPV). */
  readonly integrityBase?: number;
  /** Regain: the ELR the side started the scenario with, [0, 5] [elr + 1]. */
  readonly startingELR?: number;
  readonly rules?: RuleSetId;
  readonly settings?: Readonly<Record<string, string>>;
}

/** Events of the `integrity` command. */
export const INTEGRITY_EVENTS: readonly EventName[] = ['elrLoss', 'elrRegain'];


/**
 * The integrity question as a chain.
 * @throws AslOddsError `input.losses`, `input.elr`, `input.leader`, `input.integrity-base`, ...
 * @example exact P(elrLoss) for { losses: 1, leader: 'russian/9-1' } is 1/36 (A16.21 EX)
 */
export function integrityQuery(i: IntegrityInput): OddsQuery<IntegrityState> {
  const ruleSet = getRuleSet(i.rules ?? '2nd-edition', i.settings ?? {});
  const losses = checkIntInput('losses', i.losses, i.regain ? 0 : 1, 20);
  const elr = checkIntInput('elr', i.elr ?? 3, 0, 5);
  if (i.leader && i.noLeader) throw inputError('input.leader', '--leader and --no-leader exclude each other');
  if (!i.regain) {
    const only = (['reinforcementBPV', 'integrityBase', 'startingELR'] as const).find((k) => i[k] !== undefined);
    if (only) throw inputError('input.regain', `--${only === 'reinforcementBPV' ? 'reinforcement-bpv' : only === 'integrityBase' ? 'integrity-base' : 'starting-elr'} applies to an attempt to regain ELR (A16.3); add --regain`);
  }
  let bestLeaderDRM: number | null = 0;
  if (i.noLeader) bestLeaderDRM = null;
  else if (i.leader) {
    const p = getUnit(i.leader);
    if (p.kind !== 'leader') throw inputError('input.leader', `--leader: '${i.leader}' is a ${p.kind}, not a leader`);
    bestLeaderDRM = p.leadershipDRM;
  }
  const situation = {
    ibLosses: losses,
    bestLeaderDRM,
    enemyArmor: !!i.enemyArmor,
    enemyAir: !!i.enemyAir,
    friendlyArmor: !!i.friendlyArmor,
    friendlyAir: !!i.friendlyAir,
  };
  let drm: number;
  let startingELR = elr;
  let reinforcementDRM = 0;
  if (i.regain) {
    const bpv = checkIntInput('reinforcement-bpv', i.reinforcementBPV ?? 0, 0, 100000);
    if (bpv > 0 && i.integrityBase === undefined) throw inputError('input.integrity-base', '--reinforcement-bpv needs --integrity-base <n> (the Integrity Base before they arrived)');
    reinforcementDRM = bpv > 0 ? regainReinforcementDRM(bpv, checkIntInput('integrity-base', i.integrityBase!, 1, 100000)) : 0;
    startingELR = checkIntInput('starting-elr', i.startingELR ?? Math.min(5, elr + 1), elr, 5);
    // A16.3: ignore all positive DRM, apply all negative ones.
    const parts = [bestLeaderDRM ?? 0, -(situation.friendlyArmor ? 1 : 0), -(situation.friendlyAir ? 1 : 0), reinforcementDRM];
    drm = parts.filter((d) => d < 0).reduce((a, b) => a + b, 0);
  } else {
    drm = integrityCheckDRM(situation, ruleSet);
  }
  const model = buildIntegrityChain({ kind: i.regain ? 'regain' : 'check', drm, elr, startingELR });
  const input = {
    kind: i.regain ? 'regain' : 'check',
    losses,
    leader: i.leader ?? null,
    noLeader: !!i.noLeader,
    bestLeaderDRM,
    enemyArmor: situation.enemyArmor,
    enemyAir: situation.enemyAir,
    friendlyArmor: situation.friendlyArmor,
    friendlyAir: situation.friendlyAir,
    elr,
    ...(i.regain ? { startingELR, reinforcementDRM } : {}),
    totalDRM: drm,
  };
  return { header: { command: 'integrity', ruleSet: ruleSet.id, input, eventNames: INTEGRITY_EVENTS }, model };
}
