/**
 * Runs a scenario many times and summarises it: the same chunk plan and seeded streams as every
 * Monte Carlo run (chunk k's stream is tychei(seed:k)), integer histograms merged in any order, so the
 * result is identical for any thread count.
 */
import { weightedMean, weightedQuantile } from 'simple-statistics';
import { streamFor } from '../dice/streams.js';
import { Tychei } from '../dice/tychei.js';
import { chunkTrials, planChunks, type ChunkPlan } from '../engine/chunk-plan.js';
import type { ChunkRunner, StopFlag } from '../engine/chunk-runner.js';
import { runPlan, type RunControl } from '../engine/run-plan.js';
import type { PartialResult } from '../runs/partial.js';
import { yieldToEventLoop } from '../engine/yield-to-event-loop.js';
import { checkTaskChunk } from '../queries/chunk-tasks.js';
import { estimate } from '../queries/odds-result.js';
import { Z95 } from '../stats/wilson-interval.js';
import type { EstimateStats } from '../result.js';
import { VERSION } from '../version.js';
import { runPlaythrough } from './playthrough.js';
import { finalOffsets, metricHistogram, tallyLayout, type TallyLayout, type TurnMetric } from './scenario-tally.js';
import { compileScenario, type ScenarioSetup } from './setup.js';
import type { Scenario } from './types.js';

/** Playthroughs per chunk (a chunk is 50-200 ms of work). */
export const SCENARIO_CHUNK_SIZE = 256;

/** A chunk task for the scenario worker: the scenario travels as plain data and is compiled there. */
export interface ScenarioTask {
  readonly scenario: Scenario;
  readonly seed: string;
  readonly plan: ChunkPlan;
  readonly chunk: number;
}

/**
 * Runs chunk `k` of a scenario in this thread and returns its tally.
 * Never throws on a compiled scenario.
 */
export function runScenarioChunk(setup: ScenarioSetup, l: TallyLayout, seed: string, plan: ChunkPlan, k: number): Float64Array {
  const data = new Float64Array(l.length);
  const rng = streamFor(seed, k);
  const n = chunkTrials(plan, k);
  for (let i = 0; i < n; i++) runPlaythrough(setup, rng, data, l);
  return data;
}

/** The scenario of the last task a worker ran, compiled (the tasks of one run share it). */
let cachedTask: { readonly json: string; readonly setup: ScenarioSetup; readonly layout: TallyLayout } | null = null;

/**
 * Runs a worker's chunk task (the scenario compiled once per worker and scenario).
 * @throws AslOddsError `worker.badTask` (a chunk outside the plan); from compiling the scenario
 */
export function runScenarioTask(task: ScenarioTask): Float64Array {
  checkTaskChunk(task.chunk, task.plan);
  const json = JSON.stringify(task.scenario);
  if (!cachedTask || cachedTask.json !== json) {
    const setup = compileScenario(task.scenario);
    cachedTask = { json, setup, layout: tallyLayout(setup) };
  }
  return runScenarioChunk(cachedTask.setup, cachedTask.layout, task.seed, task.plan, task.chunk);
}

/**
 * Runs chunk `k` as {@link runScenarioChunk} does (the same stream, so the same tally), playthrough
 * by playthrough, handing the event loop a turn every 50 ms so that Ctrl-C is seen; a heavy scenario's
 * chunk can take minutes.
 * @returns the chunk's tally, or null when `stop` was set before it finished (the chunk is dropped)
 */
export async function runScenarioChunkInterruptible(setup: ScenarioSetup, l: TallyLayout, seed: string, plan: ChunkPlan, k: number, stop: StopFlag): Promise<Float64Array | null> {
  const data = new Float64Array(l.length);
  const rng = streamFor(seed, k);
  const n = chunkTrials(plan, k);
  let turn = Date.now();
  for (let i = 0; i < n; i++) {
    runPlaythrough(setup, rng, data, l);
    if (Date.now() - turn >= 50) {
      await yieldToEventLoop();
      if (stop.interrupted) return null;
      turn = Date.now();
    }
  }
  return data;
}

/**
 * Times one playthrough of `scenario` (a stream of its own, `<seed>:probe`, not part of any run) to
 * estimate a run's length before it starts.
 * @returns seconds per playthrough on this thread, > 0
 * @throws AslOddsError from compiling the scenario
 */
