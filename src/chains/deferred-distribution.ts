/**
 * A deferred unit's exact distribution given its script (deferred-check-chain.ts): what the factored
 * attack (attack-factored.ts) multiplies in for each unit that is not a leader, per leaders' history.
 *
 * Computed backwards over the script's suffixes. Once the unit is in state u before the entries s, its
 * future (and the future of every hero it creates from then on, A15.21) depends on (u, s) alone, so the
 * distribution of (u, s) is the sum over the final states f of its first entry (a "stage", enumerated
 * once per (unit state, entry) for the whole attack) of q(f) times the distribution of (f's unit, the
 * rest of s), with each hero f made multiplied in as his own distribution over the waves left in s
 * (LLMC, LLTC, Berserk checks: the IFT result's own checks are the unit's; he is independent of the
 * unit once created, A15.21). Each (unit state, suffix) is computed once, and a
 * stage that changes nothing (the unit is not subject to the entry) returns its successor's
 * distribution as it is: scripts share suffixes, and units that the leaders' later waves cannot touch
 * (broken, eliminated) collapse to one distribution.
 *
 * Arithmetic: a distribution's figures are probabilities n / 6^e at one exponent e (at most the dice
 * its paths roll; lowered while every numerator is a multiple of 6). While e <= {@link EXACT_DOUBLE_E},
 * every numerator (at most 6^e < 2^53) and every product and partial sum a stage makes is an integer a
 * double holds exactly, so the backward pass runs on doubles, with no BigInt or object per addition. A
 * deeper stage (long scripts and heroes: none on most stacks, 2-7% of the stages with two 10-x leaders,
 * whose heroes take their LLMC) is combined in the exact Prob6 arithmetic, and held in doubles again
 * when its figures fit. Both give the same fractions (tested against the whole script's chain with the
 * doubles on, off, and limited so that the two mix).
 */
import { enumerateChain } from '../engine/exact.js';
import { add, atLowestPower, complement, mul, ONE, Prob6Sums, ZERO, type Prob6 } from '../engine/probability.js';
import type { MoraleContext } from '../rules/context.js';
import { isAlive, offMapState, unitStateKey, type UnitState } from '../rules/unit-state.js';
import { buildDeferredChain, deferredMemo, isWave, stageKey, type Script, type ScriptEntry } from './deferred-check-chain.js';

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
  /** Final parts with probabilities, made when first asked for (only the joint distribution needs them). */
  readonly finals: () => readonly LocalFinal[];
}

/** A final state of one stage from a unit state: probability q, the unit, heroes made, its events. */
interface StageFinal {
  readonly unit: UnitState;
  readonly num: number;
  /** Heroes made in the stage, as created. */
  readonly made: readonly UnitState[];
  readonly q: Prob6;
  /** The unit's own events in the stage (heroes take none in the stage that makes them). */
  readonly own: number;
}

/** The distributions of one attack's deferred units, sharing their work. */
export interface DeferredDistributions {
  /**
   * The distribution of a deferred unit from `start` (the target as it was before the attack) taking
   * `script`. Memoised per (start state, script).
   * @throws AslOddsError `engine.tooManyStates` through `spend`
   */
  readonly of: (start: UnitState, script: Script) => LocalDistribution;
  /**
   * Stages combined so far: in doubles, in Prob6 (too deep for doubles), and of those, how many were
   * held in doubles again after (their figures at their lowest powers of 6 fit one exponent).
   */
  readonly stats: () => { readonly doubles: number; readonly prob6: number; readonly backToDoubles: number };
}

/** Scratch sums of {@link combine} (left at 0 between calls): slots of own events, any part's, tallies, P(gone). */
const ANY = 32;
const TALLY = 64;
const GONE = 128;
const SUMS = new Prob6Sums(GONE + 1);
// Shared per-bit rows (never written), and what a new row is sliced from: slicing a frozen array takes
// V8's slow path (about 50 times slower), so the templates are not frozen.
const NO_BITS: readonly (Prob6 | null)[] = Array.from({ length: BITS }, () => null);
const ZEROS: readonly Prob6[] = Array.from({ length: BITS }, () => ZERO);

/**
 * The largest exponent e whose figures n / 6^e the backward pass keeps in doubles: 6^20 < 2^53, so
 * every numerator of a probability at that exponent is an integer a double holds exactly.
 */
export const EXACT_DOUBLE_E = 20;

