/**
 * The benchmark of the hot resolver path (`asl-odds bench`, `npm run bench`). Everything is measured
 * in one run, in one process but for stage 9's command-line times, so the ratios compare like with
 * like (STYLE.md: run against the built output, report ratios measured in one run).
 *
 *   1. raw dice: tychei `.int32()` -> reject u >= 4294967292 -> DR index from the high bits, exactly as
 *      the kernel draws, histogrammed (36 pairs folded to the 11 DR totals, chi-squared checked): the
 *      floor any chain is measured against;
 *   2. the MC -> HoB chain of `mcQuery({ unit: 'german/4-6-7' })` (NMC, ELR 3, Known enemy in LOS),
 *      compiled, through `runChainTrials` in this thread;
 *   3. the naive baseline (src/bench/naive-baseline.ts): ARC4 per die, objects, the readable resolver;
 *   4. the pool: the same chain on the pool runner with 1 thread, then `runMonteCarlo` with all
 *      threads (`os.availableParallelism()`), same plan and seed (the tallies must be identical),
 *      sized so each run takes >= 1 s, after a warm-up run; best of 2 timed pairs;
 *   5. the exact engine: median time of `mcExact` (and of `enumerateChain` alone) per query;
 *   6. end to end: `mcQuery` + `compileChain` + `runMonteCarlo` of 1e8 trials with all threads;
 *   7. scenario scaling: time per playthrough of the Stalingrad example scaled to 12, 48, 192 and 768
 *      squads a side, and its growth exponent (scenario-scaling.ts);
 *   8. the attack sampler: `attack --trials` of 16 FP -1 on a 5-unit stack, trials/s on 1 thread and
 *      on all threads, dice rolls per trial, and its efficiency against the raw dice of stage 1
 *      (attack-sampler-bench.ts);
 *   9. the exact summary of an attack on 5 and 6 units, in this thread; the same from the command line
 *      (a new process each run, on every core and on one core); then on seeded random stacks of 6
 *      units with 2 and 3 leaders (attack-summary-bench.ts).
 *
 * Rates 1-3 are the median of `reps` timed repetitions after a warm-up, 1 and 2 interleaved so drift
 * (thermal, other load) hits both alike. Nothing here fails on a missed target: targets are reported.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { median } from 'simple-statistics';
import { runNaiveChainTrials } from './naive-baseline.js';
import { streamFor, type Int32Source } from '../dice/streams.js';
import { DEFAULT_CHUNK_SIZE, planChunks } from '../engine/chunk-plan.js';
import { compileChain, type CompiledTables } from '../engine/compile.js';
import { enumerateChain } from '../engine/exact.js';
import { runChainTrials } from '../engine/kernel.js';
import { runMonteCarlo } from '../engine/monte-carlo.js';
import type { ChunkTask } from '../engine/chunk-runner.js';
import { poolChunkRunner } from '../pool/pool-runner.js';
import { mcExact, mcQuery } from '../queries/morale-query.js';
import { chiSquaredGoodnessOfFit } from '../stats/chi-squared.js';
import { BENCH_ATTACK_COMMAND, measureAttackSampler, type AttackSamplerBench } from './attack-sampler-bench.js';
import {
  measureAttackSummaries,
  measureAttackSummariesInNewProcess,
  measureRandomAttackSummaries,
  type AttackSummaryCliTime,
  type AttackSummaryTime,
  type RandomSummaryTimes,
} from './attack-summary-bench.js';
import { measureScenarioScaling, type ScalingResult } from './scenario-scaling.js';

const TWO32 = 4294967296;
const REJECT = 4294967292; // 36 * floor(2^32 / 36), as in kernel.ts

/** The unit of the benchmarked chain. */
export const BENCH_UNIT = 'german/4-6-7';
/** The naive baseline runs `trials / NAIVE_DIVISOR` trials per repetition (it is ~100x slower). */
export const NAIVE_DIVISOR = 200;
/** Trials of the end-to-end measurement. */
export const E2E_TRIALS = 100_000_000;
/** A histogram fails the sanity check below this chi-squared p-value (a sound generator: 1 run in 10^6). */
export const HISTOGRAM_MIN_P = 1e-6;
/** P(DR total = 2..12) = (6 - |total - 7|) / 36. */
const DR_TOTAL_PROBABILITIES = Array.from({ length: 11 }, (_, i) => (6 - Math.abs(i + 2 - 7)) / 36);

