/**
 * The page's compute worker: reads a page state with the CLI's own option specs and answers it with
 * the engine's own modules (the same calculators and queries as `asl-odds`), off the page's thread so
 * the page never freezes.
 *
 * Method, as the CLI: exact unless `trials` is given (then Monte Carlo with `seed`, default `web`, its
 * chunks on Web Workers: web-chunk-runner.ts).
 * When the exact engine gives up on a large question (`input.tooLarge`, `engine.tooManyStates`), the
 * page answers by Monte Carlo by the CLI's own rule (src/queries/fallback.ts: 100,000 trials, seed `fallback`
 * unless the link gives one) and says so (`methodReason`), so a shared link gives the same figures.
 */
import { calculatorNamed } from '../../src/calculators/calculators.js';
import { isAslOddsError } from '../../src/errors.js';
import { parseOptionEntries } from '../../src/options/option-spec.js';
import { parseTrials } from '../../src/options/method-spec.js';
import { computeOdds } from '../../src/queries/compute-odds.js';
import { fallbackMethod } from '../../src/queries/fallback.js';
import type { OddsResult } from '../../src/result.js';
import { tableKindNamed } from './table-kinds.js';
import { checkLink, METHOD_KEYS as LINK_METHOD_KEYS } from './link-check.js';
import { resolveState } from './page-state.js';
import type { ComputeReply, ComputeRequest, FirstRequest } from './protocol.js';
import { WEB_THREADS, webChunkRunner } from './web-chunk-runner.js';


/** The method entries the page accepts besides the question's options (the CLI's words). */
const METHOD_KEYS = new Set(LINK_METHOD_KEYS);

/** `trials=` read by the CLI's own trials spec (src/options/method-spec.ts). */
function trialsOf(v: string): number {
  try {
    return parseTrials(v);
  } catch (e) {
    throw Object.assign(new Error(`option '--trials' argument '${v}' is invalid. ${(e as Error).message}`), { code: 'input.trials' });
  }
}

async function answer(req: ComputeRequest): Promise<ComputeReply> {
  const t0 = performance.now();
  const ms = () => performance.now() - t0;
  try {
    const problem = checkLink(req);
    if (problem) throw Object.assign(new Error(problem.message), { code: problem.code });
    if (req.command.startsWith('table/')) {
      const kind = tableKindNamed(req.command.slice(6));
      if (!kind) throw Object.assign(new Error(`unknown table '${req.command.slice(6)}'`), { code: 'input.table' });
      const set = kind.build(parseOptionEntries(kind.options, req.entries));
      return { id: req.id, kind: 'table', set, ms: ms() };
    }
    const calc = calculatorNamed(req.command);
    if (!calc) throw Object.assign(new Error(`unknown calculator '${req.command}'`), { code: 'input.command' });
    const method = req.entries.filter(([k]) => METHOD_KEYS.has(k));
    const options = parseOptionEntries(
      calc.options,
      req.entries.filter(([k]) => !METHOD_KEYS.has(k)),
    );
    const trialsText = method.find(([k]) => k === 'trials')?.[1];
    const seedEntry = method.find(([k]) => k === 'seed')?.[1];
    const seed = seedEntry ?? 'web';
    let result: OddsResult;
    if (trialsText !== undefined) {
      result = await monteCarlo(calc.query(options), trialsOf(trialsText), seed);
    } else {
      try {
        result = calc.exact ? calc.exact(options) : (await run(calc.query(options), {}));
      } catch (e) {
        if (!isAslOddsError(e) || (e.code !== 'input.tooLarge' && e.code !== 'engine.tooManyStates')) throw e;
        const fallback = fallbackMethod({ seed: seedEntry });
        const mc = await monteCarlo(calc.query(options), fallback.trials, fallback.seed);
        result = { ...mc, methodReason: `exact is out of reach here (${e.message}); Monte Carlo with ${fallback.trials.toLocaleString('en-US')} trials, seed ${fallback.seed}` };
      }
    }
    return { id: req.id, kind: 'odds', result, ms: ms() };
  } catch (e) {
    const err = e as Error & { code?: string };
    return { id: req.id, kind: 'error', error: { code: err.code ?? 'internal', message: err.message ?? String(e) }, ms: ms() };
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function run(query: any, m: { trials?: number; seed?: string }): Promise<OddsResult> {
  const out = await computeOdds(query, m.trials === undefined ? m : { ...m, threads: WEB_THREADS, ...(webChunkRunner ? { runner: webChunkRunner } : {}) });
  if (out.kind !== 'result') throw new Error('unexpected partial result');
  return out.result;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function monteCarlo(query: any, trials: number, seed: string): Promise<OddsResult> {
  return run(query, { trials, seed });
}

self.onmessage = async (ev: MessageEvent<ComputeRequest | FirstRequest>) => {
  const req = ev.data;
  const reply = await answer('hash' in req ? { id: req.id, ...resolveState(req.hash) } : req);
  (self as unknown as Worker).postMessage(reply);
};
