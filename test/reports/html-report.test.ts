import { describe, expect, it } from 'vitest';
import { buildHtmlReport, escapeHtml, scriptCode, scriptJson } from '../../src/report-files/html-report.js';
import { buildOutcomeSpec } from '../../src/reports/outcome-chart.js';
import { EXACT_NMC } from './fixtures.js';

const PAYLOAD = '<script>alert(1)</script>';

describe('html-report escaping', () => {
  it('escapeHtml turns markup into text', () => {
    expect(escapeHtml(`${PAYLOAD} & "q" 'a'`)).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;a&#39;');
  });
  it('scriptJson has no < and reads back unchanged', () => {
    const v = { title: `${PAYLOAD}<!-- \u2028` };
    const s = scriptJson(v);
    expect(s).not.toContain('<');
    expect(JSON.parse(s)).toEqual(v);
  });
  it('scriptCode cannot close its script element', () => {
    expect(scriptCode('a = "</script>"; b = "<!--";')).toBe('a = "<\\/script>"; b = "<\\!--";');
  });
});

describe('buildHtmlReport', () => {
  it('is one offline page: vega, vega-lite and vega-embed inlined, no external resource, a CSP without connections', async () => {
    const html = await buildHtmlReport({ title: 'asl-odds mc', meta: [['Seed', 's1']], sections: [{ heading: 'Outcomes', blocks: [{ kind: 'chart', chart: { title: 'bars', spec: buildOutcomeSpec(EXACT_NMC) } }] }] });
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.includes("connect-src 'none'")).toBe(true);
    expect(html.includes('vegaLite')).toBe(true);
    expect(html.includes('.vegaEmbed=')).toBe(true); // the UMD build's global
    expect(html.includes("vegaEmbed(el, c.spec, { actions: false, renderer: 'svg' })")).toBe(true);
    expect(html.length).toBeGreaterThan(700_000);
    // markup only: inlined code may hold such text in strings (vega-tooltip's `<img src=` template)
    const markup = html.replace(/(<script[^>]*>)[\s\S]*?<\/script>/g, '$1</script>');
    expect(/<(script|link|img|iframe)[^>]+(src|href)=/i.test(markup)).toBe(false);
    expect(html.match(/<script/g)).toHaveLength(5); // chart specs, vega, vega-lite, vega-embed, the glue
  });

  it('user text appears only escaped: in text, attributes and chart specs', async () => {
    const spec = buildOutcomeSpec({ ...EXACT_NMC, outcomes: [{ ...EXACT_NMC.outcomes[0], state: PAYLOAD }] }, { title: PAYLOAD });
    const html = await buildHtmlReport({
      title: PAYLOAD,
      meta: [['Scenario', PAYLOAD]],
      sections: [
        { heading: PAYLOAD, blocks: [{ kind: 'paragraph', text: PAYLOAD }, { kind: 'chart', chart: { title: PAYLOAD, spec, svgFile: `"${PAYLOAD}.svg` } }, { kind: 'table', table: { caption: PAYLOAD, columns: [{ header: PAYLOAD, align: 'left' }], rows: [[PAYLOAD]] } }] },
      ],
    });
    // (booleans, not toContain: a failure would print the 800 kB page)
    expect(html.includes(PAYLOAD)).toBe(false);
    expect(html.includes('alert(1)</')).toBe(false);
    expect(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(true);
  });
});
