/**
 * What a counter is worth to its side, read from its profile: squad-equivalents (A16: the size of a
 * side's infantry for Battlefield Integrity and casualty counts) and the BPV of a MMC.
 */
import type { UnitProfile } from './types.js';

/**
 * Squad-equivalents of a MMC (A16: squad 1, HS and crew 0.5), SMC 0.
 * Never throws.
 * @example squadEquivalents(getUnit('german/2-4-7')) // 0.5
 */
export function squadEquivalents(p: UnitProfile): number {
  return p.kind === 'squad' ? 1 : p.kind === 'hs' || p.kind === 'crew' ? 0.5 : 0;
}

/**
 * BPV of a MMC (0 for SMC or unknown BPV: the catalog marks BPV estimates low confidence).
 * Never throws.
 */
export function mmcBPV(p: UnitProfile): number {
  return p.kind === 'leader' || p.kind === 'hero' ? 0 : p.bpv ?? 0;
}
