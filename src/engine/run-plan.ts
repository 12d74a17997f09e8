/**
 * The one Monte Carlo run loop of every command (compiled chains, the attack sampler, scenarios):
 * what a seeded run does around its chunks, written once.
 *
 *   identity -> fingerprint
 *   merged tally (`asl-odds merge`)  -> checked against the fingerprint and the tally's shape -> tally
 *   otherwise: plan -> this shard's chunks -> minus a checkpoint's (checked) -> runChunks (here or on
 *     the chunk runner) -> add each chunk's tally -> checkpoint now and then -> partial (a shard) or tally
 *
 * A run says only what its chunk is (`here`, `task`) and the shape of its tally ({@link TallyShape}:
 * its length, where it counts its trials, whether it names final states); the loop owns fingerprints,
 * shards, checkpoints, Ctrl-C and the checks of every file read back. Chunk k's stream depends only on
 * (seed, k) and tallies are integer counts added in any order, so the tally is the same for any thread
 * count, after a resume, and for shards merged.
 */
import { inputError } from '../errors.js';
import { loadCheckpoint, saveCheckpoint, type Checkpoint, type CheckpointStore } from '../runs/checkpoint.js';
import { fingerprintOf } from '../runs/fingerprint.js';
import { partialResultOf, shardChunks, type PartialResult } from '../runs/partial.js';
import { checkChunkTally, checkMergedTally, trialsOfCounts, type TallyShape } from '../runs/verify-run-file.js';
import { VERSION } from '../version.js';
import { chunkTrials, type ChunkPlan } from './chunk-plan.js';
import type { ChunkRunner, StopFlag, WorkerName } from './chunk-runner.js';
import { runChunks } from './run-chunks.js';

export type { TallyShape };

/** One chunk's tally: counts in the run's layout, and trials per final state when the run keeps them. */
export interface ChunkTally {
  readonly counts: Float64Array;
  readonly outcomes?: Readonly<Record<string, number>>;
}

/** What a run is: its identity (for fingerprints), its tally's shape, and how a chunk runs. */
export interface RunDefinition<T extends { readonly chunk: number }, R> {
  /**
   * What must match for checkpoints and shards to combine (besides seed, plan and version): the
   * command, its resolved input, rule set, and what identifies the tally (a sampler's id, a compiled
   * chain's terminals). Plain JSON.
   */
  readonly identity: { readonly command: string; readonly input: unknown; readonly ruleSet: string; readonly terminals: unknown };
  readonly shape: TallyShape;
  /** Runs chunk k in this thread; null when it stopped part-way (its work is dropped). */
  readonly here: (chunk: number) => R | null | Promise<R | null>;
  /** The workers that run a chunk elsewhere, and the task they receive for chunk k. */
  readonly worker: WorkerName;
  readonly task: (chunk: number) => T;
  /** A chunk's result (here or a worker's reply, a structured copy) as a tally. */
  readonly tallyOf: (result: R) => ChunkTally;
}

/**
 * How to run it: the Monte Carlo part of the method options, each field defined here once
 * (queries/compute-odds.ts `MethodOptions` extends it with the choice of method, and gives `onChunk` its
 * public shape, a chunk's counts by final state).
 */
