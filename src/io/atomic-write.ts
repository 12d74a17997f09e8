/**
 * Atomic file writes: a reader (or a later run) sees either the old file or the complete new one,
 * never a half-written file, even when the process is killed or the disk fills mid-write.
 *
 * Method (the classic write-fsync-rename): write the data to a temp file in the target's directory
 * (same file system, so the rename is atomic on POSIX), fsync it, rename it over the target, then
 * fsync the directory (best effort) so the rename itself survives a crash. On any failure the temp
 * file is removed. Only a process killed between creating and renaming the temp file can leave one
 * behind: it is named `.<base>.<pid>.<random>.tmp` (hidden, and ignored by git through `*.tmp`), and
 * the next successful write of the same file by a later process (a resumed run's checkpoint) removes
 * the temp files of that file left by processes no longer running.
 *
 * A symbolic link is written through: its target gets the new content and the link stays. A path
 * holding anything but a regular file (device, FIFO, socket, directory) is refused, never replaced.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, readlink, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { AslOddsError } from '../errors.js';

/** Readable reasons for the file-system error codes a user can cause or fix. */
const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a parent path is not a directory',
  ENOENT: 'no such file or directory',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  ENAMETOOLONG: 'file name too long',
  EEXIST: 'a file is in the way',
  EMFILE: 'too many open files',
  EBUSY: 'resource busy',
};

/**
 * Writes `data` (UTF-8) to `path` atomically, creating parent directories as needed.
 *
 * An existing file at `path` is replaced and keeps its permission bits; a new file gets 0o666 minus
 * the umask.
 * Cost: one fsync of the file and one of its directory (milliseconds on a disk, more on a network
 * file system).
 * @param path target file, absolute or relative to the working directory
 * @param data the file's full content
 * @returns when the new content is in place under `path`
 * @throws AslOddsError `io.write` (exit 1), message `cannot write <path>: <reason>`, when a parent
 *   cannot be created, the temp file cannot be written, or the rename fails (e.g. `path` is a
 *   directory); the temp file is removed first, so are the directories this write created, and
 *   `path` is untouched.
 * @example await writeFileAtomic('reports/example/mc.txt', table) // reports/example/ created if missing
 */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const target = await regularFileTarget(path);
  const dir = dirname(target);
  const temp = join(dir, `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let handle: FileHandle | undefined;
  // The first directory this write creates (undefined: all existed), removed again if the write fails.
  let created: string | undefined;
  try {
    created = await mkdir(dir, { recursive: true });
    const existingMode = await fileMode(target);
    // 'wx': fail rather than reuse a file of the same name (the name is random, so this never fires
    // unless something else created it).
    handle = await open(temp, 'wx', 0o666);
    if (existingMode !== undefined) await handle.chmod(existingMode);
    await handle.writeFile(data, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, target);
    await removeLeftTemps(dir, basename(target));
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    if (created !== undefined) await rm(created, { recursive: true, force: true }).catch(() => undefined);
    throw new AslOddsError('io.write', `cannot write ${path}: ${reasonOf(error)}`, 1);
  }
  await syncDirectory(dir);
}

/** Targets whose left temp files this process has already looked for (once per file per process). */
const swept = new Set<string>();

/**
 * Removes `.<base>.<pid>.<random>.tmp` files in `dir` left by a process that was killed mid-write: those
 * of another pid that no longer runs (a live process's temp file is its write in progress). Once per
 * file per process; best effort (a file that cannot be listed or removed is left).
 */
async function removeLeftTemps(dir: string, base: string): Promise<void> {
  const key = join(dir, base);
  if (swept.has(key)) return;
  swept.add(key);
  const prefix = `.${base}.`;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const m = /^(\d+)\.[0-9a-f]{12}\.tmp$/.exec(name.slice(prefix.length));
    if (!m || Number(m[1]) === process.pid || running(Number(m[1]))) continue;
    await rm(join(dir, name), { force: true }).catch(() => undefined);
  }
}

/** A process with this id runs (or may: one we may not signal is taken as running). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The file a write to `path` must replace: `path` itself, or, through symbolic links, the file they
 * point to (so a link stays a link and its target gets the content). Only a regular file or nothing
 * may be there: a device, FIFO, socket or directory is never replaced.
 * @throws AslOddsError `io.write` (exit 1) naming `path` and what is there
 */
async function regularFileTarget(path: string): Promise<string> {
  let p = path;
  for (let hops = 0; hops < 40; hops++) {
    let s;
    try {
      s = await lstat(p);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return p;
      throw new AslOddsError('io.write', `cannot write ${path}: ${reasonOf(error)}`, 1);
    }
    if (s.isSymbolicLink()) {
      p = resolve(dirname(p), await readlink(p));
      continue;
    }
    if (s.isFile()) return p;
    const what = s.isDirectory() ? 'a directory' : s.isFIFO() ? 'a FIFO' : s.isSocket() ? 'a socket' : 'a device';
    throw new AslOddsError('io.write', `cannot write ${path}: it is ${what}, not a regular file; give a file name`, 1);
  }
  throw new AslOddsError('io.write', `cannot write ${path}: too many levels of symbolic links`, 1);
}

/** Permission bits of an existing regular file at `path`, or undefined. */
async function fileMode(path: string): Promise<number | undefined> {
  try {
    const s = await stat(path);
    return s.isFile() ? s.mode & 0o7777 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fsyncs a directory so that a rename in it is durable. Best effort: some platforms (Windows) and file
 * systems cannot open or sync a directory; the data is already in place, so failures are ignored.
 */
export async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // ignored: see above
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** A readable reason for a file-system error (`no space left on device (ENOSPC)`). Never throws. */
export function reasonOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && REASONS[code] !== undefined) return `${REASONS[code]} (${code})`;
    if (typeof code === 'string') return code;
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return String(error);
}