/** Options of {@link runBench}; all optional. */
export interface BenchOptions {
  /** Small sizes, a single repetition, no end-to-end 1e8 run [false]. */
  readonly quick?: boolean;
  /**
   * Size of each timed in-process repetition: raw DRs drawn and chain trials, integer >= 1
   * [5e7; quick 1e6]. The naive baseline runs trials / 200 (at least 1). The pool run is sized from
   * the measured chain rate (each run >= 1 s) unless quick (then it runs `trials`).
   */
  readonly trials?: number;
  /** Threads of the "all threads" runs, integer >= 1 [os.availableParallelism()]. */
  readonly threads?: number;
  /** Seed of every stream ['bench']. */
  readonly seed?: string;
  /** Called with a short line before each stage (progress on stderr). */
  readonly onStage?: (line: string) => void;
}

/** The figures, as printed by `asl-odds bench --json`. */
export interface BenchResult {
  /** DRs per second, one tychei `.int32()` per DR (plus rejections), histogrammed. */
  readonly rawDRPerSec: number;
  /** Chain trials per second through `runChainTrials`, one thread. */
  readonly chainTrialsPerSec: number;
  /** Naive baseline trials per second, one thread. */
  readonly naiveTrialsPerSec: number;
  /** Wall time with 1 pool thread / wall time with `threads` pool threads (best of the repetitions each). */
  readonly poolSpeedup: number;
  /** Threads of the "all threads" runs. */
  readonly threads: number;
  /** Median ms per exact query (`mcExact`: query, enumeration, result). */
  readonly exactQueryMs: number;
  /** Wall seconds of 1e8 chain trials on `threads` threads; null with --quick. */
  readonly e2e1e8Seconds: number | null;
  readonly ratios: {
    /** chainTrialsPerSec / rawDRPerSec (a chain trial makes ~1.03 DRs here). */
    readonly chainVsRaw: number;
    /** chainTrialsPerSec / naiveTrialsPerSec. */
    readonly chainVsNaive: number;
  };
  /** Targets (a 2-core machine); null when not measured. Never fail the command. */
  readonly targets: {
    /** chain >= 50% of the raw dice rate. */
    readonly chainVsRaw: boolean;
    /** chain >= 10x naive. */
    readonly chainVsNaive: boolean;
    /** pool speed-up >= 0.9 x threads (1.8 with 2 threads); null with 1 thread. */
    readonly poolSpeedup: boolean | null;
    /** 1e8 trials in < 3 s; null with --quick. */
    readonly e2e1e8: boolean | null;
    /** exact query < 1 ms. */
    readonly exactQuery: boolean;
  };
  readonly node: string;
  /** Logical CPUs (`os.cpus().length`). */
  readonly cpus: number;
  /** Playthrough time against scenario size (scenario-scaling.ts). */
  readonly scenarioScaling: ScalingResult;
  /**
   * The attack sampler (attack-sampler-bench.ts) and its efficiency: (trials/s on 1 thread x dice
   * rolls per trial) / raw DR rate timed beside it. Target: 1e6 trials on 2 threads in < 3 s (null
   * when another trial count or thread count was measured).
   */
  readonly attackSampler: AttackSamplerBench & { readonly target1e6: boolean | null };
  /**
   * The exact summary of an attack (attack-summary-bench.ts): best wall ms per stack (5 units; 6 units
   * with 2 and with 3 leaders; `quick`: the 5-unit stack only), each with its target (< 1 s).
   */
  readonly attackSummaries: readonly AttackSummaryTime[];
  /**
   * The same from the command line, a new process each run (attack-summary-bench.ts): median and best
   * wall ms on every core and on one core (`taskset -c 0`, null where it does not run), start-up and
   * V8's warm-up included: the 5-unit stack and the 6-unit 3-leader one (`quick`: the 5-unit stack
   * once). Target: the one-core median < 1 s.
   */
  readonly attackSummariesCli: readonly AttackSummaryCliTime[];
  /**
   * The exact summary of seeded random stacks of 6 units with 2 leaders, each timed the first time it
   * is asked (median, slowest, how many under 1 s) and again right after (slowest, how many under 1 s);
   * 30 stacks (`quick`: 2).
   */
  readonly attackSummarySweep: RandomSummaryTimes;
  /** The same with 3 leaders among the 6 units (6 stacks); null with `quick` (skipped: seconds each). */
  readonly attackSummarySweep3: RandomSummaryTimes | null;
  /** How each figure was obtained. */
  readonly details: BenchDetails;
}