export interface RunControl {
  /** Worker threads, integer >= 1 (default 1 here; the CLI defaults to the available cores). Needs `runner`. */
  readonly threads?: number;
  /**
   * Runs chunks on `threads` workers: the piscina pool in Node (pool/pool-runner.ts), Web Workers in a
   * browser. Unset: every chunk runs in this thread, whatever `threads` says.
   */
  readonly runner?: ChunkRunner;
  /** Where finished chunks are recorded as the run goes (the CLI: a file, io/text-file.ts). */
  readonly checkpoint?: CheckpointStore;
  /** Continue from `checkpoint` if it holds one. */
  readonly resume?: boolean;
  /** Run only this shard's chunks and return a partial result. */
  readonly shard?: { readonly index: number; readonly count: number };
  /** The command line, recorded in partial results for `merge`. */
  readonly argv?: readonly string[];
  /**
   * A merged tally to use instead of running (from `asl-odds merge`); `outcomes`: trials per final state
   * of a run that names them (the attack sampler); `fingerprint`: the shards' (the replayed command must
   * have the same one, and the tally must count exactly its trials).
   */
  readonly tally?: { readonly counts: readonly number[]; readonly seed: string; readonly outcomes?: Readonly<Record<string, number>>; readonly fingerprint?: string };
  /** Progress: trials done in this run so far, out of the trials it runs. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * Each chunk finished in this run (in completion order, which varies with threads), with its own
   * tally in the run's layout; not called for a checkpoint's or a merged tally's chunks. The method
   * options' `onChunk` (a chunk's counts by final state) is adapted to this in one place,
   * queries/compute-odds.ts `runControlOf`.
   */
  readonly onChunk?: (chunk: number, tally: ChunkTally) => void;
  /** Ctrl-C: set `interrupted` to stop dispatching; finished chunks are kept. */
  readonly stop?: StopFlag;
  /**
   * Runs in rounds of whole chunks (`scenario --precision`): the first `first` chunks of the plan,
   * then as many as `more(tally, chunksDone)` says (a number <= chunksDone ends the run). The chunks
   * run, and so the tally, depend only on the seed. Not with `shard` (the rounds read the whole tally).
   */
  readonly rounds?: { readonly first: number; readonly more: (counts: Float64Array, chunksDone: number) => number };
}

/** A run's tally, or a shard's partial result. */
export type RunOutcome =
  | {
      readonly kind: 'tally';
      /** The counts, in the run's layout. */
      readonly counts: Float64Array;
      /** Trials per final state (empty unless the shape keeps them). */
      readonly outcomes: Map<string, number>;
      /** Trials counted, integer. */
      readonly trials: number;
      /** The trials the run would count in full (the plan's, or its rounds' so far). */
      readonly trialsRequested: number;
      /** Stopped before every chunk ran (Ctrl-C). */
      readonly interrupted: boolean;
      /** The run's fingerprint (what its checkpoints and partial results carry). */
      readonly fingerprint: string;
    }
  | { readonly kind: 'partial'; readonly partial: PartialResult };

/** Checkpoints are written at most this often (ms) while a run goes, and once at its end. */
const CHECKPOINT_EVERY_MS = 250;

/**
 * The fingerprint of run `d` under `seed` and `plan` (hex SHA-256): what checkpoints and partial
 * results of the same run share. Never throws.
 */
export function runFingerprint(identity: RunDefinition<{ chunk: number }, unknown>['identity'], seed: string, plan: ChunkPlan): Promise<string> {
  return fingerprintOf({ ...identity, seed, trials: plan.trials, chunkSize: plan.chunkSize, version: VERSION });
}

/**
 * Runs `plan` under `seed`.
 * @throws AslOddsError `input.checkpoint` (a checkpoint of another run, or damaged), `input.shard`
 *   (`rounds` with `shard`), `merge.input` (a merged tally of another run or layout), `worker.*` (a
 *   failed worker, exit 1), `io.*` (a checkpoint that cannot be written)
 */
