/**
 * The attack's exact enumerator (attack-factored.ts runs the leaders' chain through it): the exact
 * engine's marginal mode (engine/exact.ts) in another order, with two modes only the attack uses.
 *
 * - Graph order: every distinct state once, however many rolls reach it (a chain whose checks add Heat
 *   of Battle or wound rolls on some paths only meets the same states at several levels). The states
 *   and their transitions are found first (depth first), put in topological order (each with its
 *   depth, the rolls on its longest path), then probabilities flow from the initial state in that
 *   order, a state once every parent has flowed into it. The same distribution as engine/exact.ts's
 *   levels order (tested equal); fewer states and transitions, at the cost of holding every state
 *   until the end.
 * - Labels: paths carry a label that the model's rules never read (the deferred units' scripts, written
 *   by `Transition.label`), kept out of the state key. States merge on the key alone, so the model's
 *   work is per state; paths to a state with different labels stay apart (each with its probability
 *   and masses), and each terminal gives its label. The same distribution as putting the label in the
 *   state (tested), with fewer states to advance.
 * - Final classes (optional): final states fall in classes, and paths that end in states of one class
 *   with the same label merge as if they ended in one state. For a caller that reads a terminal's state
 *   only through its class (the factored attack's summary): far fewer terminals.
 *
 * Built from the exact engine's blocks (its transitions, masses and marginals), so that both orders
 * carry events alike.
 */
import { AslOddsError } from '../errors.js';
import type { ChainModel, Transition } from '../engine/chain.js';
import { popcount } from '../engine/bits.js';
import { carryMarks, distinctTransitions, inverse, mergeMarks, newMarks, PROGRESS_EVERY, scale, sumMarks, tooManyStates, type EventMarginals, type Marks } from '../engine/exact.js';
import { add, ONE, pow6, type Prob6 } from '../engine/probability.js';

/**
 * Labels carried along paths: small integers, the model's own numbering. `next` gives the label after
 * a transition (reading its `label`, `partFrom`), as a pure function.
 */
export interface PathLabels {
  /** The label of the empty path. */
  readonly initial: number;
  /** The label after transition `t` from a path labelled `label`. */
  next(label: number, t: Omit<Transition<unknown>, 'state'>): number;
}

/** How to enumerate in graph order. */
export interface GraphOptions<S> {
  /** The paths' labels. */
  readonly labels: PathLabels;
  /**
   * The class of a final state, a small integer >= 0 (unset: every final state its own): the terminals
   * are then one per (class, label), each with the first final state of its class the flow met, and
   * `finalStates` gives every final state's own probability.
   */
  readonly finalClass?: (state: S) => number;
  /** Stop past this many distinct states and labelled paths (default: no limit). */
  readonly maxStates?: number;
  /** Called with the work so far (states, then labelled paths), every {@link PROGRESS_EVERY}. */
  readonly onProgress?: (work: number) => void;
}

/** One final state (or class's first state) with a label, its exact probability and event masses. */
export interface LabelledTerminal<S> {
  readonly state: S;
  readonly label: number;
  readonly probability: Prob6;
  /** The masses of the chain's own events (word 0) on the terminal's paths. */
  readonly marks: TerminalMarks;
}

/**
 * A terminal's masses of the chain's own events, sparse: a bit of `full` has the terminal's whole
 * probability (every path to it had the event), one of `some` the mass in `masses`, any other 0.
 */
export interface TerminalMarks {
  /** Event bits every path to the terminal had. */
  readonly full: number;
  /** Event bits some paths had (never one of `full`). */
  readonly some: number;
  /**
   * Per bit of `some`, lowest bit first: its mass's numerator over the terminal's denominator (n / 6^e
   * with e = the terminal's `probability.e`), 0 < n < the terminal's numerator.
   */
  readonly masses: readonly bigint[];
}

