import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planChunks } from '../../src/engine/chunk-plan.js';
import { compileChain, verifyCompiledChain } from '../../src/engine/compile.js';
import { runMonteCarlo } from '../../src/engine/monte-carlo.js';
import { textFile } from '../../src/io/text-file.js';
import { poolChunkRunner } from '../../src/pool/pool-runner.js';
import { computeOdds, type OddsQuery } from '../../src/queries/compute-odds.js';
import { mcQuery, rallyQuery } from '../../src/queries/morale-query.js';
import type { OddsResult } from '../../src/result.js';

const chains: [string, OddsQuery<unknown>][] = [
  ['German 4-6-7 NMC, ELR 3', mcQuery({ unit: 'german/4-6-7' }) as OddsQuery<unknown>],
  ['Russian 4-4-7 2MC, ELR 1, ADJACENT enemy', mcQuery({ unit: 'russian/4-4-7', check: '2MC', elr: 1, adjacentEnemy: true }) as OddsQuery<unknown>],
  ['broken German 9-1 leader 1MC (wounds)', mcQuery({ unit: 'german/9-1', broken: true, check: '1MC' }) as OddsQuery<unknown>],
  ['Italian 3-4-7 rally with 8-1, GIA', rallyQuery({ unit: 'italian/3-4-7', leaders: ['italian/8-1'], rules: 'gi-anvil' }) as OddsQuery<unknown>],
];

async function mc(q: OddsQuery<unknown>, o: Parameters<typeof computeOdds>[1]): Promise<OddsResult> {
  const out = await computeOdds(q, o);
  if (out.kind !== 'result') throw new Error('expected a result');
  return out.result;
}

describe('compiled tables equal the resolver on every input', () => {
  for (const [name, q] of chains) {
    it(name, () => {
      const c = compileChain(q.model);
      expect(verifyCompiledChain(q.model, c)).toBeGreaterThan(36);
    });
  }
});

describe('Monte Carlo agrees with exact: every event within 4 standard errors at 1e6 trials, fixed seeds', () => {
  for (const [name, q] of chains) {
    it(name, async () => {
      const r = await mc(q, { trials: 1_000_000, seed: 'agree-1', threads: 1, compareExact: true });
      expect(r.comparison!.maxAbsZ).toBeLessThan(4.5);
      expect(r.comparison!.chiSquared.pValue).toBeGreaterThan(1e-4);
      // each exact event value lies in the MC 99.99% band: |z| < 4.5 checked above; also inside a widened ci95
      for (const f of r.comparison!.figures) expect(Math.abs(f.estimate - f.exact)).toBeLessThan(0.005);
    });
  }
});

describe('reproducible by construction', () => {
  const q = chains[0][1];
  it('the same seed gives bit-identical results with 1, 2 and 4 threads', async () => {
    const opts = { trials: 2_500_000, seed: 'threads', chunkSize: 1 << 18 };
    const a = JSON.stringify(await mc(q, { ...opts, threads: 1 }));
    const b = JSON.stringify(await mc(q, { ...opts, threads: 2, runner: poolChunkRunner }));
    const c = JSON.stringify(await mc(q, { ...opts, threads: 4, runner: poolChunkRunner }));
    expect(b).toBe(a);
    expect(c).toBe(a);
  });
  it('different seeds give different tallies; the same seed the same tally', async () => {
    const a = await mc(q, { trials: 100_000, seed: 's1' });
    const b = await mc(q, { trials: 100_000, seed: 's2' });
    const a2 = await mc(q, { trials: 100_000, seed: 's1' });
    expect(JSON.stringify(a2)).toBe(JSON.stringify(a));
    expect(JSON.stringify(b)).not.toBe(JSON.stringify(a));
  });
  it('counts are integers summing to the trials; chunk plans cover every trial', async () => {
    const compiled = compileChain(q.model);
    const plan = planChunks(1_000_003, 100_000);
    expect(plan.chunkCount).toBe(11);
    const t = await runMonteCarlo(compiled.tables, { seed: 'x', plan, threads: 1 });
    expect(t.counts.reduce((s, c) => s + c, 0)).toBe(1_000_003);
    expect(t.counts.every((c) => Number.isInteger(c))).toBe(true);
  });
  it('resume equals an uninterrupted run (checkpoint written atomically)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'asl-odds-ckpt-'));
    const path = join(dir, 'run.ckpt');
    const opts = { trials: 1_200_000, seed: 'resume', chunkSize: 100_000, threads: 1 };
    const full = await mc(q, opts);
    // Interrupt after 4 chunks, then resume.
    const stop = { interrupted: false };
    let chunks = 0;
    const partial = await mc(q, {
      ...opts,
      checkpoint: textFile(path),
      stop,
      onProgress: () => {
        if (++chunks === 4) stop.interrupted = true;
      },
    });
    expect(partial.interrupted).toBe(true);
    expect(partial.trials).toBe(400_000);
    expect(partial.trialsRequested).toBe(1_200_000);
    const saved = JSON.parse(await readFile(path, 'utf8'));
    expect(saved.chunksDone).toEqual([0, 1, 2, 3]);
    const resumed = await mc(q, { ...opts, checkpoint: textFile(path), resume: true });
    expect(JSON.stringify(resumed)).toBe(JSON.stringify(full));
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
  it('a checkpoint from another run is refused (input.checkpoint)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'asl-odds-ckpt-'));
    const path = join(dir, 'run.ckpt');
    await mc(q, { trials: 200_000, seed: 'a', chunkSize: 100_000, checkpoint: textFile(path) });
    await expect(computeOdds(q, { trials: 200_000, seed: 'b', chunkSize: 100_000, checkpoint: textFile(path), resume: true })).rejects.toMatchObject({ code: 'input.checkpoint' });
  });
  it('counts stay exact past 2^32: Float64 tallies add exactly', () => {
    const big = 2 ** 33 + 7;
    const c = new Float64Array([big]);
    c[0] += 1;
    expect(c[0]).toBe(2 ** 33 + 8);
  });
});

describe('shards and merge', () => {
  it('shards partition the chunks and their merged tally equals a single run', async () => {
    const q = chains[1][1];
    const opts = { trials: 700_000, seed: 'shard', chunkSize: 100_000, threads: 1 };
    const single = await computeOdds(q, opts);
    const parts = await Promise.all([0, 1, 2].map((i) => computeOdds(q, { ...opts, shard: { index: i, count: 3 } })));
    const counts = new Array<number>();
    for (const p of parts) {
      if (p.kind !== 'partial') throw new Error('expected partial');
      p.partial.counts.forEach((c, j) => (counts[j] = (counts[j] ?? 0) + c));
    }
    expect(parts.flatMap((p) => (p.kind === 'partial' ? p.partial.chunks : [])).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const merged = await computeOdds(q, { ...opts, tally: { counts, seed: 'shard' } });
    expect(JSON.stringify(merged)).toBe(JSON.stringify(single));
  });
});

describe('worker failures', () => {
  it('a worker that throws fails the run with its code and message, no hang', async () => {
    const compiled = compileChain(chains[0][1].model);
    const plan = planChunks(400_000, 100_000);
    await expect(
      runMonteCarlo(compiled.tables, {
        seed: 'w',
        plan,
        threads: 2,
        // a runner that sends chunk 2 as a chunk outside the plan
        runner: (worker, tasks, threads, onResult, stop) => poolChunkRunner(worker, tasks.map((t) => (t.chunk === 2 ? { ...t, chunk: 99 } : t)), threads, onResult, stop),
      }),
    ).rejects.toMatchObject({ code: 'worker.badTask', exitCode: 1 });
  });
});
