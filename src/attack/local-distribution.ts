/**
 * A deferred unit's distribution given its script, as the backward pass (deferred-distribution.ts)
 * makes it and the factored attack (attack-factored.ts) reads it: the public figures
 * ({@link LocalDistribution}), and how they are held. A distribution's figures are probabilities n / 6^e
 * at one exponent e; while e <= {@link EXACT_DOUBLE_E} every numerator is an integer a double holds
 * exactly, and the distribution is a {@link DoublesDistribution} (its Prob6 figures made when first
 * read); deeper ones are Prob6 only. Also the pieces a stage is combined from (combine-stage.ts): a
 * stage's finals ({@link StageFinal}) with the distributions after them ({@link StageItems}).
 */
import { add, complement, mul, ONE, ZERO, type Prob6, type Prob6Sums } from '../engine/probability.js';
import { rank } from '../engine/bits.js';
import { isAlive, offMapState, type UnitState } from '../rules/unit-state.js';

/** Event bits (the engine's 32-bit masks). */
const BITS = 32;

/** A deferred unit's final parts: the unit, then the heroes it created (sorted), with their ids. */
export interface LocalFinal {
  readonly parts: readonly UnitState[];
  readonly ids: readonly number[];
  readonly p: Prob6;
}

/** One deferred unit's distribution given its script (from a start state). Immutable. */
export interface LocalDistribution {
  /** A small integer naming this distribution, unique within one attack (equal distributions of a summary are one object, one key). */
  readonly key: number;
  /** P(the unit's own final state, part 0, is in tally class c), for the classes it can end in. */
  readonly tallies: readonly { readonly c: number; readonly p: Prob6 }[];
  /** P(no part left on the map: the unit and every hero it created, A15.21). */
  readonly gone: Prob6;
  /** P(some part had event bit b), ZERO where none can. */
  readonly any: readonly Prob6[];
  /** P(no part had event bit b), for the bits in `possible`; null elsewhere (certainly none). */
  readonly none: readonly (Prob6 | null)[];
  /** The bits some part may have had. */
  readonly possible: number;
  /**
   * P(the unit itself had event bit b), ZERO where it cannot. The same array as `any` when no hero it
   * may create can have an event (then the two are equal).
   */
  readonly own: readonly Prob6[];
  /** The bits the unit itself may have had. */
  readonly ownPossible: number;
  /**
   * `none[b]`, read without making the row: a distribution held in doubles makes it anew at each call
   * (nothing kept), so a caller that reads a few bits of many distributions holds no views.
   */
  readonly noneAt: (b: number) => Prob6 | null;
  /**
   * Adds w x P(no part had event bit b) (`none[b]`, 1 where null) to slot `slot` of `into`, without
   * making the Prob6 of `none[b]` (a scan over many distributions reads each bit once).
   */
  readonly addNoneTimes: (into: Prob6Sums, slot: number, w: Prob6, b: number) => void;
  /** Adds w x P(the unit itself had event bit b) (`own[b]`) to slot `slot` of `into`, as {@link addNoneTimes} does. */
  readonly addOwnTimes: (into: Prob6Sums, slot: number, w: Prob6, b: number) => void;
  /**
   * P(the unit's own final tally class is in group g), g in [0, groups), for a grouping `groupOf` of
   * the classes (an integer in [0, groups) per class): the tallies summed by group, without their Prob6
   * views (held in doubles, the sums are exact numerators too).
   */
  readonly tallyGroups: (groupOf: (c: number) => number, groups: number) => Prob6[];
  /** Final parts with probabilities, made when first asked for (only the joint distribution needs them). */
  readonly finals: () => readonly LocalFinal[];
}

/** A final state of one stage from a unit state: probability q, the unit, heroes made, its events. */
export interface StageFinal {
  readonly unit: UnitState;
  readonly num: number;
  /** Heroes made in the stage, as created. */
  readonly made: readonly UnitState[];
  readonly q: Prob6;
  /** The unit's own events in the stage (heroes take none in the stage that makes them). */
  readonly own: number;
}

