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
 */
import { AslOddsError } from '../errors.js';
import { outcomesOf, type ChainModel, type Roll, type Transition } from './chain.js';
import { popcount } from './bits.js';
import { add, ONE, toFraction, toNumber, ZERO, type Prob6 } from './probability.js';

/** One final state of the chain with its exact probability. */
export interface ExactTerminal<S> {
  readonly state: S;
  /** Events that happened on the way (bitmask); 0 in marginal mode (see {@link EnumerateOptions}). */
  readonly events: number;
  readonly probability: Prob6;
  /** Labelled mode only: the paths' label (see {@link EnumerateOptions.labels}); 0 otherwise. */
  readonly label?: number;
}

/**
 * Labels carried along paths (EnumerateOptions.labels): small integers, the model's own numbering.
 * `next` gives the label after a transition (reading its `label`, `partFrom`), as a pure function.
 */
export interface PathLabels {
  /** The label of the empty path. */
  readonly initial: number;
  /** The label after transition `t` from a path labelled `label`. */
  next(label: number, t: Omit<Transition<unknown>, 'state'>): number;
}

/** The exact distribution of a chain. */
export interface ExactDistribution<S> {
  /** Every distinct (final state, events) pair. Probabilities sum to exactly 1. */
  readonly terminals: readonly ExactTerminal<S>[];
  /** Distinct states visited, and in labelled mode the paths labels kept apart (a measure of the work done). */
  readonly statesVisited: number;
  /**
   * Marginal mode only: P(event bit b happened on the way), b in [0, 32), and per part j of the final
   * states, P(part j had event bit b) (`partEvents[j][b]`); ZERO where it never happened.
   */
  readonly marginals?: EventMarginals;
  /**
   * Graph order, marginal mode only: per terminal (same index), the masses of the chain's own events
   * (word 0, `marginals.events`) on the terminal's paths: P(reach that final state by those paths with
   * event bit b). Parts' events are summed per state into `marginals.partEvents` only (a path's label
   * never changes them). `marginals.events` is their sum.
   */
  readonly nodeMarks?: readonly TerminalMarks[];
  /** Graph order, marginal mode only: every final state and its probability (all its paths, whatever their labels). */
  readonly finalStates?: readonly { readonly state: S; readonly probability: Prob6 }[];
}

/**
 * A terminal's masses of the chain's own events (ExactDistribution.nodeMarks), sparse: a bit of `full`
 * has the terminal's whole probability (every path to it had the event), one of `some` the mass in
 * `masses`, any other 0.
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

/** Event probabilities: `events[b]` for event bit b in [0, 32), `partEvents[j][b]` for part j. */
export interface EventMarginals {
  readonly events: readonly Prob6[];
  readonly partEvents: readonly (readonly Prob6[])[];
}

