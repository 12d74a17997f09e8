/**
 * Runs a question's chain with the chosen method and builds its result:
 * - exact (default): every dice path, exact fractions (engine/exact.ts);
 * - Monte Carlo (`trials`): the chain compiled to tables (engine/compile.ts), run in seeded chunks on
 *   a worker pool (engine/monte-carlo.ts), with checkpoints, shards and Ctrl-C handled here; or the
 *   query's own sampler in the same kind of chunks (`OddsQuery.monteCarlo`: the attack);
 * - both (`compareExact`): the Monte Carlo result plus its agreement with exact (z-scores, chi-squared).
 */
import type { ChainModel } from '../engine/chain.js';
import { DEFAULT_CHUNK_SIZE, planChunks, runChunk, type ChunkPlan } from '../engine/chunk-plan.js';
import type { ChunkTask } from '../engine/chunk-runner.js';
import { compileChain, MAX_COMPILED_NODES, type CompiledChain } from '../engine/compile.js';
import { enumerateChain, type ExactDistribution } from '../engine/exact.js';
import { runPlan, type ChunkTally, type RunControl } from '../engine/run-plan.js';
import { toNumber, type Prob6 } from '../engine/probability.js';
import { AslOddsError, inputError } from '../errors.js';
import type { Comparison, OddsResult } from '../result.js';
import type { PartialResult } from '../runs/partial.js';
import { chiSquaredGoodnessOfFit, zScore } from '../stats/index.js';
import { fallbackMethod } from './fallback.js';
import { resultFromCounts, resultFromExact, type ResultHeader, type TerminalOf } from './odds-result.js';

/**
 * Most states the Monte Carlo compiler explores. Past it a chain is too large to compile (no command's
 * chain is: the attack, whose chains are, samples through its own sampler, `OddsQuery.monteCarlo`).
 */
export const MC_COMPILE_BUDGET = 200_000;

/** A question ready to run: what to record, and the chain. */
export interface OddsQuery<S> {
  readonly header: ResultHeader;
  readonly model: ChainModel<S>;
  /**
   * Extra figures a command derives from its terminals (e.g. per-unit events). Must be linear in the
   * weights: `weights[i]` is terminal i's probability (exact) or count (Monte Carlo), summing to `total`.
   */
  readonly extend?: (terminals: readonly TerminalOf<S>[], weights: readonly number[], total: number) => Record<string, unknown>;
  /**
   * Most distinct states the exact engine and the Monte Carlo compiler may visit (default: the
   * compiler's limit). Past it, exact answers `input.tooLarge` and Monte Carlo samples each dice path
   * through the model directly (sample.ts) instead of compiling it.
   */
  readonly maxStates?: number;
  /**
   * Work (states, in the units of `maxStates`) an exact answer may take by default before the question
   * is answered by Monte Carlo instead (`MethodOptions.exactOnly` keeps to exact): a few seconds of
   * work on one core. Unset: exact within `maxStates` always. Counted in states, not seconds, so that
   * the method chosen depends on the question only, never on the machine or its load.
   */
  readonly quickStates?: number;
  /**
   * The work exact would take, estimated before enumerating (states; a lower bound from measurements,
   * benchmarks/README.md), with its reason, e.g. `{ states: 250_000, why: '3 leaders' histories' }`.
   * Past `quickStates` Monte Carlo answers at once, without trying. Unset: unknown, exact tries and
   * Monte Carlo answers if it runs past `quickStates`.
   */
  readonly estimate?: { readonly states: number; readonly why: string };
  /**
   * Optional: how the exact engine answers instead of enumerating `model` and calling `extend`: its own
   * enumeration (e.g. an attack chain in the engine's marginal mode, or factored), whose terminals
   * `model.describe` reads and whose `marginals` give the events, and the extra figures from that
   * distribution. Same outcomes and events as enumerating `model`, with far fewer states.
   */
  readonly exact?: {
    /** @throws AslOddsError `engine.tooManyStates` past `maxStates`; `onProgress` as EnumerateOptions' */
    readonly enumerate: (maxStates: number | undefined, onProgress?: (work: number) => void) => ExactDistribution<S>;
    readonly extend: (dist: ExactDistribution<S>) => Record<string, unknown>;
    /**
     * Optional: the exact answer without the joint distribution of final states, used instead of
     * `enumerate` when set: P(event bit b) (`events`, indexed by bit) and the command's figures. The
     * result's `outcomes` is then empty and `outcomesOmitted` true.
     * @throws AslOddsError `engine.tooManyStates` past `maxStates`
     */
    readonly summarize?: (maxStates: number | undefined, onProgress?: (work: number) => void) => { readonly events: readonly Prob6[]; readonly figures: Record<string, unknown> };
  };
  /**
   * Optional: the query's own Monte Carlo instead of compiling `model` (the attack sampler,
   * attack-monte-carlo.ts): runs `plan` under `seed` with every method option (threads, checkpoint,
   * resume, shard, merged tally, progress, chunk snapshots, Ctrl-C, compareExact) and returns the
   * result or a shard's partial result, as computeOdds does for compiled chains.
   */
  readonly monteCarlo?: (m: MethodOptions, plan: ChunkPlan, seed: string) => Promise<OddsOutput>;
  /**
   * Trials per chunk when the options do not say (default {@link DEFAULT_CHUNK_SIZE}): a query whose
   * trials cost far more than a compiled chain's (the attack sampler) takes smaller chunks, so that
   * threads share the work and progress moves. Part of the plan: changing it changes the streams.
   */
  readonly chunkSize?: number;
}