/** A distribution as the backward pass holds it: its figures in doubles when `doubles` is set. */
export interface Node extends LocalDistribution {
  /** The figures as numerators over 6^e, exact in doubles; null when they are Prob6 only. */
  readonly doubles: Doubles | null;
}

/** A distribution's figures as numerators n over 6^e (e <= EXACT_DOUBLE_E: integers, exact). */
export interface Doubles {
  readonly e: number;
  /** Tally classes and their numerators (same index). */
  readonly tallyC: readonly number[];
  readonly tallyN: readonly number[];
  readonly gone: number;
  /**
   * Compact rows: the unit's own events, one numerator per bit of `ownPossible`, lowest bit first (bit
   * b at `rank(ownPossible, b)`, bits.ts); any part's, per bit of `possible`. The same array when equal.
   */
  readonly own: readonly number[];
  readonly any: readonly number[];
}

/**
 * A stage's finals with the distributions after them: per final i (`finals[i]`), its unit's over the
 * rest (`afters[i]`) and those of the heroes it made (`heroes[i]`; `heroes` null when no final made
 * one). One object per stage combined, not per final.
 */
export interface StageItems {
  readonly finals: readonly StageFinal[];
  readonly afters: readonly Node[];
  readonly heroes: readonly (readonly Node[])[] | null;
}

/** The heroes' distributions of final i of `items` (none when it made none). */
export function heroesOf(items: StageItems, i: number): readonly Node[] {
  return items.heroes === null ? NO_NODES : items.heroes[i];
}

/**
 * The largest exponent e whose figures n / 6^e the backward pass keeps in doubles: 6^20 < 2^53, so
 * every numerator of a probability at that exponent is an integer a double holds exactly.
 */
export const EXACT_DOUBLE_E = 20;

/** 6^k as doubles, exact for k <= EXACT_DOUBLE_E. */
export const POW6N: readonly number[] = Array.from({ length: EXACT_DOUBLE_E + 1 }, (_, k) => 6 ** k);

/** The compact row of no bits (Doubles.own, Doubles.any): shared, never written. */
const NO_NUMERATORS: readonly number[] = [];

/**
 * Scratch of {@link compactRow} and {@link doublesRow}: 64 numerators (a tally class is below 64, an
 * event bit below 32), its elements doubles already (a slice then takes doubles without a transition).
 */
const ROW: number[] = new Array<number>(64).fill(0.5).fill(0);

/**
 * The compact row (Doubles.own, Doubles.any) of `mask`'s bits, lowest first, each numerator read from
 * `from` at `slot + b` (then set to 0 there) and divided by `p`: an array of exactly popcount(mask)
 * doubles. Never throws.
 */
export function compactRow(mask: number, from: Float64Array | number[], slot: number, p: number): readonly number[] {
  if (mask === 0) return NO_NUMERATORS;
  let k = 0;
  for (let m = mask; m !== 0; m &= m - 1) {
    const i = slot + 31 - Math.clz32(m & -m);
    ROW[k++] = from[i] / p;
    from[i] = 0;
  }
  return ROW.slice(0, k);
}

/**
 * `count` numerators `at(0..count-1)` as an array of doubles (V8's double elements whatever their
 * values), so that every row a combine reads has one elements kind: rows of small integers would
 * otherwise be Smi arrays and the combine's loads would see two maps. `count` <= 64. Never throws.
 */
export function doublesRow(count: number, at: (i: number) => number): readonly number[] {
  for (let i = 0; i < count; i++) ROW[i] = at(i);
  return ROW.slice(0, count);
}

/** The numerator row [1] in double elements (see {@link doublesRow}): shared, never written. */
const ONE_ROW: readonly number[] = doublesRow(1, () => 1);

// Shared per-bit rows (never written), and what a new row is sliced from: slicing a frozen array takes
// V8's slow path (about 50 times slower), so the templates are not frozen.
/** `none` of a distribution with no possible event: null at every bit (certainly none). */
const NO_BITS: readonly (Prob6 | null)[] = Array.from({ length: BITS }, () => null);

/** `own` / `any` of a distribution with no possible event: ZERO at every bit. */
export const ZEROS: readonly Prob6[] = Array.from({ length: BITS }, () => ZERO);

