/**
 * Compiles a chain model into dense transition tables for the Monte Carlo kernel.
 *
 * Every reachable node (state key + accumulated events) gets an integer id. A node either rolls a DR
 * (36 children), rolls a dr (6 children) or is terminal (a terminal id). The tables are built by calling
 * the model's `advance` on every node and every dice value, so they equal the resolver on every input
 * by construction; `verifyCompiledChain` re-checks that independently (tests call it).
 *
 * Layout (struct of arrays, all `Int32Array` over `SharedArrayBuffer` so workers share them unchanged;
 * over a plain `ArrayBuffer` where there is none, as in a browser page that is not cross-origin
 * isolated: posting the tables to a worker then copies them):
 * - `roll[node]`: 0 terminal, 1 DR, 2 dr;
 * - `offset[node]`: index of the node's first child in `next`;
 * - `next[offset + i]`: child node of dice index i (DR index in [0, 36), dr index in [0, 6));
 * - `terminal[node]`: terminal id, or -1.
 */
import { AslOddsError } from '../errors.js';
import { outcomesOf, type ChainModel } from './chain.js';

/** Roll codes of `CompiledTables.roll`. */
export const ROLL_TERMINAL = 0;
export const ROLL_DR = 1;
export const ROLL_dr = 2;

/** The tables the kernel walks. Plain data: can be posted to workers. */
export interface CompiledTables {
  readonly roll: Int32Array;
  readonly offset: Int32Array;
  readonly next: Int32Array;
  readonly terminal: Int32Array;
  /** Id of the initial node. */
  readonly start: number;
  /** Number of terminals (length of a tally). */
  readonly terminalCount: number;
}

/** Compiled tables plus what each terminal id means. */
export interface CompiledChain<S> {
  readonly tables: CompiledTables;
  /** Terminal id -> its final state and accumulated events. */
  readonly terminals: readonly { readonly state: S; readonly events: number; readonly key: string }[];
  /** Node id -> its key (state key + '|' + events), for verification. */
  readonly nodeKeys: readonly string[];
}

/** Default limit on compiled nodes (memory guard). */
export const MAX_COMPILED_NODES = 2_000_000;

const TableBuffer: new (bytes: number) => ArrayBufferLike = typeof SharedArrayBuffer === 'function' ? SharedArrayBuffer : ArrayBuffer;

function shared(n: number): Int32Array {
  return new Int32Array(new TableBuffer(Math.max(1, n) * 4));
}

/**
 * Compiles `model` by breadth-first exploration of its reachable nodes.
 * @throws AslOddsError `engine.chainTooLarge` (exit 1) past `maxNodes` nodes
 * Cost: O(nodes x 36) `advance` calls.
 * @example compileChain(buildMoraleChain(spec)).tables.terminalCount // e.g. 40
 */
export function compileChain<S>(model: ChainModel<S>, maxNodes = MAX_COMPILED_NODES): CompiledChain<S> {
  const ids = new Map<string, number>();
  const nodes: { state: S; events: number; key: string }[] = [];
  const add = (state: S, events: number): number => {
    const key = model.key(state) + '|' + events;
    let id = ids.get(key);
    if (id === undefined) {
      id = nodes.length;
      if (id >= maxNodes) throw new AslOddsError('engine.chainTooLarge', `the chain has more than ${maxNodes} states; use fewer units or attacks`, 1);
      ids.set(key, id);
      nodes.push({ state, events, key });
    }
    return id;
  };
  const start = add(model.initial, 0);
  const roll: number[] = [];
  const offset: number[] = [];
  const next: number[] = [];
  const terminal: number[] = [];
  const terminals: { state: S; events: number; key: string }[] = [];
  for (let id = 0; id < nodes.length; id++) {
    const { state, events, key } = nodes[id];
    const r = model.rollOf(state);
    offset.push(next.length);
    if (r === null) {
      roll.push(ROLL_TERMINAL);
      terminal.push(terminals.length);
      terminals.push({ state, events, key });
      continue;
    }
    roll.push(r === 'DR' ? ROLL_DR : ROLL_dr);
    terminal.push(-1);
    const n = outcomesOf(r);
    for (let i = 0; i < n; i++) {
      const t = model.advance(state, i);
      next.push(add(t.state, events | t.events));
    }
  }
  const toShared = (a: number[]) => {
    const s = shared(a.length);
    s.set(a);
    return s;
  };
  return {
    tables: { roll: toShared(roll), offset: toShared(offset), next: toShared(next), terminal: toShared(terminal), start, terminalCount: terminals.length },
    terminals,
    nodeKeys: nodes.map((n) => n.key),
  };
}

/**
 * Independently re-checks compiled tables against the model: for every node and dice value, the
 * child the table names has the key of `model.advance`'s result. Returns the number of checked
 * transitions.
 * @throws AslOddsError `engine.tableMismatch` on the first difference
 */
export function verifyCompiledChain<S>(model: ChainModel<S>, compiled: CompiledChain<S>): number {
  // Rebuild every node's (state, events) by walking the tables from the start.
  const { roll, offset, next, start } = compiled.tables;
  const states = new Map<number, { state: S; events: number }>([[start, { state: model.initial, events: 0 }]]);
  const queue = [start];
  let checked = 0;
  while (queue.length) {
    const id = queue.shift()!;
    const { state, events } = states.get(id)!;
    const r = model.rollOf(state);
    const code = r === null ? ROLL_TERMINAL : r === 'DR' ? ROLL_DR : ROLL_dr;
    if (roll[id] !== code) throw new AslOddsError('engine.tableMismatch', `node ${id}: roll ${roll[id]} != ${code}`, 1);
    if (r === null) continue;
    for (let i = 0; i < outcomesOf(r); i++) {
      const t = model.advance(state, i);
      const child = next[offset[id] + i];
      const ev = events | t.events;
      const want = model.key(t.state) + '|' + ev;
      if (compiled.nodeKeys[child] !== want) {
        throw new AslOddsError('engine.tableMismatch', `node ${id} dice ${i}: table child differs from the resolver`, 1);
      }
      if (!states.has(child)) {
        states.set(child, { state: t.state, events: ev });
        queue.push(child);
      }
      checked++;
    }
  }
  return checked;
}
