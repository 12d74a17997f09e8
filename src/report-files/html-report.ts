/**
 * One self-contained, offline HTML page for a report (`index.html`): the run's metadata, its tables
 * and its charts, rendered in the browser by vega, vega-lite and vega-embed inlined into the page.
 * Nothing is fetched: no CDN, no fonts, no data URLs; a Content-Security-Policy forbids any connection.
 *
 * Pipeline: page model (sections of paragraphs, tables, vega-lite specs) -> HTML text. The vega,
 * vega-lite and vega-embed UMD builds (`vega.min.js`, `vega-lite.min.js`, `vega-embed.min.js`) are
 * read from node_modules: their package `exports` hide them, so the package entry is resolved and its
 * folder searched (docs/libraries.md "vega-lite / vega"). Each chart is drawn by
 * `vegaEmbed(el, spec, { actions: false, renderer: 'svg' })`: the spec is an object (vega-embed's
 * loader is never asked for a URL), no theme is set, the tooltip is vega-tooltip's (text sanitized).
 *
 * Escaping (every string from input, e.g. a scenario title or a unit name, is untrusted):
 * - text and attribute values: `&`, `<`, `>`, `"`, `'` become entities ({@link escapeHtml});
 * - chart specs are JSON inside `<script type="application/json">` with every `<` written `\u003c`,
 *   so no `</script>` or `<!--` can end or confuse the block, and read with `JSON.parse`;
 * - inlined library code has `</script` written `<\/script` and `<!--` written `<\!--`.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';

/** A table of cell strings. */
export interface HtmlTable {
  readonly caption: string;
  readonly columns: readonly { readonly header: string; readonly align: 'left' | 'right' }[];
  readonly rows: readonly (readonly string[])[];
}

/** A chart: a vega-lite spec rendered in the page, and the name of its SVG file beside the page. */
export interface HtmlChart {
  readonly title: string;
  readonly spec: TopLevelSpec;
  /** e.g. `mc.svg`, linked for readers without JavaScript. */
  readonly svgFile?: string;
}

/**
 * Headline figures (the summary): groups with an optional heading, each row a label, a value in large
 * type and a detail line (odds, exact fraction or interval). Reads on a phone without sideways scrolling.
 */
export interface HtmlFigures {
  readonly groups: readonly {
    readonly heading: string | null;
    readonly rows: readonly { readonly label: string; readonly value: string; readonly detail: string }[];
  }[];
}

/** A block of a section. */
export type HtmlBlock =
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'figures'; readonly figures: HtmlFigures }
  | { readonly kind: 'table'; readonly table: HtmlTable }
  | { readonly kind: 'chart'; readonly chart: HtmlChart };

/** A page section with a heading. */
export interface HtmlSection {
  readonly heading: string;
  readonly blocks: readonly HtmlBlock[];
}

/** The page model. Every string is plain text (escaped here). */
export interface HtmlReportPage {
  /** Page heading and `<title>`. */
  readonly title: string;
  /** Label/value pairs shown under the heading: command, seed, trials, rule set, version. */
  readonly meta: readonly (readonly [string, string])[];
  /** A section shown before the metadata: the answer first (the summary). */
  readonly lead?: HtmlSection;
  readonly sections: readonly HtmlSection[];
}

/**
 * Escapes text for HTML element content and quoted attribute values.
 * @example escapeHtml('<script>alert(1)</script>') // '&lt;script&gt;alert(1)&lt;/script&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/**
 * JSON safe to place inside a `<script type="application/json">` block: `<`, U+2028 and U+2029
 * escaped (JSON.parse reads them back unchanged).
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Library code safe to inline in a `<script>` element. */
export function scriptCode(code: string): string {
  return code.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
}

interface Builds {
  readonly vega: string;
  readonly vegaLite: string;
  readonly vegaEmbed: string;
}

let builds: Promise<Builds> | undefined;

