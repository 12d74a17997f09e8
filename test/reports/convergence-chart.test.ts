import { beforeAll, describe, expect, it } from 'vitest';
import type { ChunkSnapshot } from '../../src/queries/compute-odds.js';
import { buildConvergence, buildConvergenceSpec, MAX_POINTS } from '../../src/reports/convergence-chart.js';
import type { OddsResult } from '../../src/result.js';
import { EXACT_NMC, MONTE_CARLO } from './fixtures.js';
import { vegaLiteValidator } from './schema.js';

/** Ten chunks of 100,000 trials with made-up counts summing to MONTE_CARLO's. */
function snapshots(): ChunkSnapshot[] {
  return Array.from({ length: 10 }, (_, chunk) => ({
    chunk,
    trials: 100_000,
    outcomeCounts: { 'good order': 41_680, 'broken 4-6-7': 38_860, pinned: 16_680, 'broken, reduced to 2-4-7 "HS"': 2_780 },
  }));
}

describe('buildConvergence', () => {
  it('sums chunks in chunk order whatever the completion order (thread-count independent)', () => {
    const a = buildConvergence(MONTE_CARLO, snapshots());
    const b = buildConvergence(MONTE_CARLO, [...snapshots()].reverse());
    expect(b).toEqual(a);
    if (a.kind !== 'series') throw new Error('expected a series');
    expect(a.states).toEqual(MONTE_CARLO.outcomes.map((o) => o.state));
    expect(a.points).toHaveLength(10 * 4);
    const last = a.points.filter((p) => p.trials === 1_000_000);
    expect(last.find((p) => p.state === 'good order')!.probability).toBeCloseTo(0.4168, 12);
    for (const p of a.points) expect(p.lo <= p.probability && p.probability <= p.hi).toBe(true);
  });

  it('keeps at most MAX_POINTS points per outcome, always the last', () => {
    const many = Array.from({ length: 500 }, (_, chunk) => ({ chunk, trials: 2_000, outcomeCounts: { 'good order': 1_000, pinned: 1_000 } }));
    const r: OddsResult = { ...MONTE_CARLO, trials: 1_000_000, outcomes: [MONTE_CARLO.outcomes[0], { ...MONTE_CARLO.outcomes[2] }] };
    const c = buildConvergence(r, many);
    if (c.kind !== 'series') throw new Error('expected a series');
    const trials = [...new Set(c.points.map((p) => p.trials))];
    expect(trials.length).toBeLessThanOrEqual(MAX_POINTS + 1);
    expect(trials.at(-1)).toBe(1_000_000);
  });

  it('says why there is no chart: exact, one chunk, partial tallies (a resumed run)', () => {
    expect(buildConvergence(EXACT_NMC, snapshots())).toMatchObject({ kind: 'none' });
    expect(buildConvergence(MONTE_CARLO, snapshots().slice(0, 1))).toMatchObject({ kind: 'none', reason: expect.stringContaining('single chunk') });
    expect(buildConvergence(MONTE_CARLO, snapshots().slice(0, 5))).toMatchObject({ kind: 'none', reason: expect.stringContaining('resumed') });
    expect(buildConvergence(MONTE_CARLO, undefined)).toMatchObject({ kind: 'none' });
  });
});

describe('buildConvergenceSpec', () => {
  beforeAll(() => void vegaLiteValidator(), 60_000);

  it('validates against the vega-lite JSON schema, with and without exact values', () => {
    const series = buildConvergence(MONTE_CARLO, snapshots());
    if (series.kind !== 'series') throw new Error('expected a series');
    const compared: OddsResult = {
      ...MONTE_CARLO,
      comparison: { figures: [{ name: 'outcome: good order', exact: 5 / 12, estimate: 0.4168, z: 0.1, normalApproximation: true }], maxAbsZ: 0.1, chiSquared: { statistic: 1, degreesOfFreedom: 3, pValue: 0.8 } },
    };
    for (const r of [MONTE_CARLO, compared]) {
      const spec = JSON.parse(JSON.stringify(buildConvergenceSpec(r, series)));
      const validate = vegaLiteValidator();
      const ok = validate(spec);
      expect(validate.errors ?? []).toEqual([]);
      expect(ok).toBe(true);
      expect(spec.spec.layer).toHaveLength(r === compared ? 4 : 3);
      expect(spec.spec.layer[0].encoding.x.title).toBe('Trials (log scale)');
      expect(spec.spec.layer[0].encoding.y).toEqual({ field: 'lo', type: 'quantitative' });
    }
  });
});