/** Sizes, times and checks behind the figures. */
export interface BenchDetails {
  readonly cpuModel: string;
  /** 1-minute load average when the run started and ended (other processes skew every figure). */
  readonly loadAverage: { readonly start: number; readonly end: number };
  readonly quick: boolean;
  readonly seed: string;
  readonly repetitions: number;
  readonly raw: {
    readonly drawsPerRep: number;
    /** Count of DR totals 2..12 over all repetitions (11 bins). */
    readonly histogram: number[];
    readonly chiSquared: number;
    readonly degreesOfFreedom: number;
    readonly pValue: number;
    /** pValue >= HISTOGRAM_MIN_P. */
    readonly histogramOk: boolean;
  };
  readonly chain: { readonly trialsPerRep: number; readonly nodes: number; readonly terminals: number };
  readonly naive: { readonly trialsPerRep: number };
  readonly pool: {
    readonly trials: number;
    readonly chunkSize: number;
    readonly chunks: number;
    /** Timed (1 thread, all threads) pairs after a warm-up run; the best of each is used. */
    readonly repetitions: number;
    readonly oneThreadSeconds: number;
    readonly allThreadsSeconds: number;
    /** The 1-thread and all-thread tallies are equal (reproducibility across thread counts). */
    readonly talliesIdentical: boolean;
  };
  readonly exact: { readonly runs: number; readonly enumerateMs: number };
  readonly e2e: { readonly trials: number; readonly seconds: number | null };
}

/**
 * Draws `draws` DRs from `rng` exactly as `runChainTrials` does (one `.int32()`, reject
 * u >= 4294967292, DR index floor(u * 36 / 2^32) in [0, 36)) and counts each pair in `pairs`
 * (length >= 36). No allocation. Never throws.
 */
export function runRawDice(rng: Int32Source, draws: number, pairs: Float64Array): void {
  for (let n = 0; n < draws; n++) {
    let u = rng.int32() >>> 0;
    while (u >= REJECT) u = rng.int32() >>> 0;
    pairs[Math.floor((u * 36) / TWO32)]++;
  }
}

/** Folds 36 pair counts (index (white - 1) * 6 + colored - 1) into 11 DR-total counts (2..12). */
export function foldToTotals(pairs: Float64Array): number[] {
  const totals = new Array<number>(11).fill(0);
  for (let i = 0; i < 36; i++) totals[Math.floor(i / 6) + (i % 6)] += pairs[i];
  return totals;
}

function seconds(t0: number): number {
  return (performance.now() - t0) / 1000;
}