/** Options of {@link deferredDistributions}. */
export interface DeferredDistributionOptions {
  /** Most states of one stage's chain (default: no limit). */
  readonly maxStates?: number;
  /**
   * Keep what `finals()` needs (the joint distribution's parts): default false, so that a summary does
   * not hold every stage's finals; `finals()` then throws.
   */
  readonly finals?: boolean;
  /**
   * Stages whose exponent is at most this are combined in doubles, and a stage combined in Prob6 is held
   * in doubles again when its figures fit it (default and most {@link EXACT_DOUBLE_E}); -1 uses the
   * Prob6 arithmetic throughout (tests compare them).
   */
  readonly doublesUpTo?: number;
}

/**
 * The deferred units' distributions of one attack.
 * @param ctx the attack's rule set, ELR and situation
 * @param tally the class of a final unit state `end` of a unit that started as `start`, an integer in
 *   [0, 64) (what the caller tallies, e.g. final status and squad-equivalents lost)
 * @param idOf interned id of a unit state (the joint distribution's parts)
 * @param spend counts work against the budget: the states of the stages' chains, then per stage combined
 *   its finals (a stage found combined already, or a distribution merged with an equal one, costs none)
 * @param options see {@link DeferredDistributionOptions}
 * Never throws by itself.
 */
