/**
 * Interrupted and split runs, end to end as a user does them (issue 42 section 5): the built binary
 * (`npm run build` first), Ctrl-C sent as SIGINT while it runs, then `--resume`; shards, then `merge`.
 * Each final answer must equal one uninterrupted run on one machine, byte for byte. And an interrupted
 * `scenario --balance --out` must not leave a file that looks complete.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/asl-odds.js');
let dir: string;

/** A run of the binary: its exit code and output; `interrupt(stderr)` says when to send SIGINT. */
function run(args: string[], interrupt?: () => boolean): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, ASL_ODDS_DEBUG: '' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    let timer: NodeJS.Timeout | undefined;
    if (interrupt) {
      timer = setInterval(() => {
        if (!interrupt()) return;
        clearInterval(timer);
        child.kill('SIGINT');
      }, 100);
    }
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code, out, err });
    });
  });
}

/** The chunks a checkpoint file records as done (0 while it does not exist or is being replaced). */
function chunksDone(file: string): number {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { chunksDone: unknown[] }).chunksDone.length;
  } catch {
    return 0;
  }
}

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/src/cli/main.js'))) throw new Error('run `npm run build` first: this test runs the built binary');
  dir = mkdtempSync(join(tmpdir(), 'asl-odds-e2e-runs-'));
});

const ATTACK = ['attack', '--fp', '8', '--target', 'german/9-1,german/4-6-7,german/4-6-7', '--seed', 's', '--json'];

describe('attack runs end to end', () => {
  it('shards 0/2 and 1/2, then merge: exactly the one-machine result', async () => {
    const one = await run([...ATTACK, '--trials', '4e5']);
    expect(one.code).toBe(0);
    for (const i of [0, 1]) expect((await run([...ATTACK, '--trials', '4e5', '--shard', `${i}/2`, '--out', `p${i}.json`])).code).toBe(0);
    const merged = await run(['merge', 'p0.json', 'p1.json', '--json']);
    expect(merged.err).toBe('');
    expect(merged.code).toBe(0);
    expect(merged.out).toBe(one.out);
  }, 300_000);

  it('Ctrl-C, then --resume: exactly one uninterrupted run', async () => {
    const args = [...ATTACK, '--trials', '6e5', '--threads', '1', '--checkpoint', 'a.ckpt'];
    const stopped = await run(args, () => chunksDone(join(dir, 'a.ckpt')) >= 1);
    expect(stopped.code).toBe(130);
    const partial = JSON.parse(stopped.out) as { interrupted?: boolean; trials: number };
    expect(partial.interrupted).toBe(true);
    expect(partial.trials).toBeLessThan(600_000);
    const resumed = await run([...args, '--resume']);
    expect(resumed.code).toBe(0);
    const uninterrupted = await run([...ATTACK, '--trials', '6e5', '--threads', '1']);
    expect(uninterrupted.code).toBe(0);
    expect(resumed.out).toBe(uninterrupted.out);
  }, 600_000);
});

describe('scenario --balance interrupted', () => {
  it('Ctrl-C during the balance runs: exit 130 and a file marked interrupted, without a balance', async () => {
    const file = join(ROOT, 'scenarios/stalingrad-factory-1942.yaml');
    const args = ['scenario', file, '--seed', 's', '--trials', '4000', '--balance', 'sides.german.fire.drm=-1..2', '--out', 'bal.json'];
    let err = '';
    // SIGINT once a balance value's run has started (its progress line names the value).
    const r = await new Promise<{ code: number | null }>((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { cwd: dir });
      child.stderr.on('data', (b: Buffer) => {
        err += b.toString();
        // Any value's run will do: which one runs first depends on the search (and the cores).
        if (/drm=-?\d+: /.test(err)) child.kill('SIGINT');
      });
      child.on('close', (code) => resolve({ code }));
    });
    expect(r.code).toBe(130);
    const doc = JSON.parse(readFileSync(join(dir, 'bal.json'), 'utf8')) as { interrupted?: boolean; balance?: unknown };
    expect(doc.interrupted).toBe(true);
    expect(doc.balance).toBeUndefined();
  }, 600_000);
});

describe('scenario runs: shards and checkpoints as every Monte Carlo run', () => {
  const file = join(ROOT, 'scenarios/tobruk-desert-1941.yaml');

  it('a two-sweep grid in shards 0/2 and 1/2, then merge: exactly the one-machine result', async () => {
    const grid = ['scenario', file, '--trials', '512', '--seed', 'g', '--quiet', '--sweep', 'sides.italian.elr=2,3', '--sweep', 'sides.british.fire.drm=0,1'];
    const one = await run([...grid, '--json']);
    expect(one.code).toBe(0);
    for (const i of [0, 1]) expect((await run([...grid, '--shard', `${i}/2`, '--out', `g${i}.json`])).code).toBe(0);
    const merged = await run(['merge', 'g0.json', 'g1.json', '--json']);
    expect(merged.err).toBe('');
    expect(merged.code).toBe(0);
    expect(merged.out).toBe(one.out);
  }, 600_000);

  it('--balance with --checkpoint, Ctrl-C, then --resume: exactly one uninterrupted run', async () => {
    const balance = ['scenario', file, '--trials', '512', '--seed', 'b', '--threads', '1', '--json', '--balance', 'sides.british.fire.drm=0..1', '--checkpoint', 'b.ckpt'];
    const runsSaved = () => {
      try {
        return Object.keys((JSON.parse(readFileSync(join(dir, 'b.ckpt'), 'utf8')) as { runs: object }).runs).length;
      } catch {
        return 0;
      }
    };
    // Ctrl-C once the first balance value's run is recorded (the main run is run 1).
    const stopped = await run(balance, () => runsSaved() >= 2);
    expect(stopped.code).toBe(130);
    const resumed = await run([...balance, '--resume']);
    expect(resumed.code).toBe(0);
    const uninterrupted = await run(balance.slice(0, -2));
    expect(uninterrupted.code).toBe(0);
    expect(resumed.out).toBe(uninterrupted.out);
    expect((JSON.parse(resumed.out) as { balance?: unknown }).balance).toBeDefined();
  }, 600_000);
});
