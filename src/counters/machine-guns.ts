/**
 * Machine guns (A9) as firers of a fire attack: FP, Normal Range and B# per nationality.
 *
 * Source: kehannan/ruleschat `app/asl/attack_resolver.py` SW_TABLE, read from the VASL 6.7.3 counter
 * art (medium: one secondary source). B# (Breakdown Number) was not found in a public transcription:
 * `null` (unknown), never guessed; the attack engine does not roll malfunction. docs/rules-notes-fire.md
 * "MG data" lists every row with its source.
 */
import { AslOddsError } from '../errors.js';
import type { Nationality, Provenance } from './types.js';
import { parseNationality } from './nationalities.js';

/** Sizes of MG: light, medium, heavy. */
export const MachineGunSize = { lmg: 'lmg', mmg: 'mmg', hmg: 'hmg' } as const;
export type MachineGunSize = (typeof MachineGunSize)[keyof typeof MachineGunSize];
export const MACHINE_GUN_SIZES: readonly MachineGunSize[] = Object.values(MachineGunSize);

/** One MG counter. */
export interface MachineGunProfile extends Provenance {
  /** Id a player types: `german/lmg`, `russian/hmg`. */
  readonly id: string;
  /** Printed name, e.g. `LMG`. */
  readonly name: string;
  readonly nationality: Nationality;
  readonly size: MachineGunSize;
  /** Firepower factor, integer >= 1. */
  readonly fp: number;
  /** Normal Range in hexes, integer >= 1 (Long Range to twice it, A7.22). */
  readonly range: number;
  /** Breakdown Number (A9.7), integer in [2, 12], or null where no source was found. */
  readonly breakdown: number | null;
}

const SOURCE = 'kehannan/ruleschat attack_resolver.py SW_TABLE (VASL 6.7.3 counter art); B# not found';

/** [nationality, LMG FP-range, MMG FP-range, HMG FP-range]. */
const ROWS: readonly (readonly [Nationality, readonly [number, number], readonly [number, number], readonly [number, number]])[] = [
  ['german', [3, 8], [5, 12], [7, 16]],
  ['russian', [2, 6], [4, 10], [6, 12]],
  ['american', [2, 6], [4, 10], [6, 12]],
  ['british', [2, 7], [4, 12], [6, 14]],
  ['italian', [2, 5], [4, 10], [6, 12]],
  ['japanese', [2, 6], [4, 11], [6, 14]],
  ['finnish', [3, 8], [5, 12], [7, 16]],
];

/** Every MG of the table, frozen. */
export const MACHINE_GUNS: readonly MachineGunProfile[] = Object.freeze(
  ROWS.flatMap(([nationality, ...sizes]) =>
    sizes.map(([fp, range], i) =>
      Object.freeze({
        id: `${nationality}/${MACHINE_GUN_SIZES[i]}`,
        name: MACHINE_GUN_SIZES[i].toUpperCase(),
        nationality,
        size: MACHINE_GUN_SIZES[i],
        fp,
        range,
        breakdown: null,
        source: SOURCE,
        confidence: 'medium' as const,
      }),
    ),
  ),
);

const BY_ID = new Map(MACHINE_GUNS.map((m) => [m.id, m]));

/** True when `id` names a MG (`german/lmg`, `LMG`, `russian hmg`), whatever its nationality. Never throws. */
export function isMachineGunId(id: string): boolean {
  return /(^|[\s/])(lmg|mmg|hmg)$/i.test(id.trim());
}

/**
 * Looks a MG up.
 * @param id `<nat>/<lmg|mmg|hmg>` (case-insensitive, spaces ignored); without a nationality, `defaultNationality`
 * @throws AslOddsError `catalog.unknownUnit` naming the MGs there are
 * @example getMachineGun('german/mmg').fp // 5
 */
export function getMachineGun(id: string, defaultNationality: Nationality = 'german'): MachineGunProfile {
  const s = id.trim().toLowerCase().replace(/\s+/g, ' ');
  const m = /^(?:(.+?)\s*[/ ]\s*)?(lmg|mmg|hmg)$/.exec(s);
  let nationality: Nationality | undefined = defaultNationality;
  if (m?.[1] !== undefined) {
    try {
      nationality = parseNationality(m[1]);
    } catch {
      nationality = undefined;
    }
  }
  const row = m && nationality ? BY_ID.get(`${nationality}/${m[2]}`) : undefined;
  if (row === undefined) {
    throw new AslOddsError('catalog.unknownUnit', `unknown MG '${id.trim()}'; MGs: ${MACHINE_GUNS.map((g) => g.id).join(', ')}`);
  }
  return row;
}
