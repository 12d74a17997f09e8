/**
 * Unit states as integer codes, for the scenario simulator's hot path (attack-sampler.ts,
 * scenario/playthrough.ts). A playthrough meets a few hundred distinct unit states (a counter and its markers)
 * thousands of times each; interning them gives each one code, one canonical `UnitState` object and
 * the facts the loop reads about it (`currentML`, `lentLeadershipDRM`, `unitStateKey`, the leader's
 * loss ML, and what the phases read: Good Order, broken, Fire Group FP, squad-equivalents, BPV...),
 * computed once by the rule functions themselves, so that the loop compares integers instead of
 * building strings. The playthrough's stacks hold codes. Outcome tables (check-table.ts) are keyed by
 * the code; the leadership DRM one unit lends another is tabulated per pair (`leadershipDRMOf`).
 *
 * Two states get one code exactly when every field of `UnitState` is equal (the same profile object,
 * status and markers): a test fails if `UnitState` gains a field this module does not know.
 * Interning never changes what a rule function sees: it receives the canonical object, which is equal
 * field for field to the one it replaces. Contexts (`MoraleContext`) are interned the same way.
 *
 * Canonical objects are made here, all by one object literal, so they share one hidden class and the
 * loop's property reads stay monomorphic; each carries its code under a non-enumerable symbol (not
 * copied by spreads, not seen by `unitStateKey`, JSON or equality tests), so that finding the code of
 * a canonical object is one property read. States made by the rule functions are looked up by their
 * fields.
 *
 * The registry is one per process (`UNIT_CODES`): codes are only ever compared within it, never stored
 * in results, so sharing it between scenarios (or tests) changes nothing but the cache's size, which is
 * bounded by the distinct counters and markers met (a few hundred per scenario).
 */
import type { UnitProfile } from '../counters/types.js';
import type { MoraleContext } from '../rules/context.js';
import type { RuleSet } from '../rules/rule-set.js';
import { CLASS_ORDER } from '../counters/types.js';
import { leaderLendsTo } from '../rules/leadership.js';
import { currentML, isAlive, lentLeadershipDRM, unitStateKey, withChanges, type UnitState, type UnitStatus } from '../rules/unit-state.js';
import { mmcBPV, squadEquivalents } from '../counters/unit-values.js';

/** `UnitCode.lent` of a unit that lends no leadership DRM (A10.7): larger than any DRM. */
export const NO_LEADERSHIP = 99;

/** The fields of `UnitState`, in the order they are packed (a test checks the list is complete). */
export const UNIT_STATE_FIELDS = [
  'profile',
  'status',
  'pinned',
  'berserk',
  'fanatic',
  'disrupted',
  'wounded',
  'heroic',
  'encircled',
  'dm',
  'noLeadership',
  'elrPending',
] as const;

/** Where a canonical object keeps its code (non-enumerable). */
const CODE = Symbol('unitCode');

const STATUS_BITS: Readonly<Record<UnitStatus, number>> = { 'good-order': 0, broken: 1, eliminated: 2, captured: 3 };

/** One interned unit state and what the hot loop reads about it. Immutable but for its memos. */
export class UnitCode {
  /** Good Order (not broken, on the map). */
  readonly goodOrder: boolean;
  /** Broken (A10.4; Disrupted units are broken too). */
  readonly broken: boolean;
  /** Disrupted (A19.12). */
  readonly disrupted: boolean;
  /** A leader (`profile.kind`). */
  readonly leader: boolean;
  /** A hero (`profile.kind`, A15.2; not a heroic leader). */
  readonly hero: boolean;
  /** A squad (`profile.kind`). */
  readonly squad: boolean;
  /** A half-squad (`profile.kind`). */
  readonly hs: boolean;
  /** `unit.pinned` (A7.8). */
  readonly pinned: boolean;
  /** `unit.fanatic` (A10.8). */
  readonly fanatic: boolean;
  /** `unit.berserk` (A15.4). */
  readonly berserk: boolean;
  /** Pinned or berserk: markers removed at the end of the Player Turn (playthrough.ts). */
  readonly pinnedOrBerserk: boolean;
  /**
   * Twice the inherent FP this unit adds to its Location's Fire Group (playthrough.ts), >= 0: its
   * printed FP, halved when pinned (A7.8); 0 when it cannot fire (not Good Order, or no inherent FP).
   * Doubled so that it is an integer (V8 keeps a fractional field in a separate box).
   */
  readonly fireFP2: number;
  /** `CLASS_ORDER.indexOf(profile.unitClass)`, integer in [-1, 5) (A19.13 Replacement; Cowering class). */
  readonly classIndex: number;
  /** Twice the squad-equivalents of the unit's counter (setup.ts `squadEquivalents`): 2, 1 or 0. */
  readonly squads2: number;
  /** MMC BPV of the unit's counter (setup.ts `mmcBPV`), integer >= 0. */
  readonly bpv: number;
  /**
   * Weight of the unit when the enemy picks a target Location (playthrough.ts `pickTarget`): Good
   * Order squad-equivalents + 0.01, else 0.001.
   */
  readonly targetWeight: number;
  /** The code of this state without pinned and berserk (A7.8, A15.46 at the end of the Player Turn), made on first use. */
  unmarked: UnitCode | null = null;
  /**
   * `leaderLendsTo(this.unit, l.unit)` (rules/leadership.ts) by the {@link lender} index of leader
   * code `l`, made on first use: 0 not yet known, 1 none, else the DRM + {@link LEND_OFFSET}.
   */
  lentBy: Int8Array = EMPTY_LENT;