/**
 * How to compute. All optional: the default is exact. The Monte Carlo run's fields (threads, runner,
 * checkpoint, resume, shard, argv, tally, onProgress, stop) are the run loop's, defined once in
 * engine/run-plan.ts {@link RunControl}; the fields here choose the method.
 */
export interface MethodOptions extends Omit<RunControl, 'onChunk' | 'rounds'> {
  /** Monte Carlo trials (integer >= 1); unset = exact. */
  readonly trials?: number;
  /** Seed string (required with trials; the CLI makes a random one and prints it). */
  readonly seed?: string;
  /** Trials per chunk (default 2^21). Part of the plan: changing it changes the streams. */
  readonly chunkSize?: number;
  /** Run exact too and report the agreement. */
  readonly compareExact?: boolean;
  /**
   * Called once per chunk finished in this run (in completion order, which varies with threads) with
   * that chunk's own tally by final state, for convergence charts. Order snapshots by `chunk` to get
   * a sequence that depends only on (seed, trials). Not called for chunks of a resumed checkpoint or a
   * merged tally. Unset (default): no extra work. The run loop's `RunControl.onChunk` (a chunk's tally
   * in the run's layout) is adapted to this shape in {@link runControlOf}.
   */
  readonly onChunk?: (snapshot: ChunkSnapshot) => void;
  /** Exact runs: work done so far (states, integer) out of the query's budget (`maxStates`, or Infinity). */
  readonly onExactProgress?: (work: number, budget: number) => void;
  /**
   * Exact only, never Monte Carlo instead (`--exact`): the query's whole budget `maxStates`, past it
   * `input.tooLarge`. Default false: past the query's `quickStates`, Monte Carlo answers (see
   * {@link FALLBACK_TRIALS}) and the result's `methodReason` says why.
   */
  readonly exactOnly?: boolean;
  /** Trials of the Monte Carlo run that answers instead of exact [FALLBACK_TRIALS]. */
  readonly fallbackTrials?: number;
  /** Called with a one-line note for the user (stderr), e.g. when Monte Carlo answers instead of exact. */
  readonly onNote?: (line: string) => void;
}

/**
 * The run loop's control from method options `m`: the Monte Carlo fields as they are, and `m.onChunk`
 * adapted from the loop's shape (a chunk's tally in the run's layout) to the public one (its counts by
 * final state, `snapshotOf`). The one place the two shapes meet.
 * @param snapshotOf a chunk's tally as its trials and counts by final state; called only when
 *   `m.onChunk` is set
 */