export function deferredDistributions(
  ctx: MoraleContext,
  tally: (start: UnitState, end: UnitState) => number,
  idOf: (u: UnitState) => number,
  spend: (k: number) => void,
  options: DeferredDistributionOptions = {},
): DeferredDistributions {
  const maxStates = options.maxStates ?? Infinity;
  const keepFinals = options.finals ?? false;
  const doublesUpTo = Math.min(options.doublesUpTo ?? EXACT_DOUBLE_E, EXACT_DOUBLE_E);
  const memo = deferredMemo();
  // Unit states numbered (by key), for the memo rows.
  const numbers = new Map<string, number>();
  const numberKeys = new WeakMap<UnitState, number>();
  const numberOf = (u: UnitState): number => {
    let x = numberKeys.get(u);
    if (x === undefined) {
      const k = unitStateKey(u);
      x = numbers.get(k);
      if (x === undefined) numbers.set(k, (x = numbers.size));
      numberKeys.set(u, x);
    }
    return x;
  };
  // A stage (one entry) from a unit state, once per (entry, unit number) for the attack.
  const stages = new Map<ScriptEntry, (Stage | undefined)[]>();
  const stagesByKey = new Map<string, Stage>();
  const stageIds = new Map<string, number>();
  const stageOf = (u: UnitState, num: number, e: ScriptEntry): Stage => {
    let row = stages.get(e);
    if (row === undefined) stages.set(e, (row = []));
    let st = row[num];
    if (st !== undefined) return st;
    // Entries that do the same to this unit state (deferred-check-chain.ts `stageKey`) share a stage.
    const key = `${num}|${stageKey(u, e, ctx)}`;
    st = stagesByKey.get(key);
    if (st === undefined) {
      const dist = enumerateChain(buildDeferredChain([u], [e], ctx, memo), { maxStates });
      spend(dist.statesVisited);
      // The unit in canonical form, the heroes made (as created); finals that then agree merged.
      const finals = new Map<string, { unit: UnitState; num: number; made: UnitState[]; q: Prob6; own: number }>();
      for (const t of dist.terminals) {
        const [first, ...made] = t.state.parts;
        const unit = isAlive(first) ? first : offMapState(first);
        const num = numberOf(unit);
        const heroNums = made.map(numberOf).sort((a, b) => a - b);
        const k = `${num}|${heroNums.join(',')}|${t.state.own}`;
        const f = finals.get(k);
        if (f === undefined) finals.set(k, { unit, num, made, q: t.probability, own: t.state.own });
        else f.q = add(f.q, t.probability);
      }
      // Each q at its lowest power of 6: the stage's distribution is held at the exponent its terms need.
      // In the order of their keys, so that stages equal in value list them alike.
      const sorted = [...finals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const list = sorted.map(([, f]) => ({ ...f, q: atLowestPower(f.q) }));
      // Numbered by value: entries that act alike on this unit state (say, two leaders' LLMC it
      // takes at the same DRM) give one stage, so that the stages combined after them merge too.
      const value = `${num}:${sorted.map(([k], i) => `${k}@${list[i].q.n}/${list[i].q.e}`).join(' ')}`;
      let id = stageIds.get(value);
      if (id === undefined) stageIds.set(value, (id = stageIds.size));
      st = { finals: list, id, makesHeroes: list.some((f) => f.made.length > 0) };
      stagesByKey.set(key, st);
    }
    row[num] = st;
    return st;
  };
  // Scripts interned by key as suffixes: numbered, with their rest (the entries after the first) and
  // their waves made once.
  const suffixes = new Map<string, Suffix>();
  const suffixOf = new Map<Script, Suffix>();
  const intern = (s: Script): Suffix => {
    let x = suffixOf.get(s);
    if (x === undefined) {
      x = suffixes.get(s.key);
      if (x === undefined) suffixes.set(s.key, (x = { script: s, rest: undefined, waves: undefined, starts: [], nums: [], nodes: [] }));
      suffixOf.set(s, x);
    }
    return x;
  };
  const restOf = (x: Suffix): Suffix => {
    if (x.rest === undefined) {
      const s = x.script;
      x.rest = intern({ entries: s.entries.slice(1), key: s.key.slice(s.entries[0].key.length + 1) });
    }
    return x.rest;
  };
  // A suffix's wave entries (LLMC, LLTC, Berserk checks: every part takes them), as a suffix.
  const wavesOf = (x: Suffix): Suffix => {
    if (x.waves === undefined) {
      const entries = x.script.entries.filter(isWave);
      x.waves = entries.length === x.script.entries.length ? x : intern({ entries, key: entries.map((e) => `${e.key};`).join('') });
    }
    return x.waves;
  };
  let count = 0;

  // Without final parts (a summary), distributions equal in value are one object (`same`), and a stage
  // over the same distributions is combined once (`combined`, by the stage and its items'
  // distributions' keys): scripts that differ only in entries that change nothing for the unit give
  // equal distributions, so the caller sees fewer distinct ones (the factored attack, fewer tuples).
  const byValue = new Map<number, Node[]>();
  const same = (d: Node): Node => {
    if (keepFinals || d.doubles === null) return d;
    const h = hashOf(d, d.doubles);
    let list = byValue.get(h);
    if (list === undefined) byValue.set(h, (list = []));
    for (const x of list) if (equalValues(x, d)) return x;
    list.push(d);
    return d;
  };
  /**
   * Combined stages by the hash of their signature: the stage's number, then per final the key of its
   * unit's distribution after it (and, when the stage makes heroes, their count and keys).
   */
  const combined = new Map<number, { readonly signature: readonly number[]; readonly d: Node }[]>();
  const stats = { doubles: 0, prob6: 0, backToDoubles: 0 };
  // The distribution of unit state `u` (number `num`) over suffix `x`, tallied as from `start` (number
  // `sn`): memoised on the suffix (`Suffix.nodes`).
  const local = (start: UnitState, sn: number, u: UnitState, num: number, x: Suffix): Node => {
    const { starts, nums, nodes } = x;
    for (let i = 0; i < nums.length; i++) if (nums[i] === num && starts[i] === sn) return nodes[i];
    let d: Node | undefined;
    const s = x.script;
    if (s.entries.length === 0) d = same(ending(u, count++, idOf, tally(start, isAlive(u) ? u : offMapState(u)), doublesUpTo >= 0));
    else {
      const rest = restOf(x);
      const stage = stageOf(u, num, s.entries[0]);
      const st = stage.finals;
      const f = st[0];
      if (st.length === 1 && f.own === 0 && f.made.length === 0 && f.q.n === 1n && f.q.e === 0) d = local(start, sn, f.unit, f.num, rest);
      else {
        const afters = st.map((f) => local(start, sn, f.unit, f.num, rest));
        let heroes: (readonly Node[])[] | null = null;
        if (stage.makesHeroes) {
          // A hero takes the later waves only (deferred-check-chain.ts `isWave`); his tallies are never
          // read: he is tallied as his own start.
          const waves = wavesOf(rest);
          heroes = st.map((f) => (f.made.length === 0 ? NO_NODES : f.made.map((h) => local(h, numberOf(h), h, numberOf(h), waves))));
        }
        let hash = 0;
        if (!keepFinals) {
          hash = signatureHash(stage.id, afters, heroes);
          const list = combined.get(hash);
          if (list !== undefined) for (const c of list) if (sameSignature(c.signature, stage.id, afters, heroes)) d = c.d;
        }
        if (d === undefined) {
          const items = st.map((f, i) => ({ f, after: afters[i], heroes: heroes === null ? NO_NODES : heroes[i] }));
          let parts: readonly LocalFinal[] | undefined;
          const finals = keepFinals ? (): readonly LocalFinal[] => (parts ??= finalParts(items)) : noFinals;
          const e = exponentOf(items);
          if (e <= doublesUpTo) {
            stats.doubles++;
            d = same(combineDoubles(items, e, count++, finals));
          } else {
            stats.prob6++;
            const exact = combine(items, count++, finals);
            d = inDoubles(exact, doublesUpTo);
            if (d !== exact) stats.backToDoubles++;
            d = same(d);
          }
          if (!keepFinals) {
            let list = combined.get(hash);
            if (list === undefined) combined.set(hash, (list = []));
            list.push({ signature: signatureOf(stage.id, afters, heroes), d });
          }
          spend(st.length); // its sums and vectors grow with the stage's finals
        }
      }
    }
    starts.push(sn);
    nums.push(num);
    nodes.push(d!);
    return d!;
  };
  return {
    of: (start, script) => {
      const num = numberOf(start);
      return local(start, num, start, num, intern(script));
    },
    stats: () => ({ ...stats }),
  };
}

/** A distribution as the backward pass holds it: its figures in doubles when `doubles` is set. */
interface Node extends LocalDistribution {
  /** The figures as numerators over 6^e, exact in doubles; null when they are Prob6 only. */
  readonly doubles: Doubles | null;
}

/**
 * A script as the backward pass meets it: interned (equal keys, one suffix), its rest and waves once
 * made, and the distributions over it found so far: of unit number `nums[i]` tallied from start number
 * `starts[i]` (a few per suffix: a short list beats a hash lookup).
 */
interface Suffix {
  readonly script: Script;
  rest: Suffix | undefined;
  waves: Suffix | undefined;
  readonly starts: number[];
  readonly nums: number[];
  readonly nodes: Node[];
}

/** A distribution's figures as numerators n over 6^e (e <= EXACT_DOUBLE_E: integers, exact). */
interface Doubles {
  readonly e: number;
  /** Tally classes and their numerators (same index). */
  readonly tallyC: readonly number[];
  readonly tallyN: readonly number[];
  readonly gone: number;
  /** Per event bit (32), 0 where impossible: the unit's own, and any part's (the same array when equal). */
  readonly own: readonly number[];
  readonly any: readonly number[];
}

/** A stage's final with the distributions after it: its unit's over the rest, the heroes' it made. */
interface Item {
  readonly f: StageFinal;
  readonly after: Node;
  readonly heroes: readonly Node[];
}

/** 6^k as doubles, exact for k <= EXACT_DOUBLE_E. */
const POW6N: readonly number[] = Array.from({ length: EXACT_DOUBLE_E + 1 }, (_, k) => 6 ** k);
/** A row of 32 zero numerators, its elements doubles already (a slice then takes doubles without a transition). */
const NO_NUMERATORS: readonly number[] = new Array<number>(BITS).fill(0.5).fill(0);

const noFinals = (): never => {
  throw new Error('deferred distributions made without their final parts (options.finals)');
};

/** The exponent of a stage's distribution: its items' most (q's, the unit's after, the heroes'); Infinity if any is Prob6 only. */
function exponentOf(items: readonly Item[]): number {
  let e = 0;
  for (const { f, after, heroes } of items) {
    if (after.doubles === null) return Infinity;
    let x = f.q.e + after.doubles.e;
    for (const h of heroes) {
      if (h.doubles === null) return Infinity;
      x += h.doubles.e;
    }
    if (x > e) e = x;
  }
  return e;
}

/** The Prob6 n / 6^e of a numerator held in a double. */
function prob(n: number, e: number): Prob6 {
  return n === 0 ? ZERO : { n: BigInt(n), e };
}

/** A distribution held in doubles, with its Prob6 figures made when first read. */
class DoublesDistribution implements Node {
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
    return (this.ownView ??= this.view(this.doubles.own, this.ownPossible));
  }

  get any(): readonly Prob6[] {
    return this.doubles.any === this.doubles.own ? this.own : (this.anyView ??= this.view(this.doubles.any, this.possible));
  }

  get none(): readonly (Prob6 | null)[] {
    if (this.noneView === undefined) {
      const { any, e } = this.doubles;
      const none = NO_BITS.slice();
      for (let m = this.possible; m !== 0; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        none[b] = prob(POW6N[e] - any[b], e);
      }
      this.noneView = none;
    }
    return this.noneView;
  }

  private view(numerators: readonly number[], bits: number): readonly Prob6[] {
    if (bits === 0) return ZEROS;
    const out = ZEROS.slice();
    for (let m = bits; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      out[b] = prob(numerators[b], this.doubles.e);
    }
    return out;
  }
}