export function timeOnePlaythrough(scenario: Scenario, seed: string): number {
  const setup = compileScenario(scenario);
  const l = tallyLayout(setup);
  const data = new Float64Array(l.length);
  const t0 = performance.now();
  runPlaythrough(setup, new Tychei(`${seed}:probe`), data, l);
  return Math.max(1e-6, (performance.now() - t0) / 1000);
}

/** Options of {@link runScenario}. */
export interface ScenarioRunOptions {
  /** Playthroughs; with `precision`, the most to run. */
  readonly trials: number;
  /**
   * Run until every victory probability's 95% half-width (Wilson, as reported) is at most this
   * (a probability, e.g. 0.01 for 1 percentage point), in whole chunks: the chunks run, and so the
   * result, depend only on the seed (the result equals a `trials` run of as many playthroughs).
   */
  readonly precision?: number;
  readonly seed: string;
  /** Worker threads, integer >= 1; 1 (or a single chunk, or no `runner`) runs in this thread. */
  readonly threads: number;
  /** Runs chunks on `scenario` workers (the Node pool: pool/pool-runner.ts); unset: this thread. */
  readonly runner?: ChunkRunner;
  readonly chunkSize?: number;
  readonly onProgress?: (done: number, total: number) => void;
  readonly stop?: StopFlag;
}

/** Summary of one metric's distribution over playthroughs. */
export interface MetricSummary {
  readonly mean: number;
  readonly p10: number;
  readonly p50: number;
  readonly p90: number;
}

/** The per-turn figures of one side. */
export interface TurnSideSummary {
  readonly side: string;
  /** ELR distribution: probability of each value 0..5. */
  readonly elrDistribution: readonly number[];
  readonly elr: MetricSummary;
  readonly goodOrderSquads: MetricSummary;
  readonly broken: MetricSummary;
  readonly disrupted: MetricSummary;
  readonly casualtyBPV: MetricSummary;
  readonly integrityChecksTaken: MetricSummary;
  readonly integrityChecksLost: MetricSummary;
  /** ELR Replacements suffered so far (A19.13), cumulative. */
  readonly replacements: MetricSummary;
}

/** The result of `asl-odds scenario`. */
export interface ScenarioResult {
  readonly command: 'scenario';
  readonly title: string;
  readonly ruleSet: string;
  readonly method: 'monte-carlo';
  readonly trials: number;
  readonly seed: string;
  readonly version: string;
  readonly input: Record<string, unknown>;
  /** Victory probability per side (and of neither side meeting its conditions), with intervals. */
  readonly victory: Readonly<Record<string, EstimateStats>>;
  /** Per side: P(its ELR ended lower than it started). */
  readonly elrFell: Readonly<Record<string, EstimateStats>>;
  /** Per side: P(the side cracked at the end of turn t), t = 1..turns, and `never`. */
  readonly crackTurn: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly turns: readonly { readonly turn: number; readonly sides: readonly TurnSideSummary[] }[];
  readonly abstractions: readonly string[];
  readonly interrupted?: boolean;
  readonly trialsRequested?: number;
  /** With `--precision`: the half-width asked for (a probability), and whether it was reached within the most playthroughs allowed. */
  readonly precision?: { readonly halfWidth: number; readonly reached: boolean; readonly largestHalfWidth: number };
}

/** What the turn model abstracts away (also in README "Scenarios"). */
export const ABSTRACTIONS: readonly string[] = [
  'No map, LOS, range or movement: each side fires from its stacks at the enemy stack with the most Good Order squad-equivalents, with its fire profile (DRM, Long Range, leader direction, activity share).',
  'One Fire Group per stack per fire phase: Prep Fire by the ATTACKER, Defensive Fire by the DEFENDER (FFMO -1 on ATTACKER stacks in the open); no Advancing Fire, no Close Combat, no support weapons or vehicles.',
  'Broken units in Open Ground rout along the side\'s rout path (Interdiction per Open Ground hex); those that arrive are out of LOS until they rally and rejoin.',
  'Berserk units do not charge; they return to normal at the end of the Player Turn. Desperation Morale is not tracked (routed units are out of danger).',
  'Terrain TEM: open 0, woods +1, building +2, stone building +3, pillbox +4, trench +2 (B rules, medium confidence).',
];

