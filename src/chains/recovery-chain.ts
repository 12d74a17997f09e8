/**
 * The Recovery chain (A4.44): one Recovery dr, recovered on a Final dr < 6.
 *
 *   Recovery dr (+1 CX, +1 night, + other drm) --> recovered | not recovered
 *
 * A `ChainModel`, so both engines run it like any other chain.
 */
import type { ChainModel, Roll, Transition } from '../engine/chain.js';
import { resolveRecovery } from '../rules/recovery.js';

/** A state of the Recovery chain. */
export interface RecoveryChainState {
  readonly phase: 'roll' | 'done';
  /** The SW/Gun was Recovered (meaningful once `phase` is `done`). */
  readonly recovered: boolean;
}

/** Outcome names of the Recovery chain. */
export const RECOVERY_OUTCOMES = { recovered: 'recovered', notRecovered: 'not recovered' } as const;

/**
 * Builds the Recovery chain.
 * @param drm total Recovery drm (rules/recovery.ts `recoveryDRM`), integer
 * Never throws.
 * @example enumerateChain(buildRecoveryChain(0)) // recovered 5/6
 */
export function buildRecoveryChain(drm: number): ChainModel<RecoveryChainState> {
  return {
    initial: { phase: 'roll', recovered: false },
    key: (s) => `${s.phase}/${s.recovered ? 1 : 0}`,
    rollOf: (s): Roll | null => (s.phase === 'roll' ? 'dr' : null),
    advance: (_s, index): Transition<RecoveryChainState> => ({ state: { phase: 'done', recovered: resolveRecovery(index + 1, drm) }, events: 0 }),
    describe: (s) => (s.recovered ? RECOVERY_OUTCOMES.recovered : RECOVERY_OUTCOMES.notRecovered),
  };
}
