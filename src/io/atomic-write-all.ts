/**
 * Writes a set of files into one directory as a whole or not at all: every file is first written in
 * full into a hidden staging directory inside the target (same file system), and only when all of
 * them are complete are they renamed into place. A failure while writing (a full disk, a rendering
 * error before) leaves the directory as it was (or absent, when the write made it): never the new
 * run's JSON beside the old run's index.html, never an empty report directory. The renames move no data, so they do not fail for space.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AslOddsError } from '../errors.js';
import { reasonOf, syncDirectory, writeFileAtomic } from './atomic-write.js';

/**
 * Writes `[name, content]` pairs into `dir` as a whole.
 * @param dir the directory, created if missing
 * @param files names relative to `dir` (no `..`), and their full content
 * @returns the paths written, in order
 * @throws AslOddsError `io.write` (exit 1); `dir` then holds none of the new files, and is gone if
 *   this call created it
 */
export async function atomicWriteAll(dir: string, files: readonly (readonly [string, string])[]): Promise<{ files: string[] }> {
  // The first directory created here (undefined: `dir` existed): a failed write removes it again, so
  // that a failed report leaves no empty or half-made directory behind.
  let created: string | undefined;
  try {
    created = await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new AslOddsError('io.write', `cannot write ${dir}: ${reasonOf(error)}`, 1);
  }
  const staging = join(dir, `.asl-odds-staging.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const written: string[] = [];
  try {
    for (const [name, data] of files) await writeFileAtomic(join(staging, name), data);
    for (const [name] of files) {
      const path = join(dir, name);
      if (dirname(name) !== '.') await mkdir(dirname(path), { recursive: true });
      try {
        await rename(join(staging, name), path);
      } catch (error) {
        throw new AslOddsError('io.write', `cannot write ${path}: ${reasonOf(error)}`, 1);
      }
      written.push(path);
    }
  } catch (error) {
    // A directory this call made holds nothing of anyone else's: it goes, whatever was written into it.
    if (created !== undefined) await rm(created, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
  }
  await syncDirectory(dir);
  return { files: written };
}
