import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/io/atomic-write.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'asl-odds-atomic-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Temp files the writer may have left in `dir`. */
async function tempFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.tmp'));
}

describe('writeFileAtomic', () => {
  it('creates missing parent directories and writes the content, leaving no temp file', async () => {
    const dir = join(root, 'a', 'b');
    const path = join(dir, 'mc.txt');
    await writeFileAtomic(path, 'pass 41.7%\n');
    expect(await readFile(path, 'utf8')).toBe('pass 41.7%\n');
    expect(await readdir(dir)).toEqual(['mc.txt']);
  });

  it('replaces an existing file whole and keeps its permission bits', async () => {
    const path = join(root, 'mc.txt');
    await writeFile(path, 'old content that is longer than the new one\n');
    await chmod(path, 0o640);
    await writeFileAtomic(path, 'new\n');
    expect(await readFile(path, 'utf8')).toBe('new\n');
    expect((await stat(path)).mode & 0o777).toBe(0o640);
    expect(await tempFiles(root)).toEqual([]);
  });

  it('writes UTF-8', async () => {
    const path = join(root, 'u.txt');
    await writeFileAtomic(path, '±0.1 pp · 1 in 1,296\n');
    expect(await readFile(path, 'utf8')).toBe('±0.1 pp · 1 in 1,296\n');
  });

  it('concurrent writers to one target leave exactly one complete version and no temp files', async () => {
    const path = join(root, 'race.txt');
    const versions = Array.from({ length: 8 }, (_, i) => `${String(i).repeat(100_000)}\n`);
    await Promise.all(versions.map((v) => writeFileAtomic(path, v)));
    expect(versions).toContain(await readFile(path, 'utf8'));
    expect(await tempFiles(root)).toEqual([]);
  });

  it('fails with io.write (exit 1) when the target is a directory, removing its temp file', async () => {
    const path = join(root, 'taken');
    await mkdir(join(path, 'inside'), { recursive: true });
    const error = await writeFileAtomic(path, 'x').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'AslOddsError', code: 'io.write', exitCode: 1 });
    expect((error as Error).message.startsWith(`cannot write ${path}: `)).toBe(true);
    expect(await readdir(root)).toEqual(['taken']); // the temp file was created, then removed
    expect(await readdir(path)).toEqual(['inside']); // the directory is untouched
  });

  it('fails with io.write when a parent is a file', async () => {
    await writeFile(join(root, 'file'), 'x');
    await expect(writeFileAtomic(join(root, 'file', 'mc.txt'), 'x')).rejects.toMatchObject({ code: 'io.write' });
    expect(await readdir(root)).toEqual(['file']);
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)(
    'fails with io.write in a read-only directory and leaves the old file as it was',
    async () => {
      const path = join(root, 'mc.txt');
      await writeFile(path, 'old\n');
      await chmod(root, 0o555);
      try {
        await expect(writeFileAtomic(path, 'new\n')).rejects.toMatchObject({ code: 'io.write' });
        expect(await readFile(path, 'utf8')).toBe('old\n');
        expect(await readdir(root)).toEqual(['mc.txt']);
      } finally {
        await chmod(root, 0o755);
      }
    },
  );
});