/** The labelled distribution of a chain. */
export interface GraphDistribution<S> {
  /** Every distinct (final state or class, label). Probabilities sum to exactly 1. */
  readonly terminals: readonly LabelledTerminal<S>[];
  /** Distinct states, plus labelled paths kept apart past a state's first (a measure of the work done). */
  readonly statesVisited: number;
  /**
   * P(event bit b happened on the way), and per part j of the final states, P(part j had event bit b);
   * `events` is the sum of the terminals' masses (a path's label never changes the parts' events).
   */
  readonly marginals: EventMarginals;
  /** Every final state and its probability (all its paths, whatever their labels). */
  readonly finalStates: readonly { readonly state: S; readonly probability: Prob6 }[];
}

/** A distinct state: its transitions, and the paths that reached it so far. */
interface GraphNode<S> {
  /** The state; dropped (null) once its transitions are found, unless it is final. */
  state: S | null;
  /** Distinct transitions (what the flow needs of them) and their multiplicities; null for a final state. */
  edges: GraphEdge<S>[] | null;
  /** Parents not yet placed in the topological order. */
  waiting: number;
  /**
   * Rolls on the longest path from the initial state: every path here has probability n / 6^depth, so
   * that the paths' numerators add without aligning powers of 6.
   */
  depth: number;
  /** The state's whole probability and masses (all its paths, whatever their labels). */
  whole: { p: Prob6; readonly marks: Marks } | null;
  /** The paths that reached the state, one per label. */
  reached: GraphPath[];
  /** `reached` by label, once it is long (many labels). */
  index?: Map<number, GraphPath>;
  /** A final state's class's sink, where its paths flow (GraphOptions.finalClass). */
  sink?: GraphNode<S>;
}

/** A transition, without its state (the target node holds it while needed). */
interface GraphEdge<S> extends Omit<Transition<S>, 'state'> {
  readonly to: GraphNode<S>;
  /** The inverse of `partFrom`, for carryMarks. */
  readonly partTo: readonly number[] | undefined;
  readonly m: number;
  readonly rolled: number;
}

/**
 * The paths of one label that reached a state: probability n / 6^depth (the node's depth), and the
 * masses of the chain's own events (word 0) as {@link TerminalMarks} has them. Compact, without Prob6
 * or Map objects: a stack's leaders' chain holds some 10^5 of them at once.
 */
interface GraphPath {
  readonly label: number;
  n: bigint;
  full: number;
  some: number;
  masses: bigint[];
}

/** The empty `GraphPath.masses`, shared: never written (a path with masses has its own array). */
const NO_MASSES: bigint[] = [];

/** The paths of a state that has flowed on: none, shared, never written. */
const NO_PATHS: GraphPath[] = [];

/**
 * Enumerates every dice path of `model` in graph order, its paths labelled (see the file's doc). A
 * state is let go once its transitions are found, so that the states held are the final ones and those
 * still to explore; a state's paths once they have flowed on.
 * @throws AslOddsError `engine.tooManyStates` (exit 2) past `maxStates` (a labelled path past a state's
 * first holds as much memory as a state: it counts like one); `engine.chainTooLong` when the states form
 * a cycle (a model bug)
 * @example enumerateGraph(leadersChain, { labels: deferredScripts(5).labels }).terminals // per (final state, scripts)
 */
