/**
 * The `recovery` question: "what are the odds this unit Recovers the SW/Gun?" (A4.44). Typed input in,
 * exact `OddsResult` out; `recoveryQuery` gives the chain and header for `computeOdds`.
 */
import { buildRecoveryChain, type RecoveryChainState } from '../chains/recovery-chain.js';
import { inputError } from '../errors.js';
import type { OddsResult } from '../result.js';
import { RECOVERY_BELOW, recoveryDRM } from '../rules/recovery.js';
import type { OddsQuery } from './compute-odds.js';
import { exactOddsResult } from './exact-result.js';

/** Input of {@link recoveryExact}; all optional, defaults in brackets. */
export interface RecoveryInput {
  /** The unit is CX: +1 [false]. */
  readonly cx?: boolean;
  /** Night: +1 [false]. */
  readonly night?: boolean;
  /** Any other drm, integer in [-6, 6] [0]. */
  readonly drm?: number;
}

/**
 * The recovery question as a chain and header. Recorded rule set: `2nd-edition` (A4.44 is the same in
 * every rule set).
 * @throws AslOddsError `input.drm` outside [-6, 6]
 */
export function recoveryQuery(input: RecoveryInput): OddsQuery<RecoveryChainState> {
  const drm = input.drm ?? 0;
  if (!Number.isInteger(drm) || drm < -6 || drm > 6) throw inputError('input.drm', `--drm: expected an integer in [-6, 6], got ${drm}`);
  const cx = input.cx ?? false;
  const night = input.night ?? false;
  const total = recoveryDRM({ cx, night, otherDRM: drm });
  return {
    header: { command: 'recovery', ruleSet: '2nd-edition', input: { cx, night, drm, totalDRM: total, success: `Final dr < ${RECOVERY_BELOW}` }, eventNames: [] },
    model: buildRecoveryChain(total),
  };
}

/**
 * Exact odds of one Recovery dr (A4.44): recovered on a Final dr < 6.
 * @throws AslOddsError `input.drm`
 * @example recoveryExact({ cx: true }).outcomes[0] // { state: 'recovered', probability: 0.666..., fraction: '2/3' }
 */
export function recoveryExact(input: RecoveryInput = {}): OddsResult {
  const q = recoveryQuery(input);
  return exactOddsResult(q.header.command, q.header.ruleSet, q.header.input, q.model, q.header.eventNames);
}
