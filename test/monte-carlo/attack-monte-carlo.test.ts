/**
 * `attack --trials`: the attack sampler in seeded chunks (queries/attack-monte-carlo.ts). The result
 * depends only on (seed, trials, chunk size): the same for 1 and 2 threads, after a checkpoint and
 * resume, and for shards merged; Ctrl-C keeps what finished. Its estimates agree with the exact
 * figures (z-scores, as --compare-exact) on rulebook stacks and on random stacks of 1-6 units: the
 * outcomes, the events, each unit's events and final status, and the stack events.
 */
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attackQuery, type AttackInput, type TargetInput } from '../../src/queries/attack-query.js';
import { computeOdds, exactResult, type MethodOptions } from '../../src/queries/compute-odds.js';
import type { OddsResult } from '../../src/result.js';
import { textFile } from '../../src/io/text-file.js';
import { poolChunkRunner } from '../../src/pool/pool-runner.js';
import { mergePartials } from '../../src/runs/partial.js';
import { writeFile } from 'node:fs/promises';
import { mulberry32 } from '../support/mulberry32.js';

async function run(input: AttackInput, o: MethodOptions): Promise<OddsResult> {
  const out = await computeOdds(attackQuery(input), o);
  if (out.kind !== 'result') throw new Error('expected a result');
  return out.result;
}

/** Final stacks listed (`--outcomes`), so that the tests below check them too. */
const STACK: AttackInput = { targets: ['german/9-1', 'german/4-6-7', 'german/4-6-7', 'german/4-4-7'], fp: 8, drm: 0, then: ['4:1'], outcomes: true };

describe('attack Monte Carlo: reproducible whatever runs it', () => {
  const opts = { trials: 30_000, seed: 'atk-mc', chunkSize: 5_000 };

  it('is identical on 1 and 2 threads (chunks on the worker pool)', async () => {
    const one = await run(STACK, { ...opts, threads: 1 });
    const two = await run(STACK, { ...opts, threads: 2, runner: poolChunkRunner });
    expect(one.method).toBe('monte-carlo');
    expect(one.trials).toBe(30_000);
    expect(one.outcomes.reduce((s, o) => s + (o.count ?? 0), 0)).toBe(30_000);
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
  });

  it('a resumed checkpoint equals the uninterrupted run; Ctrl-C keeps the chunks that finished', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'asl-odds-atk-'));
    const path = join(dir, 'run.ckpt');
    const full = await run(STACK, { ...opts, threads: 1 });
    const stop = { interrupted: false };
    let chunks = 0;
    const partial = await run(STACK, {
      ...opts,
      threads: 1,
      checkpoint: textFile(path),
      stop,
      onProgress: () => {
        if (++chunks === 2) stop.interrupted = true;
      },
    });
    expect(partial.interrupted).toBe(true);
    expect(partial.trials).toBe(10_000);
    expect(partial.trialsRequested).toBe(30_000);
    const saved = JSON.parse(await readFile(path, 'utf8'));
    expect(saved.chunksDone).toEqual([0, 1]);
    expect(Object.values(saved.outcomes as Record<string, number>).reduce((s, c) => s + c, 0)).toBe(10_000);
    const resumed = await run(STACK, { ...opts, threads: 2, runner: poolChunkRunner, checkpoint: textFile(path), resume: true });
    expect(JSON.stringify(resumed)).toBe(JSON.stringify(full));
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // A checkpoint of another attack is refused.
    await expect(run({ ...STACK, drm: 1 }, { ...opts, threads: 1, checkpoint: textFile(path), resume: true })).rejects.toMatchObject({ code: 'input.checkpoint' });
  });

  it('shards merged (asl-odds merge) equal the single run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'asl-odds-atk-'));
    const single = await run(STACK, { ...opts, threads: 1 });
    const files: string[] = [];
    for (const i of [0, 1, 2]) {
      const out = await computeOdds(attackQuery(STACK), { ...opts, threads: 1, shard: { index: i, count: 3 } });
      if (out.kind !== 'partial') throw new Error('expected a partial result');
      expect(out.partial.outcomes).toBeDefined();
      files.push(join(dir, `part-${i}.json`));
      await writeFile(files[i], JSON.stringify(out.partial));
    }
    const merged = mergePartials(await Promise.all(files.map(async (f) => ({ name: f, text: await readFile(f, 'utf8') }))));
    const result = await run(STACK, { ...opts, tally: { seed: merged.first.seed, counts: merged.counts, outcomes: merged.outcomes } });
    expect(JSON.stringify(result)).toBe(JSON.stringify(single));
  });

  it('without --outcomes the final stacks are not listed (memory flat in trials), and every other figure is the same', async () => {
    const listed = await run(STACK, { ...opts, threads: 1 });
    const summary = await run({ ...STACK, outcomes: false }, { ...opts, threads: 2, runner: poolChunkRunner });
    expect(summary.outcomesOmitted).toBe(true);
    expect(summary.outcomes).toEqual([]);
    expect(listed.outcomesOmitted).toBeUndefined();
    expect(listed.outcomes.length).toBeGreaterThan(10);
    const { outcomes: _a, outcomesOmitted: _b, ...rest } = summary;
    const { outcomes: _c, outcomesOmitted: _d, ...restListed } = listed;
    expect(JSON.stringify(rest)).toBe(JSON.stringify(restListed));
    // A checkpoint of the run that lists them is not resumed by the one that does not (other tallies).
    const dir = await mkdtemp(join(tmpdir(), 'asl-odds-atk-'));
    const path = join(dir, 'run.ckpt');
    await run(STACK, { ...opts, threads: 1, checkpoint: textFile(path) });
    await expect(run({ ...STACK, outcomes: false }, { ...opts, threads: 1, checkpoint: textFile(path), resume: true })).rejects.toMatchObject({ code: 'input.checkpoint' });
  });

  it('progress reports every trial; chunk snapshots add up to the outcomes', async () => {
    const seen: number[] = [];
    const snapshots: Record<string, number>[] = [];
    const r = await run(STACK, { ...opts, threads: 2, runner: poolChunkRunner, onProgress: (done, total) => seen.push(done / total), onChunk: (s) => snapshots.push(s.outcomeCounts) });
    expect(seen.at(-1)).toBe(1);
    expect(snapshots).toHaveLength(6);
    const sum: Record<string, number> = {};
    for (const s of snapshots) for (const [k, v] of Object.entries(s)) sum[k] = (sum[k] ?? 0) + v;
    expect(sum).toEqual(Object.fromEntries(r.outcomes.map((o) => [o.state, o.count])));
  });
});

