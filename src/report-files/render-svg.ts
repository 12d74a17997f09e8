/**
 * Headless SVG rendering of a vega-lite spec (docs/libraries.md "vega-lite / vega"):
 * vega-lite `compile` -> vega `parse` -> `View` with `renderer: 'none'` -> `toSVG()` -> `finalize()`.
 *
 * No canvas package is needed: SVG is generated as text. vega and vega-lite are imported lazily (about
 * 150 ms) so that commands that make no chart never load them; never call this from a worker.
 */
import type { TopLevelSpec } from 'vega-lite';

/**
 * Renders a vega-lite spec to a standalone SVG document.
 *
 * Text is measured without a canvas (vega's estimate), so label widths are approximate. The view is
 * finalized (timers and listeners released) whether or not rendering succeeds.
 * Cost: about 150 ms for the first call (module load), then a few ms for a small chart.
 * @param spec a vega-lite spec with inline data (no data URLs: nothing is fetched)
 * @returns the SVG markup, starting with `<svg`
 * @throws whatever vega-lite or vega throw for an invalid spec (a programming error, not a user one)
 * @example (await renderSvg(buildOutcomeSpec(result))).startsWith('<svg') // true
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, vegaLite] = await Promise.all([import('vega'), import('vega-lite')]);
  const runtime = vega.parse(vegaLite.compile(spec).spec);
  const view = new vega.View(runtime, { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
