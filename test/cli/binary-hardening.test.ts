/**
 * Issue 42's hostile inputs run end to end through the built binary (`node bin/asl-odds.js ...`), as a
 * player types them: one line and exit 2 before anything is printed, nothing written; and a run on
 * many threads prints nothing but its answer (no MaxListenersExceededWarning). Skipped when dist/ is
 * missing (`npm test` builds first).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_THREADS } from '../../src/cli/method-options.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'asl-odds.js');
const BUILT = existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'));
if (!BUILT) console.warn('test/cli/binary-hardening.test.ts skipped: dist/src/cli/main.js is missing: run `npm run build`');

function run(args: readonly string[], cwd = ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, ...args], { cwd, timeout: 120_000, env: { ...process.env, ASL_ODDS_DEBUG: '' } }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'asl-odds-bin-hardening-'));
  copyFileSync(join(ROOT, 'scenarios', 'stalingrad-factory-1942.yaml'), join(dir, 's.yaml'));
  symlinkSync('/dev/urandom', join(dir, 'random.yaml'));
});

describe.skipIf(!BUILT)('the built binary', () => {
  it.each([
    [['scenario', 's.yaml', '--sweep', 'turns=0,1'], /^asl-odds: error: --sweep turns=0: turns: expected an integer in \[1, 15\], got 0\n$/],
    [['scenario', 's.yaml', '--balance', 'german.elr=2..4'], /^asl-odds: error: --balance german.elr: no 'german' at the top of the scenario; did you mean sides.german.elr\?\n$/],
    [['scenario', 's.yaml', '--out', 's.yaml'], /^asl-odds: error: --out s.yaml: is the scenario file \(an input\); give another file to write\n$/],
    [['scenario', 'random.yaml'], /^asl-odds: error: random.yaml: not a regular file/],
    [['scenario', 's.yaml', '--record', 'german=99999999999999999999,russian=1'], /^asl-odds: error: --record german=99999999999999999999: at most 10000 games in a record\n$/],
    [['vehicle', '--mg', '__proto__'], /^asl-odds: error: --mg: unknown MG '__proto__'; allowed: lmg, mmg, hmg, 50cal\n$/],
    [['table'], /^asl-odds: error: table: give a kind: mc, hob/],
  ])('%j: exit 2, one line, nothing on stdout', async (args, message) => {
    const before = readFileSync(join(dir, 's.yaml'), 'utf8');
    const r = await run(args, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
    expect(readFileSync(join(dir, 's.yaml'), 'utf8')).toBe(before);
  });

  it(`--threads ${Math.min(8, MAX_THREADS)}: no MaxListenersExceededWarning (each task its own abort signal)`, async () => {
    // 32 chunks, 2 per thread in flight: 16 tasks at once where the pool had one shared signal.
    const r = await run(['mc', '--unit', 'german/4-6-7', '--trials', '2097152', '--chunk-size', '65536', '--seed', 's', '--threads', String(Math.min(8, MAX_THREADS)), '--quiet', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).trials).toBe(2097152);
  });
});
