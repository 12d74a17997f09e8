/**
 * Outcome tables of one MC or TC DR (A10.1-10.4, A10.31, A7.8, A15.2, A19.13; rules/morale-check.ts):
 * for one unit state (unit-codes.ts), one check, one total DRM and one context, the outcome of each of
 * the 36 DR pairs, made by `resolveCheck` itself the first time the combination occurs and kept on the
 * registry's table (entry by entry: most combinations occur too rarely to be worth all 36 calls).
 * The scenario simulator then resolves a check with one hash probe, one array read and no allocation.
 * The other dice steps of a fire attack are kept the same way, each made by its rule function: the
 * Berserk check a berserk leader imposes (A15.41, `resolveBerserkCheck`), the Wound Severity dr
 * (A17.11, `resolveWoundSeverity`) and the Heat of Battle DR (A15.1, `resolveHoB`).
 * A test compares every row made in a run of playthroughs with its rule function, DR by DR.
 *
 * An outcome is one integer: `next * 16 + (wound + 1) * 4 + hob`, where
 * - `next`: the code of the unit's new state;
 * - `wound`: the drm of the Wound Severity dr that must follow (A17.11), 0 or 1, or -1 for none;
 * - `hob`: for a check, 0 no Heat of Battle, 1 HoB DR follows, 2 HoB DR follows with the broken +1
 *   (A15.1); for an HoB DR, 1 when it created a hero ({@link hobHeroOf}), else 0.
 */
import { ALL_DR } from '../dice/dice.js';
import type { CheckSpec } from '../rules/check.js';
import type { MoraleContext } from '../rules/context.js';
import { resolveCheck } from '../rules/morale-check.js';
import { resolveBerserkCheck } from '../rules/berserk-leader.js';
import { resolveWoundSeverity } from '../rules/casualty-reduction.js';
import { resolveHoB } from '../rules/heat-of-battle.js';
import { initialUnitState } from '../rules/unit-state.js';
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

/** Row-key index of a Berserk check (A15.41), past the checks' [0, 24); its DRM is the leader's. */
export const BERSERK_INDEX = 24;
/** Row-key index of a Wound Severity dr (A17.11); its DRM is the dr's drm, its context id 0; entries by dr - 1. */
export const WOUND_INDEX = 25;
/** Row-key index of a Heat of Battle DR (A15.1) of an unbroken unit; + 1 with the broken +1. */
export const HOB_INDEX = 26;

/**
 * The parts of a row key (`outcomeRows`): check index ({@link checkIndex}, or one of
 * {@link BERSERK_INDEX}, {@link WOUND_INDEX}, {@link HOB_INDEX} (+ 1)), total DRM, context id.
 * Never throws.
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
  /**
   * Per slot, 4 integers (one probe reads one cache line): unit code + 1 (0: empty), row key, offset
   * of the row in `out`, unused.
   */
  private slots = new Int32Array(4 * 4096);
  private mask = 4095;
  /** Rows of 36 outcomes, -1 while not yet made. */
  out = new Int32Array(36 * 1024).fill(-1);
  /** The events of each entry of `out` (bitmask of `Ev`, events.ts), same offsets. */
  ev = new Int32Array(36 * 1024);
  /** Per row: the unit code and row key (for {@link outcomeRows}). */
  readonly rowCodes: number[] = [];
  /** Offset in `out` of an HoB entry that created a hero -> the hero's code. */
  readonly heroes = new Map<number, number>();
  readonly rowKeys: number[] = [];

  /** Offset in `out` of the row of (code, key), made on first use. */
  row(code: number, key: number): number {
    const slots = this.slots;
    let h = (Math.imul(code, 0x9e3779b1) ^ Math.imul(key, 0x85ebca6b)) & this.mask;
    for (;;) {
      const at = 4 * h;
      const c = slots[at];
      if (c === 0) break;
      if (c === code + 1 && slots[at + 1] === key) return slots[at + 2];
      h = (h + 1) & this.mask;
    }
    const n = this.rowCodes.length;
    if (36 * (n + 1) > this.out.length) {
      const grown = new Int32Array(2 * this.out.length).fill(-1);
      grown.set(this.out);
      this.out = grown;
      const ev = new Int32Array(2 * this.ev.length);
      ev.set(this.ev);
      this.ev = ev;
    }
    this.rowCodes.push(code);
    this.rowKeys.push(key);
    if (2 * (n + 1) > this.mask) {
      this.grow();
      return this.row(code, key);
    }
    slots[4 * h] = code + 1;
    slots[4 * h + 1] = key;
    slots[4 * h + 2] = 36 * n;
    return 36 * n;
  }

  /** Doubles the hash and re-inserts every row. */
  private grow(): void {
    const size = 2 * (this.mask + 1);
    const slots = new Int32Array(4 * size);
    this.slots = slots;
    this.mask = size - 1;
    for (let r = 0; r < this.rowCodes.length; r++) {
      const code = this.rowCodes[r];
      const key = this.rowKeys[r];
      let h = (Math.imul(code, 0x9e3779b1) ^ Math.imul(key, 0x85ebca6b)) & this.mask;
      while (slots[4 * h] !== 0) h = (h + 1) & this.mask;
      slots[4 * h] = code + 1;
      slots[4 * h + 1] = key;
      slots[4 * h + 2] = 36 * r;
    }
  }
}