export function runControlOf(m: MethodOptions, snapshotOf: (t: ChunkTally) => Omit<ChunkSnapshot, 'chunk'>): RunControl {
  const onChunk = m.onChunk;
  return { ...m, onChunk: onChunk && ((chunk, t) => onChunk({ chunk, ...snapshotOf(t) })) };
}

/** Trials of the Monte Carlo run that answers when exact would take too long: the one rule, queries/fallback.ts. */
export { FALLBACK_TRIALS } from './fallback.js';

/** One finished chunk's own tally (see `MethodOptions.onChunk`). */
export interface ChunkSnapshot {
  /** Chunk index in the plan, integer in [0, chunkCount). */
  readonly chunk: number;
  /** Trials run in this chunk, integer >= 1. */
  readonly trials: number;
  /** Count of this chunk's trials per final state (the result's `outcomes[].state`); states with 0 left out. */
  readonly outcomeCounts: Readonly<Record<string, number>>;
}

/** A full result, or a shard's partial result. */
export type OddsOutput = { readonly kind: 'result'; readonly result: OddsResult } | { readonly kind: 'partial'; readonly partial: PartialResult };

/**
 * Computes the odds of `q` with method `m`.
 * @throws AslOddsError `input.trials`, `input.checkpoint`, `input.shard`, `worker.*`, `io.*`
 */
export async function computeOdds<S>(q: OddsQuery<S>, m: MethodOptions = {}): Promise<OddsOutput> {
  if (m.trials === undefined && !m.tally) {
    if (m.shard || m.checkpoint) throw inputError('input.trials', '--shard and --checkpoint need --trials (Monte Carlo)');
    const quick = q.quickStates;
    if (m.exactOnly || quick === undefined || quick >= (q.maxStates ?? Infinity)) return { kind: 'result', result: exactResult(q, m.onExactProgress) };
    let why: string;
    if (q.estimate !== undefined && q.estimate.states > quick) {
      why = `about ${q.estimate.states.toLocaleString('en-US')} states or more: ${q.estimate.why}`;
    } else {
      try {
        return { kind: 'result', result: exactResult({ ...q, maxStates: quick }, m.onExactProgress && ((w) => m.onExactProgress!(w, quick))) };
      } catch (e) {
        if (!(e instanceof AslOddsError) || e.code !== 'input.tooLarge') throw e;
      }
      why = `past ${quick.toLocaleString('en-US')} states`;
    }
    // Exact would take more than a few seconds: Monte Carlo instead, and say so.
    const { trials, seed } = fallbackMethod({ seed: m.seed, trials: m.fallbackTrials });
    const reason = `exact would take more than a few seconds (${why}); Monte Carlo with ${trials.toLocaleString('en-US')} trials instead (seed ${seed}); --exact insists on exact, --trials <n> sets the trials`;
    m.onNote?.(`${q.header.command}: ${reason}`);
    const out = await computeOdds(q, { ...m, trials, seed });
    return out.kind === 'result' ? { kind: 'result', result: { ...out.result, methodReason: reason } } : out;
  }
  const plan = planChunks(m.trials ?? 1, m.chunkSize ?? q.chunkSize ?? DEFAULT_CHUNK_SIZE);
  const seed = m.tally?.seed ?? m.seed;
  if (seed === undefined) throw inputError('input.seed', '--seed: a Monte Carlo run needs a seed');
  if (q.monteCarlo) return q.monteCarlo(m, plan, seed);
  let compiled: CompiledChain<S>;
  try {
    compiled = compileChain(q.model, Math.min(q.maxStates ?? MAX_COMPILED_NODES, MC_COMPILE_BUDGET));
  } catch (e) {
    if (!(e instanceof AslOddsError) || e.code !== 'engine.chainTooLarge') throw e;
    throw inputError('input.tooLarge', `${q.header.command}: too many chain states for Monte Carlo (${e.message}); use fewer units or steps`);
  }
  const size = compiled.tables.terminalCount;
  // The final states' names, for onChunk snapshots (only computed when asked for).
  const stateOfTerminal = m.onChunk ? compiled.terminals.map((t) => q.model.describe(t.state, t.events)) : [];
  const run = await runPlan<ChunkTask, Float64Array>(
    {
      identity: { command: q.header.command, input: q.header.input, ruleSet: q.header.ruleSet, terminals: compiled.terminals.map((t) => t.key) },
      shape: { size, outcomes: false },
      here: (k) => runChunk(compiled.tables, seed, plan, k),
      worker: 'monte-carlo',
      task: (chunk) => ({ tables: compiled.tables, seed, plan, chunk }),
      tallyOf: (counts) => ({ counts }),
    },
    // onChunk snapshots: a chunk's counts by final state.
    runControlOf(m, (t) => {
      const outcomeCounts: Record<string, number> = {};
      let trials = 0;
      t.counts.forEach((c, i) => {
        if (c === 0) return;
        trials += c;
        outcomeCounts[stateOfTerminal[i]] = (outcomeCounts[stateOfTerminal[i]] ?? 0) + c;
      });
      return { trials, outcomeCounts };
    }),
    plan,
    seed,
  );
  if (run.kind === 'partial') return run;
  const counts = run.counts;
  const trialsDone = run.trials;
  const interrupted = run.interrupted;
  let result = resultFromCounts(q.header, q.model, compiled.terminals, counts, { trials: trialsDone, seed, trialsRequested: plan.trials, interrupted });
  if (q.extend) result = { ...result, ...q.extend(compiled.terminals, Array.from(counts), trialsDone) };
  if (m.compareExact) result = { ...result, comparison: compareWithExact(q, result) };
  return { kind: 'result', result };
}