function summarize(hist: readonly number[], scale = 1): MetricSummary {
  const values = hist.map((_, v) => v / scale);
  const total = hist.reduce((a, b) => a + b, 0);
  if (total === 0) return { mean: 0, p10: 0, p50: 0, p90: 0 };
  const keep = hist.map((c, v) => [values[v], c] as const).filter(([, c]) => c > 0);
  const vs = keep.map(([v]) => v);
  const ws = keep.map(([, c]) => c);
  return { mean: weightedMean(vs, ws), p10: weightedQuantile(vs, ws, 0.1), p50: weightedQuantile(vs, ws, 0.5), p90: weightedQuantile(vs, ws, 0.9) };
}

/**
 * Builds the result from a merged tally.
 * Never throws.
 */
export function scenarioResult(setup: ScenarioSetup, l: TallyLayout, data: Float64Array, run: { trials: number; seed: string; trialsRequested: number; interrupted: boolean; input: Record<string, unknown> }): ScenarioResult {
  const off = finalOffsets(l);
  const ids = setup.sides.map((s) => s.spec.id);
  const victory: Record<string, EstimateStats> = {
    [ids[0]]: estimate(data[off.outcome], run.trials),
    [ids[1]]: estimate(data[off.outcome + 1], run.trials),
    neither: estimate(data[off.outcome + 2], run.trials),
  };
  const elrFell = Object.fromEntries(ids.map((id, i) => [id, estimate(data[off.elrFell + i], run.trials)]));
  const crackTurn = Object.fromEntries(
    ids.map((id, i) => {
      const row: Record<string, number> = {};
      for (let t = 0; t <= l.turns; t++) row[t === l.turns ? 'never' : String(t + 1)] = run.trials ? data[off.crack + i * (l.turns + 1) + t] / run.trials : 0;
      return [id, row];
    }),
  );
  const turns = Array.from({ length: l.turns }, (_, t) => ({
    turn: t + 1,
    sides: ids.map((id, i) => {
      const h = (m: TurnMetric) => metricHistogram(data, l, t + 1, i, m);
      const elrHist = h('elr');
      const n = elrHist.reduce((a, b) => a + b, 0);
      return {
        side: id,
        elrDistribution: elrHist.map((c) => (n ? c / n : 0)),
        elr: summarize(elrHist),
        goodOrderSquads: summarize(h('goodOrderSquads2'), 2),
        broken: summarize(h('broken')),
        disrupted: summarize(h('disrupted')),
        casualtyBPV: summarize(h('casualtyBPV')),
        integrityChecksTaken: summarize(h('checksTaken')),
        integrityChecksLost: summarize(h('checksLost')),
        replacements: summarize(h('replacements')),
      };
    }),
  }));
  return {
    command: 'scenario',
    title: setup.scenario.title,
    ruleSet: setup.ruleSet.id,
    method: 'monte-carlo',
    trials: run.trials,
    seed: run.seed,
    version: VERSION,
    input: run.input,
    victory,
    elrFell,
    crackTurn,
    turns,
    abstractions: ABSTRACTIONS,
    ...(run.interrupted ? { interrupted: true, trialsRequested: run.trialsRequested } : {}),
  };
}

/** The largest 95% half-width of the victory probabilities (Wilson interval, as reported). */
export function largestVictoryHalfWidth(victory: Readonly<Record<string, EstimateStats>>): number {
  return Math.max(...Object.values(victory).map((v) => (v.ci95[1] - v.ci95[0]) / 2));
}

/**
 * With `--precision h`: the chunk count to run next, from the `done` playthroughs merged so far (whole
 * chunks); `done` chunks or fewer means the precision is reached. The normal approximation
 * n = p(1 - p)(1.96 / h)^2 of the largest need over the victory outcomes, 5% more, and at least a
 * quarter more chunks than run (so a run takes few rounds). Deterministic in the counts.
 */
export function chunksForPrecision(victory: Readonly<Record<string, EstimateStats>>, done: number, h: number, chunkSize: number, chunksDone: number): number {
  if (largestVictoryHalfWidth(victory) <= h) return chunksDone;
  let need = 0;
  for (const v of Object.values(victory)) {
    const p = Math.min(Math.max(v.probability, 1 / Math.max(done, 1)), 0.5);
    need = Math.max(need, p * (1 - p) * (Z95 / h) ** 2);
  }
  return Math.max(Math.ceil((need * 1.05) / chunkSize), chunksDone + Math.ceil(chunksDone / 4), chunksDone + 1);
}

/** Identifies the playthrough and its tally layout in fingerprints: a change of either refuses old files. */
const PLAYTHROUGH_ID = 'scenario-playthrough/1';

