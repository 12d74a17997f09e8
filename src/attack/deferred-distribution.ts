/**
 * A deferred unit's exact distribution given its script (deferred-check-chain.ts): what the factored
 * attack (attack-factored.ts) multiplies in for each unit that is not a leader, per leaders' history.
 *
 * Computed backwards over the script's suffixes. Once the unit is in state u before the entries s, its
 * future (and the future of every hero it creates from then on, A15.21) depends on (u, s) alone, so the
 * distribution of (u, s) is the sum over the final states f of its first entry (a "stage") of q(f)
 * times the distribution of (f's unit, the rest of s), with each hero f made multiplied in as his own
 * distribution over the waves left in s (LLMC, LLTC, Berserk checks: the IFT result's own checks are
 * the unit's; he is independent of the unit once created, A15.21). Each (unit state, suffix) is
 * computed once (memoised on the suffix), and a stage that changes nothing (the unit is not subject to
 * the entry) returns its successor's distribution as it is: scripts share suffixes, and units that the
 * leaders' later waves cannot touch (broken, eliminated) collapse to one distribution.
 *
 * Stages: an entry's stage from a unit state is enumerated once per (unit state, what the entry does
 * to it: deferred-check-chain.ts `stageKey`) for the whole attack, and stages equal in value share a
 * number, so that a stage over the same distributions (by number and the distributions after it) is
 * combined once, and a stage of one number before one suffix (tallied from one start) gives one
 * distribution, found again without the distributions after it (`Suffix.byStage`).
 *
 * Arithmetic (combine-stage.ts): in doubles while every figure is an exact integer numerator over 6^e,
 * e <= {@link EXACT_DOUBLE_E}; deeper stages (long scripts and heroes: none on most stacks, 2-7% of the
 * stages with two 10-x leaders, whose heroes take their LLMC) in the exact Prob6 arithmetic, held in
 * doubles again when their figures fit. Both give the same fractions (tested against the whole
 * script's chain with the doubles on, off, and limited so that the two mix).
 */
