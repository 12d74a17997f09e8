/**
 * A designer's grid on many machines, end to end as docs/monte-carlo.md gives it: its `grid-rounds.sh`
 * (the steps the Kubernetes and Slurm examples run: each round's shards as separate processes, then
 * `merge`, then the next round's options from the merged result), run here verbatim with small numbers.
 * Round 0 merged equals the grid on one machine; round 1's cells equal `--refine 1` on one machine.
 * The built binary (`npm run build` first).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/asl-odds.js');
let dir: string;

function sh(cmd: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: dir, env: { ...process.env, ASL_ODDS_DEBUG: '', PATH: `${dir}/bin:${process.env.PATH}`, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/src/cli/main.js'))) throw new Error('run `npm run build` first: this test runs the built binary');
  dir = mkdtempSync(join(tmpdir(), 'asl-odds-many-'));
  // `asl-odds` on the PATH, as the image's or the install step's.
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'asl-odds'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'asl-odds'), 0o755);
  // The script, verbatim from the docs.
  const doc = readFileSync(join(ROOT, 'docs/monte-carlo.md'), 'utf8');
  const m = /<!-- grid-rounds\.sh -->\n```sh\n([\s\S]*?)\n```/.exec(doc);
  if (!m) throw new Error('docs/monte-carlo.md: no grid-rounds.sh block');
  writeFileSync(join(dir, 'grid-rounds.sh'), m[1] + '\n');
});

describe("grid-rounds.sh (docs/monte-carlo.md): shards, merge and a refine round as later jobs", () => {
  it('round 0 merged equals the grid on one machine; round 1 merged holds exactly the cells --refine 1 refines on one machine', async () => {
    const scenario = join(ROOT, 'scenarios/tobruk-break-in-1941.yaml');
    const grid = '--sweep turns=4,5 --sweep sides.italian.elr=2,3';
    const r = await sh('sh', ['grid-rounds.sh'], { SCENARIO: scenario, GRID: grid, TRIALS: '128', SHARDS: '3', ROUNDS: '1', SEED: 'm1', OUT: 'out' });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const round0 = readFileSync(join(dir, 'out/round-0.json'), 'utf8');
    const one = await sh(process.execPath, [BIN, 'scenario', scenario, ...grid.split(' '), '--trials', '128', '--seed', 'm1', '--quiet', '--json']);
    expect(one.code).toBe(0);
    expect(round0).toBe(one.out);
    expect(readFileSync(join(dir, 'out/round-0.txt'), 'utf8')).toMatch(/^Closest to even: /);
    // Round 1: the cells the noise could not tell apart, at twice the playthroughs, from three processes.
    type Cell = { turns: number; 'sides.italian.elr': number; trials: number; victory: unknown };
    const round1 = JSON.parse(readFileSync(join(dir, 'out/round-1.json'), 'utf8')) as { grid: { cells: Cell[][] } };
    const refinedHere = await sh(process.execPath, [BIN, 'scenario', scenario, ...grid.split(' '), '--trials', '128', '--seed', 'm1', '--quiet', '--json', '--refine', '1']);
    expect(refinedHere.code).toBe(0);
    const single = (JSON.parse(refinedHere.out) as { grid: { cells: Cell[][] } }).grid.cells.flat().filter((c) => c.trials === 256);
    expect(single.length).toBeGreaterThanOrEqual(2);
    const many = round1.grid.cells.flat();
    for (const c of single) {
      const m = many.find((x) => x.turns === c.turns && x['sides.italian.elr'] === c['sides.italian.elr']);
      expect(m?.trials).toBe(256);
      expect(m?.victory).toEqual(c.victory);
    }
  }, 900_000);
});
