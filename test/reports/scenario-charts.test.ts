import { describe, expect, it } from 'vitest';
import { buildELRSpec, buildStrengthFanSpec, buildSweepSpec, buildVictorySpec } from '../../src/reports/scenario-charts.js';
import { renderSvg } from '../../src/reports/render-svg.js';
import { formatScenarioResult, formatSweep } from '../../src/reports/scenario-text.js';
import { runScenario } from '../../src/scenario/run-scenario.js';
import { cityFight } from '../scenario/fixture.js';
import { vegaLiteValidator } from './schema.js';

describe('scenario charts', async () => {
  const r = await runScenario(cityFight({ turns: 2 }), { trials: 50, seed: 'charts', threads: 1 });
  const rows = [
    { value: 2, result: r },
    { value: 3, result: r },
  ];
  const specs = { victory: buildVictorySpec(r), strength: buildStrengthFanSpec(r), elr: buildELRSpec(r), sweep: buildSweepSpec('sides.german.elr', rows) };
  for (const [name, spec] of Object.entries(specs)) {
    it(`${name}: valid against vega-lite's JSON schema and renders to SVG`, async () => {
      const validate = vegaLiteValidator();
      expect(validate(spec), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
      expect(await renderSvg(spec)).toContain('<svg');
    });
  }
  it('the fan chart has one point per turn and side, with p10 <= p50 <= p90', () => {
    const values = (specs.strength.data as { values: { p10: number; p50: number; p90: number }[] }).values;
    expect(values).toHaveLength(2 * 2);
    for (const v of values) expect(v.p10 <= v.p50 && v.p50 <= v.p90).toBe(true);
  });
  it('the text summary and the sweep table name every side', () => {
    const text = formatScenarioResult(r);
    expect(text).toContain('german');
    expect(text).toContain('russian');
    expect(formatSweep('sides.german.elr', rows).split('\n').filter((l) => /^[23] /.test(l))).toHaveLength(2);
  });
});
