import { describe, expect, it } from 'vitest';
import { buildELRSpec, buildStrengthFanSpec, buildSweepSpec, buildVictorySpec } from '../../src/reports/scenario-charts.js';
import { renderSvg } from '../../src/report-files/render-svg.js';
import { formatScenarioResult, formatSweep } from '../../src/reports/scenario-text.js';
import { runScenario } from '../../src/scenario/run-scenario.js';
import { cityFight } from '../scenario/fixture.js';
import { vegaLiteValidator } from './schema.js';
import { buildBalanceSpec, buildGridSpec, buildRecordSpec } from '../../src/reports/design-charts.js';
import { curvePoint, findBalance } from '../../src/scenario/balance.js';
import { calibrate, checkRecord, parseRecord } from '../../src/scenario/record.js';

describe('scenario charts', async () => {
  const r = await runScenario(cityFight({ turns: 2 }), { trials: 50, seed: 'charts', threads: 1 });
  const rows = [
    { value: 2, result: r },
    { value: 3, result: r },
  ];
  const pts = [0, 1, 2].map((v, i) => curvePoint(v, { german: { ...r.victory.german, probability: 0.7 - 0.3 * i, ci95: [0.6 - 0.3 * i, 0.8 - 0.3 * i] }, russian: { ...r.victory.russian, probability: 0.3 + 0.3 * i }, neither: r.victory.neither }, 'german', 'russian', 50));
  const record = parseRecord('german=12,russian=18', ['german', 'russian']);
  const calibration = calibrate('sides.german.fire.drm', true, record, [0, 1, 2].map((v) => ({ value: v, victory: r.victory, trials: r.trials })));
  const grid = { paths: ['turns', 'sides.german.elr'] as [string, string], values: [[1, 2], [2, 3, 4]] as [number[], number[]], cells: [[r, r, r], [r, r, r]], side: 'german' };
  const specs = {
    victory: buildVictorySpec(r),
    strength: buildStrengthFanSpec(r),
    elr: buildELRSpec(r),
    sweep: buildSweepSpec('sides.german.elr', rows),
    balance: buildBalanceSpec(findBalance('sides.german.fire.drm', 'german', 'russian', true, pts)),
    grid: buildGridSpec(grid, r.version, r.ruleSet),
    record: buildRecordSpec(checkRecord(record, r.victory), null),
    calibration: buildRecordSpec(checkRecord(record, r.victory), calibration),
  };
  for (const [name, spec] of Object.entries(specs)) {
    it(`${name}: valid against vega-lite's JSON schema and renders to SVG`, async () => {
      const validate = vegaLiteValidator();
      expect(validate(spec), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
      expect(await renderSvg(spec)).toContain('<svg');
    });
  }
  it('with a sweep, every chart names the value it is for (issue 13: figures of the first value only, unlabelled)', () => {
    const v = { path: 'sides.german.elr', value: 2 };
    for (const spec of [buildVictorySpec(r, v), buildStrengthFanSpec(r, v), buildELRSpec(r, v)]) {
      expect((spec.title as { text: string }).text).toContain('(sides.german.elr = 2)');
    }
  });
  it('the fan chart draws one panel per side (bands never overlap)', () => {
    expect((specs.strength as { facet?: { row?: { field: string } } }).facet?.row?.field).toBe('side');
  });
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
    expect(formatScenarioResult(r, { path: 'sides.german.elr', value: 3 }).split('\n')[0]).toContain('with sides.german.elr = 3: who wins');
  });
});
