/**
 * Run files end to end, the way a user meets them (the built binary: `npm run build` first): a
 * checkpoint resumed with another split is refused by saying so; the temp files a killed run leaves
 * are removed by the run that resumes it; Ctrl-C during a calibration against a record of the most
 * games allowed acts at once and leaves the result marked interrupted.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/asl-odds.js');
let dir: string;

/** A run of the binary; `signal(stderr)` says when to send which signal; `signalledAt`: when it was sent. */
function run(args: string[], signal?: { when: () => boolean; name: NodeJS.Signals }): Promise<{ code: number | null; out: string; err: string; pid: number; signalledAt?: number; closedAt: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, ASL_ODDS_DEBUG: '' } });
    let out = '';
    let err = '';
    let signalledAt: number | undefined;
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    let timer: NodeJS.Timeout | undefined;
    if (signal) {
      timer = setInterval(() => {
        if (!signal.when()) return;
        clearInterval(timer);
        signalledAt = Date.now();
        child.kill(signal.name);
      }, 20);
    }
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code, out, err, pid: child.pid!, signalledAt, closedAt: Date.now() });
    });
  });
}

/** The runs a scenario checkpoint file records (0 while it does not exist or is being replaced). */
function runsSaved(file: string): number {
  try {
    return Object.keys((JSON.parse(readFileSync(join(dir, file), 'utf8')) as { runs: object }).runs).length;
  } catch {
    return 0;
  }
}

/** The chunks an `mc` checkpoint records (0 while it does not exist or is being replaced). */
function chunksDone(file: string): number {
  try {
    return (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { chunksDone: unknown[] }).chunksDone.length;
  } catch {
    return 0;
  }
}

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/src/cli/main.js'))) throw new Error('run `npm run build` first: this test runs the built binary');
  dir = mkdtempSync(join(tmpdir(), 'asl-odds-run-files-'));
});

const MC = ['mc', '--unit', 'german/4-6-7', '--check', '1MC', '--leader', 'german/8-1', '--seed', 's', '--json', '--threads', '1'];

describe('checkpoints and their splits', () => {
  it('a whole run\'s checkpoint resumed with --shard 1/2 is refused by naming the split, whichever chunks finished; and a shard\'s as a whole run', async () => {
    expect((await run([...MC, '--trials', '3e5', '--checkpoint', 'whole.ckpt'])).code).toBe(0);
    const asShard = await run([...MC, '--trials', '3e5', '--checkpoint', 'whole.ckpt', '--resume', '--shard', '1/2', '--out', 'p1.json']);
    expect(asShard.code).toBe(2);
    expect(asShard.err.trim()).toBe('asl-odds: error: --checkpoint whole.ckpt: recorded by the whole run (no --shard), this command runs shard 1/2; resume with the same split (no --shard), or use another file');
    expect(asShard.err).not.toMatch(/damaged or edited/);
    expect((await run([...MC, '--trials', '3e5', '--checkpoint', 'shard0.ckpt', '--shard', '0/2', '--out', 'p0.json'])).code).toBe(0);
    const asWhole = await run([...MC, '--trials', '3e5', '--checkpoint', 'shard0.ckpt', '--resume']);
    expect(asWhole.code).toBe(2);
    expect(asWhole.err).toMatch(/recorded by shard 0\/2, this command runs the whole run \(no --shard\); resume with the same split \(--shard 0\/2\)/);
  }, 300_000);

  it('the temp files of a killed checkpointing run are removed when it is resumed; the result equals one uninterrupted run', async () => {
    // 4e8 trials: about 200 chunks, 5 s on one idle core, so the kill after 2 chunks lands mid-run however fast the machine.
    const args = [...MC, '--trials', '4e8', '--checkpoint', 'k.ckpt'];
    const killed = await run(args, { when: () => chunksDone('k.ckpt') >= 2, name: 'SIGKILL' });
    expect(killed.code).toBe(null);
    // What a kill between creating and renaming the temp file leaves (written here, so that the test
    // does not depend on the instant of the kill): the killed process's temp file beside the checkpoint.
    const left = `.k.ckpt.${killed.pid}.0123456789ab.tmp`;
    writeFileSync(join(dir, left), '{"half":');
    const temps = () => readdirSync(dir).filter((n) => n.startsWith('.k.ckpt.') && n.endsWith('.tmp'));
    expect(temps()).toContain(left);
    const resumed = await run([...args, '--resume']);
    expect(resumed.code).toBe(0);
    expect(temps()).toEqual([]);
    const one = await run([...MC, '--trials', '4e8']);
    expect(resumed.out).toBe(one.out);
  }, 600_000);
});

describe('Ctrl-C during a calibration against a record of the most games allowed', () => {
  it('stops at once (as every run does) and leaves the result marked interrupted', async () => {
    const file = join(ROOT, 'scenarios/tobruk-desert-1941.yaml');
    // 10,000 games (the most a record may hold): SIGINT once the scenario as written (the third run,
    // after both calibration values) has recorded its first chunks: the record has been weighed
    // against both values, and is weighed against this run when it stops.
    const args = ['scenario', file, '--record', 'british=4000,italian=6000', '--calibrate', 'sides.british.fire.drm=0..1', '--trials', '2048', '--threads', '1', '--seed', 'c', '--quiet', '--checkpoint', 'cal.ckpt', '--out', 'cal.json'];
    const r = await run(args, { when: () => runsSaved('cal.ckpt') >= 3, name: 'SIGINT' });
    expect(r.signalledAt).toBeDefined();
    expect(r.code).toBe(130);
    const doc = JSON.parse(readFileSync(join(dir, 'cal.json'), 'utf8')) as { interrupted?: boolean; calibration?: unknown; record?: unknown };
    expect(doc.interrupted).toBe(true);
    expect(doc.calibration).toBeDefined();
    expect(doc.record).toBeDefined();
    // Not a measurement (benchmarks/ measure): a guard against the seconds the record's p-values once
    // held Ctrl-C for (about 7 s at this size); a run stops within its 50 ms turns.
    expect(r.closedAt - r.signalledAt!).toBeLessThan(3000);
  }, 600_000);
});
