/**
 * Checkpoints of Monte Carlo runs (`--checkpoint <file>`, `--resume`): the finished chunks and their
 * summed tally, written atomically (temporary file, then rename) so a crash never leaves a torn file.
 * Resuming runs only the missing chunks; since chunks and their streams depend only on (seed, chunk
 * index), the final answer is bit-identical to an uninterrupted run.
 */
import { readFile } from 'node:fs/promises';
import { AslOddsError, inputError } from '../errors.js';
import { writeFileAtomic } from '../io/atomic-write.js';

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
}

/** Writes a checkpoint atomically. @throws AslOddsError `io.write` */
export async function saveCheckpoint(path: string, c: Checkpoint): Promise<void> {
  await writeFileAtomic(path, JSON.stringify(c) + '\n');
}

/**
 * Loads a checkpoint for resuming, or null when the file does not exist.
 * @throws AslOddsError `input.checkpoint` when it is unreadable or from a different run (fingerprint)
 */
export async function loadCheckpoint(path: string, fingerprint: string): Promise<Checkpoint | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new AslOddsError('io.read', `cannot read ${path}: ${(e as Error).message}`, 1);
  }
  let c: Checkpoint;
  try {
    c = JSON.parse(text) as Checkpoint;
  } catch {
    throw inputError('input.checkpoint', `--checkpoint ${path}: not a checkpoint file (invalid JSON)`);
  }
  if (c.format !== 'asl-odds-checkpoint/1') throw inputError('input.checkpoint', `--checkpoint ${path}: not an asl-odds checkpoint`);
  if (c.fingerprint !== fingerprint) {
    throw inputError('input.checkpoint', `--checkpoint ${path}: written by a different command, input, seed, trials or version; use another file or drop --resume`);
  }
  return c;
}