import { enumerateChain } from '../engine/exact.js';
import { add, atLowestPower, type Prob6 } from '../engine/probability.js';
import type { MoraleContext } from '../rules/context.js';
import { isAlive, offMapState, unitStateKey, type UnitState } from '../rules/unit-state.js';
import { combineDoubles, combineProb6, exponentOf, inDoubles } from './combine-stage.js';
import { buildDeferredChain, isWave, stageKey, type Script, type ScriptEntry } from './deferred-check-chain.js';
import {
  ending,
  EXACT_DOUBLE_E,
  finalParts,
  NO_NODES,
  noFinals,
  type Doubles,
  type StageItems,
  type LocalDistribution,
  type LocalFinal,
  type Node,
  type StageFinal,
} from './local-distribution.js';

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
  // Unit states numbered (by key), for the memos.
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
  // A stage (one entry) from a unit state: found by (entry, unit number), enumerated once per (unit
  // number, stageKey) for the attack.
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
      const dist = enumerateChain(buildDeferredChain([u], [e], ctx), { maxStates });
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
      // One literal (no spread): the combines read these fields of every final.
      const list: StageFinal[] = sorted.map(([, f]) => ({ unit: f.unit, num: f.num, made: f.made, q: atLowestPower(f.q), own: f.own }));
      // Numbered by value (its finals and their probabilities, from whatever unit state): a stage over
      // the same distributions after it then gives the same distribution, and is combined once.
      const value = sorted.map(([k], i) => `${k}@${list[i].q.n}/${list[i].q.e}`).join(' ');
      let id = stageIds.get(value);
      if (id === undefined) stageIds.set(value, (id = stageIds.size));
      st = { finals: list, id, makesHeroes: list.some((f) => f.made.length > 0) };
      stagesByKey.set(key, st);
    }
    row[num] = st;
    return st;
  };
  // Suffixes interned as cons cells (an entry before a suffix), by object: equal entries are one object
  // (`canonical`, by key), so scripts that share a suffix share its cell, its rest and its waves are
  // found without making or hashing key strings.
  const entries = new Map<string, ScriptEntry>();
  const canonical = (e: ScriptEntry): ScriptEntry => {
    const c = entries.get(e.key);
    if (c !== undefined) return c;
    entries.set(e.key, e);
    return e;
  };
  const EMPTY = newSuffix(undefined, undefined);
  const cons = (e: ScriptEntry, rest: Suffix): Suffix => {
    const before = (rest.before ??= new Map());
    let x = before.get(e);
    if (x === undefined) before.set(e, (x = newSuffix(e, rest)));
    return x;
  };
  const suffixOf = new Map<Script, Suffix>();
  const intern = (s: Script): Suffix => {
    let x = suffixOf.get(s);
    if (x === undefined) {
      x = EMPTY;
      for (let i = s.entries.length - 1; i >= 0; i--) x = cons(canonical(s.entries[i]), x);
      suffixOf.set(s, x);
    }
    return x;
  };
  // A suffix's wave entries (LLMC, LLTC, Berserk checks: every part takes them), as a suffix.
  const wavesOf = (x: Suffix): Suffix => {
    if (x.waves === undefined) x.waves = x.entry === undefined ? x : isWave(x.entry) ? cons(x.entry, wavesOf(x.rest!)) : wavesOf(x.rest!);
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
  const combined = new Map<number, Combined>();
  const stats = { doubles: 0, prob6: 0, backToDoubles: 0 };
  // The distribution of unit state `u` (number `num`) over suffix `x`, tallied as from `start` (number
  // `sn`): memoised on the suffix (`Suffix.nodes`). Found there most of the time, so this part makes
  // no closure (its scope no context object): `compute` does the rest.
  const local = (start: UnitState, sn: number, u: UnitState, num: number, x: Suffix): Node => {
    const { starts, nums, nodes, index } = x;
    if (index !== undefined && sn < PAIR && num < PAIR) {
      const d = index.get(sn * PAIR + num);
      if (d !== undefined) return d;
    } else for (let i = 0; i < nums.length; i++) if (nums[i] === num && starts[i] === sn) return nodes[i];
    const d = compute(start, sn, u, num, x);
    remember(x, sn, num, d);
    return d;
  };
  const compute = (start: UnitState, sn: number, u: UnitState, num: number, x: Suffix): Node => {
    const entry = x.entry;
    if (entry === undefined) return same(ending(u, count++, idOf, tally(start, isAlive(u) ? u : offMapState(u)), doublesUpTo >= 0));
    const rest = x.rest!;
    const stage = stageOf(u, num, entry);
    const st = stage.finals;
    const f0 = st[0];
    if (st.length === 1 && f0.own === 0 && f0.made.length === 0 && f0.q.n === 1n && f0.q.e === 0) return local(start, sn, f0.unit, f0.num, rest);
    // A stage of one value (its finals' units, heroes, events and probabilities) before one suffix gives
    // one distribution, whatever unit state and entry it came from: found there without its afters.
    const sk = stage.id < PAIR && sn < PAIR ? stage.id * PAIR + sn : -1;
    if (sk >= 0 && rest.byStage !== undefined) {
      const d = rest.byStage.get(sk);
      if (d !== undefined) return d;
    }
    const d = combineStage(start, sn, stage, rest);
    if (sk >= 0) (rest.byStage ??= new Map()).set(sk, d);
    return d;
  };
  /** The distribution before `stage` (from a unit tallied as from `start`, number `sn`) followed by suffix `rest`. */
  const combineStage = (start: UnitState, sn: number, stage: Stage, rest: Suffix): Node => {
    const st = stage.finals;
    const afters: Node[] = [];
    for (const f of st) afters.push(local(start, sn, f.unit, f.num, rest));
    let heroes: (readonly Node[])[] | null = null;
    if (stage.makesHeroes) {
      // A hero takes the later waves only (deferred-check-chain.ts `isWave`); his tallies are never
      // read: he is tallied as his own start.
      const waves = wavesOf(rest);
      heroes = [];
      for (const f of st) {
        const made: Node[] = [];
        for (const h of f.made) made.push(local(h, numberOf(h), h, numberOf(h), waves));
        heroes.push(made.length === 0 ? NO_NODES : made);
      }
    }
    let hash = 0;
    if (!keepFinals) {
      hash = signatureHash(stage.id, afters, heroes);
      for (let c = combined.get(hash); c !== undefined; c = c.next) if (sameSignature(c.signature, stage.id, afters, heroes)) return c.d;
    }
    const items: StageItems = { finals: st, afters, heroes };
    const finals = keepFinals ? finalsOf(items) : noFinals;
    const e = exponentOf(items);
    let d: Node;
    if (e <= doublesUpTo) {
      stats.doubles++;
      d = same(combineDoubles(items, e, count++, finals));
    } else {
      stats.prob6++;
      const exact = combineProb6(items, count++, finals);
      d = inDoubles(exact, doublesUpTo);
      if (d !== exact) stats.backToDoubles++;
      d = same(d);
    }
    if (!keepFinals) combined.set(hash, { signature: signatureOf(stage.id, afters, heroes), d, next: combined.get(hash) });
    spend(st.length); // its sums and vectors grow with the stage's finals
    return d;
  };
  return {
    of: (start, script) => {
      const num = numberOf(start);
      return local(start, num, start, num, intern(script));
    },
    stats: () => ({ ...stats }),
  };
}

