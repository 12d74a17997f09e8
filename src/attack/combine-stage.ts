/**
 * One stage of the backward pass (deferred-distribution.ts) combined: the distribution of a unit before
 * a stage, from the stage's finals and the distributions after them. The same sums in two number
 * types: {@link combineDoubles} while every figure is a numerator over 6^e with e <= EXACT_DOUBLE_E
 * (exact integers in doubles, no BigInt or object per addition), {@link combineProb6} for deeper
 * stages, and {@link inDoubles} to hold a Prob6 result in doubles again when its figures fit. Tested
 * equal to each other and to the whole script's chain (test/attack/deferred-distribution.test.ts).
 */
import { atLowestPower, complement, mul, ONE, Prob6Sums, type Prob6 } from '../engine/probability.js';
import { rank } from '../engine/bits.js';
import {
  compactRow,
  doublesRow,
  DoublesDistribution,
  EXACT_DOUBLE_E,
  POW6N,
  Prob6Distribution,
  ZEROS,
  type Doubles,
  heroesOf,
  type StageItems,
  type LocalFinal,
  type Node,
} from './local-distribution.js';

/** Slots of the scratch sums: own events 0-31, any part's 32-63, tallies 64-127, P(gone) 128. */
const ANY = 32;
const TALLY = 64;
const GONE = 128;
/** Scratch sums of {@link combineProb6} (left at 0 between calls). */
const SUMS = new Prob6Sums(GONE + 1);

/** Scratch sums of {@link combineDoubles} (left at 0 between calls), in the slots of SUMS. */
const NSUMS = new Float64Array(GONE + 1);

/**
 * The exponent of a stage's distribution: its items' most (q's, the unit's after, the heroes'), an
 * integer >= 0; Infinity if any is Prob6 only. Never throws.
 */
