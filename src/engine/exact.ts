/**
 * The exact engine: enumerates every dice path of a chain and returns the distribution of final
 * states with exact probabilities (n / 6^e, see probability.ts).
 *
 * Method: forward propagation level by level (a level = one more roll), merging paths that reach the
 * same (state key, accumulated events) so that the work is proportional to the number of distinct
 * states, not of paths. Cost: O(levels x distinct states x 36) calls of `advance`.
 *
 * Marginal mode merges paths on the state key alone and carries event probabilities as masses: for
 * an event slot, mass = P(reach the node and the event has happened). A roll that sets the event gives
 * the child the whole weight of the paths it carries; one that does not scales the parent's mass.
 * Exact for "the event happened at least once", because the future depends on the state only. Masses
 * are kept sparse (`Marks`): most slots are 0 or the node's whole weight.
 *
 * Building blocks for other orders: the attack's enumerator (attack/exact-graph.ts: every distinct
 * state once, paths labelled) walks the same transitions ({@link distinctTransitions}) and carries the
 * same masses ({@link Marks}: {@link newMarks}, {@link carryMarks}, {@link mergeMarks}, {@link sumMarks}).
 */
import { AslOddsError } from '../errors.js';
import { outcomesOf, type ChainModel, type Roll, type Transition } from './chain.js';
import { add, ONE, toFraction, toNumber, ZERO, type Prob6 } from './probability.js';

/** One final state of the chain with its exact probability. */
export interface ExactTerminal<S> {
  readonly state: S;
  /** Events that happened on the way (bitmask); 0 in marginal mode (see {@link EnumerateOptions}). */
  readonly events: number;
  readonly probability: Prob6;
}

/** The exact distribution of a chain. */
export interface ExactDistribution<S> {
  /** Every distinct (final state, events) pair. Probabilities sum to exactly 1. */
  readonly terminals: readonly ExactTerminal<S>[];
  /** Distinct states visited (a measure of the work done). */
  readonly statesVisited: number;
  /**
   * Marginal mode only: P(event bit b happened on the way), b in [0, 32), and per part j of the final
   * states, P(part j had event bit b) (`partEvents[j][b]`); ZERO where it never happened.
   */
  readonly marginals?: EventMarginals;
}

/** Event probabilities: `events[b]` for event bit b in [0, 32), `partEvents[j][b]` for part j. */
export interface EventMarginals {
  readonly events: readonly Prob6[];
  readonly partEvents: readonly (readonly Prob6[])[];
}

/** How to enumerate. */
export interface EnumerateOptions {
  /** Stop past this many distinct states (default: no limit). */
  readonly maxStates?: number;
  /**
   * Marginal mode (default false): paths that reach the same state merge whatever their events, and the
   * engine carries, per event bit (and per part and bit, from `Transition.partEvents`), the probability
   * of reaching the node with the event already set; the result gives those probabilities in
   * `marginals`, and terminals have events 0. Far fewer states when event histories vary more than
   * states (an attack on a stack); only for models whose `describe` ignores events.
   */
  readonly marginal?: boolean;
  /** Called with the states visited so far, every {@link PROGRESS_EVERY} states. */
  readonly onProgress?: (visited: number) => void;
}

/** How often `onProgress` is called, in states. */
export const PROGRESS_EVERY = 10_000;

/** Safety limit on chain length, in rolls. */
export const MAX_ROLLS = 10_000;

/** Slots of the marginal masses: event bit b is slot b; bit b of part j is slot 32 (j + 1) + b. */
const PART_SLOTS = 32;

/**
 * Enumerates every dice path of `model`.
 * @param options a number is `maxStates` (see {@link EnumerateOptions})
 * @throws AslOddsError `engine.chainTooLong` if a path exceeds {@link MAX_ROLLS} rolls (a model bug);
 * `engine.tooManyStates` (exit 2) past `maxStates`
 * @example enumerateChain(nmcChain).terminals.length // e.g. 9
 */
