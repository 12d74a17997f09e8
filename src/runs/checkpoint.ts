/**
 * Checkpoints of Monte Carlo runs (`--checkpoint <file>`, `--resume`): the finished chunks and their
 * summed tally, kept in a {@link CheckpointStore} (in Node a file written atomically, io/text-file.ts,
 * so a crash never leaves a torn file). Resuming runs only the missing chunks; since chunks and their
 * streams depend only on (seed, chunk index), the final answer is bit-identical to an uninterrupted run.
 */
import { inputError } from '../errors.js';

/**
 * Where a checkpoint is kept. The engine only reads and replaces its text, so it runs where there is
 * no file system; the CLI passes a file (io/text-file.ts).
 */
export interface CheckpointStore {
  /** How messages name it, e.g. the file's path. */
  readonly name: string;
  /** The stored text, or null when nothing is stored yet. @throws AslOddsError `io.read` */
  read(): Promise<string | null>;
  /** Replaces the stored text, all or nothing. @throws AslOddsError `io.write` */
  write(text: string): Promise<void>;
}

/** The checkpoint file's content. */
export interface Checkpoint {
  readonly format: 'asl-odds-checkpoint/1';
  readonly fingerprint: string;
  readonly seed: string;
  readonly trials: number;
  readonly chunkSize: number;
  readonly chunksDone: readonly number[];
  readonly counts: readonly number[];
  /** Trials per final state, for runs that tally them by name (the attack sampler); absent otherwise. */
  readonly outcomes?: Readonly<Record<string, number>>;
  /** A run in rounds (`scenario --precision`): the chunks [0, round) of the round in progress. */
  readonly round?: number;
  /** The shard the run played (`--shard i/n`); absent: the whole run. */
  readonly shard?: { readonly index: number; readonly count: number };
}

/** A split as the user types it: `shard 1/2`, or `the whole run (no --shard)`. */
function splitName(s: { readonly index: number; readonly count: number } | undefined): string {
  return s ? `shard ${s.index}/${s.count}` : 'the whole run (no --shard)';
}

/** Writes a checkpoint, replacing the stored one. @throws AslOddsError `io.write` */
export async function saveCheckpoint(store: CheckpointStore, c: Checkpoint): Promise<void> {
  await store.write(JSON.stringify(c) + '\n');
}

/**
 * Loads a checkpoint for resuming, or null when none is stored yet. Believed only when it is a
 * checkpoint of this very run: its fingerprint, and the seed and plan it records (a file edited to
 * another seed keeps its fingerprint: the seed is checked by itself), and the split (`--shard`) it
 * played. Its chunks and tally are checked
 * by the caller against the run's plan and tally (verify-run-file.ts `checkChunkTally`).
 * @param run the run's fingerprint, seed and plan
 * @throws AslOddsError `io.read` from the store; `input.checkpoint` when it is not a checkpoint or from
 * a different run or split, naming what differs
 */
export async function loadCheckpoint(
  store: CheckpointStore,
  run: { readonly fingerprint: string; readonly seed: string; readonly trials: number; readonly chunkSize: number; readonly shard?: { readonly index: number; readonly count: number } },
): Promise<Checkpoint | null> {
  const text = await store.read();
  if (text === null) return null;
  const path = store.name;
  let c: Checkpoint;
  try {
    c = JSON.parse(text) as Checkpoint;
  } catch {
    throw inputError('input.checkpoint', `--checkpoint ${path}: not a checkpoint file (invalid JSON)`);
  }
  if (typeof c !== 'object' || c === null || Array.isArray(c) || c.format !== 'asl-odds-checkpoint/1') throw inputError('input.checkpoint', `--checkpoint ${path}: not an asl-odds checkpoint`);
  if (c.seed !== run.seed) {
    throw inputError('input.checkpoint', `--checkpoint ${path}: recorded with seed ${JSON.stringify(c.seed)}, this command's is ${JSON.stringify(run.seed)}; resume with that seed, or use another file`);
  }
  if (c.trials !== run.trials || c.chunkSize !== run.chunkSize) {
    throw inputError('input.checkpoint', `--checkpoint ${path}: records ${JSON.stringify(c.trials)} trials in chunks of ${JSON.stringify(c.chunkSize)}, this command runs ${run.trials} in chunks of ${run.chunkSize}; use another file or drop --resume`);
  }
  // The split is checked by itself, before the chunks: a whole run's checkpoint resumed as a shard (or
  // another shard's) is refused whichever chunks happened to finish.
  const saved = c.shard === undefined ? undefined : c.shard;
  if (saved !== undefined && (typeof saved !== 'object' || saved === null || !Number.isSafeInteger(saved.index) || !Number.isSafeInteger(saved.count))) {
    throw inputError('input.checkpoint', `--checkpoint ${path}: its shard is not i/n; the file is damaged or edited, refused`);
  }
  if (saved?.index !== run.shard?.index || saved?.count !== run.shard?.count) {
    throw inputError('input.checkpoint', `--checkpoint ${path}: recorded by ${splitName(saved)}, this command runs ${splitName(run.shard)}; resume with the same split (${saved ? `--shard ${saved.index}/${saved.count}` : 'no --shard'}), or use another file`);
  }
  if (c.fingerprint !== run.fingerprint) {
    throw inputError('input.checkpoint', `--checkpoint ${path}: written by a different command, input, seed, trials or version; use another file or drop --resume`);
  }
  return c;
}

/**
 * One file holding the checkpoints of a command's several runs (a scenario sweep's values, a
 * balance's), each run's under its index: `{ "format": "asl-odds-checkpoints/1", "runs": { "0": <a
 * checkpoint>, ... } }`. Each run reads and replaces its own entry; the file is replaced whole.
 * @param fresh start empty (no `--resume`): earlier entries are not kept
 * @returns the store of run `i` (integer >= 0), named `<file> (run i+1)` in messages
 * Never throws (reading does: `input.checkpoint` when the file is not such a file, `io.*`).
 */
export function runStores(store: CheckpointStore, fresh: boolean): (i: number) => CheckpointStore {
  let runs: Map<string, unknown> | null = fresh ? new Map() : null;
  const load = async (): Promise<Map<string, unknown>> => {
    if (runs) return runs;
    const text = await store.read();
    const loaded = new Map<string, unknown>();
    if (text !== null) {
      let o: { format?: unknown; runs?: unknown } | null;
      try {
        o = JSON.parse(text) as { format?: unknown; runs?: unknown } | null;
      } catch {
        o = null;
      }
      if (typeof o !== 'object' || o === null || o.format !== 'asl-odds-checkpoints/1' || typeof o.runs !== 'object' || o.runs === null || Array.isArray(o.runs)) {
        throw inputError('input.checkpoint', `--checkpoint ${store.name}: not an asl-odds checkpoint of this command's runs`);
      }
      for (const [k, v] of Object.entries(o.runs)) if (/^\d{1,6}$/.test(k)) loaded.set(k, v);
    }
    return (runs = loaded);
  };
  return (i) => ({
    name: `${store.name} (run ${i + 1})`,
    async read() {
      const entry = (await load()).get(String(i));
      return entry === undefined ? null : JSON.stringify(entry);
    },
    async write(text) {
      const all = await load();
      all.set(String(i), JSON.parse(text) as unknown);
      await store.write(JSON.stringify({ format: 'asl-odds-checkpoints/1', runs: Object.fromEntries(all) }) + '\n');
    },
  });
}
