/**
 * Monte Carlo of `asl-odds attack` (`--trials`): the attack sampler (chains/attack-sampler.ts) run in
 * seeded chunks, in this thread or on `attack` workers through the chunk runner (Node: workers/attack-worker.ts), tallied into integer
 * counts of a fixed size plus trials per final stack (chains/attack-tally.ts). Chunk k's stream
 * depends only on (seed, k) and tallies add in any order, so the result is bit-identical for any
 * `--threads`, after `--checkpoint`/`--resume`, and for `--shard` + `merge`; Ctrl-C keeps the chunks
 * that finished. Memory does not grow with the trials, unless the final stacks are listed
 * (`--outcomes`: as for exact, the summary omits them otherwise).
 *
 *   plan -> chunks (shard, minus a checkpoint's) -> runAttackChunk here or on the pool -> add tallies
 *        -> checkpoint now and then -> partial (shard) or result: outcomes, events, per-unit and stack
 *           figures (the query's `figures`), agreement with exact (compareExact)
 */
import { addAttackTally, runAttackChunk, type AttackSampling, type AttackTally } from '../chains/attack-tally.js';
import { chunkTrials, type ChunkPlan } from '../engine/chunk-plan.js';
import { runChunks } from '../engine/run-chunks.js';
import { inputError } from '../errors.js';
import type { OddsResult } from '../result.js';
import { loadCheckpoint, saveCheckpoint } from '../runs/checkpoint.js';
import { fingerprintOf } from '../runs/fingerprint.js';
import { partialResultOf, shardChunks } from '../runs/partial.js';
import { checkChunkTally, checkMergedTally } from '../runs/verify-run-file.js';
import { VERSION } from '../version.js';
import { Ev } from '../rules/events.js';
import { compareWithExact, type MethodOptions, type OddsOutput, type OddsQuery } from './compute-odds.js';
import { resultFromOutcomeCounts } from './odds-result.js';

/** What a worker receives: the attack's input (resolved again there), the plan and one chunk. */
export interface AttackChunkTask {
  /** The `attack` input (attack-query.ts AttackInput), plain JSON. */
  readonly input: unknown;
  readonly seed: string;
  readonly plan: ChunkPlan;
  readonly chunk: number;
}

/** What the attack query hands the Monte Carlo. */
export interface AttackMonteCarlo<S> {
  /** The query (header for results and fingerprints; exact for compareExact). */
  readonly query: OddsQuery<S>;
  /** The input as given (for the workers: they resolve it as attackQuery does). */
  readonly input: unknown;
  /** The attack compiled for sampling in this thread. */
  readonly sampling: AttackSampling;
  /** The per-unit and stack figures of a tally (attack-query.ts). */
  readonly figures: (t: AttackTally) => Record<string, unknown>;
}

/** Identifies the sampler and its tally layout in fingerprints: a change of either refuses old files. */
const SAMPLER_ID = 'attack-sampler/2'; // 2: the sampler no longer follows the exact chain's canonical order (issue 39)

/**
 * Runs the attack Monte Carlo of `a` with the method options `m`.
 * @throws AslOddsError `input.checkpoint` (a checkpoint of another run), `merge.input` (a merged tally
 *   of another layout), `worker.*` (a failed worker, exit 1), `io.*`
 */