export function enumerateChain<S>(model: ChainModel<S>, options: number | EnumerateOptions = {}): ExactDistribution<S> {
  const o: EnumerateOptions = typeof options === 'number' ? { maxStates: options } : options;
  const maxStates = o.maxStates ?? Infinity;
  const marginal = o.marginal ?? false;
  // Nodes are keyed by state key, then by events: no key strings are built per transition.
  let frontier: Frontier<S> = new Map();
  put(frontier, model.key(model.initial), { state: model.initial, events: 0, p: ONE, marks: marginal ? newMarks() : null });
  const finals: Frontier<S> = new Map();
  let visited = 0;
  // The distinct transitions of one state and how many dice indices lead to each (models such as the
  // attack chain return the same Transition object for dice that resolve alike).
  const distinct: Transition<S>[] = [];
  const multiplicity: number[] = [];
  for (let level = 0; frontier.size > 0; level++) {
    if (level > MAX_ROLLS) throw new AslOddsError('engine.chainTooLong', `a chain exceeded ${MAX_ROLLS} rolls`, 1);
    const next: Frontier<S> = new Map();
    for (const [k, byEvents] of frontier) {
      for (const node of byEvents) {
        if (++visited % PROGRESS_EVERY === 0) o.onProgress?.(visited);
        if (visited > maxStates) throw tooManyStates(maxStates);
        const roll = model.rollOf(node.state);
        if (roll === null) {
          put(finals, k, node);
          continue;
        }
        distinctTransitions(model, node.state, roll, distinct, multiplicity);
        const rolled = roll === 'DR' ? 2 : 1;
        for (let j = 0; j < distinct.length; j++) {
          const t = distinct[j];
          const m = multiplicity[j];
          const p = scale(node.p, m, rolled);
          if (node.marks === null) put(next, model.key(t.state), { state: t.state, events: node.events | t.events, p, marks: null });
          else put(next, model.key(t.state), { state: t.state, events: 0, p, marks: carryMarks(node.marks, t, inverse(t.partFrom), m, rolled) });
        }
      }
    }
    frontier = next;
  }
  return distributionOf([...finals.values()], visited, marginal);
}

/** The distribution of final nodes (by state, each a list by events). */
function distributionOf<S>(finals: Iterable<readonly ExactNode<S>[]>, visited: number, marginal: boolean): ExactDistribution<S> {
  const terminals: ExactTerminal<S>[] = [];
  const marks: Marks[] = [];
  for (const byEvents of finals) {
    for (const f of byEvents) {
      terminals.push({ state: f.state, events: f.events, probability: f.p });
      if (f.marks !== null) marks.push(f.marks);
    }
  }
  if (!marginal) return { terminals, statesVisited: visited };
  return { terminals, statesVisited: visited, marginals: sumMarks(marks, terminals.map((t) => t.probability)) };
}

/**
 * The distinct transitions of `state` for `roll` into `distinct`, and how many dice indices lead to each
 * into `multiplicity` (models such as the attack chain return the same Transition object for dice that
 * resolve alike); both arrays are the caller's, overwritten.
 * Never throws (beyond the model's own errors). Cost: outcomesOf(roll) calls of `advance`.
 */
export function distinctTransitions<S>(model: ChainModel<S>, state: S, roll: Roll, distinct: Transition<S>[], multiplicity: number[]): void {
  distinct.length = 0;
  multiplicity.length = 0;
  const n = outcomesOf(roll);
  for (let i = 0; i < n; i++) {
    const t = model.advance(state, i);
    const j = distinct.indexOf(t);
    if (j < 0) {
      distinct.push(t);
      multiplicity.push(1);
    } else multiplicity[j]++;
  }
}

interface ExactNode<S> {
  readonly state: S;
  readonly events: number;
  p: Prob6;
  /** Marginal mode: which events the node's paths had; null otherwise. Owned by the node. */
  readonly marks: Marks | null;
}

/**
 * The event masses of a node, sparse: slot w * 32 + b is bit b of word w (word 0: the chain's events,
 * word j + 1: part j's). A slot whose bit is in `full` has mass p (every path had the event); one in
 * `partial` has that mass; any other has mass 0. Most merged paths agree on most events, so few slots
 * are partial and few exact additions are needed.
 */
export interface Marks {
  /** Never written: shared between a node and its children while equal. */
  full: readonly number[];
  /** {@link NO_PARTIAL} (shared, never written) while empty: most nodes have none. */
  partial: Map<number, Prob6>;
}

/** The empty `Marks.partial`, shared: never written (mergeMarks gives a node its own map first). */
const NO_PARTIAL: Map<number, Prob6> = new Map();

/** The marks of the initial state: no event yet. A new object, the caller's. Never throws. */
export function newMarks(): Marks {
  return { full: [0], partial: NO_PARTIAL };
}