/** The distribution of a unit with no entries left: itself, for certain. */
function ending(u: UnitState, key: number, idOf: (u: UnitState) => number, c: number, doubles: boolean): Node {
  const unit = isAlive(u) ? u : offMapState(u);
  let finals: LocalFinal[] | undefined;
  const finalsOf = (): readonly LocalFinal[] => (finals ??= [{ parts: [unit], ids: [idOf(unit)], p: ONE }]);
  if (doubles) {
    const d: Doubles = { e: 0, tallyC: [c], tallyN: [1], gone: isAlive(u) ? 0 : 1, own: NO_NUMERATORS, any: NO_NUMERATORS };
    return new DoublesDistribution(key, d, 0, 0, finalsOf);
  }
  return {
    key,
    doubles: null,
    tallies: [{ c, p: ONE }],
    gone: isAlive(u) ? ZERO : ONE,
    any: ZEROS,
    none: NO_BITS,
    possible: 0,
    own: ZEROS,
    ownPossible: 0,
    finals: finalsOf,
  };
}

/** Scratch sums of {@link combineDoubles} (left at 0 between calls), in the slots of SUMS. */
const NSUMS = new Float64Array(GONE + 1);

/**
 * {@link combine} in doubles, every figure a numerator over 6^e (e from {@link exponentOf}, at most
 * {@link EXACT_DOUBLE_E}). Exact: a term is q x after x the heroes' figures (numerators at most 6^(its
 * exponents)), scaled to 6^e, so every product and partial sum of these probabilities is an integer
 * at most 6^e < 2^53.
 */
