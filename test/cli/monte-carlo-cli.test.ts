import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { parseTrials } from '../../src/cli/method-options.js';
import { computeOdds } from '../../src/queries/compute-odds.js';
import { mcQuery } from '../../src/queries/morale-query.js';
import { bufferIO } from './buffer-io.js';

describe('--trials parsing', () => {
  it('accepts 1e6, 2_000_000 and 2,000,000', () => {
    expect(parseTrials('1e6')).toBe(1_000_000);
    expect(parseTrials('2_000_000')).toBe(2_000_000);
    expect(parseTrials('2,000,000')).toBe(2_000_000);
    expect(() => parseTrials('0')).toThrow();
    expect(() => parseTrials('1.5')).toThrow();
  });
});

describe('mc --trials', () => {
  it('prints a random seed on stderr and stores it; says the method', async () => {
    const io = bufferIO();
    expect(await runCli(['mc', '--unit', 'german/4-6-7', '--trials', '20000', '--threads', '1', '--json'], io)).toBe(0);
    const r = JSON.parse(io.out);
    expect(r.method).toBe('monte-carlo');
    expect(r.trials).toBe(20000);
    expect(io.err).toContain(`--seed ${r.seed}`);
    expect(r.outcomes[0].ci95).toHaveLength(2);
    expect(r.eventStats.pin.ci95[0]).toBeLessThan(r.eventStats.pin.probability);
  });
  it('Monte Carlo options without --trials are an error (exit 2)', async () => {
    const io = bufferIO();
    expect(await runCli(['mc', '--unit', 'german/4-6-7', '--seed', 'x'], io)).toBe(2);
    expect(io.err.trim().split('\n')).toHaveLength(1);
  });
  it('Ctrl-C: stops dispatching, writes a valid partial result marked interrupted, exit 130', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'asl-odds-int-'));
    const out = join(dir, 'r.json');
    const io = bufferIO();
    const run = runCli(['mc', '--unit', 'german/4-6-7', '--trials', '2e8', '--chunk-size', '100000', '--threads', '1', '--seed', 'int', '--out', out, '--json'], io);
    setTimeout(() => process.emit('SIGINT'), 150);
    expect(await run).toBe(130);
    const r = JSON.parse(await readFile(out, 'utf8'));
    expect(r.interrupted).toBe(true);
    expect(r.trialsRequested).toBe(2e8);
    expect(r.trials).toBeGreaterThan(0);
    expect(r.trials % 100000).toBe(0);
    expect(r.trials).toBeLessThan(2e8);
    expect(r.outcomes.reduce((s: number, o: { count: number }) => s + o.count, 0)).toBe(r.trials);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
  it('--shard i/n then merge equals a single run; merge refuses mixed seeds', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'asl-odds-shard-'));
    const base = ['mc', '--unit', 'russian/4-4-7', '--check', '1MC', '--trials', '500000', '--chunk-size', '100000', '--seed', 'sh', '--threads', '1'];
    const single = bufferIO();
    expect(await runCli([...base, '--json'], single)).toBe(0);
    for (const i of [0, 1]) expect(await runCli([...base, '--shard', `${i}/2`, '--out', join(dir, `p${i}.json`)], bufferIO())).toBe(0);
    const merged = bufferIO();
    expect(await runCli(['merge', join(dir, 'p0.json'), join(dir, 'p1.json'), '--json'], merged)).toBe(0);
    expect(merged.out).toBe(single.out);
    const other = [...base.slice(0, -4), '--seed', 'other', '--threads', '1'];
    expect(await runCli([...other, '--shard', '1/2', '--out', join(dir, 'q1.json')], bufferIO())).toBe(0);
    const bad = bufferIO();
    expect(await runCli(['merge', join(dir, 'p0.json'), join(dir, 'q1.json')], bad)).toBe(2);
    expect(bad.err).toMatch(/seed/);
    const incomplete = bufferIO();
    expect(await runCli(['merge', join(dir, 'p0.json')], incomplete)).toBe(2);
    expect(incomplete.err).toMatch(/missing/);
  });
});

describe('interval coverage (property over many seeds)', () => {
  it('about 95% of Wilson intervals contain the exact value', async () => {
    const q = mcQuery({ unit: 'german/4-6-7' });
    const exactPin = 1 / 6; // Original DR 7 on ML 7 (A7.8)
    const exactBreak = 541 / 1296;
    let pinHits = 0;
    let breakHits = 0;
    const runs = 400;
    for (let s = 0; s < runs; s++) {
      const out = await computeOdds(q, { trials: 2000, seed: `cov-${s}`, threads: 1 });
      if (out.kind !== 'result') throw new Error('expected result');
      const pin = out.result.eventStats!.pin!.ci95;
      const brk = out.result.eventStats!.break!.ci95;
      if (pin[0] <= exactPin && exactPin <= pin[1]) pinHits++;
      if (brk[0] <= exactBreak && exactBreak <= brk[1]) breakHits++;
    }
    expect(pinHits / runs).toBeGreaterThan(0.92);
    expect(pinHits / runs).toBeLessThan(0.98);
    expect(breakHits / runs).toBeGreaterThan(0.92);
    expect(breakHits / runs).toBeLessThan(0.98);
  });
});