/**
 * The events (bitmask of `Ev`, events.ts) of the outcome the last call of {@link checkOutcome},
 * {@link berserkOutcome}, {@link woundNext} or {@link hobOutcome} returned: the rule function's
 * `events`. Read it before the next such call.
 * Never throws.
 */
export function lastOutcomeEvents(): number {
  return lastEvents;
}

let lastEvents = 0;

const TABLES = new WeakMap<UnitCodes, OutcomeTable>();
let lastCodes: UnitCodes | null = null;
let lastTable: OutcomeTable | null = null;

/** The index in `t.out` of (unit code, row key, column), or -1 when the key has no row in the table. */
function entryAt(t: OutcomeTable, code: number, key: number, column: number): number {
  return key < 0 ? -1 : t.row(code, key) + column;
}

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
  return keyOf(checkIndex(check), drm, ctxId);
}

/** The key of a row of index `idx` (in [0, 32)), or -1 when not kept (index, DRM or context id out of range). */
function keyOf(idx: number, drm: number, ctxId: number): number {
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
  const at = entryAt(t, u.code, key, index);
  if (at >= 0 && t.out[at] >= 0) {
    lastEvents = t.ev[at];
    return t.out[at];
  }
  const r = resolveCheck(u.unit, check, drm, ALL_DR[index], ctx);
  const w = r.woundSeverityDRM;
  if (w !== null && w !== 0 && w !== 1) throw new Error(`check-table: Wound Severity drm ${w} out of range`);
  const hob = r.heatOfBattle ? (r.unit.status === 'broken' ? 2 : 1) : 0;
  const o = codes.intern(r.unit).code * 16 + (w === null ? 0 : w + 1) * 4 + hob;
  lastEvents = r.events;
  if (at >= 0) {
    t.out[at] = o;
    t.ev[at] = r.events;
  }
  return o;
}

/**
 * The outcome of the Berserk check (A15.41) of unit `u`, with leadership DRM `leaderDRM`, on the DR of
 * index `index`: exactly `resolveBerserkCheck(u.unit, leaderDRM, ALL_DR[index], ctx)` (its unit and
 * Wound Severity drm), encoded as above (no HoB); made on first use, as {@link checkOutcome}.
 * @param leaderDRM the berserk leader's leadership DRM, integer
 * @param index DR index, integer in [0, 36)
 * @param ctxId `codes.ctxId(ctx)`
 * @throws Error if resolveBerserkCheck returns a Wound Severity drm other than 0 or 1 (never in the rules)
 */
