/**
 * One Battlefield Integrity DR (A16.2) or one attempt to regain ELR (A16.3), as a chain.
 *
 *   Integrity Check DR: Final DR >= 12 -> the side's ELR falls by one (never below 0, A16.21)
 *   Regain DR: Final DR <= 2 counting only negative DRM -> one ELR regained, IB-loss DRM cleared
 */
import { ALL_DR } from '../dice/dice.js';
import type { ChainModel } from '../engine/chain.js';
import { isELRLost, isELRRegained, lowerELR } from '../rules/battlefield-integrity.js';
import { Ev } from '../rules/events.js';

/** The input of the chain. */
export interface IntegrityChainSpec {
  /** 'check': an Integrity Check; 'regain': an attempt to regain ELR. */
  readonly kind: 'check' | 'regain';
  /** Total DRM: the Integrity Check DRM, or (regain) the sum of negative DRM, integer. */
  readonly drm: number;
  /** The side's ELR before the DR, integer in [0, 5]. */
  readonly elr: number;
  /** Regain only: the ELR the side started with (it may not gain ELR it has not lost). */
  readonly startingELR: number;
}

/** A state: before the DR, or the ELR after it. */
export interface IntegrityState {
  readonly done: boolean;
  readonly elr: number;
  readonly success: boolean;
}

/** Builds the chain. Never throws. */
export function buildIntegrityChain(spec: IntegrityChainSpec): ChainModel<IntegrityState> {
  return {
    initial: { done: false, elr: spec.elr, success: false },
    key: (s) => `${+s.done}${s.elr}${+s.success}`,
    rollOf: (s) => (s.done ? null : 'DR'),
    advance(s, index) {
      const dr = ALL_DR[index];
      const original = dr.white + dr.colored;
      if (spec.kind === 'check') {
        const lost = isELRLost(original, spec.drm);
        const elr = lost ? lowerELR(s.elr) : s.elr;
        return { state: { done: true, elr, success: lost }, events: lost && elr < s.elr ? Ev.elrLoss : 0 };
      }
      const ok = isELRRegained(original, spec.drm);
      const elr = ok ? Math.min(spec.startingELR, s.elr + 1) : s.elr;
      // A16.3: a side may not gain ELR it has not lost; a success then only clears the IB-loss DRM.
      return { state: { done: true, elr, success: ok }, events: elr > s.elr ? Ev.elrRegain : 0 };
    },
    describe(s) {
      if (spec.kind === 'check') {
        if (!s.success) return `ELR stays ${s.elr}`;
        return s.elr < spec.elr ? `ELR falls to ${s.elr}` : `ELR lost, but already 0`;
      }
      if (!s.success) return `ELR stays ${s.elr}`;
      return s.elr > spec.elr ? `ELR regained: ${s.elr}, IB-loss DRM cleared` : `IB-loss DRM cleared (ELR ${s.elr}: none lost)`;
    },
  };
}
