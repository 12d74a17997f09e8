/**
 * Samples one dice path of a chain model directly (no compiled tables): for simulations whose chains
 * differ from one use to the next (the scenario simulator resolves each fire attack, rout and rally
 * through the same chain models the odds commands enumerate).
 *
 * Dice are drawn exactly as the kernel draws them (one unsigned 32-bit value per roll, the top 4
 * values of 2^32 rejected, high bits mapped to the 36 DR pairs or the 6 dr values), so a stream gives
 * the same dice to both.
 */
import { drawIndex } from '../dice/dice.js';
import type { Int32Source } from '../dice/streams.js';
import type { ChainModel } from './chain.js';


/** The final state of a sampled path and the events on the way. */
export interface SampledPath<S> {
  readonly state: S;
  readonly events: number;
}

/**
 * Walks `model` from its initial state with dice from `rng` until a final state.
 * @throws AslOddsError from the model only (models do not throw on valid input)
 * Cost: one `advance` per roll.
 * @example sampleChain(buildMoraleChain(spec), streamFor('s', 0)).state.unit.status // 'broken' or ...
 */
export function sampleChain<S>(model: ChainModel<S>, rng: Int32Source): SampledPath<S> {
  let state = model.initial;
  let events = 0;
  for (let roll = model.rollOf(state); roll !== null; roll = model.rollOf(state)) {
    const index = drawIndex(rng, roll === 'DR' ? 36 : 6);
    const t = model.advance(state, index);
    state = t.state;
    events |= t.events;
  }
  return { state, events };
}
