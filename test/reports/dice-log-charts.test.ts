/**
 * The dice log's charts: valid vega-lite, and their data are the analysis's (full.vlog, vasl-templates).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeDiceLogs } from '../../src/reports/dice-log.js';
import { buildDiceDistributionSpec, buildRunningMeanSpec } from '../../src/reports/dice-log-charts.js';
import { readGameLog } from '../../src/vasl/game-log.js';
import { vegaLiteValidator } from './schema.js';

const F = new URL('../fixtures/vasl-templates/analyze-vlog/full.vlog', import.meta.url).pathname;
const a = analyzeDiceLogs([readGameLog(new Uint8Array(readFileSync(F)), 'full.vlog')]);

describe('dice log charts', () => {
  it('validate against the vega-lite JSON schema', () => {
    const validate = vegaLiteValidator();
    for (const spec of [buildDiceDistributionSpec(a), buildRunningMeanSpec(a), buildDiceDistributionSpec(a, 'dr'), buildRunningMeanSpec(a, 'dr')]) {
      expect(spec).not.toBeNull();
      validate(spec);
      expect(validate.errors ?? []).toEqual([]);
    }
  });

  it("the distribution is each player's share of each DR total, beside fair dice's probability", () => {
    const values = (buildDiceDistributionSpec(a) as { data: { values: { player: string; value: string; share: number; fair: number }[] } }).data.values;
    const bob7 = values.find((v) => v.player === 'Bob' && v.value === '7')!;
    expect(bob7.share).toBe(2 / 5);
    expect(bob7.fair).toBe(6 / 36);
  });

  it("the running mean follows each player's DR in order; the band starts at 2..12", () => {
    const spec = buildRunningMeanSpec(a) as { layer: { data: { values: Record<string, number | string>[] } }[] };
    const band = spec.layer[0].data.values;
    expect(band[0]).toEqual({ rolls: 1, lo: 2, hi: 12 });
    expect(band).toHaveLength(12);
    const bob = spec.layer[2].data.values.filter((v) => v.player === 'Bob').map((v) => v.mean);
    expect(bob).toEqual([8, 8, 23 / 3, 30 / 4, 36 / 5]);
  });
});