export async function runPlan<T extends { readonly chunk: number }, R>(d: RunDefinition<T, R>, c: RunControl, plan: ChunkPlan, seed: string): Promise<RunOutcome> {
  const shape = d.shape;
  const fingerprint = await runFingerprint(d.identity, seed, plan);
  const counts = new Float64Array(shape.size);
  const outcomes = new Map<string, number>();
  const addOutcomes = (o: Iterable<[string, number]>) => {
    for (const [k, v] of o) outcomes.set(k, (outcomes.get(k) ?? 0) + v);
  };
  if (c.tally) {
    const t = checkMergedTally(c.tally, fingerprint, plan, shape);
    counts.set(t.counts);
    addOutcomes(t.outcomes);
    return { kind: 'tally', counts, outcomes, trials: plan.trials, trialsRequested: plan.trials, interrupted: false, fingerprint };
  }
  if (c.rounds && c.shard) throw inputError('input.shard', '--shard cannot be combined with --precision: the chunks a precision run takes depend on the whole tally so far');
  const mine = c.shard ? shardChunks(plan.chunkCount, c.shard.index, c.shard.count) : Array.from({ length: plan.chunkCount }, (_, k) => k);
  const done = new Set<number>();
  let target = c.rounds ? Math.min(plan.chunkCount, c.rounds.first) : plan.chunkCount;
  if (c.checkpoint && c.resume) {
    const saved = await loadCheckpoint(c.checkpoint, { fingerprint, seed, trials: plan.trials, chunkSize: plan.chunkSize, shard: c.shard });
    if (saved) {
      const inRun = new Set(mine);
      const t = checkChunkTally(`--checkpoint ${c.checkpoint.name}`, 'input.checkpoint', { chunks: saved.chunksDone, counts: saved.counts, outcomes: saved.outcomes }, plan, (k) => inRun.has(k), shape);
      for (const k of t.chunks) done.add(k);
      // A run in rounds resumes the round it was in (the earlier rounds' decisions are behind it).
      if (c.rounds) {
        const round = saved.round;
        if (!Number.isSafeInteger(round) || round! < target || round! > plan.chunkCount || t.chunks.some((k) => k >= round!)) throw inputError('input.checkpoint', `--checkpoint ${c.checkpoint.name}: its round of chunks is missing or does not hold its chunks; the file is damaged or edited, refused`);
        target = round!;
      }
      counts.set(t.counts);
      addOutcomes(t.outcomes);
    }
  }
  const checkpointOf = (): Checkpoint => ({
    format: 'asl-odds-checkpoint/1',
    fingerprint,
    seed,
    trials: plan.trials,
    chunkSize: plan.chunkSize,
    chunksDone: [...done].sort((x, y) => x - y),
    counts: Array.from(counts),
    ...(shape.outcomes ? { outcomes: Object.fromEntries(outcomes) } : {}),
    ...(c.rounds ? { round: target } : {}),
    ...(c.shard ? { shard: { index: c.shard.index, count: c.shard.count } } : {}),
  });
  let lastSave = Date.now();
  let saving: Promise<void> = Promise.resolve();
  const stop = c.stop ?? { interrupted: false };
  let interrupted = false;
  let trialsDone = 0;
  for (;;) {
    const todo = mine.filter((k) => k < target && !done.has(k));
    const total = trialsDone + todo.reduce((s, k) => s + chunkTrials(plan, k), 0);
    const finished = await runChunks<T, R>({
      chunks: todo,
      threads: c.threads ?? 1,
      runner: c.runner,
      stop,
      // In this thread a chunk holds the thread: let a checkpoint being saved finish first (its file
      // operations need turns of the event loop), so that the file on disk keeps up with the run.
      here: async (k) => {
        await saving.catch(() => undefined);
        return d.here(k);
      },
      worker: d.worker,
      task: d.task,
      onResult: (chunk, r) => {
        const t = d.tallyOf(r);
        for (let i = 0; i < t.counts.length; i++) counts[i] += t.counts[i];
        if (t.outcomes) addOutcomes(Object.entries(t.outcomes));
        done.add(chunk);
        trialsDone += chunkTrials(plan, chunk);
        c.onProgress?.(trialsDone, total);
        c.onChunk?.(chunk, t);
        if (c.checkpoint && Date.now() - lastSave >= CHECKPOINT_EVERY_MS) {
          lastSave = Date.now();
          const snapshot = checkpointOf(); // consistent: taken before the next chunk lands
          const store = c.checkpoint;
          saving = saving.then(() => saveCheckpoint(store, snapshot));
          // A failed save (a full disk) stops the run; `await saving` below reports it as one line.
          saving.catch(() => {
            stop.interrupted = true;
          });
        }
      },
    });
    if (finished < todo.length) {
      interrupted = true;
      break;
    }
    if (!c.rounds || target >= plan.chunkCount) break;
    const want = Math.min(plan.chunkCount, c.rounds.more(counts, target));
    if (want <= target) break;
    target = want;
  }
  await saving;
  if (c.checkpoint) await saveCheckpoint(c.checkpoint, checkpointOf());
  if (c.shard) {
    return {
      kind: 'partial',
      partial: partialResultOf({
        version: VERSION,
        command: d.identity.command,
        argv: c.argv,
        fingerprint,
        seed,
        plan,
        shard: c.shard,
        done,
        counts,
        ...(shape.outcomes ? { outcomes: Object.fromEntries(outcomes) } : {}),
        ...(shape.trialsSlots ? { trialsSlots: shape.trialsSlots } : {}),
      }),
    };
  }
  const trialsRequested = c.rounds ? Math.min(plan.trials, target * plan.chunkSize) : plan.trials;
  return { kind: 'tally', counts, outcomes, trials: trialsOfCounts(shape, counts), trialsRequested, interrupted, fingerprint };
}
