/**
 * The synchronous exact path: run the exact engine on a chain and build its `OddsResult`.
 * (`compute-odds.ts` chooses between exact and Monte Carlo; this is its exact branch for callers that
 * want a result without options.)
 */
import type { EventName } from '../rules/events.js';
import type { ChainModel } from '../engine/chain.js';
import { enumerateChain } from '../engine/exact.js';
import type { OddsResult } from '../result.js';
import { resultFromExact } from './odds-result.js';

/**
 * Runs the exact engine on `model` and builds the result.
 * @param command command name (`mc`, `rally`, ...)
 * @param ruleSet rule-set id
 * @param input the resolved input to record
 * @param eventNames the events the command reports, in output order
 * @throws AslOddsError `engine.chainTooLong` (a model bug)
 */
export function exactOddsResult<S>(
  command: string,
  ruleSet: string,
  input: Record<string, unknown>,
  model: ChainModel<S>,
  eventNames: readonly EventName[],
): OddsResult {
  const dist = enumerateChain(model);
  return resultFromExact({ command, ruleSet, input, eventNames }, model, dist.terminals, dist.terminals.map((t) => t.probability));
}