/** Finds `file` in the package folder of `pkg` (the entry's folder or one above, also in `build/`). */
function umdPath(pkg: string, file: string): string {
  const entry = createRequire(import.meta.url).resolve(pkg);
  let dir = dirname(entry);
  for (let up = 0; up < 4; up++) {
    for (const candidate of [join(dir, file), join(dir, 'build', file)]) if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`cannot find ${file} of the ${pkg} package (resolved ${entry})`);
}

/** The vega, vega-lite and vega-embed UMD builds, read once. */
function loadBuilds(): Promise<Builds> {
  builds ??= Promise.all([
    readFile(umdPath('vega', 'vega.min.js'), 'utf8'),
    readFile(umdPath('vega-lite', 'vega-lite.min.js'), 'utf8'),
    readFile(umdPath('vega-embed', 'vega-embed.min.js'), 'utf8'),
  ]).then(([vega, vegaLite, vegaEmbed]) => ({ vega, vegaLite, vegaEmbed }));
  return builds;
}

const STYLE = `
:root { color-scheme: light; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: #1a1a1a; background: #fff; margin: 0; }
main { max-width: 1180px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 1.6rem; margin: 0 0 12px; }
h2 { font-size: 1.2rem; margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 1px solid #ddd; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 8px; padding: 12px 16px; background: #f5f7fa; border: 1px solid #e1e5ea; border-radius: 6px; }
dl.meta dt { font-weight: 600; color: #444; }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
code { font: 0.9em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
p { margin: 8px 0; max-width: 90ch; }
figure { margin: 16px 0; padding: 12px; border: 1px solid #e1e5ea; border-radius: 6px; overflow-x: auto; }
figure .chart { min-height: 40px; }
figcaption { font-size: 0.85rem; color: #555; margin-top: 6px; }
table { border-collapse: collapse; margin: 12px 0 20px; font-variant-numeric: tabular-nums; font-size: 0.9rem; }
caption { text-align: left; font-weight: 600; padding-bottom: 6px; }
th, td { border: 1px solid #d5d9de; padding: 3px 8px; }
thead th { background: #eef1f5; }
td.right, th.right { text-align: right; }
td.left, th.left { text-align: left; }
tbody tr:nth-child(even) { background: #fafbfc; }
.table-wrap { overflow-x: auto; }
.chart-error { color: #b00020; }
.figures { max-width: 640px; margin: 8px 0 16px; }
.figures h3 { font-size: 1rem; margin: 14px 0 4px; color: #333; }
.figures .row { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; padding: 5px 0; border-bottom: 1px solid #eceff3; }
.figures .label { min-width: 0; overflow-wrap: anywhere; }
.figures .detail { display: block; font-size: 0.8rem; color: #555; font-variant-numeric: tabular-nums; }
.figures .value { font-size: 1.25rem; font-weight: 650; font-variant-numeric: tabular-nums; white-space: nowrap; }
@media (max-width: 600px) { main { padding: 14px 12px 32px; } h1 { font-size: 1.3rem; } dl.meta { grid-template-columns: 1fr; } }
`;

/**
 * The inline glue: hands each vega-lite spec to vegaEmbed (SVG renderer, no action menu), marks each
 * container `data-rendered="true"` when drawn, and the document `data-charts-rendered="<n>"` when all
 * are done (and `data-chart-errors` on failures).
 */
const RENDER_SCRIPT = `
(function () {
  'use strict';
  var charts = JSON.parse(document.getElementById('asl-odds-charts').textContent);
  var errors = 0;
  function fail(el, e) {
    errors++;
    el.textContent = 'This chart could not be drawn: ' + (e && e.message ? e.message : String(e));
    el.classList.add('chart-error');
    console.error(e);
  }
  var done = charts.map(function (c) {
    var el = document.getElementById(c.id);
    try {
      return vegaEmbed(el, c.spec, { actions: false, renderer: 'svg' }).then(function () {
        el.setAttribute('data-rendered', 'true');
      }, function (e) { fail(el, e); });
    } catch (e) {
      fail(el, e);
      return Promise.resolve();
    }
  });
  Promise.all(done).then(function () {
    if (errors) document.documentElement.setAttribute('data-chart-errors', String(errors));
    document.documentElement.setAttribute('data-charts-rendered', String(charts.length - errors));
  });
})();
`;