export function enumerateGraph<S>(model: ChainModel<S>, o: GraphOptions<S>): GraphDistribution<S> {
  const maxStates = o.maxStates ?? Infinity;
  const { labels, finalClass } = o;
  const nodes = new Map<string, GraphNode<S>>();
  // Every node one literal, its optional fields present from the start: one object shape.
  const newNode = (state: S, depth = 0): GraphNode<S> => ({ state, edges: null, waiting: 0, depth, whole: null, reached: [], index: undefined, sink: undefined });
  const root = newNode(model.initial);
  nodes.set(model.key(model.initial), root);
  const stack: GraphNode<S>[] = [root];
  const distinct: Transition<S>[] = [];
  const multiplicity: number[] = [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const state = node.state!;
    const roll = model.rollOf(state);
    if (roll === null) continue;
    distinctTransitions(model, state, roll, distinct, multiplicity);
    const rolled = roll === 'DR' ? 2 : 1;
    node.edges = distinct.map((t, j) => {
      const key = model.key(t.state);
      let to = nodes.get(key);
      if (to === undefined) {
        to = newNode(t.state);
        nodes.set(key, to);
        if (nodes.size % PROGRESS_EVERY === 0) o.onProgress?.(nodes.size);
        if (nodes.size > maxStates) throw tooManyStates(maxStates);
        stack.push(to);
      }
      to.waiting++;
      return { to, events: t.events, partEvents: t.partEvents, partFrom: t.partFrom, partTo: inverse(t.partFrom), label: t.label, m: multiplicity[j], rolled };
    });
    node.state = null;
  }
  const states = nodes.size;
  nodes.clear();
  // Topological order (a state once every parent is placed), and each state's depth.
  const order: GraphNode<S>[] = [];
  const ready: GraphNode<S>[] = [root];
  let finalDepth = 0;
  while (ready.length > 0) {
    const node = ready.pop()!;
    order.push(node);
    if (node.edges === null && node.depth > finalDepth) finalDepth = node.depth;
    for (const e of node.edges ?? []) {
      const { to } = e;
      to.depth = Math.max(to.depth, node.depth + e.rolled);
      if (--to.waiting === 0) ready.push(to);
    }
  }
  if (order.length !== states) throw new AslOddsError('engine.chainTooLong', 'a chain revisits one of its states (a cycle)', 1);
  // With final classes, the paths into a final state flow into its class's sink instead: a node of
  // the deepest final depth, holding the class's first state.
  const sinks: GraphNode<S>[] = [];
  if (finalClass !== undefined) {
    for (const node of order) {
      if (node.edges !== null) continue;
      const c = finalClass(node.state!);
      node.sink = sinks[c] ??= newNode(node.state!, finalDepth);
    }
  }
  // Flow, in that order: a state's paths are complete once every parent has flowed into it.
  root.reached.push({ label: labels.initial, n: 1n, full: 0, some: 0, masses: NO_MASSES });
  root.whole = { p: ONE, marks: newMarks() };
  const terminals: LabelledTerminal<S>[] = [];
  const finalMarks: Marks[] = [];
  // Each path kept apart by its label holds its probability and masses like a state, so it counts as
  // work (`maxStates`, `statesVisited`, progress) like one.
  let paths = 0;
  const newPath = (): void => {
    const work = states + ++paths;
    if (work % PROGRESS_EVERY === 0) o.onProgress?.(work);
    if (work > maxStates) throw tooManyStates(maxStates);
  };
  const finalStates: { readonly state: S; readonly probability: Prob6 }[] = [];
  const emit = (node: GraphNode<S>): void => {
    const state = node.state!;
    // A path has the fields of TerminalMarks.
    for (const x of node.reached) terminals.push({ state, label: x.label, probability: { n: x.n, e: node.depth }, marks: x });
  };
  for (const node of order) {
    if (node.edges === null) {
      if (node.sink === undefined) emit(node);
      else for (const x of node.reached) flowPath(node.sink, x, x.label, 0, pow6(node.sink.depth - node.depth)); // the initial state, when final
      finalMarks.push(node.whole!.marks);
      finalStates.push({ state: node.state!, probability: node.whole!.p });
      continue;
    }
    const w = node.whole!;
    for (const e of node.edges) {
      const { m, rolled } = e;
      const to = e.to.sink ?? e.to;
      const shift = to.depth - node.depth - rolled;
      const f = shift === 0 ? BigInt(m) : BigInt(m) * pow6(shift);
      for (const x of node.reached) {
        if (flowPath(to, x, labels.next(x.label, e), e.events, f) && to.reached.length > 1) newPath();
      }
      const carried = { p: scale(w.p, m, rolled), marks: carryMarks(w.marks, e, e.partTo, m, rolled) };
      if (e.to.whole === null) e.to.whole = carried;
      else {
        mergeMarks(e.to.whole.marks, e.to.whole.p, carried.marks, carried.p);
        e.to.whole.p = add(e.to.whole.p, carried.p);
      }
    }
    node.reached = NO_PATHS; // flowed on: free
    node.index = undefined;
    node.whole = null;
  }
  for (const sink of sinks) if (sink !== undefined) emit(sink);
  return { terminals, statesVisited: states + paths, marginals: sumMarks(finalMarks, finalStates.map((x) => x.probability)), finalStates };
}