function combineDoubles(items: readonly Item[], e: number, key: number, finals: () => readonly LocalFinal[]): Node {
  const S = NSUMS;
  const seen: number[] = [];
  let seenLow = 0;
  let seenHigh = 0;
  let ownPossible = 0;
  let possible = 0;
  const shared = items.every(({ after, heroes }) => after.doubles!.any === after.doubles!.own && heroes.every((h) => h.possible === 0));
  for (const { f, after, heroes } of items) {
    const a = after.doubles!;
    const qn = Number(f.q.n);
    const qe = f.q.e;
    // q x a figure of the unit after the stage, and q alone (an event of the stage itself), at 6^e.
    const s0 = qn * POW6N[e - qe - a.e];
    const sq = qn * POW6N[e - qe];
    for (let i = 0; i < a.tallyC.length; i++) {
      const c = a.tallyC[i];
      const bit = 1 << (c & 31);
      if (c < 32 ? (seenLow & bit) === 0 : (seenHigh & bit) === 0) {
        seen.push(c);
        if (c < 32) seenLow |= bit;
        else seenHigh |= bit;
      }
      S[TALLY + c] += s0 * a.tallyN[i];
    }
    // P(nothing left): after's x each hero's, at the item's exponent, then scaled.
    if (a.gone !== 0) {
      let g = qn * a.gone;
      let ge = qe + a.e;
      for (const h of heroes) {
        g *= h.doubles!.gone;
        ge += h.doubles!.e;
      }
      S[GONE] += g * POW6N[e - ge];
    }
    for (let m = f.own | after.ownPossible; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      S[b] += (f.own & (1 << b)) !== 0 ? sq : s0 * a.own[b];
    }
    ownPossible |= f.own | after.ownPossible;
    if (shared) continue;
    let heroPossible = 0;
    let he = 0;
    for (const h of heroes) {
      heroPossible |= h.possible;
      he += h.doubles!.e;
    }
    for (let m = f.own | after.possible | heroPossible; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      if ((f.own & (1 << b)) !== 0) S[ANY + b] += sq;
      else if ((heroPossible & (1 << b)) === 0) S[ANY + b] += s0 * a.any[b];
      else {
        // q x (1 - P(none after) x each hero's P(none)), at the item's exponent qe + a.e + he.
        let none = POW6N[a.e] - a.any[b];
        for (const h of heroes) none *= POW6N[h.doubles!.e] - h.doubles!.any[b];
        S[ANY + b] += qn * (POW6N[a.e + he] - none) * POW6N[e - qe - a.e - he];
      }
    }
    possible |= f.own | after.possible | heroPossible;
  }
  const take = (slot: number): number => {
    const x = S[slot];
    S[slot] = 0;
    return x;
  };
  const numerators = (bits: number, slot: number): readonly number[] => {
    if (bits === 0) return NO_NUMERATORS;
    const out = NO_NUMERATORS.slice();
    for (let m = bits; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      out[b] = take(slot + b);
    }
    return out;
  };
  const own = numerators(ownPossible, 0);
  let any = own;
  if (shared) possible = ownPossible;
  else any = numerators(possible, ANY);
  const tallyN = seen.map((c) => take(TALLY + c));
  const d = atLowestExponent({ e, tallyC: seen, tallyN, gone: take(GONE), own, any }, ownPossible, possible);
  return new DoublesDistribution(key, d, possible, ownPossible, finals);
}

