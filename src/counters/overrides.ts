/**
 * User overrides of counter values (CLI options, scenario files): every catalog value is a default the
 * user may replace, because many are unverified (docs/rules-notes.md §9).
 *
 * An overridden profile keeps its `id` (so reports still name the counter) and its `confidence` (which
 * then describes the values that were not overridden: an overridden value is the user's, on the user's
 * authority); its `source` gains `; user override (field=value, ...)`. Validation happens here, at the
 * boundary, with one-line messages naming the field, the counter and the allowed range.
 */
import { inputError } from '../errors.js';
import { CLASS_ORDER, NATIONALITIES, type Nationality, type UnitClass, type UnitProfile, type UnitTraits } from './types.js';

/** Values a user may override on a counter. All optional; `undefined` fields are ignored. */
export interface UnitOverrides {
  /** Morale Level, integer in [2, 10]. */
  ml?: number;
  /** Broken-side Morale Level, integer in [2, 10]. */
  brokenML?: number;
  unitClass?: UnitClass;
  nationality?: Nationality;
  /** Firepower, integer >= 0. */
  fp?: number;
  /** Normal Range in hexes, integer >= 0. */
  range?: number;
  /** Basic Point Value, integer >= 0. */
  bpv?: number;
  /** Leadership DRM, integer in [-3, +1]; leaders only. */
  leadershipDRM?: number;
  selfRallyBox?: boolean;
  /** Traits to set; merged onto the counter's traits (`{ ss: false }` removes the SS trait). */
  traits?: UnitTraits;
}

const OVERRIDE_KEYS: readonly (keyof UnitOverrides)[] = [
  'ml',
  'brokenML',
  'unitClass',
  'nationality',
  'fp',
  'range',
  'bpv',
  'leadershipDRM',
  'selfRallyBox',
  'traits',
];
const TRAIT_KEYS: readonly (keyof UnitTraits)[] = ['ss', 'gurkha', 'marine', 'commissar', 'unarmed'];

function checkInteger(u: UnitProfile, field: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    const allowed = max === Infinity ? `an integer >= ${min}` : `an integer in [${min}, ${max}]`;
    throw inputError(`input.${field}`, `${field} override for ${u.id} must be ${allowed}, got ${String(v)}`);
  }
  return v;
}

function checkTraits(u: UnitProfile, v: unknown): UnitTraits {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw inputError('input.traits', `traits override for ${u.id} must be an object of booleans (${TRAIT_KEYS.join(', ')})`);
  }
  for (const [k, b] of Object.entries(v)) {
    if (!(TRAIT_KEYS as readonly string[]).includes(k) || (b !== undefined && typeof b !== 'boolean')) {
      throw inputError(
        'input.traits',
        `traits override for ${u.id}: '${k}' must be one of ${TRAIT_KEYS.join(', ')} with a boolean value`,
      );
    }
  }
  return v as UnitTraits;
}

/**
 * Returns a copy of `u` with the overridden values; `u` is not changed.
 * @param u a catalog profile (or an already overridden one).
 * @param o the values to replace: ml, brokenML integers in [2, 10]; leadershipDRM integer in [-3, +1]
 *   (leaders only); fp, range, bpv integers >= 0; unitClass one of `CLASS_ORDER`; nationality one of
 *   `NATIONALITIES`; selfRallyBox boolean; traits merged onto `u.traits`.
 * @returns a new frozen profile: same `id` and `confidence`, `source` noting the user override. Ladder
 *   functions (`replacementOf`, `battleHardeningOf`) accept it and compare it with the catalog rows of
 *   its (possibly overridden) nationality.
 * @throws AslOddsError (exit 2) `input.ml`, `input.brokenML`, `input.leadershipDRM`, `input.fp`,
 *   `input.range`, `input.bpv`, `input.unitClass`, `input.nationality`, `input.selfRallyBox`,
 *   `input.traits` for a bad value; `input.override` for an unknown field.
 * Rules: A10.1 (ML range), A10.7 (leadership DRM range), docs/rules-notes.md §9 (values are overridable).
 * @example withOverrides(getUnit('german/4-6-7'), { brokenML: 8 }).brokenML // 8
 */
export function withOverrides(u: UnitProfile, o: UnitOverrides): UnitProfile {
  const notes: string[] = [];
  const next: { -readonly [K in keyof UnitProfile]: UnitProfile[K] } = { ...u };
  for (const [key, value] of Object.entries(o ?? {})) {
    if (value === undefined) continue;
    if (!(OVERRIDE_KEYS as readonly string[]).includes(key)) {
      throw inputError('input.override', `unknown override '${key}' for ${u.id}; allowed: ${OVERRIDE_KEYS.join(', ')}`);
    }
    const k = key as keyof UnitOverrides;
    switch (k) {
      case 'ml':
      case 'brokenML':
        next[k] = checkInteger(u, k, value, 2, 10);
        break;
      case 'leadershipDRM':
        if (u.kind !== 'leader') {
          throw inputError('input.leadershipDRM', `leadershipDRM override for ${u.id}: only leaders have a leadership DRM`);
        }
        next.leadershipDRM = checkInteger(u, k, value, -3, 1);
        break;
      case 'fp':
      case 'range':
      case 'bpv':
        next[k] = checkInteger(u, k, value, 0, Infinity);
        break;
      case 'unitClass':
        if (!(CLASS_ORDER as readonly unknown[]).includes(value)) {
          throw inputError('input.unitClass', `unitClass override for ${u.id} must be one of ${CLASS_ORDER.join(', ')}, got ${String(value)}`);
        }
        next.unitClass = value as UnitClass;
        break;
      case 'nationality':
        if (!(NATIONALITIES as readonly unknown[]).includes(value)) {
          throw inputError('input.nationality', `nationality override for ${u.id} must be one of ${NATIONALITIES.join(', ')}, got ${String(value)}`);
        }
        next.nationality = value as Nationality;
        break;
      case 'selfRallyBox':
        if (typeof value !== 'boolean') {
          throw inputError('input.selfRallyBox', `selfRallyBox override for ${u.id} must be true or false, got ${String(value)}`);
        }
        next.selfRallyBox = value;
        break;
      case 'traits':
        next.traits = Object.freeze({ ...u.traits, ...checkTraits(u, value) });
        break;
    }
    notes.push(`${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  if (notes.length > 0) next.source = `${u.source}; user override (${notes.join(', ')})`;
  return Object.freeze(next);
}