/**
 * Enumerates `q`'s chain within its state budget (through `q.exact.enumerate` when set).
 * @throws AslOddsError `input.tooLarge` (exit 2) past `q.maxStates`, naming the way out (`--trials`)
 */
export function enumerateWithin<S>(q: OddsQuery<S>, onProgress?: (work: number, budget: number) => void): ExactDistribution<S> {
  const progress = onProgress && ((work: number) => onProgress(work, q.maxStates ?? Infinity));
  return withinBudget(q, () => (q.exact ? q.exact.enumerate(q.maxStates, progress) : enumerateChain(q.model, { maxStates: q.maxStates, onProgress: progress })));
}

/** Runs `run` (an exact computation of `q`), turning the engine's budget error into `input.tooLarge`. */
function withinBudget<S, T>(q: OddsQuery<S>, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof AslOddsError && e.code === 'engine.tooManyStates') {
      throw inputError(
        'input.tooLarge',
        `${q.header.command}: too many chain states for exact odds (${e.message}); use --trials <n> (Monte Carlo) or fewer units or attacks`,
      );
    }
    throw e;
  }
}

/**
 * The exact result of `q` (through `q.exact` when set).
 * @param onProgress called now and then with the work done and the budget
 * @throws as {@link enumerateWithin}
 */
export function exactResult<S>(q: OddsQuery<S>, onProgress?: (work: number, budget: number) => void): OddsResult {
  const summarize = q.exact?.summarize;
  if (summarize) {
    const progress = onProgress && ((work: number) => onProgress(work, q.maxStates ?? Infinity));
    const s = withinBudget(q, () => summarize(q.maxStates, progress));
    return { ...resultFromExact(q.header, q.model, [], [], s.events), outcomesOmitted: true, ...s.figures };
  }
  const dist = enumerateWithin(q, onProgress);
  const result = resultFromExact(q.header, q.model, dist.terminals, dist.terminals.map((t) => t.probability), dist.marginals?.events);
  if (q.exact) return { ...result, ...q.exact.extend(dist) };
  if (!q.extend) return result;
  return { ...result, ...q.extend(dist.terminals, dist.terminals.map((t) => toNumber(t.probability)), 1) };
}

/** The normal approximation of a binomial estimate holds: n p >= 5 and n (1 - p) >= 5. */
function normalHolds(p: number, n: number): boolean {
  return n * p >= 5 && n * (1 - p) >= 5;
}

/**
 * The agreement of a Monte Carlo result with the exact result of `q` (computed here): per outcome and
 * event the z-score of the estimate, and chi-squared over the outcomes.
 * @param mc a Monte Carlo result of `q` (its outcomes carry their counts)
 * @throws as {@link exactResult}
 */
