/**
 * Files we write (issue 12): `--out` onto a symbolic link writes through to its target; a device,
 * FIFO or directory is never replaced; a report directory is written as a whole or not at all.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { atomicWriteAll } from '../../src/io/atomic-write-all.js';
import { writeFileAtomic } from '../../src/io/atomic-write.js';
import { bufferIO } from '../cli/buffer-io.js';
import { errorCode } from '../rules/helpers.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'asl-odds-writes-'));

async function codeOf(f: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await f();
  } catch (e) {
    return errorCode(() => {
      throw e;
    });
  }
  return undefined;
}

describe('--out onto what is already there', () => {
  it('a symbolic link is written through: the link stays, its target gets the JSON', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'target.json'), 'old');
    symlinkSync('target.json', join(dir, 'link.json'));
    const io = bufferIO();
    expect(await runCli(['mc', '--unit', 'german/4-6-7', '--out', join(dir, 'link.json')], io)).toBe(0);
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.json'))).toBe('target.json');
    expect(JSON.parse(readFileSync(join(dir, 'target.json'), 'utf8')).command).toBe('mc');
  });

  it('a dangling link creates its target', async () => {
    const dir = fresh();
    symlinkSync('made.json', join(dir, 'link.json'));
    await writeFileAtomic(join(dir, 'link.json'), 'x');
    expect(readFileSync(join(dir, 'made.json'), 'utf8')).toBe('x');
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
  });

  it('a device is refused, never replaced (/dev/null stays a device): before anything runs (issue 42)', async () => {
    const io = bufferIO();
    expect(await runCli(['mc', '--unit', 'german/4-6-7', '--out', '/dev/null'], io)).toBe(2);
    expect(io.err).toBe('asl-odds: error: --out /dev/null: is a device, pipe or socket; expected a file name\n');
    expect(io.out).toBe('');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('a FIFO and a directory are refused', async () => {
    const dir = fresh();
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    expect(await codeOf(() => writeFileAtomic(join(dir, 'fifo'), 'x'))).toBe('io.write');
    expect(lstatSync(join(dir, 'fifo')).isFIFO()).toBe(true);
    mkdirSync(join(dir, 'sub'));
    expect(await codeOf(() => writeFileAtomic(join(dir, 'sub'), 'x'))).toBe('io.write');
  });
});

describe('a report directory is written as a whole or not at all', () => {
  it('a failure while writing leaves the old report as it was, and no staging files', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'mc.json'), 'old json');
    writeFileSync(join(dir, 'index.html'), 'old html');
    const failing = atomicWriteAll(dir, [
      ['mc.json', 'new json'],
      ['bad\u0000name.svg', 'the file system refuses this name'],
      ['index.html', 'new html'],
    ]);
    expect(await codeOf(() => failing)).toBe('io.write');
    expect(readFileSync(join(dir, 'mc.json'), 'utf8')).toBe('old json');
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('old html');
    expect(readdirSync(dir).sort()).toEqual(['index.html', 'mc.json']);
  });

  it('a complete write replaces every file', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'index.html'), 'old html');
    const r = await atomicWriteAll(join(dir), [['mc.json', 'new json'], ['index.html', 'new html']]);
    expect(r.files).toEqual([join(dir, 'mc.json'), join(dir, 'index.html')]);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('new html');
    expect(readdirSync(dir).sort()).toEqual(['index.html', 'mc.json']);
    expect(existsSync(join(dir, 'mc.json'))).toBe(true);
  });
});