/** The heroes of a final that made none (shared, never written). */
export const NO_NODES: readonly Node[] = [];

/** `finals` of a distribution made without its final parts (a summary's). @throws Error always, saying so (a caller's bug) */
export const noFinals = (): never => {
  throw new Error('deferred distributions made without their final parts (options.finals)');
};

/** The Prob6 n / 6^e of a numerator held in a double. */
function prob(n: number, e: number): Prob6 {
  return n === 0 ? ZERO : { n: BigInt(n), e };
}

/** A distribution held in doubles, with its Prob6 figures made when first read. */
export class DoublesDistribution implements Node {
  private tallyView?: readonly { readonly c: number; readonly p: Prob6 }[];
  private goneView?: Prob6;
  private ownView?: readonly Prob6[];
  private anyView?: readonly Prob6[];
  private noneView?: readonly (Prob6 | null)[];

  constructor(
    readonly key: number,
    readonly doubles: Doubles,
    readonly possible: number,
    readonly ownPossible: number,
    readonly finals: () => readonly LocalFinal[],
  ) {}

  get tallies(): readonly { readonly c: number; readonly p: Prob6 }[] {
    const d = this.doubles;
    return (this.tallyView ??= d.tallyC.map((c, i) => ({ c, p: prob(d.tallyN[i], d.e) })));
  }

  get gone(): Prob6 {
    return (this.goneView ??= prob(this.doubles.gone, this.doubles.e));
  }

  get own(): readonly Prob6[] {
    const { own, e } = this.doubles;
    return (this.ownView ??= this.view(this.ownPossible, (b) => prob(own[rank(this.ownPossible, b)], e)));
  }

  noneAt(b: number): Prob6 | null {
    if (this.noneView !== undefined) return this.noneView[b];
    const { any, e } = this.doubles;
    return (this.possible & (1 << b)) === 0 ? null : prob(POW6N[e] - any[rank(this.possible, b)], e);
  }

  tallyGroups(groupOf: (c: number) => number, groups: number): Prob6[] {
    const { tallyC, tallyN, e } = this.doubles;
    // Numerators of probabilities summing to at most 1: integers at most 6^e, exact.
    const sums = new Array<number>(groups).fill(0);
    for (let i = 0; i < tallyC.length; i++) sums[groupOf(tallyC[i])] += tallyN[i];
    return sums.map((n) => prob(n, e));
  }

  addOwnTimes(into: Prob6Sums, slot: number, w: Prob6, b: number): void {
    if ((this.ownPossible & (1 << b)) !== 0) into.addScaled(slot, w, this.doubles.own[rank(this.ownPossible, b)], this.doubles.e);
  }

  addNoneTimes(into: Prob6Sums, slot: number, w: Prob6, b: number): void {
    if ((this.possible & (1 << b)) === 0) into.add(slot, w);
    else into.addScaled(slot, w, POW6N[this.doubles.e] - this.doubles.any[rank(this.possible, b)], this.doubles.e);
  }

  get any(): readonly Prob6[] {
    const { any, e } = this.doubles;
    return any === this.doubles.own ? this.own : (this.anyView ??= this.view(this.possible, (b) => prob(any[rank(this.possible, b)], e)));
  }

  get none(): readonly (Prob6 | null)[] {
    if (this.noneView === undefined) {
      const none = NO_BITS.slice();
      for (let m = this.possible; m !== 0; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        none[b] = this.noneAt(b);
      }
      this.noneView = none;
    }
    return this.noneView;
  }

  private view(bits: number, at: (b: number) => Prob6): readonly Prob6[] {
    if (bits === 0) return ZEROS;
    const out = ZEROS.slice();
    for (let m = bits; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      out[b] = at(b);
    }
    return out;
  }
}

/**
 * A distribution held in Prob6 only (too deep for doubles, or the doubles turned off), its `none` row
 * made when first read (most distributions are only ever read through `any`).
 */
export class Prob6Distribution implements Node {
  readonly doubles: Doubles | null = null;
  private noneView?: readonly (Prob6 | null)[];