/**
 * `d` (made in Prob6) held in doubles when its figures, each at its lowest power of 6, fit one exponent
 * of at most `upTo` (then its parents combine in doubles again); else `d` itself. Exact: at that
 * exponent every numerator of a probability is at most 6^20 < 2^53.
 */
function inDoubles(d: Node, upTo: number): Node {
  const tallies = d.tallies.map((t) => atLowestPower(t.p));
  const gone = atLowestPower(d.gone);
  const bitsOf = (row: readonly Prob6[], bits: number): (Prob6 | undefined)[] => {
    const out: (Prob6 | undefined)[] = [];
    for (let m = bits; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      out[b] = atLowestPower(row[b]);
    }
    return out;
  };
  const own = bitsOf(d.own, d.ownPossible);
  const shared = d.any === d.own;
  const any = shared ? own : bitsOf(d.any, d.possible);
  let e = gone.e;
  for (const p of [...tallies, ...own, ...any]) if (p !== undefined && p.e > e) e = p.e;
  if (e > upTo) return d;
  const numerator = (p: Prob6 | undefined): number => (p === undefined || p.n === 0n ? 0 : Number(p.n) * POW6N[e - p.e]);
  const row = (ps: (Prob6 | undefined)[], bits: number): readonly number[] => {
    if (bits === 0) return NO_NUMERATORS;
    const out = NO_NUMERATORS.slice();
    for (let m = bits; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      out[b] = numerator(ps[b]);
    }
    return out;
  };
  const ownRow = row(own, d.ownPossible);
  const doubles: Doubles = {
    e,
    tallyC: d.tallies.map((t) => t.c),
    tallyN: tallies.map(numerator),
    gone: numerator(gone),
    own: ownRow,
    any: shared ? ownRow : row(any, d.possible),
  };
  return new DoublesDistribution(d.key, doubles, d.possible, d.ownPossible, d.finals);
}

/** True when the integer `n` (a double, at most 2^53) is a multiple of 6. */
function multipleOf6(n: number): boolean {
  return n === Math.floor(n / 6) * 6;
}

/**
 * `d` at the smallest exponent that holds every figure (each numerator divided by 6 while all are
 * multiples of 6): the same fractions. A stage's exponent is the most dice its paths roll, but its sums
 * often carry common factors of 6; lower, its parents stay within doubles more often. Makes new rows
 * (never writes `d`'s, which may be the shared {@link NO_NUMERATORS}).
 */
function atLowestExponent(d: Doubles, ownPossible: number, possible: number): Doubles {
  let k = 0;
  while (k < d.e && allMultiples(d, ownPossible, possible, POW6N[k])) k++;
  if (k === 0) return d;
  const p = POW6N[k];
  const divide = (row: readonly number[], bits: number): readonly number[] => {
    if (bits === 0) return row;
    const out = row.slice();
    for (let m = bits; m !== 0; m &= m - 1) out[31 - Math.clz32(m & -m)] /= p;
    return out;
  };
  const own = divide(d.own, ownPossible);
  return { e: d.e - k, tallyC: d.tallyC, tallyN: d.tallyN.map((n) => n / p), gone: d.gone / p, own, any: d.any === d.own ? own : divide(d.any, possible) };
}

