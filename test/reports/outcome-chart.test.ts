import { beforeAll, describe, expect, it } from 'vitest';
import type { OddsResult } from '../../src/result.js';
import { buildOutcomeSpec, MAX_CHART_BARS, outcomeKind, WHISKER_COLOR } from '../../src/reports/outcome-chart.js';
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

  it('draws one horizontal bar per outcome, sorted by rank (most likely first), x as percent, colored by what happened', () => {
    const spec = json(EXACT_NMC);
    expect(spec.layer[0].mark).toEqual({ type: 'bar' });
    expect(spec.data.values).toHaveLength(4);
    expect(spec.encoding.y).toMatchObject({ field: 'state', sort: { field: 'rank', op: 'min', order: 'ascending' } }); // layers: union domains sort only by min, max or count
    expect(spec.data.values.map((v: { state: string }) => v.state)).toEqual(['good order', 'broken 4-6-7', 'pinned', 'broken, reduced to 2-4-7 "HS"']);
    expect(spec.data.values.map((v: { kind: string }) => v.kind)).toEqual(['passed / no effect', 'broken', 'pinned', 'broken']);
    expect(spec.layer[0].encoding.color.scale).toEqual({ domain: ['passed / no effect', 'pinned', 'broken'], range: ['#009E73', '#E69F00', '#D55E00'] });
    expect(spec.layer[0].encoding.x).toMatchObject({ field: 'probability', type: 'quantitative', axis: { format: '%' } });
    expect(spec.layer[0].encoding.tooltip.map((t: { field: string }) => t.field)).toEqual(['state', 'percent', 'odds', 'detail']);
    expect(spec.data.values[3]).toMatchObject({ state: 'broken, reduced to 2-4-7 "HS"', probability: 1 / 36, percent: '2.8%', odds: '1 in 36', detail: '1/36' });
  });

  it('labels every bar with its percent (a text layer)', () => {
    const spec = json(EXACT_NMC);
    expect(spec.layer[1].mark.type).toBe('text');
    expect(spec.layer[1].encoding.text.field).toBe('percent');
    expect(spec.data.values.map((v: { percent: string }) => v.percent)).toEqual(['41.7%', '38.9%', '16.7%', '2.8%']);
  });

  it('sorts by probability even when the rows are not', () => {
    const shuffled: OddsResult = { ...EXACT_NMC, outcomes: [...EXACT_NMC.outcomes].reverse() };
    expect(json(shuffled).data.values).toEqual(json(EXACT_NMC).data.values);
  });

  it('at most 25 bars: the 24 likeliest, then "other" with the rest summed (issue 13: 406 bars, 9,005 px)', () => {
    const n = 406;
    const weights = Array.from({ length: n }, (_, i) => n - i);
    const total = weights.reduce((a, b) => a + b, 0);
    const big: OddsResult = { ...EXACT_NMC, command: 'attack', outcomes: weights.map((w, i) => ({ state: `state ${i} broken`, probability: w / total })) };
    const spec = json(big);
    expect(spec.data.values).toHaveLength(MAX_CHART_BARS);
    const other = spec.data.values[24];
    expect(other).toMatchObject({ state: 'other (382 more final states)', kind: 'other', rank: 24 });
    expect(other.probability).toBeCloseTo(weights.slice(24).reduce((a, b) => a + b, 0) / total, 12);
    expect(spec.data.values.reduce((s: number, v: { probability: number }) => s + v.probability, 0)).toBeCloseTo(1, 12);
    expect(JSON.stringify(spec).length).toBeLessThan(20_000); // the spec does not grow with the result
    const validate = vegaLiteValidator();
    expect(validate(spec)).toBe(true);
  });

  it('outcomeKind: the worst thing in the state; rout and integrity by their meaning', () => {
    expect(outcomeKind('broken 9-1, pinned 4-6-7')).toBe('broken');
    expect(outcomeKind('eliminated 9-1, broken 2-4-7')).toBe('eliminated or captured');
    expect(outcomeKind('pinned 9-1, 4-6-7')).toBe('pinned');
    expect(outcomeKind('4-6-8 (battle hardened) + hero 1-4-9')).toBe('Heat of Battle');
    expect(outcomeKind('4-6-7')).toBe('passed / no effect');
    expect(outcomeKind('arrived: broken 4-6-7; leader 8-1 unharmed', 'rout')).toBe('passed / no effect');
    expect(outcomeKind('arrived: broken 2-4-7 (casualty reduced); leader 8-1 eliminated', 'rout')).toBe('broken');
    expect(outcomeKind('eliminated by Interdiction, hex 2 of 2; leader 8-1 eliminated', 'rout')).toBe('eliminated or captured');
    expect(outcomeKind('ELR falls to 2', 'integrity')).toBe('broken');
  });

  it('titles the chart with the command and the input in words, subtitle with method and rule set', () => {
    expect(json(EXACT_NMC).title).toMatchObject({
      text: 'mc: unit German 4-6-7, check NMC, ML 7',
      subtitle: 'every final state · exact · rule set 2nd-edition · v0.1.0',
    });
    expect(json(EXACT_NMC, 'My chart').title.text).toBe('My chart');
  });

  it('overlays ci95 whiskers as a rule layer from ci95[0] to ci95[1] for Monte Carlo rows', () => {
    const spec = json(MONTE_CARLO);
    expect(spec.mark).toBeUndefined();
    expect(spec.layer).toHaveLength(3);
    expect(spec.layer[0].mark.type).toBe('bar');
    expect(spec.layer[1].mark).toMatchObject({ type: 'rule', color: WHISKER_COLOR });
    expect(spec.layer[1].encoding.x.field).toBe('lo');
    expect(spec.layer[1].encoding.x2.field).toBe('hi');
    expect(spec.data.values[0]).toMatchObject({ lo: 0.4155, hi: 0.4181, detail: '±0.1 pp', labelAt: 0.4181 });
    expect(spec.title.subtitle).toContain('Monte Carlo, 1,000,000 trials, seed 42');
  });
});
