/**
 * `asl-odds bench --quick --json` with tiny sizes: the JSON shape and that every rate is a positive
 * number. Speed itself is measured in benchmarks/ (benchmarks/README.md), never asserted here.
 * The pool part runs the built worker (dist/workers/monte-carlo-worker.js): `npm test` builds first.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';

function bufferIO() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), stderrIsTTY: false };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

const positive = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x > 0;

describe('asl-odds bench --quick', () => {
  it('prints the figures as JSON with positive rates', async () => {
    const b = bufferIO();
    const code = await runCli(['bench', '--quick', '--json', '--trials', '4000'], b.io);
    expect(code, b.err()).toBe(0);
    const r = JSON.parse(b.out());
    for (const k of ['rawDRPerSec', 'chainTrialsPerSec', 'naiveTrialsPerSec', 'poolSpeedup', 'exactQueryMs', 'threads', 'cpus']) {
      expect(positive(r[k]), k).toBe(true);
    }
    expect(r.e2e1e8Seconds).toBeNull(); // skipped by --quick
    expect(positive(r.ratios.chainVsRaw)).toBe(true);
    expect(positive(r.ratios.chainVsNaive)).toBe(true);
    expect(Object.keys(r.targets).sort()).toEqual(['chainVsNaive', 'chainVsRaw', 'e2e1e8', 'exactQuery', 'poolSpeedup']);
    for (const [k, v] of Object.entries(r.targets)) expect(v === null || typeof v === 'boolean', k).toBe(true);
    expect(r.targets.e2e1e8).toBeNull();
    expect(typeof r.node).toBe('string');
    // The histogram holds every raw DR, and the pool's tally does not depend on the thread count.
    expect(r.details.raw.histogram).toHaveLength(11);
    expect(r.details.raw.histogram.reduce((a: number, c: number) => a + c, 0)).toBe(4000);
    expect(r.details.pool.talliesIdentical).toBe(true);
    // Scenario scaling: the four sizes, 12.5 x 1, 4, 16, 64 squad-equivalents, a finite exponent.
    expect(r.scenarioScaling.points.map((p: { squads: number }) => p.squads)).toEqual([12.5, 50, 200, 800]);
    for (const p of r.scenarioScaling.points) expect(positive(p.msPerPlaythrough)).toBe(true);
    expect(Number.isFinite(r.scenarioScaling.exponent)).toBe(true);
    // Exact attack summary: --quick times the 5-unit stack once; a time and its target, never asserted.
    expect(r.attackSummaries.map((s: { name: string }) => s.name)).toEqual(['5 units, 2 leaders']);
    expect(positive(r.attackSummaries[0].ms)).toBe(true);
    expect(typeof r.attackSummaries[0].target).toBe('boolean');
    // The same from the command line, a new process: --quick runs the 5-unit stack once, on every core
    // and, where taskset runs, on one core; the answer was exact (else `error` says why).
    const cli = r.attackSummariesCli;
    expect(cli.map((s: { name: string }) => s.name)).toEqual(['5 units, 2 leaders']);
    expect(cli[0].error).toBeNull();
    expect(cli[0].runs).toBe(1);
    expect(positive(cli[0].medianMs) && cli[0].bestMs === cli[0].medianMs).toBe(true);
    expect(cli[0].oneCoreMedianMs === null || positive(cli[0].oneCoreMedianMs)).toBe(true);
    expect(cli[0].target).toBe(cli[0].oneCoreMedianMs === null ? null : cli[0].oneCoreMedianMs < 1000);
    // Random stacks: --quick times 2 seeded 6-unit stacks with 2 leaders, each twice (first, again).
    const w = r.attackSummarySweep;
    expect([w.stacks, w.units, w.leaders, w.seed]).toEqual([2, 6, 2, 'bench']);
    expect(positive(w.medianMs) && w.maxMs >= w.medianMs).toBe(true);
    expect(w.under1s >= 0 && w.under1s <= 2).toBe(true);
    // Each asked again right after: its own slowest and count.
    expect(positive(w.againMaxMs)).toBe(true);
    expect(w.againUnder1s >= 0 && w.againUnder1s <= 2).toBe(true);
    expect(w.slowest).toMatch(/^attack --fp \d+ --drm -?\d --target (\w+\/[^,]+,){5}\w+\/\S+$/);
    // The 3-leader random stacks take seconds each: skipped with --quick.
    expect(r.attackSummarySweep3).toBeNull();
  });

  it('prints a readable table without --json', async () => {
    const b = bufferIO();
    expect(await runCli(['bench', '--quick', '--trials', '2000'], b.io)).toBe(0);
    expect(b.out()).toMatch(/raw dice \(tychei\)/);
    expect(b.out()).toMatch(/chain \/ naive/);
    expect(b.out()).toMatch(/end to end 1e8\s+skipped/);
    expect(b.out()).toMatch(/Scenario scaling .* growth exponent/);
    expect(b.out()).toMatch(/The same from the command line, a new process each run .*\n.*all cores ms\s+one core ms\s+target\n5 units, 2 leaders\s+\d+ \(\d+\)/);
    expect(b.out()).toMatch(/Random stacks \(2 of 6 units with 2 leaders, seed 'bench'\), the first time each is asked: median \d+ ms, .*; asked again: slowest \d+ ms, [0-2] of 2 under 1 s/);
  });
});

describe('measureAttackSummariesInNewProcess (bench/attack-summary-bench.ts)', () => {
  it('reports a command that fails instead of throwing: the reason, no figures', async () => {
    const { measureAttackSummariesInNewProcess } = await import('../../src/bench/attack-summary-bench.js');
    const [r] = measureAttackSummariesInNewProcess({ quick: true, reps: 1, onStage: () => {}, bin: '/nonexistent/asl-odds.js' });
    expect([r.medianMs, r.bestMs, r.oneCoreMedianMs, r.oneCoreBestMs, r.target]).toEqual([null, null, null, null, null]);
    expect(r.error).toMatch(/^asl-odds attack --fp 16 --drm -1 --target .* --exact: exit 1: .*Cannot find module/);
  });
});

describe('scaledScenario (bench/scenario-scaling.ts)', () => {
  it('repeats stacks, multiplies counts in lines of at most 30, scales victory thresholds', async () => {
    const { scaledScenario } = await import('../../src/bench/scenario-scaling.js');
    const { loadScenarioFile } = await import('../../src/io/load-scenario.js');
    const { compileScenario } = await import('../../src/scenario/setup.js');
    const base = await loadScenarioFile('scenarios/stalingrad-factory-1942.yaml');
    const s = scaledScenario(base, 2, 8);
    expect(s.sides[0].stacks.map((x) => x.name).slice(0, 3)).toEqual(['assault-1-1', 'assault-1-2', 'assault-2-1']);
    // russian workers-barracks: 4 x 4-2-6 -> 32 = 30 + 2
    const barracks = s.sides[1].stacks.find((x) => x.name === 'workers-barracks-1')!;
    expect(barracks.units.filter((u) => u.id === 'russian/4-2-6').map((u) => u.count)).toEqual([30, 2]);
    expect(s.sides[0].victory!.conditions).toContainEqual({ kind: 'casualtyBPVInflicted', atLeast: 50 * 16 });
    expect(compileScenario(s).sides[1].startingSquads).toBe(16 * compileScenario(base).sides[1].startingSquads);
  });
});
