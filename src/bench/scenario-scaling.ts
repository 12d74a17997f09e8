/**
 * How a playthrough's cost grows with the size of the scenario (`asl-odds bench`): the
 * bundled Stalingrad example (12 squads and 3 leaders a side) scaled by a factor f in {1, 4, 16, 64}
 * (12, 48, 192, 768 squads a side), its stacks repeated sqrt(f) times and each stack's unit counts
 * multiplied by sqrt(f), so both the number of Locations and their size grow (the shape of "50 stacks
 * of 30 squads a side"); victory thresholds scale with f. Each size runs in this thread on
 * `runScenarioChunk`, after a warm-up, the sizes interleaved over the repetitions (drift hits all
 * alike); the figure is the median time per playthrough. The growth exponent is the least-squares
 * slope of log(time) on log(squads) (simple-statistics `linearRegression`): 1 is linear.
 */
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { linearRegression, median } from 'simple-statistics';
import { chunkTrials, planChunks } from '../engine/chunk-plan.js';
import { runScenarioChunk } from '../scenario/run-scenario.js';
import { loadScenarioFile } from '../io/load-scenario.js';
import { tallyLayout } from '../scenario/scenario-tally.js';
import { MAX_UNIT_COUNT } from '../scenario/scenario-schema.js';
import { compileScenario } from '../scenario/setup.js';
import type { Scenario, StackSpec, UnitLine, VictoryCondition } from '../scenario/types.js';
import { PACKAGE_ROOT } from '../io/package-root.js';

/** The scenario scaled (bundled with the package). */
export const SCALING_BASE = 'scenarios/stalingrad-factory-1942.yaml';
/** Scale factors measured: squads a side = 12 x factor. */
export const SCALING_FACTORS = [1, 4, 16, 64] as const;

/**
 * `base` with every stack (and reinforcement stack) repeated `copies` times (names suffixed `-1`,
 * `-2`, ...) and every unit line's count multiplied by `perStack` (lines past 30 split in lines of at
 * most 30), victory thresholds multiplied by copies x perStack (ELR thresholds unchanged).
 * @param copies integer >= 1
 * @param perStack integer >= 1
 * Never throws.
 * @example scaledScenario(s, 2, 2).sides[0].stacks.length // 2 x s.sides[0].stacks.length
 */
export function scaledScenario(base: Scenario, copies: number, perStack: number): Scenario {
  const f = copies * perStack;
  const lines = (units: readonly UnitLine[]): UnitLine[] =>
    units.flatMap((u) => {
      const out: UnitLine[] = [];
      for (let left = u.count * perStack; left > 0; left -= MAX_UNIT_COUNT) out.push({ ...u, count: Math.min(MAX_UNIT_COUNT, left) });
      return out;
    });
  const stacks = (ss: readonly StackSpec[]): StackSpec[] =>
    ss.flatMap((st) => Array.from({ length: copies }, (_, i) => ({ ...st, name: copies === 1 ? st.name : `${st.name}-${i + 1}`, units: lines(st.units) })));
  const victory = (c: VictoryCondition): VictoryCondition => {
    switch (c.kind) {
      case 'enemyELRAtMost':
        return c;
      case 'enemyGoodOrderSquadsAtMost':
        return { ...c, atMost: c.atMost * f };
      default:
        return { ...c, atLeast: c.atLeast * f };
    }
  };
  const sides = base.sides.map((s) => ({
    ...s,
    stacks: stacks(s.stacks),
    reinforcements: s.reinforcements.map((r) => ({ ...r, stacks: stacks(r.stacks) })),
    victory: s.victory && { ...s.victory, conditions: s.victory.conditions.map(victory) },
  }));
  return { ...base, title: `${base.title} x${f}`, sides: [sides[0], sides[1]] };
}

/** One size's figures. */
export interface ScalingPoint {
  /** Scale factor f. */
  readonly factor: number;
  /** Squad-equivalents of the first side at the start (12.5 x f here). */
  readonly squads: number;
  readonly stacksPerSide: number;
  /** Playthroughs per timed repetition. */
  readonly playthroughs: number;
  /** Median milliseconds per playthrough, one thread. */
  readonly msPerPlaythrough: number;
}

/** The scaling figures (BenchResult.scenarioScaling). */
export interface ScalingResult {
  readonly base: string;
  readonly repetitions: number;
  readonly points: readonly ScalingPoint[];
  /** Least-squares slope of log(ms) on log(squads) over all sizes: 1 = linear. */
  readonly exponent: number;
  /** The same slope between the two largest sizes only. */
  readonly exponentLargest: number;
}

/**
 * Measures the playthrough time of the scaled scenarios.
 * @param o.quick fewer playthroughs (about 1/8) and one repetition
 * @param o.seed stream seed
 * @throws AslOddsError when the bundled scenario cannot be read (`scenario.read`)
 * Cost: about 8 s per repetition (a quarter of it with quick), plus the warm-up.
 */
export async function measureScenarioScaling(o: { quick?: boolean; seed?: string; repetitions?: number; onStage?: (s: string) => void } = {}): Promise<ScalingResult> {
  const file = join(PACKAGE_ROOT, SCALING_BASE);
  const base = await loadScenarioFile(file);
  const reps = o.repetitions ?? (o.quick ? 1 : 3);
  const seed = o.seed ?? 'bench';
  const budget = o.quick ? 256 : 2048; // playthroughs x factor per repetition
  const sizes = SCALING_FACTORS.map((f) => {
    const r = Math.round(Math.sqrt(f));
    const setup = compileScenario(scaledScenario(base, r, f / r));
    return { f, setup, layout: tallyLayout(setup), n: Math.max(4, Math.round(budget / f)), times: [] as number[] };
  });
  const run = (s: (typeof sizes)[number], k: number, n: number) => runScenarioChunk(s.setup, s.layout, seed, planChunks(n, n), k);
  o.onStage?.('scenario scaling: warming up');
  for (const s of sizes) run(s, 1000, Math.max(2, s.n >> 2));
  for (let rep = 0; rep < reps; rep++) {
    for (const s of sizes) {
      o.onStage?.(`scenario scaling: ${12 * s.f} squads a side, ${s.n} playthroughs (${rep + 1}/${reps})`);
      const t0 = performance.now();
      run(s, rep, s.n);
      s.times.push((performance.now() - t0) / chunkTrials(planChunks(s.n, s.n), 0));
    }
  }
  const points = sizes.map((s) => ({
    factor: s.f,
    squads: s.setup.sides[0].startingSquads,
    stacksPerSide: s.setup.sides[0].stacks.length,
    playthroughs: s.n,
    msPerPlaythrough: median(s.times),
  }));
  const logs = points.map((p) => [Math.log(p.squads), Math.log(p.msPerPlaythrough)]);
  const [a, b] = points.slice(-2);
  return {
    base: SCALING_BASE,
    repetitions: reps,
    points,
    exponent: linearRegression(logs).m,
    exponentLargest: Math.log(b.msPerPlaythrough / a.msPerPlaythrough) / Math.log(b.squads / a.squads),
  };
}

