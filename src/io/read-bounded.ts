/**
 * Reading a file someone else made, bounded: only a regular file (a device, FIFO, socket or a link to
 * one, such as `/dev/urandom` named `x.yaml`, is refused before it is read), and never more than a
 * stated number of bytes (a file past it is refused, also one that grows while it is read).
 */
import { constants as fsConstants } from 'node:fs';
import { open } from 'node:fs/promises';
import { inputError } from '../errors.js';

/** Bytes of a checkpoint or partial result read at most (256 MiB: a run of 2^20 chunks writes some 10 MB). */
export const MAX_RUN_FILE_BYTES = 256 * 1024 * 1024;

/** `bytes` in words: `1 MiB`, `256 MiB`, `512 KiB`. Never throws. */
export function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

/**
 * The text (UTF-8) of the regular file at `path`, of at most `limit` bytes.
 * @param limit bytes, integer >= 0
 * @throws AslOddsError (exit 2) `input.notAFile` (a device, pipe or socket), `input.fileTooLarge`
 *   (more than `limit` bytes); messages without the path, for the caller to prefix. File system errors
 *   (ENOENT, EACCES, EISDIR) are thrown as they are.
 * Cost: one open, one fstat, reads of at most `limit + 1` bytes (one read for a file that does not grow).
 * @example await readTextBounded('scenarios/x.yaml', 1 << 20) // 'title: ...'
 */
export async function readTextBounded(path: string, limit: number): Promise<string> {
  // O_NONBLOCK: opening a FIFO does not wait for a writer before it is found not to be a file.
  const handle = await open(path, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${path}'`), { code: 'EISDIR' });
    if (!stat.isFile()) throw inputError('input.notAFile', 'not a regular file (a device, pipe or socket); expected a file');
    if (stat.size > limit) throw inputError('input.fileTooLarge', `the file has ${stat.size} bytes; at most ${formatBytes(limit)} are read`);
    // Read in the size the file says it has, then on in 64 KiB steps should it have grown: never past limit + 1.
    const parts: Buffer[] = [];
    let length = 0;
    for (;;) {
      const part = Buffer.alloc(Math.min(limit + 1 - length, Math.max(stat.size + 1 - length, 64 * 1024)));
      const { bytesRead } = await handle.read(part, 0, part.length, null);
      if (bytesRead === 0) break;
      parts.push(part.subarray(0, bytesRead));
      length += bytesRead;
      if (length > limit) throw inputError('input.fileTooLarge', `the file grew past ${formatBytes(limit)} while being read; at most ${formatBytes(limit)} are read`);
    }
    return Buffer.concat(parts, length).toString('utf8');
  } finally {
    await handle.close();
  }
}