function sameCounts(a: Float64Array, b: Float64Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Wall seconds of the pool runner (pool start to pool destroyed) over every chunk, and the tally. */
async function timeOneThreadPool(tables: CompiledTables, seed: string, trials: number, chunkSize: number, threads: number) {
  const plan = planChunks(trials, chunkSize);
  const counts = new Float64Array(tables.terminalCount);
  const chunks = Array.from({ length: plan.chunkCount }, (_, k) => k);
  const t0 = performance.now();
  const tasks: ChunkTask[] = chunks.map((chunk) => ({ tables, seed, plan, chunk }));
  await poolChunkRunner<ChunkTask, Float64Array>('monte-carlo', tasks, threads, (_t, c) => c.forEach((x, i) => (counts[i] += x)), { interrupted: false });
  return { seconds: seconds(t0), counts };
}

/**
 * Runs every measurement and returns the figures.
 * @throws AslOddsError `worker.missing` when the worker is not built (`npm run build`), `worker.*`
 * Cost: about 20-30 s with defaults on 2 cores; about 1 s with `quick` and small `trials`.
 */
export async function runBench(o: BenchOptions = {}): Promise<BenchResult> {
  const loadAtStart = loadavg()[0];
  const quick = o.quick ?? false;
  const trials = o.trials ?? (quick ? 1_000_000 : 50_000_000);
  const threads = o.threads ?? availableParallelism();
  const seed = o.seed ?? 'bench';
  const reps = quick ? 1 : 3;
  const stage = o.onStage ?? (() => {});
  const naiveTrials = Math.max(1, Math.round(trials / NAIVE_DIVISOR));

  const query = mcQuery({ unit: BENCH_UNIT });
  const compiled = compileChain(query.model);
  const tables = compiled.tables;

  // 1-3: in-process rates. Warm-up first (JIT), then interleaved timed repetitions.
  stage('warming up');
  const warm = Math.min(trials, 1_000_000);
  const pairs = new Float64Array(36);
  runRawDice(streamFor(seed, 1_000_000), warm, new Float64Array(36));
  runChainTrials(tables, streamFor(seed, 1_000_001), warm, new Float64Array(tables.terminalCount));
  runNaiveChainTrials(Math.min(naiveTrials, 20_000), `${seed}:naive-warm`);
  const rawRates: number[] = [];
  const chainRates: number[] = [];
  const naiveRates: number[] = [];
  for (let r = 0; r < reps; r++) {
    stage(`raw dice and chain, repetition ${r + 1}/${reps} (${trials} each)`);
    let t0 = performance.now();
    runRawDice(streamFor(seed, r), trials, pairs);
    rawRates.push(trials / seconds(t0));
    const counts = new Float64Array(tables.terminalCount);
    t0 = performance.now();
    runChainTrials(tables, streamFor(seed, r), trials, counts);
    chainRates.push(trials / seconds(t0));
  }
  for (let r = 0; r < reps; r++) {
    stage(`naive baseline, repetition ${r + 1}/${reps} (${naiveTrials})`);
    const t0 = performance.now();
    runNaiveChainTrials(naiveTrials, `${seed}:naive:${r}`);
    naiveRates.push(naiveTrials / seconds(t0));
  }
  const rawDRPerSec = median(rawRates);
  const chainTrialsPerSec = median(chainRates);
  const naiveTrialsPerSec = median(naiveRates);
  const histogram = foldToTotals(pairs);
  const chi = chiSquaredGoodnessOfFit(histogram, DR_TOTAL_PROBABILITIES);

  // 4: pool speed-up, same plan and seed for 1 thread and all threads.
  const chunkSize = quick ? Math.max(1, Math.ceil(trials / 16)) : DEFAULT_CHUNK_SIZE;
  const poolTrials = quick
    ? trials
    : Math.max(threads * 4, Math.ceil((chainTrialsPerSec * threads * 1.2) / chunkSize)) * chunkSize;
  // Warm-up: a short run first, so a cold start (disk, CPU clock ramp) lands in no timed run. Each
  // timed run still starts its own pool (thread start-up is part of what a user pays).
  stage('pool: warming up');
  await timeOneThreadPool(tables, `${seed}:warm`, Math.min(poolTrials, 2 * threads * chunkSize), chunkSize, threads);
  const poolReps = quick ? 1 : 2;
  const oneThreadTimes: number[] = [];
  const allThreadTimes: number[] = [];
  let oneCounts = new Float64Array(0);
  let allCounts = new Float64Array(0);
  for (let r = 0; r < poolReps; r++) {
    stage(`pool: 1 thread, ${poolTrials} trials (${r + 1}/${poolReps})`);
    const one = await timeOneThreadPool(tables, seed, poolTrials, chunkSize, 1);
    oneThreadTimes.push(one.seconds);
    oneCounts = one.counts;
    if (threads >= 2) {
      stage(`pool: ${threads} threads, ${poolTrials} trials (${r + 1}/${poolReps})`);
      const t0 = performance.now();
      const tally = await runMonteCarlo(tables, { seed, plan: planChunks(poolTrials, chunkSize), threads, runner: poolChunkRunner });
      allThreadTimes.push(seconds(t0));
      allCounts = Float64Array.from(tally.counts);
    } else {
      allThreadTimes.push(one.seconds);
      allCounts = one.counts;
    }
  }
  // Best of the repetitions: interference from other processes only ever adds time.
  const oneSeconds = Math.min(...oneThreadTimes);
  const allSeconds = Math.min(...allThreadTimes);
  const poolSpeedup = oneSeconds / allSeconds;

  // 5: exact engine, median per query.
  const exactRuns = quick ? 10 : 300;
  stage(`exact: ${exactRuns} queries`);
  const queryMs: number[] = [];
  const enumerateMs: number[] = [];
  for (let i = 0; i < Math.min(exactRuns, 20); i++) mcExact({ unit: BENCH_UNIT }); // warm-up
  for (let i = 0; i < exactRuns; i++) {
    let t0 = performance.now();
    mcExact({ unit: BENCH_UNIT });
    queryMs.push(performance.now() - t0);
    t0 = performance.now();
    enumerateChain(query.model);
    enumerateMs.push(performance.now() - t0);
  }
  const exactQueryMs = median(queryMs);

  // 6: end to end, 1e8 trials on all threads.
  let e2e1e8Seconds: number | null = null;
  if (!quick) {
    stage(`end to end: ${E2E_TRIALS} trials on ${threads} threads`);
    const t0 = performance.now();
    const q = mcQuery({ unit: BENCH_UNIT });
    const t = compileChain(q.model).tables;
    await runMonteCarlo(t, { seed, plan: planChunks(E2E_TRIALS), threads, runner: poolChunkRunner });
    e2e1e8Seconds = seconds(t0);
  }

  // 7: scenario scaling, this thread.
  const scenarioScaling = await measureScenarioScaling({ quick, seed, onStage: stage });

  // 8: the attack sampler.
  const rawDice = (draws: number): number => {
    const t0 = performance.now();
    runRawDice(streamFor(seed, 2_000_000), draws, new Float64Array(36));
    return seconds(t0);
  };
  const attack = await measureAttackSampler({ trials: quick ? 100_000 : 1_000_000, threads, reps: quick ? 1 : 2, seed, rawDice, onStage: stage });
  const attackSampler = { ...attack, target1e6: attack.trials === 1_000_000 && threads === 2 ? attack.allThreadsSeconds < 3 : null };

  // 9: exact attack summaries, this thread.
  const attackSummaries = measureAttackSummaries({ quick, reps: 2, onStage: stage });
  const attackSummariesCli = measureAttackSummariesInNewProcess({ quick, reps: 3, onStage: stage });
  const attackSummarySweep = measureRandomAttackSummaries({ count: quick ? 2 : 30, seed: 'bench', onStage: stage });
  const attackSummarySweep3 = quick ? null : measureRandomAttackSummaries({ count: 6, seed: 'bench', units: 6, leaders: 3, onStage: stage });

  const chainVsRaw = chainTrialsPerSec / rawDRPerSec;
  const chainVsNaive = chainTrialsPerSec / naiveTrialsPerSec;
  return {
    rawDRPerSec,
    chainTrialsPerSec,
    naiveTrialsPerSec,
    poolSpeedup,
    threads,
    exactQueryMs,
    e2e1e8Seconds,
    ratios: { chainVsRaw, chainVsNaive },
    targets: {
      chainVsRaw: chainVsRaw >= 0.5,
      chainVsNaive: chainVsNaive >= 10,
      poolSpeedup: threads >= 2 ? poolSpeedup >= 0.9 * threads : null,
      e2e1e8: e2e1e8Seconds === null ? null : e2e1e8Seconds < 3,
      exactQuery: exactQueryMs < 1,
    },
    node: process.version,
    cpus: cpus().length,
    scenarioScaling,
    attackSampler,
    attackSummaries,
    attackSummariesCli,
    attackSummarySweep,
    attackSummarySweep3,
    details: {
      cpuModel: cpus()[0]?.model ?? 'unknown',
      loadAverage: { start: loadAtStart, end: loadavg()[0] },
      quick,
      seed,
      repetitions: reps,
      raw: {
        drawsPerRep: trials,
        histogram,
        chiSquared: chi.statistic,
        degreesOfFreedom: chi.degreesOfFreedom,
        pValue: chi.pValue,
        histogramOk: chi.pValue >= HISTOGRAM_MIN_P,
      },
      chain: { trialsPerRep: trials, nodes: tables.roll.length, terminals: tables.terminalCount },
      naive: { trialsPerRep: naiveTrials },
      pool: {
        trials: poolTrials,
        chunkSize,
        chunks: Math.ceil(poolTrials / chunkSize),
        repetitions: poolReps,
        oneThreadSeconds: oneSeconds,
        allThreadsSeconds: allSeconds,
        talliesIdentical: sameCounts(oneCounts, allCounts),
      },
      exact: { runs: exactRuns, enumerateMs: median(enumerateMs) },
      e2e: { trials: E2E_TRIALS, seconds: e2e1e8Seconds },
    },
  };
}

function rate(x: number): string {
  return x >= 1e6 ? `${(x / 1e6).toFixed(1)} M/s` : `${(x / 1e3).toFixed(1)} k/s`;
}

function met(b: boolean | null): string {
  return b === null ? 'not measured' : b ? 'met' : 'NOT met';
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}

/**
 * The readable report of a result: figures, ratios against targets, the DR histogram. Never throws.
 */
export function formatBenchText(r: BenchResult): string {
  const d = r.details;
  const figures = table([
    ['measurement', 'figure', 'how'],
    ['raw dice (tychei)', `${rate(r.rawDRPerSec)} DR`, `1 int32 per DR, reject + high bits, histogram; median of ${d.repetitions} x ${d.raw.drawsPerRep}`],
    ['MC -> HoB chain', `${rate(r.chainTrialsPerSec)} trials`, `runChainTrials, 1 thread, ${d.chain.nodes} nodes; median of ${d.repetitions} x ${d.chain.trialsPerRep}`],
    ['naive baseline', `${rate(r.naiveTrialsPerSec)} trials`, `ARC4 per die, UnitState per trial, resolveCheck/resolveHoB; ${d.repetitions} x ${d.naive.trialsPerRep}`],
    ['pool speed-up', `${r.poolSpeedup.toFixed(2)}x`, `1 -> ${r.threads} threads: ${d.pool.oneThreadSeconds.toFixed(2)} s -> ${d.pool.allThreadsSeconds.toFixed(2)} s (best of ${d.pool.repetitions}), ${d.pool.trials} trials, ${d.pool.chunks} chunks, tallies ${d.pool.talliesIdentical ? 'identical' : 'DIFFER'}`],
    ['exact query', `${r.exactQueryMs.toFixed(3)} ms`, `mcExact, median of ${d.exact.runs} (enumerateChain alone ${d.exact.enumerateMs.toFixed(3)} ms)`],
    ['end to end 1e8', r.e2e1e8Seconds === null ? 'skipped' : `${r.e2e1e8Seconds.toFixed(2)} s`, `mcQuery + compile + runMonteCarlo, ${r.threads} threads`],
  ]);
  const targets = table([
    ['ratio / target', 'value', 'target', ''],
    ['chain / raw', r.ratios.chainVsRaw.toFixed(2), '>= 0.50', met(r.targets.chainVsRaw)],
    ['chain / naive', `${r.ratios.chainVsNaive.toFixed(1)}x`, '>= 10x', met(r.targets.chainVsNaive)],
    ['pool speed-up', `${r.poolSpeedup.toFixed(2)}x`, `>= ${(0.9 * r.threads).toFixed(2)}x`, met(r.targets.poolSpeedup)],
    ['1e8 trials', r.e2e1e8Seconds === null ? '-' : `${r.e2e1e8Seconds.toFixed(2)} s`, '< 3 s', met(r.targets.e2e1e8)],
    ['exact query', `${r.exactQueryMs.toFixed(3)} ms`, '< 1 ms', met(r.targets.exactQuery)],
  ]);
  const total = d.raw.histogram.reduce((a, b) => a + b, 0);
  const hist = d.raw.histogram.map((c, i) => `${String(i + 2).padStart(2)}: ${c.toString().padStart(11)}  ${((c / total) * 100).toFixed(3).padStart(6)}%  (exact ${(DR_TOTAL_PROBABILITIES[i] * 100).toFixed(3)}%)`);
  return [
    `asl-odds bench: node ${r.node}, ${r.cpus} CPUs (${d.cpuModel}), ${r.threads} threads${d.quick ? ', quick' : ''}; load average ${d.loadAverage.start.toFixed(2)} -> ${d.loadAverage.end.toFixed(2)}`,
    '',
    figures,
    '',
    targets,
    '',
    formatScalingText(r.scenarioScaling),
    '',
    formatAttackSamplerText(r),
    '',
    formatAttackSummaryText(r),
    '',
    `DR totals of the raw dice (${total} DRs): chi-squared ${d.raw.chiSquared.toFixed(2)}, ${d.raw.degreesOfFreedom} df, p = ${d.raw.pValue.toPrecision(3)} (${d.raw.histogramOk ? 'ok' : 'FAILED'}: p >= ${HISTOGRAM_MIN_P})`,
    ...hist,
    '',
  ].join('\n');
}

/** The exact attack summary times (run-bench stage 9). Never throws. */
export function formatAttackSummaryText(r: BenchResult): string {
  return [
    'Exact attack summaries (per-unit and stack figures, no joint distribution; 1 thread, best of the repetitions; target < 1 s each):',
    table([['stack', 'ms', 'target', 'command'], ...r.attackSummaries.map((s) => [s.name, s.ms.toFixed(0), met(s.target), `asl-odds ${s.command} --exact`])]),
    '',
    `The same from the command line, a new process each run (start-up and V8's warm-up included; median and best of ${r.attackSummariesCli[0]?.runs ?? 0}; target: one core < 1 s):`,
    table([
      ['stack', 'all cores ms', 'one core ms', 'target'],
      ...r.attackSummariesCli.map((s) => [s.name, medianBest(s.medianMs, s.bestMs), s.oneCoreMedianMs === null ? 'not measured' : medianBest(s.oneCoreMedianMs, s.oneCoreBestMs), met(s.target)]),
    ]),
    ...r.attackSummariesCli.flatMap((s) => (s.error === null ? [] : [`  ${s.name}: ${s.error}`])),
    '',
    sweepLine(r.attackSummarySweep),
    ...(r.attackSummarySweep3 === null ? [] : [sweepLine(r.attackSummarySweep3)]),
  ].join('\n');
}

/** "median (best)" in ms, or "not measured". */
function medianBest(medianMs: number | null, bestMs: number | null): string {
  return medianMs === null || bestMs === null ? 'not measured' : `${medianMs.toFixed(0)} (${bestMs.toFixed(0)})`;
}

/** One line on the random stacks' summary times. */
function sweepLine(w: RandomSummaryTimes): string {
  return (
    `Random stacks (${w.stacks} of ${w.units} units with ${w.leaders} leaders, seed '${w.seed}'), the first time each is asked: median ${w.medianMs.toFixed(0)} ms, ` +
    `slowest ${w.maxMs.toFixed(0)} ms (asl-odds ${w.slowest}), ${w.under1s} of ${w.stacks} under 1 s; ` +
    `asked again: slowest ${w.againMaxMs.toFixed(0)} ms, ${w.againUnder1s} of ${w.stacks} under 1 s`
  );
}

/** The attack sampler figures (run-bench stage 8). Never throws. */
export function formatAttackSamplerText(r: BenchResult): string {
  const a = r.attackSampler;
  return [
    `Attack sampler (asl-odds ${BENCH_ATTACK_COMMAND} --trials ${a.trials}; best of the repetitions; results on 1 and ${a.threads} threads ${a.resultsIdentical ? 'identical' : 'DIFFER'}; ${a.outcomes} final stacks):`,
    table([
      ['measurement', 'figure'],
      ['1 thread', `${rate(a.oneThreadTrialsPerSec)} trials`],
      [`${a.threads} threads`, `${rate(a.allThreadsTrialsPerSec)} trials (${a.allThreadsSeconds.toFixed(2)} s; target 1e6 in < 3 s on 2 threads: ${met(a.target1e6)})`],
      ['dice rolls per trial', a.rollsPerTrial.toFixed(2)],
      ['efficiency', `${(100 * a.efficiency).toFixed(1)}% of the raw dice rate (1 thread trials/s x rolls per trial / ${rate(a.rawDRPerSec)} raw DR timed beside it)`],
    ]),
  ].join('\n');
}

/** The scenario scaling table (run-bench stage 7). Never throws. */
export function formatScalingText(s: ScalingResult): string {
  const rows = [['squads a side', 'stacks a side', 'ms per playthrough', 'per squad (us)', 'playthroughs']];
  for (const p of s.points) rows.push([String(p.squads), String(p.stacksPerSide), p.msPerPlaythrough.toFixed(3), ((1000 * p.msPerPlaythrough) / p.squads).toFixed(1), String(p.playthroughs)]);
  return [
    `Scenario scaling (${s.base} scaled; 1 thread, median of ${s.repetitions}): growth exponent ${s.exponent.toFixed(2)} over all sizes (1 = linear; target < 1.3: ${s.exponent < 1.3 ? 'met' : 'NOT met'}), ${s.exponentLargest.toFixed(2)} between the two largest`,
    table(rows),
  ].join('\n');
}