/** |z| of every figure of `mc` against `exact` whose normal approximation holds (n p >= 5, n (1 - p) >= 5). */
function zScores(mc: OddsResult, exact: OddsResult): { name: string; z: number }[] {
  const n = mc.trials!;
  const out: { name: string; z: number }[] = [];
  const add = (name: string, est: number, p: number) => {
    // A sure or impossible figure must be estimated exactly.
    if (p === 0 || p === 1) return void out.push({ name, z: est === p ? 0 : Infinity });
    if (n * p < 5 || n * (1 - p) < 5) return;
    out.push({ name, z: (est - p) / Math.sqrt((p * (1 - p)) / n) });
  };
  const mcByState = new Map(mc.outcomes.map((o) => [o.state, o.probability]));
  // Final stacks only when both list them (Monte Carlo lists them with --outcomes only).
  if (!mc.outcomesOmitted) for (const o of exact.outcomes) add(`outcome ${o.state}`, mcByState.get(o.state) ?? 0, o.probability);
  for (const [k, p] of Object.entries(exact.events)) add(`event ${k}`, mc.events[k as keyof typeof mc.events] ?? 0, p!);
  exact.units!.forEach((u, i) => {
    for (const [k, p] of Object.entries(u.events)) add(`unit ${i + 1} ${k}`, mc.units![i].events[k as keyof typeof u.events] ?? 0, p!);
    for (const [k, p] of Object.entries(u.finalStatus!)) add(`unit ${i + 1} ends ${k}`, mc.units![i].finalStatus![k as keyof typeof u.finalStatus], p);
  });
  for (const [k, p] of Object.entries(exact.stackEvents!)) if (!k.startsWith('expected')) add(`stack ${k}`, mc.stackEvents![k], p);
  for (const [name, rows] of [['broken', 'squadsBroken'], ['eliminated', 'squadsEliminated']] as const) {
    exact[rows]!.forEach((row, j) => add(`at least ${row.squads} squads ${name}`, mc[rows]![j].atLeast, row.atLeast));
  }
  return out;
}

