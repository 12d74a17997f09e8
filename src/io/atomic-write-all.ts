/**
 * Writes several files into one directory, each atomically (atomic-write.ts).
 */
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';

/**
 * Writes `[name, content]` pairs into `dir`.
 * @returns the paths written, in order
 * @throws AslOddsError `io.write` (files written before the failure stay complete)
 */
export async function atomicWriteAll(dir: string, files: readonly (readonly [string, string])[]): Promise<{ files: string[] }> {
  const written: string[] = [];
  for (const [name, data] of files) {
    const path = join(dir, name);
    await writeFileAtomic(path, data);
    written.push(path);
  }
  return { files: written };
}