/**
 * A script's suffix as the backward pass meets it, a cons cell: its first entry and the suffix after it
 * (both undefined for the empty suffix), interned (one cell per entry before a suffix: `before`); its
 * waves once made; and the distributions over it found so far: of unit number `nums[i]` tallied from
 * start number `starts[i]`, a short list while few (most suffixes), indexed once long (`index`: the
 * last entries of a script are met from hundreds of (start, unit state) pairs).
 */
interface Suffix {
  readonly entry: ScriptEntry | undefined;
  readonly rest: Suffix | undefined;
  /** The cells of each entry before this suffix, once one is made. */
  before: Map<ScriptEntry, Suffix> | undefined;
  waves: Suffix | undefined;
  readonly starts: number[];
  readonly nums: number[];
  readonly nodes: Node[];
  /** Once the lists reach {@link LONG}: the distributions by start x {@link PAIR} + unit number (the lists then stop growing). */
  index: Map<number, Node> | undefined;
  /** The distributions of a stage followed by this suffix, by stage number x {@link PAIR} + start number, once one is found. */
  byStage: Map<number, Node> | undefined;
}

/** A suffix's memo list is indexed (`Suffix.index`) at this length. */
const LONG = 16;
/** (start number, unit number) index as start x PAIR + unit while both are below PAIR (a small-integer key). */
const PAIR = 32768;

/** A new suffix cell: `entry` before `rest` (both undefined: the empty suffix). */
function newSuffix(entry: ScriptEntry | undefined, rest: Suffix | undefined): Suffix {
  return { entry, rest, before: undefined, waves: undefined, starts: [], nums: [], nodes: [], index: undefined, byStage: undefined };
}

/** Keeps `d` as the distribution of unit number `num` tallied from start number `sn` over suffix `x`. */
function remember(x: Suffix, sn: number, num: number, d: Node): void {
  if (x.index !== undefined && sn < PAIR && num < PAIR) {
    x.index.set(sn * PAIR + num, d);
    return;
  }
  x.starts.push(sn);
  x.nums.push(num);
  x.nodes.push(d);
  if (x.index === undefined && x.nums.length === LONG && x.nums.every((n, i) => n < PAIR && x.starts[i] < PAIR)) {
    x.index = new Map(x.nums.map((n, i) => [x.starts[i] * PAIR + n, x.nodes[i]]));
  }
}

/** A combined stage's signature and distribution, and the next one whose signature has the same hash. */
interface Combined {
  readonly signature: readonly number[];
  readonly d: Node;
  readonly next: Combined | undefined;
}