export function exponentOf(items: StageItems): number {
  let e = 0;
  for (let i = 0; i < items.finals.length; i++) {
    const f = items.finals[i];
    const after = items.afters[i];
    const heroes = heroesOf(items, i);
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

/**
 * {@link combineProb6} in doubles, every figure a numerator over 6^e (e from {@link exponentOf}, at most
 * {@link EXACT_DOUBLE_E}). Exact: a term is q x after x the heroes' figures (numerators at most 6^(its
 * exponents)), scaled to 6^e, so every product and partial sum of these probabilities is an integer
 * at most 6^e < 2^53. The result is held at its lowest exponent (at most e).
 * @param items the stage's finals with the distributions after them, all held in doubles
 * @param e their exponent ({@link exponentOf}), in [0, EXACT_DOUBLE_E]
 * @param key the new distribution's key; @param finals its final parts (or `noFinals`)
 * Never throws.
 */
export function combineDoubles(items: StageItems, e: number, key: number, finals: () => readonly LocalFinal[]): Node {
  const S = NSUMS;
  const seen: number[] = [];
  let seenLow = 0;
  let seenHigh = 0;
  let ownPossible = 0;
  let possible = 0;
  const n = items.finals.length;
  let shared = true;
  for (let i = 0; i < n && shared; i++) {
    const a = items.afters[i].doubles!;
    if (a.any !== a.own) shared = false;
    for (const h of heroesOf(items, i)) if (h.possible !== 0) shared = false;
  }
  for (let i = 0; i < n; i++) {
    const f = items.finals[i];
    const after = items.afters[i];
    const heroes = heroesOf(items, i);
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
      S[b] += (f.own & (1 << b)) !== 0 ? sq : s0 * a.own[rank(after.ownPossible, b)];
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
      else if ((heroPossible & (1 << b)) === 0) S[ANY + b] += s0 * a.any[rank(after.possible, b)];
      else {
        // q x (1 - P(none after) x each hero's P(none)), at the item's exponent qe + a.e + he.
        let none = POW6N[a.e] - numeratorAt(a.any, after.possible, b);
        for (const h of heroes) none *= POW6N[h.doubles!.e] - numeratorAt(h.doubles!.any, h.possible, b);
        S[ANY + b] += qn * (POW6N[a.e + he] - none) * POW6N[e - qe - a.e - he];
      }
    }
    possible |= f.own | after.possible | heroPossible;
  }
  if (shared) possible = ownPossible;
  // The figures at their lowest exponent: a stage's exponent is the most dice its paths roll, but its
  // sums often share factors of 6; lower, its parents stay within doubles more often. Each sum is
  // divided by 6^k while all are multiples of 6 (exact: integers below 2^53).
  let k = 0;
  while (k < e && sumsDivide(S, seen, ownPossible, shared ? 0 : possible, POW6N[k])) k++;
  const p = POW6N[k];
  const take = (slot: number): number => {
    const x = S[slot] / p;
    S[slot] = 0;
    return x;
  };
  const own = compactRow(ownPossible, S, 0, p);
  const any = shared ? own : compactRow(possible, S, ANY, p);
  const tallyN = doublesRow(seen.length, (i) => take(TALLY + seen[i]));
  const d: Doubles = { e: e - k, tallyC: seen.slice(), tallyN, gone: take(GONE), own, any };
  return new DoublesDistribution(key, d, possible, ownPossible, finals);
}

/**
 * The distribution of a unit before a stage: per final f of the stage (probability q), the
 * distribution `after` of f's unit over the rest of the script and `heroes`, those of the heroes f
 * made. P(the unit had b) = sum of q x (1 if f gave it b, else its P after); P(some part had b) = sum
 * of q x (1 if f gave the unit b, else 1 - P(none after) x the product of each hero's P(none));
 * P(nothing left) = sum of q x P(gone after) x each hero's P(gone). In Prob6, for distributions too
 * deep for {@link combineDoubles}.
 * @param items the stage's finals with the distributions after them (held either way)
 * @param key the new distribution's key; @param finals its final parts (or `noFinals`)
 * Never throws.
 */
export function combineProb6(items: StageItems, key: number, finals: () => readonly LocalFinal[]): Node {
  // Sums in SUMS' slots: own events 0-31, any part's 32-63, tallies 64-127, P(gone) 128.
  const seen: number[] = [];
  let seenLow = 0;
  let seenHigh = 0;
  let ownPossible = 0;
  let possible = 0;
  // While every item's own and any agree (no hero can have an event), the any part's sums are not made.
  const n = items.finals.length;
  let shared = true;
  for (let i = 0; i < n && shared; i++) {
    const after = items.afters[i];
    if (after.doubles === null ? after.any !== after.own : after.doubles.any !== after.doubles.own) shared = false;
    for (const h of heroesOf(items, i)) if (h.possible !== 0) shared = false;
  }
  // A distribution held in doubles is read from its numerators (`a`), not through its Prob6 views,
  // which it would keep for good once made.
  const seeTally = (c: number): void => {
    const bit = 1 << (c & 31);
    if (c < 32 ? (seenLow & bit) === 0 : (seenHigh & bit) === 0) {
      seen.push(c);
      if (c < 32) seenLow |= bit;
      else seenHigh |= bit;
    }
  };
  for (let i = 0; i < n; i++) {
    const f = items.finals[i];
    const after = items.afters[i];
    const heroes = heroesOf(items, i);
    const q = f.q;
    const a = after.doubles;
    if (a === null) {
      for (const x of after.tallies) {
        seeTally(x.c);
        SUMS.addProduct(TALLY + x.c, q, x.p);
      }
    } else {
      for (let i = 0; i < a.tallyC.length; i++) {
        seeTally(a.tallyC[i]);
        SUMS.addScaled(TALLY + a.tallyC[i], q, a.tallyN[i], a.e);
      }
    }
    let g = after.gone;
    for (const h of heroes) if (g.n !== 0n) g = mul(g, h.gone);
    SUMS.addProduct(GONE, q, g);
    // The unit's own events.
    for (let m = f.own | after.ownPossible; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      if ((f.own & (1 << b)) !== 0) SUMS.add(b, q);
      else if (a === null) SUMS.addProduct(b, q, after.own[b]);
      else SUMS.addScaled(b, q, a.own[rank(after.ownPossible, b)], a.e);
    }
    ownPossible |= f.own | after.ownPossible;
    // Any part's (the unit's own when shared).
    if (shared) continue;
    let heroPossible = 0;
    for (const h of heroes) heroPossible |= h.possible;
    for (let m = f.own | after.possible | heroPossible; m !== 0; m &= m - 1) {
      const b = 31 - Math.clz32(m & -m);
      if ((f.own & (1 << b)) !== 0) SUMS.add(ANY + b, q);
      else if ((heroPossible & (1 << b)) === 0) {
        if (a === null) SUMS.addProduct(ANY + b, q, after.any[b]);
        else SUMS.addScaled(ANY + b, q, a.any[rank(after.possible, b)], a.e);
      } else {
        let none = after.noneAt(b) ?? ONE;
        for (const h of heroes) {
          const x = h.noneAt(b);
          if (x !== null) none = mul(none, x);
        }
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
  return new Prob6Distribution(key, tallies, SUMS.take(GONE), own, ownPossible, any, possible, finals);
}

/**
 * `d` (made in Prob6) held in doubles when its figures, each at its lowest power of 6, fit one exponent
 * of at most `upTo` (then its parents combine in doubles again); else `d` itself. Exact: at that
 * exponent every numerator of a probability is at most 6^20 < 2^53.
 * @param upTo the largest exponent to hold in doubles, at most EXACT_DOUBLE_E (-1: never)
 * Never throws.
 */
export function inDoubles(d: Node, upTo: number): Node {
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
    const out: number[] = [];
    for (let m = bits; m !== 0; m &= m - 1) out.push(numerator(ps[31 - Math.clz32(m & -m)]));
    return doublesRow(out.length, (i) => out[i]);
  };
  const ownRow = row(own, d.ownPossible);
  const doubles: Doubles = {
    e,
    tallyC: d.tallies.map((t) => t.c),
    tallyN: doublesRow(tallies.length, (i) => numerator(tallies[i])),
    gone: numerator(gone),
    own: ownRow,
    any: shared ? ownRow : row(any, d.possible),
  };
  return new DoublesDistribution(d.key, doubles, d.possible, d.ownPossible, d.finals);
}

/** Bit b's numerator in the compact row of `mask`'s bits (Doubles.any): 0 when b is not in `mask`. */
function numeratorAt(row: readonly number[], mask: number, b: number): number {
  return (mask & (1 << b)) === 0 ? 0 : row[rank(mask, b)];
}

/** True when the integer `n` (a double, at most 2^53) is a multiple of 6. */
function multipleOf6(n: number): boolean {
  return n === Math.floor(n / 6) * 6;
}

/**
 * True when every sum of {@link combineDoubles} in `S` (own events at `ownBits`, any part's at
 * `anyBits`, the tallies `seen`, P(gone)) divided by `p` (a power of 6 dividing them all) is a
 * multiple of 6.
 */
function sumsDivide(S: Float64Array, seen: readonly number[], ownBits: number, anyBits: number, p: number): boolean {
  for (const c of seen) if (!multipleOf6(S[TALLY + c] / p)) return false;
  if (!multipleOf6(S[GONE] / p)) return false;
  for (let m = ownBits; m !== 0; m &= m - 1) if (!multipleOf6(S[31 - Math.clz32(m & -m)] / p)) return false;
  for (let m = anyBits; m !== 0; m &= m - 1) if (!multipleOf6(S[ANY + 31 - Math.clz32(m & -m)] / p)) return false;
  return true;
}