/** How to enumerate. */
export interface EnumerateOptions<S = unknown> {
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
  /**
   * `levels` (default): roll by roll, merging the paths that reach the same state after the same
   * number of rolls; only two levels are held at a time. `graph`: every distinct state once, however
   * many rolls reach it (a chain whose checks add Heat of Battle or wound rolls on some paths only
   * meets the same states at several levels): the states and their transitions are found first, then
   * probabilities flow through them in topological order. The same distribution (tested equal); fewer
   * states and transitions, at the cost of holding every state until the end. `statesVisited` counts
   * distinct states (and labelled paths, see `labels`).
   */
  readonly order?: 'levels' | 'graph';
  /**
   * Graph order only: paths carry a label that the model's rules never read (say, a record of what
   * happened, written by `Transition.label`), kept out of the state key. States merge on the key alone,
   * so the model's work is per state; paths to a state with different labels stay apart (each with its
   * probability and masses), and each terminal gives its label. The same distribution as putting the
   * label in the state (tested), with fewer states to advance. A state's paths past its first hold as
   * much memory as states: they count against `maxStates` and in `statesVisited` like states.
   */
  readonly labels?: PathLabels;
  /**
   * Labelled marginal mode only: final states fall in classes (`finalClass(state)`, a small integer >=
   * 0), and paths that end in states of one class with the same label merge as if they ended in one
   * state: the terminals are then one per (class, label), each with the first final state of its class
   * the flow met, and `finalStates` gives every final state's own probability. For a caller that reads
   * a terminal's state only through its class (the factored attack's summary): far fewer terminals.
   */
  readonly finalClass?: (state: S) => number;
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
 * @throws AslOddsError `engine.chainTooLong` if a path exceeds {@link MAX_ROLLS} rolls, or (graph order)
 * the states form a cycle (model bugs); `engine.tooManyStates` (exit 2) past `maxStates`; Error when
 * `labels` is given without the graph order, or `finalClass` without the labelled marginal mode (a
 * caller's bug)
 * @example enumerateChain(nmcChain).terminals.length // e.g. 9
 */
export function enumerateChain<S>(model: ChainModel<S>, options: number | EnumerateOptions<S> = {}): ExactDistribution<S> {
  const o: EnumerateOptions<S> = typeof options === 'number' ? { maxStates: options } : options;
  if (o.order === 'graph') return enumerateGraph(model, o);
  if (o.labels !== undefined) throw new Error('enumerateChain: labels need the graph order');
  const maxStates = o.maxStates ?? Infinity;
  const marginal = o.marginal ?? false;
  // Nodes are keyed by state key, then by events: no key strings are built per transition.
  let frontier: Frontier<S> = new Map();
  put(frontier, model.key(model.initial), { state: model.initial, events: 0, label: 0, p: ONE, marks: marginal ? { full: [0], partial: NO_PARTIAL } : null });
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
        if (visited > maxStates) {
          throw new AslOddsError('engine.tooManyStates', `the exact engine stopped past ${maxStates.toLocaleString('en-US')} states`, 2);
        }
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
          if (node.marks === null) put(next, model.key(t.state), { state: t.state, events: node.events | t.events, label: 0, p, marks: null });
          else put(next, model.key(t.state), { state: t.state, events: 0, label: 0, p, marks: carryMarks(node.marks, t, inverse(t.partFrom), m, rolled) });
        }
      }
    }
    frontier = next;
  }
  return distributionOf([...finals.values()], visited, marginal);
}

/** The distribution of final nodes (by state, each a list by events), in the levels order. */
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

/** A distinct state of the `graph` order: its transitions, and the paths that reached it so far. */
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
  /** Marginal mode: the state's whole probability and masses (all its paths, whatever their labels). */
  whole: ExactNode<null> | null;
  /** The paths that reached the state, by accumulated events and label (one each in marginal mode without labels). */
  reached: GraphPath[];
  /** `reached` by (label, events), once it is long (many labels). */
  index?: Map<number, GraphPath>;
  /** A final state's class's sink, where its paths flow (EnumerateOptions.finalClass). */
  sink?: GraphNode<S>;
}

/** A transition of the `graph` order, without its state (the target node holds it while needed). */
interface GraphEdge<S> extends Omit<Transition<S>, 'state'> {
  readonly to: GraphNode<S>;
  /** The inverse of `partFrom`, for {@link carryMarks}. */
  readonly partTo: readonly number[] | undefined;
  readonly m: number;
  readonly rolled: number;
}

/**
 * The paths of one label (and, outside marginal mode, one history of events) that reached a state of
 * the `graph` order: probability n / 6^depth (the node's depth), and in marginal mode the masses of the
 * chain's own events (word 0) as {@link TerminalMarks} has them. Compact, without Prob6 or Map objects:
 * a stack's leaders' chain holds some 10^5 of them at once.
 */
interface GraphPath {
  readonly label: number;
  readonly events: number;
  n: bigint;
  full: number;
  some: number;
  masses: bigint[];
}

/** The empty `GraphPath.masses`, shared: never written (a path with masses has its own array). */
const NO_MASSES: bigint[] = [];

/**
 * The `graph` order of {@link enumerateChain}: explores every distinct state once (depth first), puts
 * the states in topological order (and finds each one's depth), then lets probabilities flow from the
 * initial state in that order (a state once every parent has flowed into it), merging paths of one
 * state that share label and events. A state is let go once its transitions are found, so that the
 * states held are the final ones and those still to explore; a state's paths once they have flowed on.
 * @throws as enumerateChain; `engine.chainTooLong` when the states form a cycle (a model bug)
 */