/**
 * Flows path `x` along an edge into `to`, as the path of `label` there: its numerator times `f` (the
 * edge's multiplicity, and the powers of 6 between the two states' depths), its masses carried (the
 * edge's `set` events become full) and merged with those of the path of the same label, if `to` has one.
 * @returns true when it was added as a path of its own
 */
function flowPath<S>(to: GraphNode<S>, x: GraphPath, label: number, set: number, f: bigint): boolean {
  let c: GraphPath | undefined;
  if (to.index !== undefined) c = to.index.get(label);
  else {
    const r = to.reached;
    for (let i = 0; i < r.length; i++) {
      if (r[i].label === label) {
        c = r[i];
        break;
      }
    }
  }
  const n = f === 1n ? x.n : x.n * f;
  if (c === undefined) {
    const full = x.full | set;
    const some = x.some & ~set;
    const y: GraphPath = { label, n, full, some, masses: some === 0 ? NO_MASSES : carriedMasses(x, set, f) };
    to.reached.push(y);
    if (to.index !== undefined) to.index.set(label, y);
    else if (to.reached.length > 8) to.index = new Map(to.reached.map((z) => [z.label, z]));
    return true;
  }
  mergePath(c, x, n, set, f);
  c.n += n;
  return false;
}

/** The masses of `x` along an edge that sets the events `set`, times `f`: those of bits still partial. */
function carriedMasses(x: GraphPath, set: number, f: bigint): bigint[] {
  const out: bigint[] = [];
  let i = 0;
  for (let m = x.some; m !== 0; m &= m - 1, i++) {
    if ((m & -m & set) === 0) out.push(f === 1n ? x.masses[i] : x.masses[i] * f);
  }
  return out;
}

/**
 * Merges into path `c` the masses of path `x` carried along an edge (numerator `n`, already times `f`;
 * the edge sets `set`): a bit stays full only where both are; a bit full on one side only gains that
 * side's whole numerator; partial masses add. `c.n` is still its own (before adding `n`).
 */
function mergePath(c: GraphPath, x: GraphPath, n: bigint, set: number, f: bigint): void {
  const xFull = x.full | set;
  const xSome = x.some & ~set;
  const full = c.full & xFull;
  const some = (c.some | xSome | c.full | xFull) & ~full;
  if (some === 0) {
    c.full = full;
    return;
  }
  // Each side's masses are in the order of its bits: a bit's index is the number of lower bits.
  const masses: bigint[] = [];
  for (let m = some; m !== 0; m &= m - 1) {
    const bit = m & -m;
    let v = 0n;
    if ((c.full & bit) !== 0) v = c.n;
    else if ((c.some & bit) !== 0) v = c.masses[popcount(c.some & (bit - 1))];
    if ((xFull & bit) !== 0) v += n;
    else if ((xSome & bit) !== 0) {
      const xm = x.masses[popcount(x.some & (bit - 1))];
      v += f === 1n ? xm : xm * f;
    }
    masses.push(v);
  }
  c.full = full;
  c.some = some;
  c.masses = masses;
}
