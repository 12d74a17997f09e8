/**
 * A chain model sampled through transition tables that are built as the samples need them: the
 * lazy counterpart of `compileChain` (compile.ts) for chains that are sampled many times but whose
 * reachable states are too many, or too rarely all visited, to compile up front.
 *
 * Nodes are what `compileChain` makes them: a state key plus the events accumulated on the way
 * (`key(state) + '|' + events`). A node's child for dice index i is made by the model's own `advance`
 * the first time a sample rolls i there, and kept. So a sample draws exactly the dice `sampleChain`
 * (sample.ts) draws on the same stream (one int32 per roll, the top 4 values of 2^32 rejected) and ends
 * in the node of the state `sampleChain` returns, by the chain contract (chain.ts: equal keys, equal
 * futures); after the first visits it calls neither `advance` nor `key` and allocates nothing.
 * A test checks both against `sampleChain` on random chains.
 */
import { drawIndex } from '../dice/dice.js';
import type { Int32Source } from '../dice/streams.js';
import { outcomesOf, type ChainModel } from './chain.js';


/** Sampling through lazily built tables of one chain model. */
export class LazyChain<S> {
  /** Node -> a state with its key (the first reached). */
  private readonly states: S[] = [];
  /** Node -> events accumulated on the way to it (bitmask of rules/events.ts). */
  private readonly eventsOf: number[] = [];
  /** Node -> what it rolls: 0 final, 36 a DR, 6 a dr. */
  private readonly outcomes: number[] = [];
  /**
   * Child nodes: node n's child for dice index i at `n * 36 + i`, -1 while not yet made. One flat
   * array for all nodes (grown by doubling): a sample's reads stay in one allocation.
   */
  private children = new Int32Array(36 * 16).fill(-1);
  private readonly ids = new Map<string, number>();

  /**
   * @param model the chain (chain.ts contract)
   * @param maxNodes limit on nodes made, integer >= 1 (memory guard)
   * Never throws.
   */
  constructor(
    readonly model: ChainModel<S>,
    readonly maxNodes = 100_000,
  ) {
    this.node(model.initial, 0);
  }

  /** Number of nodes made so far, integer >= 1. */
  get size(): number {
    return this.states.length;
  }

  private node(state: S, events: number): number {
    const key = this.model.key(state) + '|' + events;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.states.length;
      if (id >= this.maxNodes) throw new Error(`lazy-chain: more than ${this.maxNodes} nodes`);
      this.ids.set(key, id);
      this.states.push(state);
      this.eventsOf.push(events);
      const roll = this.model.rollOf(state);
      const n = roll === null ? 0 : outcomesOf(roll);
      this.outcomes.push(n);
      if (36 * (id + 1) > this.children.length) {
        const grown = new Int32Array(2 * this.children.length).fill(-1);
        grown.set(this.children);
        this.children = grown;
      }
    }
    return id;
  }

  /**
   * Samples one path from the initial state.
   * @param rng the stream; one int32 per roll (plus rejections), exactly as `sampleChain`
   * @returns the final node: read it with {@link stateOf} and {@link eventsAt}
   * @throws Error past `maxNodes` nodes; AslOddsError from the model only
   * Cost: one table read per roll once the path's nodes exist.
   * @example chain.stateOf(chain.sample(streamFor('s', 0))).unit.status // as sampleChain(model, streamFor('s', 0)).state.unit.status
   */
  sample(rng: Int32Source): number {
    let id = 0;
    for (let n = this.outcomes[0]; n !== 0; n = this.outcomes[id]) {
      const index = drawIndex(rng, n);
      const at = id * 36 + index;
      let child = this.children[at];
      if (child < 0) {
        const t = this.model.advance(this.states[id], index);
        child = this.node(t.state, this.eventsOf[id] | t.events);
        this.children[at] = child; // after node(), which may have grown the array
      }
      id = child;
    }
    return id;
  }

  /** The state of node `id` (a final state when `id` came from {@link sample}). Never throws on a valid id. */
  stateOf(id: number): S {
    return this.states[id];
  }

  /** The events accumulated on the way to node `id`, bitmask of rules/events.ts. */
  eventsAt(id: number): number {
    return this.eventsOf[id];
  }
}