function enumerateGraph<S>(model: ChainModel<S>, o: EnumerateOptions<S>): ExactDistribution<S> {
  const maxStates = o.maxStates ?? Infinity;
  const marginal = o.marginal ?? false;
  const finalClass = o.finalClass;
  if (finalClass !== undefined && (!marginal || o.labels === undefined)) throw new Error('enumerateChain: finalClass needs the labelled marginal mode');
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
        if (nodes.size > maxStates) throw new AslOddsError('engine.tooManyStates', `the exact engine stopped past ${maxStates.toLocaleString('en-US')} states`, 2);
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
  const labels = o.labels;
  root.reached.push({ label: labels?.initial ?? 0, events: 0, n: 1n, full: 0, some: 0, masses: NO_MASSES });
  if (marginal) root.whole = { state: null, events: 0, label: 0, p: ONE, marks: { full: [0], partial: NO_PARTIAL } };
  const terminals: ExactTerminal<S>[] = [];
  const nodeMarks: TerminalMarks[] = [];
  const finalMarks: Marks[] = [];
  // Labelled mode: each path kept apart by its label holds its probability and masses like a state,
  // so it counts as work (`maxStates`, `statesVisited`, progress) like one.
  let paths = 0;
  const newPath = (): void => {
    const work = states + ++paths;
    if (work % PROGRESS_EVERY === 0) o.onProgress?.(work);
    if (work > maxStates) throw new AslOddsError('engine.tooManyStates', `the exact engine stopped past ${maxStates.toLocaleString('en-US')} states`, 2);
  };
  const finalStates: { readonly state: S; readonly probability: Prob6 }[] = [];
  const emit = (node: GraphNode<S>): void => {
    const state = node.state!;
    for (const x of node.reached) {
      const probability = { n: x.n, e: node.depth };
      terminals.push(labels === undefined ? { state, events: x.events, probability } : { state, events: x.events, probability, label: x.label });
      if (marginal) nodeMarks.push(x); // a path has the fields of TerminalMarks
    }
  };
  for (const node of order) {
    if (node.edges === null) {
      const state = node.state!;
      if (node.sink === undefined) emit(node);
      else for (const x of node.reached) flowPath(node.sink, x, x.label, 0, 0, pow6n(node.sink.depth - node.depth), true); // the initial state, when final
      if (node.whole !== null) {
        finalMarks.push(node.whole.marks!);
        finalStates.push({ state, probability: node.whole.p });
      }
      continue;
    }
    for (const e of node.edges) {
      const { m, rolled } = e;
      const to = e.to.sink ?? e.to;
      const shift = to.depth - node.depth - rolled;
      const f = shift === 0 ? BigInt(m) : BigInt(m) * pow6n(shift);
      for (const x of node.reached) {
        const label = labels === undefined ? 0 : labels.next(x.label, e);
        if (flowPath(to, x, label, marginal ? 0 : x.events | e.events, e.events, f, marginal) && labels !== undefined && to.reached.length > 1) newPath();
      }
      if (node.whole !== null) {
        const w = node.whole;
        const carried: ExactNode<null> = { state: null, events: 0, label: 0, p: scale(w.p, m, rolled), marks: carryMarks(w.marks!, e, e.partTo, m, rolled) };
        if (e.to.whole === null) e.to.whole = carried;
        else {
          mergeMarks(e.to.whole.marks!, e.to.whole.p, carried.marks!, carried.p);
          e.to.whole.p = add(e.to.whole.p, carried.p);
        }
      }
    }
    node.reached = NO_PATHS; // flowed on: free
    node.index = undefined;
    node.whole = null;
  }
  for (const sink of sinks) if (sink !== undefined) emit(sink);
  if (!marginal) return { terminals, statesVisited: states + paths };
  return { terminals, statesVisited: states + paths, marginals: sumMarks(finalMarks, finalStates.map((x) => x.probability)), nodeMarks, finalStates };
}

/** The paths of a state that has flowed on: none, shared, never written. */
const NO_PATHS: GraphPath[] = [];

const POW6N: bigint[] = [1n];
/** 6^k as a BigInt (k >= 0). */
function pow6n(k: number): bigint {
  while (POW6N.length <= k) POW6N.push(POW6N[POW6N.length - 1] * 6n);
  return POW6N[k];
}

/**
 * Flows path `x` along an edge into `to`, as the path of `label` and `events` there: its numerator
 * times `f` (the edge's multiplicity, and the powers of 6 between the two states' depths), and in
 * marginal mode its masses carried (the edge's `set` events become full) and merged with those of the
 * path of the same label and events, if `to` has one.
 * @returns true when it was added as a path of its own
 */
