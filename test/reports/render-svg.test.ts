import { describe, expect, it } from 'vitest';
import type { OddsResult } from '../../src/result.js';
import { buildOutcomeSpec } from '../../src/reports/outcome-chart.js';
import { renderSvg } from '../../src/report-files/render-svg.js';
import { EXACT_NMC, MONTE_CARLO } from './fixtures.js';

/** Inner markup of vega's group of the marks whose class starts with `mark-<type> role-mark`. */
function markGroup(svg: string, type: 'rect' | 'rule'): string | undefined {
  return new RegExp(`<g class="mark-${type} role-mark[^"]*"[^>]*>(.*?)</g>`).exec(svg)?.[1];
}

describe('renderSvg', () => {
  it('renders one bar (a path in the rect role-mark group) per outcome, most likely on top', async () => {
    // Rows deliberately out of order: the chart must still sort by probability.
    const shuffled: OddsResult = { ...EXACT_NMC, outcomes: [...EXACT_NMC.outcomes].reverse() };
    const svg = await renderSvg(buildOutcomeSpec(shuffled));
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    const bars = [...(markGroup(svg, 'rect') ?? '').matchAll(/<path aria-label="([^"]*)"[^>]*d="M0,([\d.]+)h([\d.]+)/g)];
    expect(bars).toHaveLength(4);
    const byY = bars.map((b) => ({ label: b[1], y: Number(b[2]), width: Number(b[3]) })).sort((a, b) => a.y - b.y);
    expect(byY.map((b) => b.label)).toEqual([
      'good order: 41.7% (1 in 2.4)',
      'broken 4-6-7: 38.9% (1 in 2.6)',
      'pinned: 16.7% (1 in 6)',
      'broken, reduced to 2-4-7 &quot;HS&quot;: 2.8% (1 in 36)',
    ]);
    // Bar lengths are proportional to probability: 15 : 14 : 6 : 1.
    expect(byY[1].width / byY[0].width).toBeCloseTo(14 / 15, 6);
    expect(byY[3].width / byY[0].width).toBeCloseTo(1 / 15, 6);
    expect(markGroup(svg, 'rule')).toBeUndefined();
    expect(svg).toContain('mc: unit German 4-6-7, check NMC, ML 7');
    // Value labels: each bar's percent as text.
    for (const p of ['41.7%', '38.9%', '16.7%', '2.8%']) expect(svg).toContain(`>${p}</text>`);
  });

  it('renders a 5,000-state result as 25 bars in a chart of ordinary height (issue 13: call stack exceeded)', async () => {
    const n = 5000;
    const big: OddsResult = { ...EXACT_NMC, command: 'attack', outcomes: Array.from({ length: n }, (_, i) => ({ state: `9-1, broken 4-6-7 #${i}`, probability: 1 / n })) };
    const svg = await renderSvg(buildOutcomeSpec(big));
    expect((markGroup(svg, 'rect') ?? '').match(/<path /g)).toHaveLength(25);
    const height = Number(/<svg[^>]* height="([\d.]+)"/.exec(svg)?.[1]);
    expect(height).toBeLessThan(900);
  });

  it('draws one whisker per Monte Carlo outcome', async () => {
    const svg = await renderSvg(buildOutcomeSpec(MONTE_CARLO));
    expect((markGroup(svg, 'rect') ?? '').match(/<path /g)).toHaveLength(4);
    expect((markGroup(svg, 'rule') ?? '').match(/<line /g)).toHaveLength(4);
  });
});
