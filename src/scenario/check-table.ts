/**
 * Outcome tables of one MC or TC DR (A10.1-10.4, A10.31, A7.8, A15.2, A19.13; rules/morale-check.ts):
 * for one unit state (unit-codes.ts), one check, one total DRM and one context, the outcome of each of
 * the 36 DR pairs, made by `resolveCheck` itself the first time the combination occurs and kept on the
 * unit's code (entry by entry: most combinations occur too rarely to be worth all 36 calls). The scenario simulator then resolves a check with one array read and no allocation.
 * A test compares every row made in a run of playthroughs with `resolveCheck`, pair by pair.
 *
 * An outcome is one integer: `next * 16 + (wound + 1) * 4 + hob`, where
 * - `next`: the code of the unit's new state;
 * - `wound`: the drm of the Wound Severity dr that must follow (A17.11), 0 or 1, or -1 for none;
 * - `hob`: 0 no Heat of Battle, 1 HoB DR follows, 2 HoB DR follows with the broken +1 (A15.1).
 */
import { ALL_DR } from '../dice/dice.js';
import type { CheckSpec } from '../rules/check.js';
import type { MoraleContext } from '../rules/context.js';
import { resolveCheck } from '../rules/morale-check.js';
import type { UnitCode, UnitCodes } from './unit-codes.js';

/** The new state's code of outcome `o`. */
export function outcomeNext(o: number): number {
  return o >> 4;
}

/** The Wound Severity drm of outcome `o` (0 or 1), or -1 when no Wound Severity dr follows. */
export function outcomeWound(o: number): number {
  return ((o >> 2) & 3) - 1;
}

/** The Heat of Battle of outcome `o`: 0 none, 1 an HoB DR follows, 2 one follows with the broken +1. */
export function outcomeHoB(o: number): number {
  return o & 3;
}

/** Index of a check in the row key: MC by #, PTC/LLTC (failure pins) 8 + #, NTC 16 + #; -1 if # >= 8. */
export function checkIndex(check: CheckSpec): number {
  if (check.strength < 0 || check.strength >= 8) return -1;
  return check.kind === 'MC' ? check.strength : (check.failurePins ? 8 : 16) + check.strength;
}

/**
 * The parts of a row key (the keys of `UnitCode.rows`): check index ({@link checkIndex}), total DRM,
 * context id. Never throws.
 */
export function rowKeyParts(key: number): { checkIndex: number; drm: number; ctxId: number } {
  return { checkIndex: key & 31, drm: ((key >> 5) & 127) - 64, ctxId: key >> 12 };
}

/**
 * The outcomes row (by DR index, dice.ts `ALL_DR`) of `check` with total DRM `drm` for unit `u` in
 * context `ctx`: entry i is `resolveCheck(u.unit, check, drm, ALL_DR[i], ctx)` encoded as above, or
 * -1 until {@link checkOutcome} first needs it. Rows are kept on `u` for DRM in [-64, 63].
 * @param u the unit taking the check (on the map)
 * @param check the check; only `kind`, `strength` and `failurePins` matter (as in resolveCheck)
 * @param drm total DRM besides the check's #, integer
 * @param ctxId `codes.ctxId(ctx)` of the context the row is for, integer >= 0
 * @returns a shared row (fill it only through checkOutcome), or null when not kept (DRM, # or
 * context id out of range)
 * Never throws.
 */
export function checkRow(u: UnitCode, check: CheckSpec, drm: number, ctxId: number): Int32Array | null {
  const idx = checkIndex(check);
  if (idx < 0 || drm < -64 || drm >= 64 || ctxId >= 65536) return null;
  const key = idx | ((drm + 64) << 5) | (ctxId << 12);
  let row = u.rows.get(key);
  if (row === undefined) {
    row = new Int32Array(36).fill(-1);
    u.rows.set(key, row);
  }
  return row;
}

/**
 * The outcome of `check` with total DRM `drm` for unit `u` in context `ctx` on the DR of index
 * `index`: exactly `resolveCheck(u.unit, check, drm, ALL_DR[index], ctx)`, encoded as above. Made by
 * resolveCheck on first use and kept in the row (no allocation afterwards).
 * @param codes the registry `u` belongs to
 * @param index DR index, integer in [0, 36)
 * @param ctxId `codes.ctxId(ctx)`
 * @throws Error if resolveCheck returns a Wound Severity drm other than 0 or 1 (never in the rules)
 * @example outcomeNext(checkOutcome(UNIT_CODES, UNIT_CODES.of(good467), moraleCheck(1), 0, 0, ctx, id)) // good467's code (1+1+1 <= 7)
 */
export function checkOutcome(codes: UnitCodes, u: UnitCode, check: CheckSpec, drm: number, index: number, ctx: MoraleContext, ctxId: number): number {
  const row = checkRow(u, check, drm, ctxId);
  if (row !== null && row[index] >= 0) return row[index];
  const r = resolveCheck(u.unit, check, drm, ALL_DR[index], ctx);
  const w = r.woundSeverityDRM;
  if (w !== null && w !== 0 && w !== 1) throw new Error(`check-table: Wound Severity drm ${w} out of range`);
  const hob = r.heatOfBattle ? (r.unit.status === 'broken' ? 2 : 1) : 0;
  const o = codes.intern(r.unit).code * 16 + (w === null ? 0 : w + 1) * 4 + hob;
  if (row !== null) row[index] = o;
  return o;
}