function renderFigures(f: HtmlFigures): string {
  const groups = f.groups.map((g) => {
    const rows = g.rows
      .map((r) => `<div class="row"><span class="label">${escapeHtml(r.label)}${r.detail ? `<span class="detail">${escapeHtml(r.detail)}</span>` : ''}</span><span class="value">${escapeHtml(r.value)}</span></div>`)
      .join('\n');
    return `${g.heading !== null ? `<h3>${escapeHtml(g.heading)}</h3>\n` : ''}${rows}`;
  });
  return `<div class="figures">\n${groups.join('\n')}\n</div>`;
}

function renderTable(t: HtmlTable): string {
  const cls = (a: 'left' | 'right') => ` class="${a}"`;
  const head = t.columns.map((c) => `<th scope="col"${cls(c.align)}>${escapeHtml(c.header)}</th>`).join('');
  const body = t.rows
    .map(
      (r) =>
        `<tr>${r
          .map((cell, i) => (i === 0 ? `<th scope="row"${cls(t.columns[0].align)}>${escapeHtml(cell)}</th>` : `<td${cls(t.columns[i].align)}>${escapeHtml(cell)}</td>`))
          .join('')}</tr>`,
    )
    .join('\n');
  return `<div class="table-wrap"><table>\n<caption>${escapeHtml(t.caption)}</caption>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`;
}

/**
 * Builds the page.
 * Cost: reads about 830 kB of vega/vega-lite/vega-embed once per process; the page is that plus the specs.
 * @param page the page model; all strings are plain text
 * @returns the HTML document, ending with a newline
 * @throws Error when the vega, vega-lite or vega-embed UMD build cannot be found (a broken install)
 * @example (await buildHtmlReport({ title: 'asl-odds mc', meta: [], sections: [] })).startsWith('<!DOCTYPE html>') // true
 */
export async function buildHtmlReport(page: HtmlReportPage): Promise<string> {
  const { vega, vegaLite, vegaEmbed } = await loadBuilds();
  const charts: { id: string; spec: TopLevelSpec }[] = [];
  const renderSection = (s: HtmlSection): string => {
    const blocks = s.blocks.map((b) => {
      switch (b.kind) {
        case 'paragraph':
          return `<p>${escapeHtml(b.text)}</p>`;
        case 'figures':
          return renderFigures(b.figures);
        case 'table':
          return renderTable(b.table);
        case 'chart': {
          const id = `chart-${charts.length}`;
          charts.push({ id, spec: b.chart.spec });
          const fallback = b.chart.svgFile ? `<noscript>JavaScript is off: the chart is also in <a href="${escapeHtml(b.chart.svgFile)}">${escapeHtml(b.chart.svgFile)}</a>.</noscript>` : '';
          return `<figure><div class="chart" id="${id}" role="img" aria-label="${escapeHtml(b.chart.title)}"></div>${fallback}<figcaption>${escapeHtml(b.chart.title)}</figcaption></figure>`;
        }
        default: {
          const never: never = b;
          return never;
        }
      }
    });
    return `<section>\n<h2>${escapeHtml(s.heading)}</h2>\n${blocks.join('\n')}\n</section>`;
  };
  const lead = page.lead ? renderSection(page.lead) : '';
  const sections = page.sections.map(renderSection);
  const meta = page.meta.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('\n');
  const csp = "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="asl-odds">
<title>${escapeHtml(page.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
${lead}
<dl class="meta">
${meta}
</dl>
${sections.join('\n')}
</main>
<script type="application/json" id="asl-odds-charts">${scriptJson(charts)}</script>
<script>${scriptCode(vega)}</script>
<script>${scriptCode(vegaLite)}</script>
<script>${scriptCode(vegaEmbed)}</script>
<script>${RENDER_SCRIPT}</script>
</body>
</html>
`;
}
