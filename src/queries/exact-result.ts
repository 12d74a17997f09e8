/**
 * Turns an exact chain distribution into the `OddsResult` document every odds command prints.
 */
import type { EventName } from '../chains/events.js';
import { Ev } from '../chains/events.js';
import type { ChainModel } from '../engine/chain.js';
import { enumerateChain, summarizeExact } from '../engine/exact.js';
import { toFraction, toNumber } from '../engine/probability.js';
import type { OddsResult } from '../result.js';
import { VERSION } from '../version.js';

/**
 * Runs the exact engine on `model` and builds the result.
 * @param command command name (`mc`, `rally`, ...)
 * @param ruleSet rule-set id
 * @param input the resolved input to record
 * @param eventNames the events the command reports, in output order
 * Never throws (beyond the engine's `engine.chainTooLong`).
 */
export function exactOddsResult<S>(
  command: string,
  ruleSet: string,
  input: Record<string, unknown>,
  model: ChainModel<S>,
  eventNames: readonly EventName[],
): OddsResult {
  const dist = enumerateChain(model);
  const { outcomes, events } = summarizeExact(model, dist, eventNames.map((n) => Ev[n]));
  return {
    command,
    ruleSet,
    method: 'exact',
    trials: null,
    seed: null,
    version: VERSION,
    input,
    outcomes: outcomes.map((o) => ({ state: o.state, probability: toNumber(o.probability), fraction: toFraction(o.probability) })),
    events: Object.fromEntries(eventNames.map((n, i) => [n, toNumber(events[i])])),
    eventFractions: Object.fromEntries(eventNames.map((n, i) => [n, toFraction(events[i])])),
  };
}