export function berserkOutcome(codes: UnitCodes, u: UnitCode, leaderDRM: number, index: number, ctx: MoraleContext, ctxId: number): number {
  const key = keyOf(BERSERK_INDEX, leaderDRM, ctxId);
  const t = tableOf(codes);
  const at = entryAt(t, u.code, key, index);
  if (at >= 0 && t.out[at] >= 0) {
    lastEvents = t.ev[at];
    return t.out[at];
  }
  const r = resolveBerserkCheck(u.unit, leaderDRM, ALL_DR[index], ctx);
  const w = r.woundSeverityDRM;
  if (w !== null && w !== 0 && w !== 1) throw new Error(`check-table: Wound Severity drm ${w} out of range`);
  const o = codes.intern(r.unit).code * 16 + (w === null ? 0 : w + 1) * 4;
  lastEvents = r.events;
  if (at >= 0) {
    t.out[at] = o;
    t.ev[at] = r.events;
  }
  return o;
}

/**
 * The code of unit `u`'s state after its Wound Severity dr (A17.11) `dr` with drm `drm`: exactly
 * `codes.intern(resolveWoundSeverity(u.unit, dr, drm).unit).code`; made on first use, as
 * {@link checkOutcome}.
 * @param drm the dr's drm, integer (0 or 1 in the rules)
 * @param dr integer in [1, 6]
 * Never throws.
 */
export function woundNext(codes: UnitCodes, u: UnitCode, drm: number, dr: number): number {
  const key = keyOf(WOUND_INDEX, drm, 0);
  const t = tableOf(codes);
  const at = entryAt(t, u.code, key, dr - 1);
  if (at >= 0 && t.out[at] >= 0) {
    lastEvents = t.ev[at];
    return t.out[at] >> 4;
  }
  const r = resolveWoundSeverity(u.unit, dr, drm);
  const next = codes.intern(r.unit).code;
  lastEvents = r.events;
  if (at >= 0) {
    t.out[at] = next * 16;
    t.ev[at] = r.events;
  }
  return next;
}

/**
 * The outcome of unit `u`'s Heat of Battle DR (A15.1) of index `index`: exactly
 * `resolveHoB(u.unit, white + colored of ALL_DR[index], broken, ctx)`, encoded as above: its unit's
 * code, and `hob` 1 when it created a hero ({@link hobHeroOf}); made on first use, as {@link checkOutcome}.
 * @param broken the broken +1 applies (see heat-of-battle.ts `hobDRM`)
 * @param index DR index, integer in [0, 36)
 * @param ctxId `codes.ctxId(ctx)`
 * Never throws.
 */
export function hobOutcome(codes: UnitCodes, u: UnitCode, broken: boolean, index: number, ctx: MoraleContext, ctxId: number): number {
  const key = keyOf(HOB_INDEX + (broken ? 1 : 0), 0, ctxId);
  const t = tableOf(codes);
  const at = entryAt(t, u.code, key, index);
  if (at >= 0 && t.out[at] >= 0) {
    lastEvents = t.ev[at];
    return t.out[at];
  }
  const dr = ALL_DR[index];
  const r = resolveHoB(u.unit, dr.white + dr.colored, broken, ctx);
  const o = codes.intern(r.unit).code * 16 + (r.createdHero !== null ? 1 : 0);
  lastEvents = r.events;
  if (at >= 0) t.ev[at] = r.events;
  if (r.createdHero !== null) {
    const hero = codes.intern(initialUnitState(r.createdHero)).code;
    if (at >= 0) t.heroes.set(at, hero);
    else lastHero = hero;
  }
  if (at >= 0) t.out[at] = o;
  return o;
}

/** The hero of the last {@link hobOutcome} not kept in a table (its key out of range). */
let lastHero = -1;

/**
 * The code of the hero (its initial state, `initialUnitState(createdHero)`) created by the HoB DR of
 * the last {@link hobOutcome} call, made with the same arguments, when its `hob` is 1.
 * Never throws.
 */
export function hobHeroOf(codes: UnitCodes, u: UnitCode, broken: boolean, index: number, ctxId: number): number {
  const key = keyOf(HOB_INDEX + (broken ? 1 : 0), 0, ctxId);
  if (key < 0) return lastHero;
  const t = tableOf(codes);
  return t.heroes.get(t.row(u.code, key) + index)!;
}
