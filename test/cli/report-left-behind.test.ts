/**
 * A `--report` directory that could not be completed is not left behind, half-made or empty (issue 42,
 * "Left behind"): a full disk is simulated by a file write that fails after the first file of the
 * report (as test/monte-carlo/checkpoint-write-failure.test.ts does for checkpoints). The command says
 * so in one line (exit 1), after its answer; the directory it would have made does not exist, and a
 * directory that existed before keeps what it held.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';

/** Writes before the disk is "full", per test. */
const budget = { writes: 0 };

vi.mock('../../src/io/atomic-write.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/io/atomic-write.js')>();
  const { AslOddsError } = await import('../../src/errors.js');
  return {
    ...real,
    writeFileAtomic: vi.fn(async (path: string, data: string) => {
      if (budget.writes-- <= 0) throw new AslOddsError('io.write', `cannot write ${path}: no space left on device (ENOSPC)`, 1);
      return real.writeFileAtomic(path, data);
    }),
  };
});

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'asl-odds-left-behind-'));
});

describe('a --report that fails part way is removed', () => {
  it.each([
    ['cc', ['cc', '--attacker', 'german/4-6-7', '--defender', 'russian/4-4-7']],
    ['vehicle', ['vehicle', '--th', '8', '--tk', '4']],
    ['scenario --balance', ['scenario', 'scenarios/stalingrad-factory-1942.yaml', '--balance', 'sides.german.fire.drm=0..1', '--trials', '256', '--seed', 's', '--threads', '1', '--quiet']],
  ])('%s: exit 1, one line, no directory', async (name, argv) => {
    const { runCli } = await import('../../src/cli/main.js');
    const { bufferIO } = await import('./buffer-io.js');
    const report = join(dir, name.replace(/\W+/g, '-'), 'report');
    budget.writes = 1; // the first file of the report is written, the second fails
    const io = bufferIO();
    expect(await runCli([...argv, '--report', report], io)).toBe(1);
    expect(io.err).toMatch(/^asl-odds: error: cannot write .*: no space left on device \(ENOSPC\)\n$/);
    expect(io.out).not.toBe(''); // the answer was printed first
    expect(existsSync(report)).toBe(false);
    expect(existsSync(join(dir, name.replace(/\W+/g, '-')))).toBe(false); // nor the parent it made
  });

  it('a directory that existed keeps its files and gets none of the new ones', async () => {
    const { runCli } = await import('../../src/cli/main.js');
    const { bufferIO } = await import('./buffer-io.js');
    const report = join(dir, 'kept');
    mkdirSync(report);
    writeFileSync(join(report, 'notes.txt'), 'mine\n');
    budget.writes = 1;
    expect(await runCli(['vehicle', '--th', '8', '--tk', '4', '--report', report], bufferIO())).toBe(1);
    expect(readdirSync(report)).toEqual(['notes.txt']);
  });

  it('with room on the disk, the report is written', async () => {
    const { runCli } = await import('../../src/cli/main.js');
    const { bufferIO } = await import('./buffer-io.js');
    const report = join(dir, 'fine', 'report');
    budget.writes = 1000;
    expect(await runCli(['vehicle', '--th', '8', '--tk', '4', '--report', report], bufferIO())).toBe(0);
    expect(readdirSync(report)).toContain('index.html');
  });
});