/** A scenario run's answer: its result, or a shard's partial result (`--shard`). */
export type ScenarioOutput = { readonly kind: 'result'; readonly result: ScenarioResult; readonly fingerprint: string } | { readonly kind: 'partial'; readonly partial: PartialResult };

/**
 * Plays `scenario` `o.trials` times (with `o.precision`: in rounds of whole chunks until the
 * precision is reached or `o.trials` are played) on the one run loop (engine/run-plan.ts): the same
 * checkpoints, shards and merged tallies as every Monte Carlo run.
 * @param c checkpoint, resume, shard, argv and a merged tally, as RunControl says; `tallyOf(size)`: this
 *   run's part of a command's merged tally (its counts, the shards' combined fingerprint checked by the caller)
 * @throws AslOddsError from compiling the scenario, `input.trials`, `input.checkpoint`, `merge.input`, `worker.*`
 */
export async function runScenarioPlan(
  scenario: Scenario,
  o: ScenarioRunOptions,
  c: Omit<RunControl, 'threads' | 'runner' | 'stop' | 'onProgress' | 'rounds'> & { readonly tallyOf?: (size: number) => NonNullable<RunControl['tally']> } = {},
  input: Record<string, unknown> = {},
): Promise<ScenarioOutput> {
  const setup = compileScenario(scenario);
  const l = tallyLayout(setup);
  const tally = c.tallyOf ? c.tallyOf(l.length) : c.tally;
  const chunkSize = o.chunkSize ?? SCENARIO_CHUNK_SIZE;
  const plan = planChunks(o.trials, chunkSize);
  const stop = o.stop ?? { interrupted: false };
  const off = finalOffsets(l);
  const ids = setup.sides.map((s) => s.spec.id);
  const victoryOf = (data: Float64Array, done: number): Record<string, EstimateStats> => ({
    [ids[0]]: estimate(data[off.outcome], done),
    [ids[1]]: estimate(data[off.outcome + 1], done),
    neither: estimate(data[off.outcome + 2], done),
  });
  const trialsSlots = [off.outcome, off.outcome + 1, off.outcome + 2];
  // First round with --precision: a quarter of the worst case (p = 1/2), at least 4 chunks.
  const rounds =
    o.precision === undefined
      ? undefined
      : {
          first: Math.max(4, Math.ceil((0.25 * (Z95 / o.precision) ** 2) / 4 / chunkSize)),
          more: (data: Float64Array, chunksDone: number) => {
            const done = data[off.outcome] + data[off.outcome + 1] + data[off.outcome + 2];
            return chunksForPrecision(victoryOf(data, done), done, o.precision!, chunkSize, chunksDone);
          },
        };
  const run = await runPlan<ScenarioTask, Float64Array>(
    {
      identity: { command: 'scenario', input: scenario, ruleSet: setup.ruleSet.id, terminals: [PLAYTHROUGH_ID, l.length] },
      shape: { size: l.length, trialsSlots, outcomes: false },
      here: (k) => runScenarioChunkInterruptible(setup, l, o.seed, plan, k, stop),
      worker: 'scenario',
      task: (chunk) => ({ scenario, seed: o.seed, plan, chunk }),
      // A worker's reply is the chunk's tally (transferred).
      tallyOf: (counts) => ({ counts }),
    },
    { ...c, tally, threads: o.threads, runner: o.runner, stop, onProgress: o.onProgress, rounds },
    plan,
    o.seed,
  );
  if (run.kind === 'partial') return run;
  const result = scenarioResult(setup, l, run.counts, { trials: run.trials, seed: o.seed, trialsRequested: run.trialsRequested, interrupted: run.interrupted, input });
  if (o.precision === undefined) return { kind: 'result', result, fingerprint: run.fingerprint };
  const largest = largestVictoryHalfWidth(result.victory);
  return { kind: 'result', result: { ...result, precision: { halfWidth: o.precision, reached: largest <= o.precision, largestHalfWidth: largest } }, fingerprint: run.fingerprint };
}

/**
 * Plays `scenario` `o.trials` times, in this process's run (no shard): {@link runScenarioPlan}'s result.
 * @throws as {@link runScenarioPlan}
 */
export async function runScenario(scenario: Scenario, o: ScenarioRunOptions, input: Record<string, unknown> = {}): Promise<ScenarioResult> {
  const out = await runScenarioPlan(scenario, o, {}, input);
  if (out.kind !== 'result') throw new Error('runScenario: a shard gives a partial result (use runScenarioPlan)');
  return out.result;
}
