/**
 * The Monte Carlo hot loop: walks compiled transition tables with seeded dice.
 *
 * Per trial: start at the initial node; while the node rolls, draw one unsigned 32-bit value, map it
 * to a DR index in [0, 36) (or a dr index in [0, 6)) from its high bits, rejecting the top
 * 4 values of 2^32 so every pair is exactly equally likely, and follow `next`. Count the terminal.
 * No allocation, no closures, no try/catch inside the loop: one generator object per call (a single
 * class at the call site keeps it monomorphic).
 */
import { drawIndex } from '../dice/dice.js';
import type { Int32Source } from '../dice/streams.js';
import type { CompiledTables } from './compile.js';


/**
 * Runs `trials` trials and adds one to `counts[terminal]` for each.
 * @param t compiled tables
 * @param rng a tychei stream (streams.ts)
 * @param trials integer >= 0
 * @param counts tally per terminal id (length >= t.terminalCount); counts are integer-valued doubles,
 * exact up to 2^53
 * Never throws on valid tables. Cost: O(trials x rolls per trial).
 */
export function runChainTrials(t: CompiledTables, rng: Int32Source, trials: number, counts: Float64Array): void {
  const roll = t.roll;
  const offset = t.offset;
  const next = t.next;
  const terminal = t.terminal;
  const start = t.start;
  for (let n = 0; n < trials; n++) {
    let s = start;
    let k = roll[s];
    while (k !== 0) {
      s = next[offset[s] + drawIndex(rng, k === 1 ? 36 : 6)];
      k = roll[s];
    }
    counts[terminal[s]]++;
  }
}