/**
 * The error past a budget of `maxStates` states (exit 2): the one message of every exact enumerator.
 * @returns AslOddsError `engine.tooManyStates`, to throw
 */
export function tooManyStates(maxStates: number): AslOddsError {
  return new AslOddsError('engine.tooManyStates', `the exact engine stopped past ${maxStates.toLocaleString('en-US')} states`, 2);
}

/**
 * Nodes by state key, each with distinct accumulated events (always one node, events 0, in marginal
 * mode; a few otherwise: a short list beats a Map per key).
 */
type Frontier<S> = Map<string, ExactNode<S>[]>;

/** x * m / 6^rolled: a path weight times the multiplicity m of a transition among 6^rolled dice. Never throws. */
export function scale(x: Prob6, m: number, rolled: number): Prob6 {
  return { n: m === 1 ? x.n : x.n * BigInt(m), e: x.e + rolled };
}

/**
 * The marks a transition carries to its child: the events the roll sets become full; partial masses
 * scale like the path weight. Parts are renumbered by `t.partFrom` (`partTo`, its inverse: a new part
 * starts with none). A `full` row the roll leaves as it was is shared, not copied (rows are never
 * written: {@link mergeMarks} makes its own). Never throws.
 */
export function carryMarks<S>(marks: Marks, t: Omit<Transition<S>, 'state'>, partTo: readonly number[] | undefined, m: number, rolled: number): Marks {
  const from = marks.full;
  let full: readonly number[];
  if (partTo === undefined) {
    // Copied only when the roll sets a bit not already full.
    let row: number[] | undefined;
    if ((from[0] | t.events) !== from[0]) {
      row = from.slice();
      row[0] |= t.events;
    }
    const partEvents = t.partEvents ?? [];
    for (let j = 0; j < partEvents.length; j++) {
      const cur = (row ?? from)[j + 1] ?? 0;
      if ((cur | partEvents[j]) !== cur || j + 1 >= (row ?? from).length) {
        row ??= from.slice();
        row[j + 1] = cur | partEvents[j];
      }
    }
    full = row ?? from;
  } else {
    const row: number[] = [from[0] | t.events];
    for (let w = 1; w < from.length; w++) {
      const nw = partTo === undefined ? w : (partTo[w - 1] ?? -1) + 1;
      if (nw > 0) row[nw] = (row[nw] ?? 0) | from[w];
    }
    if (t.partEvents !== undefined) for (let j = 0; j < t.partEvents.length; j++) row[j + 1] = (row[j + 1] ?? 0) | t.partEvents[j];
    for (let w = 0; w < row.length; w++) row[w] ??= 0;
    full = row;
  }
  if (marks.partial.size === 0) return { full, partial: NO_PARTIAL };
  const partial = new Map<number, Prob6>();
  for (const [slot, x] of marks.partial) {
    const w = slot >>> 5;
    const nw = w === 0 || partTo === undefined ? w : (partTo[w - 1] ?? -1) + 1;
    const bit = slot & 31;
    if (nw < 0 || (nw === 0 && slot >= PART_SLOTS) || (full[nw] & (1 << bit)) !== 0) continue;
    partial.set(nw * PART_SLOTS + bit, scale(x, m, rolled));
  }
  return { full, partial: partial.size === 0 ? NO_PARTIAL : partial };
}

/** to[old part] = new part, from partFrom[new part] = old part (-1: new); undefined for the identity. Never throws. */
export function inverse(partFrom: readonly number[] | undefined): number[] | undefined {
  if (partFrom === undefined) return undefined;
  const to: number[] = [];
  partFrom.forEach((old, j) => {
    if (old >= 0) to[old] = j;
  });
  return to;
}

/**
 * Adds `node`'s probability (and marks) to the node of the same (key, events) in `m`, or inserts it.
 * `node` is the caller's to give: it is stored, not copied, and the stored node is updated in place.
 */
function put<S>(m: Frontier<S>, key: string, node: ExactNode<S>): void {
  const byEvents = m.get(key);
  if (byEvents === undefined) {
    m.set(key, [node]);
    return;
  }
  const c = byEvents.find((x) => x.events === node.events);
  if (c === undefined) byEvents.push(node);
  else {
    if (c.marks !== null && node.marks !== null) mergeMarks(c.marks, c.p, node.marks, node.p);
    c.p = add(c.p, node.p);
  }
}

