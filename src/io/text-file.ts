/**
 * A text file as a store the engine can read and replace (runs/checkpoint.ts' `CheckpointStore`):
 * reads as UTF-8, writes atomically (atomic-write.ts).
 */
import { AslOddsError, isAslOddsError } from '../errors.js';
import { writeFileAtomic } from './atomic-write.js';
import { MAX_RUN_FILE_BYTES, readTextBounded } from './read-bounded.js';

/** A text file read and replaced whole. */
export interface TextFile {
  /** The path, as given. */
  readonly name: string;
  /**
   * The file's text, or null when it does not exist.
   * @throws AslOddsError `io.read` (exit 1); `input.notAFile`, `input.fileTooLarge` (exit 2: a device,
   *   or more than MAX_RUN_FILE_BYTES, 256 MiB)
   */
  read(): Promise<string | null>;
  /** Replaces the file atomically (creates its directory). @throws AslOddsError `io.write` (exit 1) */
  write(text: string): Promise<void>;
}

/** The text file at `path`. Never throws (reading and writing do). */
export function textFile(path: string): TextFile {
  return {
    name: path,
    async read() {
      try {
        return await readTextBounded(path, MAX_RUN_FILE_BYTES);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        if (isAslOddsError(e)) throw new AslOddsError(e.code, `${path}: ${e.message}`, e.exitCode);
        throw new AslOddsError('io.read', `cannot read ${path}: ${(e as Error).message}`, 1);
      }
    },
    write: (text) => writeFileAtomic(path, text),
  };
}
