/**
 * End-to-end runs of the built binary (`node bin/asl-odds.js ...`), as a user runs it: exit codes,
 * stdout/stderr, report files. `npm test` builds first; when dist/ is missing (e.g. `npx vitest run`
 * on a fresh clone) the whole file is skipped with a message saying so.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'asl-odds.js');
const BUILT = existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'));
const SKIP_REASON = 'dist/src/cli/main.js is missing: run `npm run build` (or `npm test`, which builds first)';
if (!BUILT) console.warn(`test/cli/binary.test.ts skipped: ${SKIP_REASON}`);

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the binary with `args` from the repository root; never rejects on a non-zero exit. */
function runBinary(args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, timeout: 60_000, env: { ...process.env, ASL_ODDS_DEBUG: '' } }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

const REPORT_FILES = ['mc.txt', 'mc.md', 'mc.json', 'mc.vl.json', 'mc.svg'];
const tempDirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'asl-odds-bin-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(tempDirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe.skipIf(!BUILT)(BUILT ? 'built binary: node bin/asl-odds.js' : `built binary (skipped: ${SKIP_REASON})`, () => {
  it('mc --json: exit 0, one JSON object on stdout, outcome probabilities sum to 1', async () => {
    const r = await runBinary(['mc', '--unit', 'german/4-6-7', '--check', '1MC', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const result = JSON.parse(r.stdout) as { command: string; outcomes: { probability: number }[]; eventFractions: Record<string, string> };
    expect(result.command).toBe('mc');
    expect(result.outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    expect(result.eventFractions.break).toBe('757/1296'); // DR >= 7 with +1 (21/36) + HoB surrender (1/1296)
  });

  it('a reader that stops early (`| head -1`): exit 0, no EPIPE error', async () => {
    const r = await new Promise<Run>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'table', 'mc', '--format', 'csv'], { cwd: ROOT });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.stdout.once('data', () => child.stdout.destroy()); // the reader goes away after one chunk
      child.on('close', (code) => resolve({ code: code ?? -1, stdout: '', stderr }));
    });
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(r.code).toBe(0);
  });

  it('bad input: exit 2, exactly one line on stderr, no stack trace', async () => {
    const r = await runBinary(['mc', '--unit', 'german/4-6-9']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^asl-odds: error: unknown unit 'german\/4-6-9'; closest: /);
    expect(r.stderr).not.toMatch(/^ {4}at /m);
  });

  it('--report <dir>: writes the txt, md, json, vl.json and svg files; the SVG is an <svg>', async () => {
    const dir = await tempDir();
    const r = await runBinary(['mc', '--unit', 'german/4-6-7', '--report', dir, '--json']);
    expect(r.code).toBe(0);
    const files = await readdir(dir);
    for (const f of REPORT_FILES) expect(files).toContain(f);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await readFile(join(dir, 'mc.svg'), 'utf8')).toContain('<svg');
    expect(JSON.parse(await readFile(join(dir, 'mc.json'), 'utf8'))).toEqual(JSON.parse(r.stdout));
  });

  it('main job: the `npm start` commands (package.json) print their tables and write their reports (into temp dirs)', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
    const commands = pkg.scripts.start
      .split('&&')
      .map((c) => /node bin\/asl-odds\.js (.*)$/.exec(c.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => m[1].trim().split(/\s+/));
    expect(commands.map((a) => a[0])).toEqual(['scenario', 'mc']);
    const run = async (args: string[]) => {
      const at = args.findIndex((a) => a.startsWith('reports/example'));
      expect(args[at - 1]).toBe('--report');
      const dir = await tempDir();
      const r = await runBinary([...args.slice(0, at), dir, ...args.slice(at + 1)]);
      expect(r.code).toBe(0);
      return { r, dir };
    };
    // The scenario: victory odds, per-turn table, charts and index.html.
    const sc = await run(commands[0]);
    expect(sc.r.stdout.split('\n')[0]).toBe('Stalingrad factory, 1942: who wins: Monte Carlo, 2,000 playthroughs (95% intervals)');
    expect(sc.r.stdout).toMatch(/^asl-odds scenario · Stalingrad factory, 1942 · rule set 2nd-edition · Monte Carlo, 2,000 playthroughs, seed example/m);
    expect(sc.r.stdout).toMatch(/^Victory\s+Probability\s+95% CI$/m);
    const scFiles = await readdir(sc.dir);
    for (const f of ['scenario.txt', 'scenario.json', 'scenario-victory.vl.json', 'scenario-victory.svg', 'scenario-strength.svg', 'index.html']) expect(scFiles).toContain(f);
    // The mc example: the odds table, its Vega-Lite spec and SVG.
    const mc = await run(commands[1]);
    const lines = mc.r.stdout.split('\n');
    expect(lines[0]).toBe('German 4-6-7 takes a 1MC: exact (every dice path)');
    const at = lines.findIndex((l) => /^asl-odds mc · rule set 2nd-edition · exact · v/.test(l));
    expect(lines[at + 1]).toBe('Input: unit German 4-6-7 (ML 7, broken 7), check 1MC, leader German 8-1 (-1), total DRM 0, ELR 3, Known enemy in LOS');
    expect(mc.r.stdout).toMatch(/^Outcome\s+Probability\s+Odds\s+Exact$/m);
    const files = await readdir(mc.dir);
    for (const f of REPORT_FILES) expect(files).toContain(f);
    expect((await readFile(join(mc.dir, 'mc.txt'), 'utf8')).trimEnd()).toBe(mc.r.stdout.trimEnd());
  });
});
