/**
 * Check kinds (A10.1, A10.2, A7.8, A15.41): what a DR is rolled against and what failure does.
 *
 * - MC (Morale Check): NMC, 1MC..6MC (the # is a DRM), LLMC. Failure breaks (A10.3); an Original 2
 *   triggers Heat of Battle (A15.1); an Original 12 is a Casualty MC (A10.31); Final DR == ML pins
 *   (A7.8).
 * - TC (Task Check): PTC and LLTC fail into pinned; NTC (e.g. the Berserk NTC, A15.41) fails with no
 *   effect. TCs trigger neither HoB (A15.1 names MC and Rally DRs only) nor Casualty MC.
 */
import { inputError } from '../errors.js';

export interface CheckSpec {
  /** 'MC' or 'TC'. */
  readonly kind: 'MC' | 'TC';
  /** The # of a #MC: a DRM added to the DR, integer in [0, 6]. 0 for NMC and TCs. */
  readonly strength: number;
  /** TC only: a failed TC pins the unit (PTC, LLTC) rather than doing nothing (NTC). */
  readonly failurePins: boolean;
  /** Label as typed: `NMC`, `1MC`, ..., `PTC`, `NTC`, `LLMC`, `LLTC`. */
  readonly label: string;
}

/** Check labels accepted by {@link parseCheck}. */
export const CHECK_LABELS = ['NMC', '1MC', '2MC', '3MC', '4MC', '5MC', '6MC', 'PTC', 'NTC'] as const;

/**
 * Parses `NMC`, `1MC`..`6MC`, `PTC`, `NTC` (case-insensitive; `MC` = `NMC`).
 * @throws AslOddsError `input.check` naming the allowed values
 * @example parseCheck('2mc') // { kind: 'MC', strength: 2, failurePins: false, label: '2MC' }
 */
export function parseCheck(s: string): CheckSpec {
  const t = s.trim().toUpperCase();
  if (t === 'NMC' || t === 'MC') return { kind: 'MC', strength: 0, failurePins: false, label: 'NMC' };
  const m = /^([1-6])MC$/.exec(t);
  if (m) return { kind: 'MC', strength: Number(m[1]), failurePins: false, label: `${m[1]}MC` };
  if (t === 'PTC') return { kind: 'TC', strength: 0, failurePins: true, label: 'PTC' };
  if (t === 'NTC' || t === 'TC') return { kind: 'TC', strength: 0, failurePins: false, label: 'NTC' };
  throw inputError('input.check', `--check: unknown check '${s}'; allowed: ${CHECK_LABELS.join(', ')}`);
}

/** A Morale Check of strength # (0 = NMC). */
export function moraleCheck(strength: number, label = strength === 0 ? 'NMC' : `${strength}MC`): CheckSpec {
  return { kind: 'MC', strength, failurePins: false, label };
}