/**
 * Merges marks b (of weight pb) into marks a (of weight pa): a slot stays full only where both are.
 * `a.full` is replaced, not written (rows are shared, see {@link carryMarks}). Never throws.
 */
export function mergeMarks(a: Marks, pa: Prob6, b: Marks, pb: Prob6): void {
  if (a.partial === NO_PARTIAL) a.partial = new Map();
  const words = Math.max(a.full.length, b.full.length);
  const wasFull = a.full;
  let full: number[] | undefined;
  for (let w = 0; w < words; w++) {
    const fa = wasFull[w] ?? 0;
    const fb = b.full[w] ?? 0;
    if (fa === fb) continue;
    for (let bit = 0; bit < PART_SLOTS; bit++) {
      const mask = 1 << bit;
      const slot = w * PART_SLOTS + bit;
      if ((fa & mask) !== 0 && (fb & mask) === 0) a.partial.set(slot, add(pa, b.partial.get(slot) ?? ZERO));
      else if ((fb & mask) !== 0 && (fa & mask) === 0) a.partial.set(slot, add(pb, a.partial.get(slot) ?? ZERO));
    }
    if (full === undefined) {
      full = wasFull.slice();
      for (let x = full.length; x < words; x++) full.push(0);
    }
    full[w] = fa & fb;
  }
  if (full !== undefined) a.full = full;
  for (const [slot, x] of b.partial) {
    if (((wasFull[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0) continue; // counted above
    a.partial.set(slot, add(a.partial.get(slot) ?? ZERO, x));
  }
}

/**
 * The sum of final nodes' masses (`marks[i]` of a node of probability `probabilities[i]`), as event
 * probabilities: whole probabilities summed per (word, full mask) first (nodes share masks), then per bit.
 * Never throws.
 */
export function sumMarks(marks: readonly Marks[], probabilities: readonly Prob6[]): EventMarginals {
  const events: Prob6[] = Array.from({ length: PART_SLOTS }, () => ZERO);
  const partEvents: Prob6[][] = [];
  const slot = (w: number, b: number, x: Prob6): void => {
    if (w === 0) {
      events[b] = add(events[b], x);
      return;
    }
    while (partEvents.length < w) partEvents.push(Array.from({ length: PART_SLOTS }, () => ZERO));
    partEvents[w - 1][b] = add(partEvents[w - 1][b], x);
  };
  const byMask = new Map<number, Prob6>();
  marks.forEach((m, t) => {
    m.full.forEach((mask, w) => {
      if (mask === 0) return;
      const k = w * 2 ** 32 + (mask >>> 0);
      byMask.set(k, add(byMask.get(k) ?? ZERO, probabilities[t]));
    });
    for (const [s, x] of m.partial) slot(s >>> 5, s & 31, x);
  });
  for (const [k, p] of byMask) {
    const w = Math.floor(k / 2 ** 32);
    for (let mask = k % 2 ** 32; mask !== 0; mask = (mask & (mask - 1)) >>> 0) slot(w, 31 - Math.clz32(mask & -mask), p);
  }
  return { events, partEvents };
}

/** One readable outcome: terminals grouped by their description. */
export interface ExactOutcome {
  readonly state: string;
  readonly probability: Prob6;
}

/**
 * Groups terminals by `model.describe` and sums event probabilities.
 * @param eventBits the event bits to report
 * @returns outcomes most likely first (ties by name), and P(event) per bit
 * Never throws.
 */
export function summarizeExact<S>(
  model: ChainModel<S>,
  dist: ExactDistribution<S>,
  eventBits: readonly number[],
): { outcomes: ExactOutcome[]; events: Prob6[] } {
  const byState = new Map<string, Prob6>();
  const events = eventBits.map(() => ZERO);
  for (const t of dist.terminals) {
    const name = model.describe(t.state, t.events);
    byState.set(name, add(byState.get(name) ?? ZERO, t.probability));
    eventBits.forEach((bit, i) => {
      if (t.events & bit) events[i] = add(events[i], t.probability);
    });
  }
  const outcomes = [...byState.entries()]
    .map(([state, probability]) => ({ state, probability }))
    .sort((a, b) => toNumber(b.probability) - toNumber(a.probability) || a.state.localeCompare(b.state));
  return { outcomes, events };
}

export { toFraction, toNumber };
