/**
 * Bench stage: the attack sampler (`attack --trials`) on the 5-unit stack, 16 FP -1 on a 9-1,
 * 8-1, 4-6-7, 4-6-7, 4-6-8:
 * - trials per second through `computeOdds` (query, chunks, tallies, result) on 1 thread (this
 *   thread) and on all threads (the pool), same seed and plan: the results must be identical;
 * - dice rolls per trial (DR and dr draws, counted in a separate untimed pass of the same trials);
 * - the efficiency ratio (trials/s on 1 thread x rolls per trial) / raw DR rate: the share of the bare
 *   dice rate left after the rules (1 would be a sampler that does nothing but roll); the raw dice
 *   are timed right before each 1-thread run, so that both see the same load.
 * Targets (reported, never asserted): 1e6 trials in < 3 s on 2 threads, memory flat in trials.
 */
import { performance } from 'node:perf_hooks';
import { runAttackTrials } from '../attack/attack-tally.js';
import type { Int32Source } from '../dice/streams.js';
import { Tychei } from '../dice/tychei.js';
import { attackQuery, attackSamplingOf, type AttackInput } from '../queries/attack-query.js';
import { poolChunkRunner } from '../pool/pool-runner.js';
import { computeOdds } from '../queries/compute-odds.js';

/** The benchmarked attack: the 16 FP -1 on a 5-unit German stack. */
export const BENCH_ATTACK: AttackInput = {
  fp: 16,
  drm: -1,
  targets: ['german/9-1', 'german/8-1', 'german/4-6-7', 'german/4-6-7', 'german/4-6-8'],
};

/** The command line of {@link BENCH_ATTACK}, for the report. */
export const BENCH_ATTACK_COMMAND = 'attack --fp 16 --drm -1 --target german/9-1,german/8-1,german/4-6-7,german/4-6-7,german/4-6-8';

/** What the stage measured. */
export interface AttackSamplerBench {
  /** Trials per run (1e6; quick 1e5). */
  readonly trials: number;
  /** Trials per second on 1 thread (this thread), best of the repetitions. */
  readonly oneThreadTrialsPerSec: number;
  /** Trials per second on `threads` threads (the pool), best of the repetitions. */
  readonly allThreadsTrialsPerSec: number;
  /** Wall seconds of the best all-threads run (the target: < 3 s for 1e6 trials on 2 threads). */
  readonly allThreadsSeconds: number;
  readonly threads: number;
  /** Mean dice draws (DR or dr) per trial. */
  readonly rollsPerTrial: number;
  /** The 1-thread and all-thread results are identical (JSON). */
  readonly resultsIdentical: boolean;
  /** Distinct final stacks seen (the keyed part of the tally). */
  readonly outcomes: number;
  /** Raw DRs per second timed beside the 1-thread runs (best of the repetitions). */
  readonly rawDRPerSec: number;
  /** (oneThreadTrialsPerSec x rollsPerTrial) / rawDRPerSec. */
  readonly efficiency: number;
}

/** An Int32Source that counts its draws. */
class CountingSource implements Int32Source {
  draws = 0;
  constructor(private readonly inner: Int32Source) {}
  int32(): number {
    this.draws++;
    return this.inner.int32();
  }
}

function seconds(t0: number): number {
  return (performance.now() - t0) / 1000;
}

/**
 * Runs the stage.
 * @param o.trials trials per run, integer >= 1; o.threads all threads; o.reps timed repetitions
 * @throws AslOddsError `worker.*` from the pool
 */
export async function measureAttackSampler(o: {
  trials: number;
  threads: number;
  reps: number;
  seed: string;
  /** Times `draws` raw DRs drawn as the kernel draws them; returns seconds (run-bench.ts runRawDice). */
  rawDice: (draws: number) => number;
  onStage?: (line: string) => void;
}): Promise<AttackSamplerBench> {
  const stage = o.onStage ?? (() => {});
  const query = attackQuery(BENCH_ATTACK);
  // Rolls per trial: an untimed pass over the same trials, every draw counted.
  stage(`attack sampler: rolls per trial (${o.trials} trials)`);
  const rng = new CountingSource(new Tychei(`${o.seed}:rolls`));
  const sampling = attackSamplingOf(BENCH_ATTACK);
  runAttackTrials(sampling, rng, o.trials, new Float64Array(sampling.layout.size));
  const rollsPerTrial = rng.draws / o.trials;
  const run = async (threads: number) => {
    const t0 = performance.now();
    const out = await computeOdds(query, { trials: o.trials, seed: o.seed, threads, runner: poolChunkRunner });
    const s = seconds(t0);
    if (out.kind !== 'result') throw new Error('bench: expected a result');
    return { seconds: s, json: JSON.stringify(out.result), outcomes: out.result.outcomes.length };
  };
  stage('attack sampler: warming up');
  await computeOdds(query, { trials: Math.min(o.trials, 100_000), seed: `${o.seed}:warm`, threads: o.threads });
  let one = Infinity;
  let all = Infinity;
  let raw = 0;
  const draws = Math.round(o.trials * rollsPerTrial);
  let identical = true;
  let outcomes = 0;
  for (let r = 0; r < o.reps; r++) {
    stage(`attack sampler: ${draws} raw DRs, then ${o.trials} trials on 1 thread (${r + 1}/${o.reps})`);
    raw = Math.max(raw, draws / o.rawDice(draws));
    const a = await run(1);
    stage(`attack sampler: ${o.trials} trials on ${o.threads} threads (${r + 1}/${o.reps})`);
    const b = await run(o.threads);
    one = Math.min(one, a.seconds);
    all = Math.min(all, b.seconds);
    identical &&= a.json === b.json;
    outcomes = a.outcomes;
  }
  return {
    trials: o.trials,
    oneThreadTrialsPerSec: o.trials / one,
    allThreadsTrialsPerSec: o.trials / all,
    allThreadsSeconds: all,
    threads: o.threads,
    rollsPerTrial,
    resultsIdentical: identical,
    outcomes,
    rawDRPerSec: raw,
    efficiency: ((o.trials / one) * rollsPerTrial) / raw,
  };
}