export function compareWithExact<S>(q: OddsQuery<S>, mc: OddsResult): Comparison {
  const trials = mc.trials ?? 0;
  const exact = exactResult(q);
  const figures: Comparison['figures'][number][] = [];
  const push = (name: string, e: number, est: number) => figures.push({ name, exact: e, estimate: est, z: zScore(est, e, trials), normalApproximation: normalHolds(e, trials) });
  const exactByState = new Map(exact.outcomes.map((o) => [o.state, o.probability]));
  const mcByState = new Map(mc.outcomes.map((o) => [o.state, o.probability]));
  const states = exact.outcomesOmitted ? [] : [...new Set([...exactByState.keys(), ...mcByState.keys()])];
  for (const s of states) push(`outcome: ${s}`, exactByState.get(s) ?? 0, mcByState.get(s) ?? 0);
  for (const n of q.header.eventNames) push(`event: ${n}`, exact.events[n] ?? 0, mc.events[n] ?? 0);
  const mcSummary = summaryProbabilities(mc);
  for (const [name, e] of summaryProbabilities(exact)) push(name, e, mcSummary.get(name) ?? 0);
  let observed: number[];
  let expected: number[];
  if (exact.outcomesOmitted) {
    // No joint distribution: the goodness of fit of the number of squad-equivalents broken instead.
    expected = exactlyK(exact.squadsBroken ?? []);
    observed = exactlyK(mc.squadsBroken ?? [], expected.length - 1).map((p) => Math.round(p * trials));
  } else {
    const observedByState = new Map(mc.outcomes.map((o) => [o.state, o.count ?? 0]));
    observed = states.map((s) => observedByState.get(s) ?? 0);
    expected = states.map((s) => exactByState.get(s) ?? 0);
  }
  const chi = chiSquaredGoodnessOfFit(observed, expected);
  // Only figures whose normal approximation holds: a z-score of a figure expected a handful of times is
  // meaningless (one count of a 1e-8 outcome in 2e5 trials is |z| = 18); chi-squared pools those bins.
  const maxAbsZ = figures.reduce((mx, f) => (f.normalApproximation ? Math.max(mx, Math.abs(f.z)) : mx), 0);
  return { figures, maxAbsZ, chiSquared: { statistic: chi.statistic, degreesOfFreedom: chi.degreesOfFreedom, pValue: chi.pValue } };
}

/**
 * The per-unit and stack probabilities of an `attack` result by name (`unit 1 german/9-1: break`,
 * `unit 1 german/9-1: final pinned`, `stack: anyBroken`, `squads broken >= 1`); empty for other commands.
 * Expectations are left out (not probabilities).
 */
function summaryProbabilities(r: OddsResult): Map<string, number> {
  const out = new Map<string, number>();
  for (const u of r.units ?? []) {
    for (const [n, p] of Object.entries(u.events)) out.set(`unit ${u.position} ${u.id}: ${n}`, p ?? 0);
    for (const [n, p] of Object.entries(u.finalStatus ?? {})) out.set(`unit ${u.position} ${u.id}: final ${n}`, p);
  }
  for (const [n, p] of Object.entries(r.stackEvents ?? {})) if (!n.startsWith('expected')) out.set(`stack: ${n}`, p);
  for (const x of r.squadsBroken ?? []) out.set(`squads broken >= ${x.squads}`, x.atLeast);
  for (const x of r.squadsEliminated ?? []) out.set(`squads eliminated >= ${x.squads}`, x.atLeast);
  return out;
}

/** P(exactly k/2) for k = 0..max from "at least" rows (k = 1..max). */
function exactlyK(rows: readonly { readonly squads: number; readonly atLeast: number }[], max = 2 * (rows.at(-1)?.squads ?? 0)): number[] {
  const atLeast = (k: number): number => (k === 0 ? 1 : (rows.find((x) => x.squads * 2 === k)?.atLeast ?? 0));
  return Array.from({ length: max + 1 }, (_, k) => Math.max(0, atLeast(k) - atLeast(k + 1)));
}