  /** @param any the same array as `own` when the two are equal (no hero the unit makes can have an event) */
  constructor(
    readonly key: number,
    readonly tallies: readonly { readonly c: number; readonly p: Prob6 }[],
    readonly gone: Prob6,
    readonly own: readonly Prob6[],
    readonly ownPossible: number,
    readonly any: readonly Prob6[],
    readonly possible: number,
    readonly finals: () => readonly LocalFinal[],
  ) {}

  get none(): readonly (Prob6 | null)[] {
    if (this.noneView === undefined) {
      const none = NO_BITS.slice();
      for (let m = this.possible; m !== 0; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        none[b] = complement(this.any[b]);
      }
      this.noneView = none;
    }
    return this.noneView;
  }

  noneAt(b: number): Prob6 | null {
    return this.none[b];
  }

  tallyGroups(groupOf: (c: number) => number, groups: number): Prob6[] {
    const out = new Array<Prob6>(groups).fill(ZERO);
    for (const { c, p } of this.tallies) {
      const g = groupOf(c);
      out[g] = add(out[g], p);
    }
    return out;
  }

  addOwnTimes(into: Prob6Sums, slot: number, w: Prob6, b: number): void {
    into.addProduct(slot, w, this.own[b]);
  }

  addNoneTimes(into: Prob6Sums, slot: number, w: Prob6, b: number): void {
    const x = this.none[b];
    if (x === null) into.add(slot, w);
    else into.addProduct(slot, w, x);
  }
}

/**
 * The distribution of a unit with no entries left: itself, for certain.
 * @param u the unit (off the map when not alive: its final part is `offMapState(u)`)
 * @param key the distribution's key (unique within the attack)
 * @param idOf interned id of a unit state (its final part)
 * @param c its tally class, an integer in [0, 64)
 * @param doubles held in doubles (else Prob6 only)
 * Never throws.
 */
export function ending(u: UnitState, key: number, idOf: (u: UnitState) => number, c: number, doubles: boolean): Node {
  const unit = isAlive(u) ? u : offMapState(u);
  let finals: LocalFinal[] | undefined;
  const finalsOf = (): readonly LocalFinal[] => (finals ??= [{ parts: [unit], ids: [idOf(unit)], p: ONE }]);
  if (doubles) {
    const d: Doubles = { e: 0, tallyC: [c], tallyN: ONE_ROW, gone: isAlive(u) ? 0 : 1, own: NO_NUMERATORS, any: NO_NUMERATORS };
    return new DoublesDistribution(key, d, 0, 0, finalsOf);
  }
  return new Prob6Distribution(key, [{ c, p: ONE }], isAlive(u) ? ZERO : ONE, ZEROS, 0, ZEROS, 0, finalsOf);
}

/** The final parts before a stage: per final f, q x its unit's parts after x each hero's parts, canonical, merged. */
export function finalParts(items: StageItems): LocalFinal[] {
  const out = new Map<string, { parts: readonly UnitState[]; ids: number[]; p: Prob6 }>();
  for (let i = 0; i < items.finals.length; i++) {
    const f = items.finals[i];
    const after = items.afters[i];
    const heroes = heroesOf(items, i);
    let partial: { parts: UnitState[]; ids: number[]; p: Prob6 }[] = after.finals().map((x) => ({ parts: x.parts.slice(), ids: x.ids.slice(), p: mul(f.q, x.p) }));
    for (const h of heroes) {
      const fs = h.finals();
      partial = partial.flatMap((y) => fs.map((x) => ({ parts: [...y.parts, ...x.parts], ids: [...y.ids, ...x.ids], p: mul(y.p, x.p) })));
    }
    for (const y of partial) {
      // Heroes (A15.21, interchangeable) sorted by id; the unit stays part 0.
      if (y.parts.length > 2) {
        const order = y.parts.slice(1).map((u, j) => ({ u, id: y.ids[j + 1] })).sort((a, b) => a.id - b.id);
        order.forEach((o, j) => {
          y.parts[j + 1] = o.u;
          y.ids[j + 1] = o.id;
        });
      }
      const k = y.ids.join(',');
      const c = out.get(k);
      if (c === undefined) out.set(k, y);
      else c.p = add(c.p, y.p);
    }
  }
  return [...out.values()];
}
