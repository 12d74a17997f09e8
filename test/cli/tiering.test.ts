/**
 * The process entry's V8 tier-up policy (src/cli/tiering.ts): exact-first runs ask V8 to optimise
 * later, Monte Carlo runs and library users keep V8's own, and a user's `--interrupt-budget` stands.
 * Its speed is the bench's to measure (benchmarks/README.md "Exact attacks: V8's tier-up on one core"), never asserted here.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { tierUpLaterForExact } from '../../src/cli/tiering.js';
import { bufferIO, withoutProgress } from './buffer-io.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILT = existsSync(join(ROOT, 'dist', 'src', 'cli', 'tiering.js'));

/** Runs the CLI in-process with a counting `beforeExact`; returns the exit code and the count. */
async function countBeforeExact(argv: string[]): Promise<{ code: number; calls: number }> {
  const io = bufferIO();
  let calls = 0;
  const code = await runCli(argv, io, () => calls++);
  expect(withoutProgress(io.err).replace(/^seed: .*\n/m, '')).toBe('');
  return { code, calls };
}

describe('V8 tier-up policy of the command line (tiering.ts)', () => {
  it('an exact-first odds command calls the hook once, before computing', async () => {
    expect(await countBeforeExact(['attack', '--fp', '8', '--drm', '1', '--target', 'german/8-1,german/4-6-7', '--json'])).toEqual({ code: 0, calls: 1 });
    expect(await countBeforeExact(['mc', '--unit', 'german/4-6-7', '--check', '1MC', '--json'])).toEqual({ code: 0, calls: 1 });
    expect(await countBeforeExact(['rout', '--unit', 'german/4-6-7', '--path', 'open,open', '--json'])).toEqual({ code: 0, calls: 1 });
  });

  it('a Monte Carlo run (--trials) keeps V8 as it is: no call', async () => {
    expect(await countBeforeExact(['mc', '--unit', 'german/4-6-7', '--check', '1MC', '--trials', '2000', '--seed', 's', '--threads', '1', '--json'])).toEqual({ code: 0, calls: 0 });
    expect(await countBeforeExact(['rout', '--unit', 'german/4-6-7', '--path', 'open,open', '--trials', '2000', '--seed', 's', '--threads', '1', '--json'])).toEqual({
      code: 0,
      calls: 0,
    });
  });

  it("the user's own --interrupt-budget stands (either spelling): nothing is set", () => {
    expect(tierUpLaterForExact(['--interrupt-budget=5000'])).toBe(false);
    expect(tierUpLaterForExact(['--stack-size=2000', '--interrupt_budget=5000'])).toBe(false);
  });

  it('another V8 than the one measured (11.x, Node 20) keeps its own tier-up: nothing is set', () => {
    expect(tierUpLaterForExact([], '12.4.254.21-node.33')).toBe(false);
    expect(tierUpLaterForExact([], '10.2.154.26-node.36')).toBe(false);
  });

  it.skipIf(!BUILT)('sets the flag in a process of its own (never in the test runner): returns true', async () => {
    const script = `import('./dist/src/cli/tiering.js').then((m) => console.log(m.tierUpLaterForExact([], '11.3.244.8-node.38')))`;
    const out = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) =>
      execFile(process.execPath, ['-e', script], { cwd: ROOT, timeout: 30_000 }, (e, stdout, stderr) => (e ? reject(e) : resolve({ stdout, stderr }))),
    );
    expect(out).toEqual({ stdout: 'true\n', stderr: '' }); // V8 knows the flag: no "unrecognized flag" on stderr
  });
});
