/**
 * A checkpoint write that fails mid-run (a full disk: ENOSPC) stops the run with one line and exit 1,
 * never an unhandled rejection with a stack trace (issue 12).
 */
import { describe, expect, it, vi } from 'vitest';
import { AslOddsError } from '../../src/errors.js';

vi.mock('../../src/runs/checkpoint.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/runs/checkpoint.js')>();
  return {
    ...real,
    saveCheckpoint: vi.fn(async () => {
      throw new AslOddsError('io.write', 'cannot write run.ckpt: no space left on device (ENOSPC)', 1);
    }),
  };
});

describe('checkpoint write failure', () => {
  it('ENOSPC while saving: exit 1, one line naming the file and the reason', async () => {
    const { runCli } = await import('../../src/cli/main.js');
    const { bufferIO } = await import('../cli/buffer-io.js');
    const io = bufferIO();
    // Enough chunks that a save falls mid-run (saves come every 250 ms), and the final save too.
    const code = await runCli(['mc', '--unit', 'german/4-6-7', '--trials', '3e7', '--chunk-size', '100000', '--seed', 's', '--threads', '1', '--quiet', '--checkpoint', 'run.ckpt'], io);
    expect(code).toBe(1);
    expect(io.err).toBe('asl-odds: error: cannot write run.ckpt: no space left on device (ENOSPC)\n');
  });
});