export async function runAttackMonteCarlo<S>(a: AttackMonteCarlo<S>, m: MethodOptions, plan: ChunkPlan, seed: string): Promise<OddsOutput> {
  const h = a.query.header;
  const layout = a.sampling.layout;
  const fingerprint = await fingerprintOf({
    command: h.command,
    input: h.input,
    ruleSet: h.ruleSet,
    seed,
    trials: plan.trials,
    chunkSize: plan.chunkSize,
    version: VERSION,
    terminals: [SAMPLER_ID, layout.size, a.sampling.outcomes ? 'outcomes' : 'summary'],
  });
  const tally = { counts: new Float64Array(layout.size), outcomes: {} as Record<string, number> };
  let interrupted = false;
  if (m.tally) {
    if (m.tally.counts.length !== layout.size || m.tally.outcomes === undefined) throw inputError('merge.input', 'merge: the partial results do not fit this command (different attack)');
    checkMergedTally(m.tally, fingerprint, plan, m.tally.counts[layout.trials]);
    addAttackTally(tally, { counts: Float64Array.from(m.tally.counts), outcomes: { ...m.tally.outcomes } });
  } else {
    let chunks = m.shard ? shardChunks(plan.chunkCount, m.shard.index, m.shard.count) : Array.from({ length: plan.chunkCount }, (_, k) => k);
    const done: number[] = [];
    if (m.checkpoint && m.resume) {
      const c = await loadCheckpoint(m.checkpoint, fingerprint);
      if (c) {
        if (c.counts.length !== layout.size || c.outcomes === undefined) throw inputError('input.checkpoint', `--checkpoint ${m.checkpoint.name}: not a checkpoint of this attack`);
        const inRun = new Set(chunks);
        checkChunkTally(`--checkpoint ${m.checkpoint.name}`, 'input.checkpoint', { chunks: c.chunksDone, counts: c.counts, outcomes: c.outcomes }, plan, (k) => inRun.has(k), {
          size: layout.size,
          trialsOf: (counts) => counts[layout.trials],
          outcomes: true,
        });
        done.push(...c.chunksDone);
        const skip = new Set(done);
        chunks = chunks.filter((k) => !skip.has(k));
        addAttackTally(tally, { counts: Float64Array.from(c.counts), outcomes: { ...c.outcomes } });
      }
    }
    const total = chunks.reduce((s, k) => s + chunkTrials(plan, k), 0);
    let trialsDone = 0;
    let lastSave = Date.now();
    let saving: Promise<void> = Promise.resolve();
    const checkpointOf = () => ({
      format: 'asl-odds-checkpoint/1' as const,
      fingerprint,
      seed,
      trials: plan.trials,
      chunkSize: plan.chunkSize,
      chunksDone: [...done].sort((x, y) => x - y),
      counts: Array.from(tally.counts),
      outcomes: { ...tally.outcomes },
    });
    const add = (chunk: number, t: AttackTally) => {
      addAttackTally(tally, t);
      done.push(chunk);
      trialsDone += t.counts[layout.trials];
      m.onProgress?.(trialsDone, total);
      m.onChunk?.({ chunk, trials: t.counts[layout.trials], outcomeCounts: t.outcomes });
      if (m.checkpoint && Date.now() - lastSave >= 250) {
        lastSave = Date.now();
        const snapshot = checkpointOf(); // consistent: taken before the next chunk lands
        const store = m.checkpoint;
        saving = saving.then(() => saveCheckpoint(store, snapshot));
        // A failed save (a full disk) stops the run; `await saving` below reports it as one line.
        saving.catch(() => {
          if (m.stop) m.stop.interrupted = true;
        });
      }
    };
    const stop = m.stop ?? { interrupted: false };
    const finished = await runChunks<AttackChunkTask, AttackTally>({
      chunks,
      threads: m.threads ?? 1,
      runner: m.runner,
      stop,
      here: (k) => runAttackChunk(a.sampling, seed, plan, k),
      worker: 'attack',
      task: (chunk) => ({ input: a.input, seed, plan, chunk }),
      // A reply from a worker arrives as a plain copy: its counts as a Float64Array again.
      onResult: (chunk, t) => add(chunk, { counts: Float64Array.from(t.counts), outcomes: t.outcomes }),
    });
    interrupted = finished < chunks.length;
    await saving;
    if (m.checkpoint) await saveCheckpoint(m.checkpoint, checkpointOf());
    if (m.shard) {
      return {
        kind: 'partial',
        partial: partialResultOf({ version: VERSION, command: h.command, argv: m.argv, fingerprint, seed, plan, shard: m.shard, done, counts: tally.counts, outcomes: tally.outcomes }),
      };
    }
  }
  const trials = tally.counts[layout.trials];
  const eventCounts = h.eventNames.map((n) => tally.counts[layout.events + 31 - Math.clz32(Ev[n])]);
  let result: OddsResult = resultFromOutcomeCounts(h, new Map(Object.entries(tally.outcomes)), eventCounts, { trials, seed, trialsRequested: plan.trials, interrupted });
  result = { ...result, ...(a.sampling.outcomes ? {} : { outcomesOmitted: true }), ...a.figures(tally) };
  if (m.compareExact) result = { ...result, comparison: compareWithExact(a.query, result) };
  return { kind: 'result', result };
}
