/**
 * Outcome tables of one MC or TC DR (A10.1-10.4, A10.31, A7.8, A15.2, A19.13; rules/morale-check.ts):
 * for one unit state (unit-codes.ts), one check, one total DRM and one context, the outcome of each of
 * the 36 DR pairs, made by `resolveCheck` itself the first time the combination occurs and kept on the
 * registry's table (entry by entry: most combinations occur too rarely to be worth all 36 calls).
 * The scenario simulator then resolves a check with one hash probe, one array read and no allocation.
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
 * The parts of a row key (`outcomeRows`): check index ({@link checkIndex}), total DRM,
 * context id. Never throws.
 */
export function rowKeyParts(key: number): { checkIndex: number; drm: number; ctxId: number } {
  return { checkIndex: key & 31, drm: ((key >> 5) & 127) - 64, ctxId: key >> 12 };
}

/**
 * The outcome rows of one registry: an open-addressing hash from (unit code, row key) to a row of 36
 * outcomes, all rows in one growing Int32Array. One hash probe and one read per check, in two arrays
 * that stay in cache, instead of a map per unit and a separate small array per row.
 */
class OutcomeTable {
  /** Per slot: unit code + 1 (0: empty), row key. */
  private slots = new Int32Array(2 * 4096);
  /** Per slot: offset of the row in `out`. */
  private rowAt = new Int32Array(4096);
  private mask = 4095;
  /** Rows of 36 outcomes, -1 while not yet made. */
  out = new Int32Array(36 * 1024).fill(-1);
  /** Per row: the unit code and row key (for {@link outcomeRows}). */
  readonly rowCodes: number[] = [];
  readonly rowKeys: number[] = [];

  /** Offset in `out` of the row of (code, key), made on first use. */
  row(code: number, key: number): number {
    const slots = this.slots;
    let h = (Math.imul(code, 0x9e3779b1) ^ Math.imul(key, 0x85ebca6b)) & this.mask;
    for (;;) {
      const c = slots[2 * h];
      if (c === 0) break;
      if (c === code + 1 && slots[2 * h + 1] === key) return this.rowAt[h];
      h = (h + 1) & this.mask;
    }
    const n = this.rowCodes.length;
    if (36 * (n + 1) > this.out.length) {
      const grown = new Int32Array(2 * this.out.length).fill(-1);
      grown.set(this.out);
      this.out = grown;
    }
    this.rowCodes.push(code);
    this.rowKeys.push(key);
    if (2 * (n + 1) > this.mask) {
      this.grow();
      return this.row(code, key);
    }
    slots[2 * h] = code + 1;
    slots[2 * h + 1] = key;
    this.rowAt[h] = 36 * n;
    return 36 * n;
  }

  /** Doubles the hash and re-inserts every row. */
  private grow(): void {
    const size = 2 * (this.mask + 1);
    this.slots = new Int32Array(2 * size);
    this.rowAt = new Int32Array(size);
    this.mask = size - 1;
    for (let r = 0; r < this.rowCodes.length; r++) {
      const code = this.rowCodes[r];
      const key = this.rowKeys[r];
      let h = (Math.imul(code, 0x9e3779b1) ^ Math.imul(key, 0x85ebca6b)) & this.mask;
      while (this.slots[2 * h] !== 0) h = (h + 1) & this.mask;
      this.slots[2 * h] = code + 1;
      this.slots[2 * h + 1] = key;
      this.rowAt[h] = 36 * r;
    }
  }
}

const TABLES = new WeakMap<UnitCodes, OutcomeTable>();
let lastCodes: UnitCodes | null = null;
let lastTable: OutcomeTable | null = null;

function tableOf(codes: UnitCodes): OutcomeTable {
  if (codes === lastCodes) return lastTable!;
  let t = TABLES.get(codes);
  if (t === undefined) {
    t = new OutcomeTable();
    TABLES.set(codes, t);
  }
  lastCodes = codes;
  lastTable = t;
  return t;
}

/** The key of a row (check index, DRM, context id), or -1 when not kept (DRM, # or context id out of range). */
function rowKey(check: CheckSpec, drm: number, ctxId: number): number {
  const idx = checkIndex(check);
  if (idx < 0 || drm < -64 || drm >= 64 || ctxId >= 65536) return -1;
  return idx | ((drm + 64) << 5) | (ctxId << 12);
}

/**
 * Every row made so far in registry `codes`: the unit's code, the row key ({@link rowKeyParts}) and
 * the 36 outcomes by DR index (dice.ts `ALL_DR`), -1 where not yet made. For tests and checks.
 * Never throws.
 */
export function outcomeRows(codes: UnitCodes): { code: UnitCode; key: number; row: Int32Array }[] {
  const t = tableOf(codes);
  return t.rowCodes.map((c, r) => ({ code: codes.byCode[c], key: t.rowKeys[r], row: t.out.subarray(36 * r, 36 * r + 36) }));
}

/**
 * The outcome of `check` with total DRM `drm` for unit `u` in context `ctx` on the DR of index
 * `index`: exactly `resolveCheck(u.unit, check, drm, ALL_DR[index], ctx)`, encoded as above. Made by
 * resolveCheck on first use and kept in the registry's table (no allocation afterwards); rows are
 * kept for DRM in [-64, 63].
 * @param codes the registry `u` belongs to
 * @param u the unit taking the check (on the map)
 * @param check the check; only `kind`, `strength` and `failurePins` matter (as in resolveCheck)
 * @param drm total DRM besides the check's #, integer
 * @param index DR index, integer in [0, 36)
 * @param ctxId `codes.ctxId(ctx)`
 * @throws Error if resolveCheck returns a Wound Severity drm other than 0 or 1 (never in the rules)
 * @example outcomeNext(checkOutcome(UNIT_CODES, UNIT_CODES.of(good467), moraleCheck(1), 0, 0, ctx, id)) // good467's code (1+1+1 <= 7)
 */
export function checkOutcome(codes: UnitCodes, u: UnitCode, check: CheckSpec, drm: number, index: number, ctx: MoraleContext, ctxId: number): number {
  const key = rowKey(check, drm, ctxId);
  const t = tableOf(codes);
  const at = key < 0 ? -1 : t.row(u.code, key) + index;
  if (at >= 0) {
    const o = t.out[at];
    if (o >= 0) return o;
  }
  const r = resolveCheck(u.unit, check, drm, ALL_DR[index], ctx);
  const w = r.woundSeverityDRM;
  if (w !== null && w !== 0 && w !== 1) throw new Error(`check-table: Wound Severity drm ${w} out of range`);
  const hob = r.heatOfBattle ? (r.unit.status === 'broken' ? 2 : 1) : 0;
  const o = codes.intern(r.unit).code * 16 + (w === null ? 0 : w + 1) * 4 + hob;
  if (at >= 0) t.out[at] = o;
  return o;
}