/** True when every figure of `d` divided by `p` (a power of 6 dividing them all) is a multiple of 6. */
function allMultiples(d: Doubles, ownPossible: number, possible: number, p: number): boolean {
  for (let i = 0; i < d.tallyN.length; i++) if (!multipleOf6(d.tallyN[i] / p)) return false;
  return multipleOf6(d.gone / p) && bitsDivide(d.own, ownPossible, p) && (d.any === d.own || bitsDivide(d.any, possible, p));
}

/** True when every numerator of `row` at the bits of `bits`, divided by `p`, is a multiple of 6. */
function bitsDivide(row: readonly number[], bits: number, p: number): boolean {
  for (let m = bits; m !== 0; m &= m - 1) if (!multipleOf6(row[31 - Math.clz32(m & -m)] / p)) return false;
  return true;
}

const NO_NODES: readonly Node[] = [];

/** One stage (an entry from a unit state): its finals, its number in the attack, whether any makes a hero. */
interface Stage {
  readonly finals: readonly StageFinal[];
  readonly id: number;
  readonly makesHeroes: boolean;
}

/**
 * A combined stage's signature: the stage's number, then per final its unit's distribution's key after
 * it, and with heroes (`heroes` not null) their count and keys. {@link signatureHash} hashes the same
 * list without making it, {@link sameSignature} compares it.
 */
function signatureOf(id: number, afters: readonly Node[], heroes: readonly (readonly Node[])[] | null): number[] {
  const out = [id];
  afters.forEach((a, i) => {
    out.push(a.key);
    if (heroes !== null) {
      out.push(heroes[i].length);
      for (const h of heroes[i]) out.push(h.key);
    }
  });
  return out;
}

const mix = (h: number, x: number): number => {
  h = Math.imul(h ^ x, 0x01000193);
  return h ^ (h >>> 15);
};

/** A 32-bit hash of {@link signatureOf}'s list. */
function signatureHash(id: number, afters: readonly Node[], heroes: readonly (readonly Node[])[] | null): number {
  let h = mix(0x811c9dc5, id);
  for (let i = 0; i < afters.length; i++) {
    h = mix(h, afters[i].key);
    if (heroes !== null) {
      h = mix(h, heroes[i].length);
      for (const x of heroes[i]) h = mix(h, x.key);
    }
  }
  return h;
}

/** True when `signature` is {@link signatureOf}'s list for these arguments. */
function sameSignature(signature: readonly number[], id: number, afters: readonly Node[], heroes: readonly (readonly Node[])[] | null): boolean {
  if (signature[0] !== id) return false;
  let k = 1;
  for (let i = 0; i < afters.length; i++) {
    if (signature[k++] !== afters[i].key) return false;
    if (heroes !== null) {
      if (signature[k++] !== heroes[i].length) return false;
      for (const x of heroes[i]) if (signature[k++] !== x.key) return false;
    }
  }
  return k === signature.length;
}

/** A 32-bit hash of a distribution's values (exponent, bits, tallies, P(gone), own and any part's events). */
function hashOf(x: LocalDistribution, d: Doubles): number {
  let h = Math.imul(d.e + 64 * x.ownPossible, 0x9e3779b1) ^ x.possible;
  const mix = (n: number): void => {
    h = Math.imul(h ^ (n % 4294967296), 0x85ebca6b);
    h = Math.imul(h ^ Math.floor(n / 4294967296), 0xc2b2ae35);
    h ^= h >>> 13;
  };
  for (let i = 0; i < d.tallyC.length; i++) {
    mix(d.tallyC[i]);
    mix(d.tallyN[i]);
  }
  mix(d.gone);
  for (let m = x.ownPossible; m !== 0; m &= m - 1) mix(d.own[31 - Math.clz32(m & -m)]);
  for (let m = x.possible; m !== 0; m &= m - 1) mix(d.any[31 - Math.clz32(m & -m)]);
  return h;
}

/** True when two distributions held in doubles have the same values (tallies in the same order). */
function equalValues(a: Node, b: Node): boolean {
  const x = a.doubles;
  const y = b.doubles;
  if (x === null || y === null || x.e !== y.e || a.possible !== b.possible || a.ownPossible !== b.ownPossible || x.gone !== y.gone) return false;
  if (x.tallyC.length !== y.tallyC.length || x.tallyC.some((c, i) => c !== y.tallyC[i] || x.tallyN[i] !== y.tallyN[i])) return false;
  for (let m = a.ownPossible; m !== 0; m &= m - 1) if (x.own[31 - Math.clz32(m & -m)] !== y.own[31 - Math.clz32(m & -m)]) return false;
  for (let m = a.possible; m !== 0; m &= m - 1) if (x.any[31 - Math.clz32(m & -m)] !== y.any[31 - Math.clz32(m & -m)]) return false;
  return true;
}

