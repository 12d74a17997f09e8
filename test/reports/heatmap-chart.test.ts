import { beforeAll, describe, expect, it } from 'vitest';
import { buildHeatmapSpec } from '../../src/reports/heatmap-chart.js';
import { renderSvg } from '../../src/report-files/render-svg.js';
import { TABLE_KINDS } from '../../src/tables/table-kinds.js';
import { vegaLiteValidator } from './schema.js';

const sets = TABLE_KINDS.map((k) => k.build({}));

describe('buildHeatmapSpec', () => {
  beforeAll(() => void vegaLiteValidator(), 60_000);

  it.each(sets.flatMap((s) => s.tables.map((t) => [`${s.kind}/${t.id}`, s, t] as const)))('%s validates against the vega-lite JSON schema', (_, set, table) => {
    const validate = vegaLiteValidator();
    const ok = validate(JSON.parse(JSON.stringify(buildHeatmapSpec(set, table))));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('columns on x, upright labels; rows on y in table order; one datum per cell; viridis on [0, 1]', () => {
    const set = sets[0];
    const spec = JSON.parse(JSON.stringify(buildHeatmapSpec(set, set.tables[0])));
    expect(spec.encoding.x).toMatchObject({ field: 'column', sort: set.tables[0].columns, axis: { labelAngle: 0 } });
    expect(spec.encoding.y).toMatchObject({ field: 'row', sort: set.tables[0].rows });
    expect(spec.data.values).toHaveLength(7 * 12);
    expect(spec.layer[0].encoding.color.scale).toEqual({ scheme: 'viridis', domain: [0, 1] });
    expect(spec.layer[0].encoding.color.legend.format).toBe('%');
    expect(spec.data.values[0]).toMatchObject({ row: 'ML 10', column: '-3', percent: '97.2%', fraction: '35/36' });
  });

  it('renders headless to SVG with a cell label', async () => {
    const set = sets[1];
    const svg = await renderSvg(buildHeatmapSpec(set, set.tables[0]));
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('27.8%');
  });
});
