import { beforeAll, describe, expect, it } from 'vitest';
import type { OddsResult } from '../../src/result.js';
import { BAR_COLOR, buildOutcomeSpec, WHISKER_COLOR } from '../../src/reports/outcome-chart.js';
import { EXACT_NMC, MONTE_CARLO } from './fixtures.js';
import { vegaLiteValidator } from './schema.js';

/** The spec as plain JSON, as it is written to `<name>.vl.json`. */
function json(result: OddsResult, title?: string): any {
  return JSON.parse(JSON.stringify(buildOutcomeSpec(result, title === undefined ? {} : { title })));
}

describe('buildOutcomeSpec', () => {
  // Compiling the schema takes a second or more: do it once, outside the per-test timeout.
  beforeAll(() => void vegaLiteValidator(), 60_000);

  it.each([
    ['exact', EXACT_NMC],
    ['Monte Carlo', MONTE_CARLO],
  ])('validates against the vega-lite JSON schema (%s)', (_, result) => {
    const validate = vegaLiteValidator();
    const ok = validate(json(result));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('the schema check is live: a broken spec fails it', () => {
    const spec = json(EXACT_NMC);
    spec.mark = { type: 'not-a-mark' };
    expect(vegaLiteValidator()(spec)).toBe(false);
  });

  it('draws one horizontal bar per outcome, states sorted by probability, x as percent', () => {
    const spec = json(EXACT_NMC);
    expect(spec.mark).toEqual({ type: 'bar', color: BAR_COLOR });
    expect(spec.data.values).toHaveLength(4);
    expect(spec.encoding.y.field).toBe('state');
    expect(spec.encoding.y.sort).toEqual(['good order', 'broken 4-6-7', 'pinned', 'broken, reduced to 2-4-7 "HS"']);
    expect(spec.encoding.x).toMatchObject({ field: 'probability', type: 'quantitative', axis: { format: '%' } });
    expect(spec.encoding.tooltip.map((t: { field: string }) => t.field)).toEqual(['state', 'percent', 'odds', 'detail']);
    expect(spec.data.values[3]).toMatchObject({
      state: 'broken, reduced to 2-4-7 "HS"',
      probability: 1 / 36,
      percent: '2.8%',
      odds: '1 in 36',
      detail: '1/36',
    });
  });

  it('sorts by probability even when the rows are not', () => {
    const shuffled: OddsResult = { ...EXACT_NMC, outcomes: [...EXACT_NMC.outcomes].reverse() };
    expect(json(shuffled).encoding.y.sort).toEqual(json(EXACT_NMC).encoding.y.sort);
  });

  it('titles the chart with the command and the input, subtitle with rule set and method', () => {
    expect(json(EXACT_NMC).title).toMatchObject({
      text: 'mc: unit=german/4-6-7, check=NMC, ml=7, drm=0',
      subtitle: 'rule set 2nd-edition · exact · asl-odds v0.1.0',
    });
    expect(json(EXACT_NMC, 'My chart').title.text).toBe('My chart');
  });

  it('overlays ci95 whiskers as a rule layer from ci95[0] to ci95[1] for Monte Carlo rows', () => {
    const spec = json(MONTE_CARLO);
    expect(spec.mark).toBeUndefined();
    expect(spec.layer).toHaveLength(2);
    expect(spec.layer[0].mark.type).toBe('bar');
    expect(spec.layer[1].mark).toMatchObject({ type: 'rule', color: WHISKER_COLOR });
    expect(spec.layer[1].encoding.x.field).toBe('lo');
    expect(spec.layer[1].encoding.x2.field).toBe('hi');
    expect(spec.data.values[0]).toMatchObject({ lo: 0.4155, hi: 0.4181, detail: '±0.1 pp' });
    expect(spec.title.subtitle).toContain('Monte Carlo, 1,000,000 trials, seed 42');
  });
});