function flowPath<S>(to: GraphNode<S>, x: GraphPath, label: number, events: number, set: number, f: bigint, marginal: boolean): boolean {
  const key = marginal ? label : label * 2 ** 32 + (events >>> 0);
  let c: GraphPath | undefined;
  if (to.index !== undefined) c = to.index.get(key);
  else {
    const r = to.reached;
    for (let i = 0; i < r.length; i++) {
      const y = r[i];
      if (y.label === label && y.events === events) {
        c = y;
        break;
      }
    }
  }
  const n = f === 1n ? x.n : x.n * f;
  if (c === undefined) {
    const full = x.full | set;
    const some = x.some & ~set;
    const y: GraphPath = { label, events, n, full, some, masses: some === 0 ? NO_MASSES : carriedMasses(x, set, f) };
    to.reached.push(y);
    if (to.index !== undefined) to.index.set(key, y);
    else if (to.reached.length > 8) {
      to.index = new Map();
      for (const z of to.reached) to.index.set(marginal ? z.label : z.label * 2 ** 32 + (z.events >>> 0), z);
    }
    return true;
  }
  if (marginal) mergePath(c, x, n, set, f);
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

/**
 * Adds `node` to the paths of one state (`byEvents`), merging with the one of the same events and label.
 * @returns true when it was added as a path of its own
 */
function putReached<S>(byEvents: ExactNode<S>[], node: ExactNode<S>): boolean {
  const c = byEvents.find((x) => x.events === node.events && x.label === node.label);
  if (c === undefined) {
    byEvents.push(node);
    return true;
  }
  if (c.marks !== null && node.marks !== null) mergeMarks(c.marks, c.p, node.marks, node.p);
  c.p = add(c.p, node.p);
  return false;
}

/**
 * The distinct transitions of `state` for `roll` into `distinct`, and how many dice indices lead to each
 * into `multiplicity` (models such as the attack chain return the same Transition object for dice that
 * resolve alike); both arrays are the caller's, overwritten.
 */
function distinctTransitions<S>(model: ChainModel<S>, state: S, roll: Roll, distinct: Transition<S>[], multiplicity: number[]): void {
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
  /** Labelled mode: the paths' label; 0 otherwise. */
  readonly label: number;
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
interface Marks {
  /** Never written: shared between a node and its children while equal. */
  full: readonly number[];
  /** {@link NO_PARTIAL} (shared, never written) while empty: most nodes have none. */
  partial: Map<number, Prob6>;
}

/** The empty `Marks.partial`, shared: never written (mergeMarks gives a node its own map first). */
const NO_PARTIAL: Map<number, Prob6> = new Map();

/**
 * Nodes by state key, each with distinct accumulated events (always one node, events 0, in marginal
 * mode; a few otherwise: a short list beats a Map per key).
 */
type Frontier<S> = Map<string, ExactNode<S>[]>;

/** x * m / 6^rolled: a path weight times the multiplicity m of a transition among 6^rolled dice. */
function scale(x: Prob6, m: number, rolled: number): Prob6 {
  return { n: m === 1 ? x.n : x.n * BigInt(m), e: x.e + rolled };
}

/**
 * The marks a transition carries to its child: the events the roll sets become full; partial masses
 * scale like the path weight. Parts are renumbered by `t.partFrom` (`partTo`, its inverse: a new part
 * starts with none). A `full` row the roll leaves as it was is shared, not copied (rows are never
 * written: {@link mergeMarks} makes its own).
 */
function carryMarks<S>(marks: Marks, t: Omit<Transition<S>, 'state'>, partTo: readonly number[] | undefined, m: number, rolled: number): Marks {
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

/** to[old part] = new part, from partFrom[new part] = old part (-1: new); undefined for the identity. */
function inverse(partFrom: readonly number[] | undefined): number[] | undefined {
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
  if (byEvents === undefined) m.set(key, [node]);
  else putReached(byEvents, node);
}

/**
 * Merges marks b (of weight pb) into marks a (of weight pa): a slot stays full only where both are.
 * `a.full` is replaced, not written (rows are shared, see {@link carryMarks}).
 */
function mergeMarks(a: Marks, pa: Prob6, b: Marks, pb: Prob6): void {
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
 */
function sumMarks(marks: readonly Marks[], probabilities: readonly Prob6[]): EventMarginals {
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