/**
 * A random attack on `n` units whose exact odds take about a second at most: a leader only in stacks
 * of up to 3, the rest squads and half-squads (some broken, pinned or fanatic), one attack (an IFT
 * attack or a fixed result).
 */
function randomAttack(r: () => number, n: number): AttackInput {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const targets: TargetInput[] = [];
  let leaders = 0;
  while (targets.length < n) {
    const x = r();
    if (x < 0.3 && leaders === 0 && n <= 3) {
      leaders++;
      targets.push({ unit: pick(['german/8-1', 'german/9-1', 'german/7-0', 'german/9-2']) });
    } else if (targets.length > 0 && x < 0.35) targets.push({ ...targets[Math.floor(r() * targets.length)] });
    else {
      const unit = pick(['german/4-6-7', 'german/4-6-8', 'german/5-4-8', 'german/4-4-7', 'german/2-4-7', 'german/2-3-8']);
      const y = r();
      targets.push({ unit, broken: y < 0.15, pinned: y >= 0.15 && y < 0.25, fanatic: y >= 0.9 });
    }
  }
  if (r() < 0.3) return { targets, result: pick(['1MC', '2MC', 'NMC', 'PTC', 'K/1', '1KIA']) };
  return { targets, fp: pick([2, 4, 6, 8, 12]), drm: Math.floor(r() * 4) - 1 };
}

describe('attack Monte Carlo agrees with exact (z-scores, as --compare-exact)', () => {
  const rulebook: [string, AttackInput][] = [
    ['A10.2 EX: 1KIA on 9-1, 6-5-8, 4-6-7', { targets: ['german/9-1', 'german/6-5-8', 'german/4-6-7'], result: '1KIA' }],
    ['docs/rules-notes.md §3: PTC on 9-1, 4-6-8', { targets: ['german/9-1', 'german/4-6-8'], result: 'PTC' }],
    ['README: 8 FP +1 on 9-1, two 4-6-7', { targets: ['german/9-1', 'german/4-6-7', 'german/4-6-7'], fp: 8, drm: 1 }],
    ['6 FP then a 4 FP attack on a 4-6-7', { targets: ['german/4-6-7'], fp: 6, drm: 0, then: ['4:0'] }],
  ];
  const r = mulberry32(2024);
  const random: [string, AttackInput][] = [1, 2, 3, 4, 5, 6].map((n, k) => {
    const a = randomAttack(r, n);
    const what = a.result ?? `${a.fp} FP ${a.drm}`;
    return [`random ${k}: ${what} on ${a.targets.map((t) => (typeof t === 'string' ? t : `${t.unit}${t.broken ? ' broken' : ''}${t.pinned ? ' pinned' : ''}${t.fanatic ? ' fanatic' : ''}`)).join(', ')}`, a];
  });
  for (const [name, input] of [...rulebook, ...random]) {
    it(name, async () => {
      const compare = name.startsWith('A10.2');
      const mc = await run(input, { trials: 60_000, seed: `agree-${name}`, threads: 1, compareExact: compare });
      const exact = exactResult(attackQuery(input));
      const z = zScores(mc, exact);
      expect(z.length).toBeGreaterThan(5);
      const worst = z.reduce((w, f) => (Math.abs(f.z) > Math.abs(w.z) ? f : w), z[0]);
      expect(Math.abs(worst.z), worst.name).toBeLessThan(4.5);
      if (compare) {
        expect(mc.comparison!.maxAbsZ).toBeLessThan(4.5);
        expect(mc.comparison!.chiSquared.pValue).toBeGreaterThan(1e-4);
      }
      expect(mc.stackEvents!.expectedSquadsBroken).toBeCloseTo(exact.stackEvents!.expectedSquadsBroken, 1);
    });
  }
});