/** One stage (an entry from a unit state): its finals, its number in the attack, whether any makes a hero. */
interface Stage {
  readonly finals: readonly StageFinal[];
  readonly id: number;
  readonly makesHeroes: boolean;
}

/** The final parts before a stage (`LocalDistribution.finals`), made when first asked for. */
function finalsOf(items: StageItems): () => readonly LocalFinal[] {
  let parts: readonly LocalFinal[] | undefined;
  return () => (parts ??= finalParts(items));
}

/**
 * A combined stage's signature: the stage's number, then per final its unit's distribution's key after
 * it, and with heroes (`heroes` not null) their count and keys. {@link signatureHash} hashes the same
 * list without making it, {@link sameSignature} compares it.
 */
function signatureOf(id: number, afters: readonly Node[], heroes: readonly (readonly Node[])[] | null): number[] {
  // Made at its length (it is kept for the whole attack): a list grown by push holds spare room.
  let length = 1 + afters.length;
  if (heroes !== null) for (const h of heroes) length += 1 + h.length;
  const out = new Array<number>(length);
  let k = 0;
  out[k++] = id;
  afters.forEach((a, i) => {
    out[k++] = a.key;
    if (heroes !== null) {
      out[k++] = heroes[i].length;
      for (const h of heroes[i]) out[k++] = h.key;
    }
  });
  return out;
}

/** Hashes are cut to 30 bits: a small integer, which a Map keys without making a heap number for it. */
const SMALL = 0x3fffffff;

const mix = (h: number, x: number): number => {
  h = Math.imul(h ^ x, 0x01000193);
  return h ^ (h >>> 15);
};

/** A 30-bit hash of {@link signatureOf}'s list. */
function signatureHash(id: number, afters: readonly Node[], heroes: readonly (readonly Node[])[] | null): number {
  let h = mix(0x811c9dc5, id);
  for (let i = 0; i < afters.length; i++) {
    h = mix(h, afters[i].key);
    if (heroes !== null) {
      h = mix(h, heroes[i].length);
      for (const x of heroes[i]) h = mix(h, x.key);
    }
  }
  return h & SMALL;
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

/** A 30-bit hash of a distribution's values (exponent, bits, tallies, P(gone), own and any part's events). */
function hashOf(x: LocalDistribution, d: Doubles): number {
  let h = Math.imul(d.e + 64 * x.ownPossible, 0x9e3779b1) ^ x.possible;
  // n is an integer in [0, 2^53]: its low and high words by ToUint32 (`>>> 0` takes the integer
  // modulo 2^32, as `%` on doubles does, slowly).
  const mix = (n: number): void => {
    h = Math.imul(h ^ (n >>> 0), 0x85ebca6b);
    h = Math.imul(h ^ ((n / 4294967296) >>> 0), 0xc2b2ae35);
    h ^= h >>> 13;
  };
  for (let i = 0; i < d.tallyC.length; i++) {
    mix(d.tallyC[i]);
    mix(d.tallyN[i]);
  }
  mix(d.gone);
  for (let i = 0; i < d.own.length; i++) mix(d.own[i]);
  for (let i = 0; i < d.any.length; i++) mix(d.any[i]);
  return h & SMALL;
}

/** True when two distributions held in doubles have the same values (tallies in the same order). */
function equalValues(a: Node, b: Node): boolean {
  const x = a.doubles;
  const y = b.doubles;
  if (x === null || y === null || x.e !== y.e || a.possible !== b.possible || a.ownPossible !== b.ownPossible || x.gone !== y.gone) return false;
  if (x.tallyC.length !== y.tallyC.length || x.tallyC.some((c, i) => c !== y.tallyC[i] || x.tallyN[i] !== y.tallyN[i])) return false;
  // Compact rows of the same bits (possible and ownPossible are equal here): equal index by index.
  for (let i = 0; i < x.own.length; i++) if (x.own[i] !== y.own[i]) return false;
  for (let i = 0; i < x.any.length; i++) if (x.any[i] !== y.any[i]) return false;
  return true;
}