  constructor(
    /** Integer >= 0, unique in the registry. */
    readonly code: number,
    /** The canonical object: every interned equal state is replaced by it. */
    readonly unit: UnitState,
    /** Equal for two codes exactly when their `unitStateKey`s are equal (the chains' identity of a state). */
    readonly keyId: number,
    /** `currentML(unit)`, integer in [1, 11]. */
    readonly ml: number,
    /** `lentLeadershipDRM(unit)`, or {@link NO_LEADERSHIP} when it lends none. */
    readonly lent: number,
    /** `isAlive(unit)`. */
    readonly alive: boolean,
    /**
     * Index of this code among the registry's codes that lend a leadership DRM (`lent` is not
     * {@link NO_LEADERSHIP}), in order of interning, integer >= 0; -1 for the others.
     */
    readonly lender: number,
  ) {
    const p = unit.profile;
    this.goodOrder = unit.status === 'good-order';
    this.broken = unit.status === 'broken';
    this.disrupted = unit.disrupted;
    this.leader = p.kind === 'leader';
    this.hero = p.kind === 'hero';
    this.squad = p.kind === 'squad';
    this.hs = p.kind === 'hs';
    this.pinned = unit.pinned;
    this.fanatic = unit.fanatic;
    this.berserk = unit.berserk;
    this.pinnedOrBerserk = unit.pinned || unit.berserk;
    this.fireFP2 = this.goodOrder && p.fp > 0 ? (unit.pinned ? p.fp : 2 * p.fp) : 0;
    this.classIndex = CLASS_ORDER.indexOf(p.unitClass);
    const squads = squadEquivalents(p);
    this.squads2 = 2 * squads;
    this.bpv = mmcBPV(p);
    this.targetWeight = this.goodOrder ? squads + 0.01 : 0.001;
  }
}

/** Offset of a DRM in `UnitCode.lentBy`. */
const LEND_OFFSET = 64;
const EMPTY_LENT = new Int8Array(0);

/**
 * The leadership DRM that applies to the check of the unit at position `i` of `units`, integer in
 * [-3, +1], 0 when none applies: exactly `leadershipDRMFor(units[i].unit, units.map((c) => c.unit))`
 * (rules/leadership.ts), read from per-pair tables made by `leaderLendsTo`.
 * @param units the Location's units, as codes
 * @param i position of the unit taking the check, integer in [0, units.length)
 * Never throws. Cost O(units), no allocation once the pairs are known.
 */
export function leadershipDRMOf(units: readonly UnitCode[], i: number): number {
  const u = units[i];
  let best = NO_LEADERSHIP;
  for (let j = 0; j < units.length; j++) {
    const l = units[j];
    if (l === u || l.lent === NO_LEADERSHIP) continue;
    const lentBy = u.lentBy;
    let t = l.lender < lentBy.length ? lentBy[l.lender] : 0;
    if (t === 0) t = learnLend(u, l);
    if (t !== 1 && t - LEND_OFFSET < best) best = t - LEND_OFFSET;
  }
  return best === NO_LEADERSHIP ? 0 : best;
}

/** Fills `u.lentBy[l.lender]` from the rule function and returns it. */
function learnLend(u: UnitCode, l: UnitCode): number {
  if (l.lender >= u.lentBy.length) {
    // Small: typed arrays of up to 64 bytes keep their data in the object itself (one load fewer).
    const grown = new Int8Array(Math.max(16, 2 * (l.lender + 1)));
    grown.set(u.lentBy);
    u.lentBy = grown;
  }
  const d = leaderLendsTo(u.unit, l.unit);
  const t = d === null ? 1 : d + LEND_OFFSET;
  u.lentBy[l.lender] = t;
  return t;
}

/**
 * The code of `u`'s state without pinned and berserk markers (made once per code).
 * @param codes the registry `u` belongs to
 * Never throws.
 */
export function unmarkedOf(codes: UnitCodes, u: UnitCode): UnitCode {
  let m = u.unmarked;
  if (m === null) {
    m = u.pinnedOrBerserk ? codes.intern(withChanges(u.unit, { pinned: false, berserk: false })) : u;
    u.unmarked = m;
  }
  return m;
}