/**
 * The distribution of a unit before a stage: per final f of the stage (probability q), the
 * distribution `after` of f's unit over the rest of the script and `heroes`, those of the heroes f
 * made. P(the unit had b) = sum of q x (1 if f gave it b, else its P after); P(some part had b) = sum
 * of q x (1 if f gave the unit b, else 1 - P(none after) x the product of each hero's P(none));
 * P(nothing left) = sum of q x P(gone after) x each hero's P(gone). In Prob6, for distributions too
 * deep for {@link combineDoubles}.
 */
function combine(items: readonly Item[], key: number, finals: () => readonly LocalFinal[]): Node {
  // Sums in SUMS' slots: own events 0-31, any part's 32-63, tallies 64-127, P(gone) 128.
  const seen: number[] = [];
  let seenLow = 0;
  let seenHigh = 0;
  let ownPossible = 0;
  let possible = 0;
  // While every item's own and any agree (no hero can have an event), the any part's sums are not made.
  const shared = items.every(({ after, heroes }) => after.any === after.own && heroes.every((h) => h.possible === 0));
  for (const { f, after, heroes } of items) {
    const q = f.q;
    for (const x of after.tallies) {
      const bit = 1 << (x.c & 31);
      if (x.c < 32 ? (seenLow & bit) === 0 : (seenHigh & bit) === 0) {
        seen.push(x.c);
        if (x.c < 32) seenLow |= bit;
        else seenHigh |= bit;
      }
      SUMS.addProduct(TALLY + x.c, q, x.p);
    }
    let g = after.gone;
    for (const h of heroes) if (g.n !== 0n) g = mul(g, h.gone);
    SUMS.addProduct(GONE, q, g);
    // The unit's own events.
    for (let m = f.own | after.ownPossible; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      if ((f.own & (1 << b)) !== 0) SUMS.add(b, q);
      else SUMS.addProduct(b, q, after.own[b]);
    }
    ownPossible |= f.own | after.ownPossible;
    // Any part's (the unit's own when shared).
    if (shared) continue;
    let heroPossible = 0;
    for (const h of heroes) heroPossible |= h.possible;
    for (let m = f.own | after.possible | heroPossible; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      if ((f.own & (1 << b)) !== 0) SUMS.add(ANY + b, q);
      else if ((heroPossible & (1 << b)) === 0) SUMS.addProduct(ANY + b, q, after.any[b]);
      else {
        let none = after.none[b] ?? ONE;
        for (const h of heroes) if (h.none[b] !== null) none = mul(none, h.none[b]!);
        SUMS.addProduct(ANY + b, q, complement(none));
      }
    }
    possible |= f.own | after.possible | heroPossible;
  }
  const own = ZEROS.slice();
  for (let m = ownPossible; m !== 0; m &= m - 1) {
    const b = 31 - Math.clz32(m & -m);
    own[b] = SUMS.take(b);
  }
  let any = own;
  if (shared) possible = ownPossible;
  else {
    any = ZEROS.slice();
    for (let m = possible; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      any[b] = SUMS.take(ANY + b);
    }
  }
  const tallies = seen.map((c) => ({ c, p: SUMS.take(TALLY + c) }));
  const gone = SUMS.take(GONE);
  let none: (Prob6 | null)[] | undefined;
  return {
    key,
    doubles: null,
    tallies,
    gone,
    any,
    // Made when first read (most distributions are only ever read through `any`).
    get none() {
      if (none === undefined) {
        none = NO_BITS.slice();
        for (let m = possible; m !== 0; m &= m - 1) {
          const b = 31 - Math.clz32(m & -m);
          none[b] = complement(any[b]);
        }
      }
      return none;
    },
    possible,
    own,
    ownPossible,
    finals,
  };
}

/** The final parts before a stage: per final f, q x its unit's parts after x each hero's parts, canonical, merged. */
function finalParts(items: readonly Item[]): LocalFinal[] {
  const out = new Map<string, { parts: readonly UnitState[]; ids: number[]; p: Prob6 }>();
  for (const { f, after, heroes } of items) {
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