/** The registry of unit-state and context codes. */
export class UnitCodes {
  /** Codes by number: `byCode[c].code === c`. */
  readonly byCode: UnitCode[] = [];
  /**
   * `byCode[c].targetWeight` by code `c` (a double in an object field is a separate box: read here,
   * one load, by the target choice of every fire phase). Grown as codes are made; entries past
   * `byCode.length` are 0.
   */
  targetWeights = new Float64Array(256);
  /** Codes made so far that lend a leadership DRM (`UnitCode.lender`). */
  private lenders = 0;
  private readonly byFields = new Map<number, UnitCode>();
  private readonly profileIds = new Map<UnitProfile, number>();
  private readonly keyIds = new Map<string, number>();
  private readonly ctxIds = new WeakMap<MoraleContext, number>();
  private readonly ctxByFields = new Map<string, number>();
  /** Context ids -> the first context seen with that id. */
  private readonly contexts: MoraleContext[] = [];
  private readonly ruleSetIds = new Map<RuleSet, number>();

  /**
   * The code of `u`, for a state that is usually canonical (a unit on the playthrough's stacks).
   * Cost: one property read for a canonical object, else {@link intern}'s.
   * Never throws.
   */
  of(u: UnitState): UnitCode {
    const hit = (u as { [CODE]?: UnitCode })[CODE];
    return hit !== undefined ? hit : this.intern(u);
  }

  /**
   * The code of `u`, for a state usually fresh from a rule function: its fields packed into an integer
   * and looked up, the code made on first sight. (Apart from {@link of} so that each keeps its
   * property reads monomorphic.)
   * Never throws.
   */
  intern(u: UnitState): UnitCode {
    const hit = (u as { [CODE]?: UnitCode })[CODE];
    if (hit !== undefined) return hit;
    let pid = this.profileIds.get(u.profile);
    if (pid === undefined) {
      pid = this.profileIds.size;
      this.profileIds.set(u.profile, pid);
    }
    const bits =
      STATUS_BITS[u.status] |
      (u.pinned ? 4 : 0) |
      (u.berserk ? 8 : 0) |
      (u.fanatic ? 16 : 0) |
      (u.disrupted ? 32 : 0) |
      (u.wounded ? 64 : 0) |
      (u.heroic ? 128 : 0) |
      (u.encircled ? 256 : 0) |
      (u.dm ? 512 : 0) |
      (u.noLeadership ? 1024 : 0) |
      (u.elrPending === null ? 0 : u.elrPending === 'replace' ? 2048 : 4096);
    const packed = pid * 8192 + bits;
    let c = this.byFields.get(packed);
    if (c === undefined) {
      const key = unitStateKey(u);
      let keyId = this.keyIds.get(key);
      if (keyId === undefined) {
        keyId = this.keyIds.size;
        this.keyIds.set(key, keyId);
      }
      // Made as every unit state is (unit-state.ts `withChanges`, one literal): one hidden class for all canonical objects.
      const canonical = withChanges(u, {});
      const lent = lentLeadershipDRM(u) ?? NO_LEADERSHIP;
      c = new UnitCode(this.byCode.length, canonical, keyId, currentML(u), lent, isAlive(u), lent === NO_LEADERSHIP ? -1 : this.lenders++);
      Object.defineProperty(canonical, CODE, { value: c, enumerable: false });
      this.byCode.push(c);
      if (c.code >= this.targetWeights.length) {
        const grown = new Float64Array(2 * this.targetWeights.length);
        grown.set(this.targetWeights);
        this.targetWeights = grown;
      }
      this.targetWeights[c.code] = c.targetWeight;
      this.byFields.set(packed, c);
    }
    return c;
  }

  /** The canonical object equal to `u` (usually fresh from a rule function). Never throws. */
  canon(u: UnitState): UnitState {
    return this.intern(u).unit;
  }

  /**
   * An integer in [0, 2^16) naming the context: equal for two contexts whose fields are all equal
   * (the same rule-set object). Never throws.
   */
  ctxId(ctx: MoraleContext): number {
    const hit = this.ctxIds.get(ctx);
    if (hit !== undefined) return hit;
    let rs = this.ruleSetIds.get(ctx.ruleSet);
    if (rs === undefined) {
      rs = this.ruleSetIds.size;
      this.ruleSetIds.set(ctx.ruleSet, rs);
    }
    const fields = `${rs}:${ctx.elr}:${+ctx.knownEnemyInLOS}${+ctx.adjacentEnemy}${+ctx.pillbox}${+ctx.vsRussians}${+ctx.noQuarter}`;
    let id = this.ctxByFields.get(fields);
    if (id === undefined) {
      id = this.ctxByFields.size;
      this.ctxByFields.set(fields, id);
      this.contexts.push(ctx);
    }
    this.ctxIds.set(ctx, id);
    return id;
  }

  /** A context with id `id` (the first one seen), for tests and checks. Never throws on an id from {@link ctxId}. */
  contextOf(id: number): MoraleContext {
    return this.contexts[id];
  }
}

/** The process's registry (see the module doc). */
export const UNIT_CODES = new UnitCodes();
